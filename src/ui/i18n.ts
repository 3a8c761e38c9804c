/**
 * Every UI string in English and Chinese. A typed dictionary: `zh` must define every key of `en`
 * (checked by the compiler, area by area: each file of `src/ui/i18n/` holds the strings of one
 * part of the app), so no component needs a hard-coded string. Placeholders: `{name}`.
 * Table words of the comparison come from `src/report/plan-output.ts` (`planWords`).
 */

import * as common from "./i18n/common";
import * as benchmarks from "./i18n/benchmarks";
import * as assumptions from "./i18n/assumptions";
import * as comparison from "./i18n/comparison";
import * as fleet from "./i18n/fleet";
import * as traffic from "./i18n/traffic";
import * as schedule from "./i18n/schedule";
import * as files from "./i18n/files";
import * as teams from "./i18n/teams";
import * as report from "./i18n/report";

/** Languages of the UI. */
export type UiLang = "en" | "zh";

/** Every area's strings, in one object per language (a key belongs to exactly one area). */
const en = {
  ...common.en,
  ...benchmarks.en,
  ...assumptions.en,
  ...comparison.en,
  ...fleet.en,
  ...traffic.en,
  ...schedule.en,
  ...files.en,
  ...teams.en,
  ...report.en,
} as const;

/** Every UI string key. */
export type UiKey = keyof typeof en;

const zh: { readonly [K in UiKey]: string } = {
  ...common.zh,
  ...benchmarks.zh,
  ...assumptions.zh,
  ...comparison.zh,
  ...fleet.zh,
  ...traffic.zh,
  ...schedule.zh,
  ...files.zh,
  ...teams.zh,
  ...report.zh,
};

/** The dictionary: `UI[lang][key]`. */
export const UI: Readonly<Record<UiLang, { readonly [K in UiKey]: string }>> = { en, zh };
