import { fireEvent, render, screen } from "@solidjs/testing-library";
import { createSignal } from "solid-js";
import { describe, expect, it } from "vitest";
import { Grid } from "../../../src/ui/components/Grid";
import type { CellView } from "../../../src/ui/components/grid/types";
import "../render-workbook";

/** A 2 × 2 sheet of raw texts; a cell "=loop" shows a cycle error. */
function sheet() {
  const [data, setData] = createSignal(["1|2", "=loop|4"].map((row) => row.split("|")));
  const commits: string[] = [];
  const cell = (r: number, c: number): CellView => {
    const raw = data()[r]![c]!;
    return raw === "=loop"
      ? { raw, display: "", error: { kind: "CYCLE", message: "refers to itself" } }
      : { raw, display: raw };
  };
  render(() => (
    <Grid
      id="g"
      label="Sheet"
      columns={[
        { key: "a", label: "A" },
        { key: "b", label: "B" },
      ]}
      rows={[{ key: "0" }, { key: "1" }]}
      cell={cell}
      onCommit={(r, c, raw) => {
        commits.push(`${r},${c}=${raw}`);
        setData((d) => d.map((row, i) => (i === r ? row.map((x, j) => (j === c ? raw : x)) : row)));
      }}
    />
  ));
  return { commits, grid: () => screen.getByRole("grid") };
}

describe("Grid", () => {
  it("shows an error in its cell as a code, with the reason in the detail line", () => {
    sheet();
    const bad = screen.getByTestId("g:1:a");
    expect([bad.textContent, bad.getAttribute("aria-invalid")]).toEqual(["#CYCLE", "true"]);
    fireEvent.mouseDown(bad);
    fireEvent.mouseUp(bad);
    expect(screen.getByTestId("detail-g").textContent).toContain("refers to itself");
    expect(screen.getByTestId("fx-g").textContent).toBe("=loop");
  });

  it("edits a cell on double-click; Enter commits and moves down, Escape keeps the old text", () => {
    const { commits } = sheet();
    fireEvent.mouseDown(screen.getByTestId("g:0:b"));
    fireEvent.dblClick(screen.getByTestId("g:0:b"));
    const input = screen.getByTestId("cell-editor") as HTMLInputElement;
    fireEvent.input(input, { target: { value: "7" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(commits).toEqual(["0,1=7"]);
    expect(screen.getByTestId("g:0:b").textContent).toBe("7");
    expect(screen.getByTestId("g:1:b").getAttribute("aria-selected")).toBe("true");
    fireEvent.dblClick(screen.getByTestId("g:1:b"));
    fireEvent.input(screen.getByTestId("cell-editor"), { target: { value: "9" } });
    fireEvent.keyDown(screen.getByTestId("cell-editor"), { key: "Escape" });
    expect([commits.length, screen.getByTestId("g:1:b").textContent]).toEqual([1, "4"]);
  });

  it("moves with the arrow keys and starts editing with a typed key", () => {
    const { commits, grid } = sheet();
    fireEvent.keyDown(grid(), { key: "ArrowRight" });
    expect(screen.getByTestId("g:0:b").getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(grid(), { key: "5" });
    fireEvent.keyDown(screen.getByTestId("cell-editor"), { key: "Enter" });
    expect(commits).toEqual(["0,1=5"]);
  });
});
