/** The workloads grid: columns, typed and derived cells, commits and lineage paths. */
import { beforeEach, describe, expect, it } from "vitest";
import type { PlanFile } from "../../../../src/engine/base/types";
import {
  WL_FIELDS,
  workloadBase,
  workloadCell,
  workloadColumns,
  workloadCommit,
  workloadLineagePath,
  workloads,
} from "../../../../src/ui/components/assumptions/workload-grid";
import { setLang } from "../../../../src/ui/state/i18n";
import type { Workbook } from "../../../../src/ui/state/workbook";
import { seed } from "../../state/bench-plan";
import { withWorkbook } from "../../state/edits/workbook-root";

beforeEach(() => setLang("en"));
const inRoot = (plan: PlanFile, body: (wb: Workbook) => void) => withWorkbook(body, plan);

describe("workloadColumns", () => {
  it("name, the typed fields, then the two derived columns", () =>
    expect(workloadColumns().map((c) => c.key)).toEqual([
      "name",
      ...WL_FIELDS,
      "tokensPerRequest",
      "tokensPerSec",
    ]));
});

describe("workloads / workloadBase", () => {
  it("reads a list or the single workload", () => {
    inRoot(seed, (wb) => {
      expect(workloads(wb)).toHaveLength(1);
      expect(workloadBase(wb, 0)).toBe("workloads[0]");
    });
    const { workloads: list, ...rest } = seed;
    inRoot({ ...rest, workload: list![0]! }, (wb) => {
      expect(workloads(wb)).toHaveLength(1);
      expect(workloadBase(wb, 0)).toBe("workload");
    });
  });
});

describe("workloadLineagePath", () => {
  it.each([
    [0, null],
    [WL_FIELDS.length, null],
    [WL_FIELDS.length + 1, "workloads[2].tokensPerRequest"],
    [WL_FIELDS.length + 2, "workloads[2].tokensPerSec"],
  ])("column %i → %s", (c, path) => expect(workloadLineagePath(2, c)).toBe(path));
});

describe("workloadCell / workloadCommit", () => {
  it("shows the name, typed numbers and the derived tokens (300 + 300 per request)", () =>
    inRoot(seed, (wb) => {
      expect(workloadCell(wb, 0, 0)).toMatchObject({ raw: "chat", display: "chat" });
      expect(workloadCell(wb, 0, 1)).toMatchObject({ raw: "=peak_rps", display: "50" });
      const perRequest = workloadCell(wb, 0, WL_FIELDS.length + 1);
      expect(perRequest).toMatchObject({ display: "600", readOnly: true });
      expect(perRequest.note).toContain("=");
      // 50 requests/s × 600 tokens.
      expect(workloadCell(wb, 0, WL_FIELDS.length + 2).display).toBe("30,000");
    }));
  it("commits a name and numbers; an empty required number is an error, an optional one is not", () =>
    inRoot(seed, (wb) => {
      workloadCommit(wb, 0, 0, " search ");
      expect(wb.plan.workloads![0]!.name).toBe("search");
      workloadCommit(wb, 0, 1, "80");
      expect(wb.cell("workloads[0].peakRps").value).toBe(80);
      workloadCommit(wb, 0, 1, "");
      expect(wb.cell("workloads[0].peakRps").error).not.toBeNull();
      workloadCommit(wb, 0, 2, "");
      expect(wb.cell("workloads[0].avgRps").error).toBeNull();
      workloadCommit(wb, 0, WL_FIELDS.length + 1, "7");
      expect(workloadCell(wb, 0, WL_FIELDS.length + 1).readOnly).toBe(true);
    }));
});
