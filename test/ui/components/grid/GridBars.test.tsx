import { render, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { DetailLine, FormulaBar } from "../../../../src/ui/components/grid/GridBars";
import { renderInWorkbook } from "../../render-workbook";

const formula = { where: "H100 · Req/s", v: { raw: "=peak*2", display: "100" } };

describe("FormulaBar", () => {
  it.each([
    [formula, undefined, "=peak*2"],
    [formula, "=peak*3", "=peak*3"],
    [{ where: "x", v: { raw: "", display: "42", readOnly: true } }, undefined, "42"],
  ])(
    "shows the raw text, the editor's text while editing, the value of a read-only cell",
    (active, editing, text) => {
      render(() => <FormulaBar id="g" active={active} editingText={editing} />);
      expect(screen.getByTestId("fx-g").textContent).toBe(text);
    },
  );
  it("is empty without an active cell", () => {
    render(() => <FormulaBar id="g" active={null} editingText={undefined} />);
    expect(screen.queryByTestId("fx-g")).toBeNull();
  });
});

describe("DetailLine", () => {
  it.each([
    ["en", "x"],
    ["zh", "x"],
  ] as const)("names the cell and says what is wrong with it, marked bad (%s)", (lang, where) => {
    const v = {
      raw: "=nope",
      display: "",
      error: { kind: "FORBIDDEN", message: "unknown name nope" },
    };
    renderInWorkbook(() => <DetailLine id="g" active={{ where, v }} />, { lang });
    const line = screen.getByTestId("detail-g");
    expect(line.classList.contains("bad")).toBe(true);
    expect(line.querySelector(".where")!.textContent).toBe(where);
    expect(line.textContent).toContain("nope");
  });
});
