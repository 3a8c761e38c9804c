/** The UI dictionary is merged from one file per area of the app (src/ui/i18n/). */
import { describe, expect, it } from "vitest";
import { UI, type UiKey } from "../../src/ui/i18n";
import * as assumptions from "../../src/ui/i18n/assumptions";
import * as benchmarks from "../../src/ui/i18n/benchmarks";
import * as common from "../../src/ui/i18n/common";
import * as comparison from "../../src/ui/i18n/comparison";
import * as files from "../../src/ui/i18n/files";
import * as fleet from "../../src/ui/i18n/fleet";
import * as report from "../../src/ui/i18n/report";
import * as schedule from "../../src/ui/i18n/schedule";
import * as teams from "../../src/ui/i18n/teams";
import * as traffic from "../../src/ui/i18n/traffic";

const areas = {
  common,
  benchmarks,
  assumptions,
  comparison,
  fleet,
  traffic,
  schedule,
  files,
  teams,
  report,
};

/** The `{name}` placeholders of a string, sorted. */
const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("UI", () => {
  it("holds every key of every area once: no area overrides another's string", () => {
    const seen = new Map<string, string>();
    for (const [name, area] of Object.entries(areas))
      for (const key of Object.keys(area.en)) {
        expect(seen.get(key), `${key} in ${name}`).toBeUndefined();
        seen.set(key, name);
      }
    expect(Object.keys(UI.en).sort()).toEqual([...seen.keys()].sort());
  });

  it.each(Object.entries(areas))("%s: Chinese has exactly the English keys", (_, area) => {
    expect(Object.keys(area.zh).sort()).toEqual(Object.keys(area.en).sort());
  });

  it("no string is empty in either language", () => {
    for (const lang of ["en", "zh"] as const)
      for (const [key, s] of Object.entries(UI[lang]))
        expect(s.trim(), `${lang}.${key}`).not.toBe("");
  });

  it("the Chinese string fills the same placeholders as the English one", () => {
    const differ = (Object.keys(UI.en) as UiKey[]).filter(
      (k) => holes(UI.en[k]).join() !== holes(UI.zh[k]).join(),
    );
    expect(differ).toEqual([]);
  });

  it.each([
    ["untitled", "Untitled plan", "未命名计划"],
    ["baseline", "Baseline", "基线"],
  ] as const)("%s is %s / %s", (key, en, zh) => {
    expect(UI.en[key]).toBe(en);
    expect(UI.zh[key]).toBe(zh);
  });
});
