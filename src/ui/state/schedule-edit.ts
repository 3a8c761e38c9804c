/**
 * A workload's schedule as the Traffic sheet edits it (docs/schedules.md "In the app"): values
 * typed or pasted (a column or a row from a spreadsheet, or a list), 24 for a day or 168 for a
 * week of hours; or the workload's trace binned at the interval. Pure: no Solid.
 */
import { readNumberEntry } from "./plan-edit";

/** Lengths a typed or pasted schedule may have: a day or a week of hourly values. */
export const SCHEDULE_LENGTHS = [24, 168] as const;

/** Values read from text, or why not (a UI message key and its values). */
export type ScheduleValues =
  | { ok: true; values: number[] }
  | { ok: false; key: "schedBadValue"; index: number; text: string }
  | { ok: false; key: "schedBadCount"; n: number }
  | { ok: false; key: "schedNegative"; index: number; text: string };

/**
 * Read a list of request rates: one per line or cell (spreadsheet column or row: lines and tabs
 * separate values, and `1,500` is read with the reader's locale), or, on one line without tabs,
 * separated by commas, semicolons or spaces. Exactly 24 or 168 values ≥ 0.
 */
export function parseScheduleValues(text: string, locale?: string): ScheduleValues {
  const t = text.trim();
  const cells = /[\n\t]/.test(t) ? t.split(/[\r\n\t;]+/) : t.split(/[,;\s]+/);
  const tokens = cells.map((c) => c.trim()).filter((c) => c !== "");
  const values: number[] = [];
  for (const [i, tok] of tokens.entries()) {
    const e = readNumberEntry(tok, true, locale === undefined ? {} : { locale });
    if (!e.ok || typeof e.value !== "number")
      return { ok: false, key: "schedBadValue", index: i + 1, text: tok };
    if (e.value < 0) return { ok: false, key: "schedNegative", index: i + 1, text: tok };
    values.push(e.value);
  }
  if (!(SCHEDULE_LENGTHS as readonly number[]).includes(values.length))
    return { ok: false, key: "schedBadCount", n: values.length };
  return { ok: true, values };
}
