/**
 * The shared-costs grid of the Teams sheet: name | cost/day | split (weighted, even, none).
 * A split reads in either language and is stored as its English word.
 */
import type { UiKey } from "../../i18n";
import { fmtMoney } from "../../format";
import { lang, t } from "../../state/i18n";
import type { Workbook } from "../../state/workbook";
import type { CellView, GridColumn } from "../grid/types";

/** The ways a shared cost splits over teams. */
export const SPLITS = ["weighted", "even", "none"] as const;
/** One way a shared cost splits. */
export type Split = (typeof SPLITS)[number];

/** The split a typed text names (its word or its label in the UI language), or undefined. */
export function parseSplit(text: string): Split | undefined {
  const s = text.trim();
  return SPLITS.find((x) => x === s.toLowerCase() || t(`sharedSplit_${x}` as UiKey) === s);
}

/** The shared-costs grid's columns. */
export function sharedColumns(): GridColumn[] {
  return [
    { key: "name", label: t("sharedName") },
    { key: "costPerDay", label: t("sharedCost"), numeric: true },
    { key: "split", label: t("sharedSplit"), title: t("sharedHint") },
  ];
}

/** The cell of shared cost `r`, column `c`. */
export function sharedCell(wb: Workbook, r: number, c: number): CellView {
  const base = `tenants.shared[${r}]`;
  if (c === 0) {
    const v = wb.cell(`${base}.name`);
    return { raw: v.raw, display: v.raw, error: v.error };
  }
  if (c === 1) {
    const v = wb.cell(`${base}.costPerDay`);
    const cur = wb.computed().result.currency;
    return {
      raw: v.raw,
      display: v.value === null ? v.raw : fmtMoney(v.value, cur, lang()),
      error: v.error,
    };
  }
  const v = wb.cell(`${base}.split`);
  const split = (SPLITS as readonly string[]).includes(v.raw) ? v.raw : "weighted";
  return {
    raw: v.raw || "weighted",
    display: t(`sharedSplit_${split}` as UiKey),
    error: v.error,
    note: "weighted | even | none",
  };
}

/** Commit `raw` to shared cost `r`, column `c` (a name is required, a split must be known). */
export function sharedCommit(wb: Workbook, r: number, c: number, raw: string): void {
  const base = `tenants.shared[${r}]`;
  const text = raw.trim();
  if (c === 0)
    return text
      ? wb.setText(`${base}.name`, text)
      : wb.reject(`${base}.name`, raw, t("sharedNameRequired"));
  if (c === 1) return void wb.setNumber(`${base}.costPerDay`, raw, true);
  const split = parseSplit(text);
  if (!split) return wb.reject(`${base}.split`, raw, t("sharedSplitBad"));
  wb.setText(`${base}.split`, split);
}
