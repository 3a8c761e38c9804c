/** The shared-costs grid: columns, split words in both languages, cells and commits. */
import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../../src/engine/base/types";
import {
  parseSplit,
  SPLITS,
  sharedCell,
  sharedColumns,
  sharedCommit,
} from "../../../../src/ui/components/teams/shared-grid";
import { setLang } from "../../../../src/ui/state/i18n";
import { createWorkbook } from "../../../../src/ui/state/workbook";
import { withWorkbook } from "../../state/edits/workbook-root";
import { seed } from "../../state/bench-plan";

const withShared = (): PlanFile => ({
  ...seed,
  tenants: { ...seed.tenants!, shared: [{ name: "gateway", costPerDay: 100, split: "even" }] },
});

describe("parseSplit", () => {
  it.each([
    ["weighted", "en", "weighted"],
    [" EVEN ", "en", "even"],
    ["none", "zh", "none"],
    ["sideways", "en", undefined],
    ["", "en", undefined],
  ] as const)("%j (%s) → %s", (text, lang, split) => {
    setLang(lang);
    expect(parseSplit(text)).toBe(split);
  });

  it.each(["en", "zh"] as const)("reads each split's own %s label", (lang) => {
    setLang(lang);
    for (const s of SPLITS) {
      const wb = createRoot(() => createWorkbook(planWith(s)));
      expect(parseSplit(sharedCell(wb, 0, 2).display)).toBe(s);
    }
    setLang("en");
  });
});

function planWith(split: string): PlanFile {
  const p = withShared();
  p.tenants!.shared![0]!.split = split as "even";
  return p;
}

describe("sharedColumns", () => {
  it("has name, cost per day (numeric) and split", () => {
    setLang("en");
    const cols = sharedColumns();
    expect(cols.map((c) => c.key)).toEqual(["name", "costPerDay", "split"]);
    expect(cols[1]!.numeric).toBe(true);
  });
});

describe("sharedCell / sharedCommit", () => {
  it("shows the name, the cost in the plan's currency and the split's label", () =>
    withWorkbook((wb) => {
      setLang("en");
      expect(sharedCell(wb, 0, 0)).toMatchObject({ raw: "gateway", display: "gateway" });
      expect(sharedCell(wb, 0, 1)).toMatchObject({ raw: "100", display: "¥100.00" });
      expect(sharedCell(wb, 0, 2)).toMatchObject({ raw: "even", note: "weighted | even | none" });
    }, withShared()));

  it("an unknown stored split shows as weighted", () =>
    createRoot((dispose) => {
      const shown = (split: string) => sharedCell(createWorkbook(planWith(split)), 0, 2).display;
      expect(shown("bogus")).toBe(shown("weighted"));
      dispose();
    }));

  it("commits a name, a cost and a split; rejects an empty name and an unknown split", () =>
    withWorkbook((wb) => {
      setLang("en");
      sharedCommit(wb, 0, 0, " lb ");
      sharedCommit(wb, 0, 1, "250");
      sharedCommit(wb, 0, 2, "None");
      const shared = () => wb.plan.tenants!.shared![0];
      expect(shared()).toMatchObject({ name: "lb", costPerDay: 250, split: "none" });
      sharedCommit(wb, 0, 0, "  ");
      expect(wb.cell("tenants.shared[0].name").error).not.toBeNull();
      sharedCommit(wb, 0, 2, "sideways");
      expect(wb.cell("tenants.shared[0].split").error).not.toBeNull();
      expect(shared()).toMatchObject({ name: "lb", split: "none" });
    }, withShared()));
});
