import { render } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { Grid } from "../../../../src/ui/components/Grid";

// The grid's ARIA structure, as a screen reader and axe read it: grid → rowgroup → row → cells.
describe("GridTable", () => {
  const view = () =>
    render(() => (
      <Grid
        id="t"
        label="Sweep of H100"
        corner="#"
        columns={[
          { key: "a", label: "A" },
          { key: "b", label: "B", numeric: true },
        ]}
        rows={[
          { key: "r0", label: "1" },
          { key: "r1", label: "2" },
        ]}
        cell={(r, c) => ({ raw: `${r}${c}`, display: `${r}${c}` })}
      />
    ));

  it("labels the grid in words and puts every cell and header in a row", () => {
    const { container } = view();
    const grid = container.querySelector('[role="grid"]')!;
    const aria = ["label", "rowcount", "colcount"].map((a) => grid.getAttribute(`aria-${a}`));
    expect(aria).toEqual(["Sweep of H100", "3", "3"]);
    const all = (role: string) => [...container.querySelectorAll(`[role="${role}"]`)];
    expect(all("gridcell").map((c) => c.textContent)).toEqual(["00", "01", "10", "11"]);
    for (const el of container.querySelectorAll(
      '[role="gridcell"], [role="columnheader"], [role="rowheader"]',
    )) {
      expect(el.parentElement?.getAttribute("role")).toBe("row");
      expect(el.parentElement?.parentElement?.getAttribute("role")).toBe("rowgroup");
    }
    expect(all("columnheader")).toHaveLength(3);
    expect(all("rowheader").map((h) => h.textContent)).toEqual(["1", "2"]);
    expect(all("row").map((r) => r.getAttribute("aria-rowindex"))).toEqual(["1", "2", "3"]);
  });

  it("points aria-activedescendant at the selected cell, which is aria-selected", () => {
    const { container } = view();
    const grid = container.querySelector('[role="grid"]')!;
    const active = container.querySelector(`#${grid.getAttribute("aria-activedescendant")}`);
    expect(active?.getAttribute("data-testid")).toBe("t:r0:a");
    expect(active?.getAttribute("aria-selected")).toBe("true");
  });
});
