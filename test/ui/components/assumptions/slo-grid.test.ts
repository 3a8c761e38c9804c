/** The SLO grid: metric and statistic in capitals, rejected text kept with its error, max ms. */
import { beforeEach, describe, expect, it } from "vitest";
import { sloCell, sloCommit } from "../../../../src/ui/components/assumptions/slo-grid";
import { setLang } from "../../../../src/ui/state/i18n";
import type { Workbook } from "../../../../src/ui/state/workbook";
import { seed } from "../../state/bench-plan";
import { withWorkbook } from "../../state/edits/workbook-root";

beforeEach(() => setLang("en"));
const inRoot = (body: (wb: Workbook) => void) => withWorkbook(body, seed);

describe("sloCell", () => {
  it("shows the metric and statistic in capitals and the limit", () =>
    inRoot((wb) => {
      expect(sloCell(wb, 0, 0)).toEqual({ raw: "ttft", display: "TTFT" });
      expect(sloCell(wb, 1, 1)).toEqual({ raw: "p95", display: "P95" });
      expect(sloCell(wb, 0, 2)).toMatchObject({ raw: "1000", display: "1,000" });
    }));
});

describe("sloCommit", () => {
  it.each([
    [0, " ITL ", "metric", "itl"],
    [1, "P90", "stat", "p90"],
  ])("column %i takes %j as %s %s", (c, raw, field, v) =>
    inRoot((wb) => {
      sloCommit(wb, 0, c, raw);
      expect(wb.plan.slo![0]![field as "metric"]).toBe(v);
    }),
  );
  it.each([
    [0, "latency"],
    [1, "p200"],
  ])("column %i keeps %j with an error and leaves the SLO as it was", (c, raw) =>
    inRoot((wb) => {
      sloCommit(wb, 0, c, raw);
      expect(sloCell(wb, 0, c)).toMatchObject({ raw, display: raw });
      expect(sloCell(wb, 0, c).error).toBeTruthy();
      expect(wb.plan.slo![0]).toMatchObject({ metric: "ttft", stat: "p99" });
      // A good value clears the error.
      sloCommit(wb, 0, c, c === 0 ? "ttft" : "p99");
      expect(sloCell(wb, 0, c).error).toBeUndefined();
    }),
  );
  it("sets the limit", () =>
    inRoot((wb) => {
      sloCommit(wb, 0, 2, "750");
      expect(wb.cell("slo[0].maxMs").value).toBe(750);
    }));
});
