/** The usage grid: columns in USAGE_FIELDS order, numbered rows and a "+" row, cells. */
import { englishOf } from "../../../../src/engine/base/problems";
import { describe, expect, it } from "vitest";
import { usageCell, usageColumns, usageRows } from "../../../../src/ui/components/teams/usage-grid";
import { setLang } from "../../../../src/ui/state/i18n";
import { USAGE_FIELDS } from "../../../../src/ui/state/workbook";
import { seed } from "../../state/bench-plan";
import { withWorkbook } from "../../state/edits/workbook-root";

describe("usageColumns", () => {
  it("follow USAGE_FIELDS", () =>
    expect(usageColumns().map((c) => c.key)).toEqual([...USAGE_FIELDS]));
});

describe("usageRows", () => {
  it.each([
    [0, ["new"], ["+"]],
    [2, ["0", "1", "new"], ["1", "2", "+"]],
  ])("%i usage rows", (n, keys, labels) => {
    expect(usageRows(n).map((r) => r.key)).toEqual(keys);
    expect(usageRows(n).map((r) => r.label)).toEqual(labels);
  });
});

describe("usageCell", () => {
  it("shows team, pool and token counts; the + row is blank with a hint", () =>
    withWorkbook((wb) => {
      setLang("en");
      expect(usageCell(wb, 0, 0)).toMatchObject({ raw: "search", display: "search", error: null });
      expect(usageCell(wb, 1, 1)).toMatchObject({ raw: "70b", display: "70b", error: null });
      expect(usageCell(wb, 1, 2)).toMatchObject({ display: "60,000,000" });
      expect(usageCell(wb, 0, 4)).toMatchObject({ raw: "", display: "" });
      expect(usageCell(wb, 2, 0).note).toBeTruthy();
      expect(usageCell(wb, 2, 1)).toEqual({ raw: "", display: "", note: undefined });
    }, seed));

  it("a usage row naming an unknown pool carries the allocation's error", () =>
    withWorkbook((wb) => {
      wb.setUsageBlock(0, 1, [["8b"]]);
      expect(usageCell(wb, 0, 1).error).toMatchObject({ kind: "NAME" });
      // The cell carries the problem; the grid renders it in the chosen language.
      expect(englishOf(usageCell(wb, 0, 1).error!.problem!)).toContain("8b");
    }, seed));
});
