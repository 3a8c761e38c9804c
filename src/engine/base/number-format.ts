/**
 * The one number formatter (docs/architecture.md): {@link fmtNum} writes every number of the
 * engine's messages, the CLI's tables and reports and the app's grids; {@link fmtValue} is the
 * same for a value that may be absent ("—"). English and Chinese write numbers alike (grouping
 * with ",", a "." decimal point: checked by test/engine/number-format.test.ts), so no language is
 * passed. The ungrouped table-cell style of a re-importable sweep table is src/report/format.ts.
 */

/** True for a finite number. */
export function finite(x: unknown): x is number {
  return typeof x === "number" && Number.isFinite(x);
}

const nfCache = new Map<string, { nf: Intl.NumberFormat; memo: Map<number, string> }>();

/** An integer below 1e15 in magnitude with "," grouping, as Intl "en" writes it ("-" for negatives and −0). */
function groupInt(abs: number, negative: boolean): string {
  const d = String(abs);
  let out = d.length > 3 ? d.slice(0, ((d.length - 1) % 3) + 1) : d;
  for (let k = out.length; k < d.length; k += 3) out += `,${d.slice(k, k + 3)}`;
  return negative ? `-${out}` : out;
}

/**
 * Format a number in English with at most `max` (and at least `min`) fraction digits: 12345.6 → "12,345.6".
 * Integers, and any number with no fraction digits, are written directly (round half away from
 * zero on the exact binary value, as Intl does); other cases go through Intl.NumberFormat.
 */
export function fmtNum(x: number, max = 1, min = 0): string {
  if (!Number.isFinite(x)) return x > 0 ? "∞" : x < 0 ? "−∞" : "n/a";
  if (min === 0 && x < 1e15 && x > -1e15) {
    const negative = x < 0 || Object.is(x, -0);
    const abs = Math.abs(x);
    if (Number.isInteger(abs)) return groupInt(abs, negative);
    if (max === 0) {
      // abs − ⌊abs⌋ is exact in binary floating point, so the half is judged on the exact value.
      const f = Math.floor(abs);
      return groupInt(abs - f >= 0.5 ? f + 1 : f, negative);
    }
  }
  const key = `${min}:${max}`;
  let c = nfCache.get(key);
  if (!c) {
    c = {
      nf: new Intl.NumberFormat("en", { minimumFractionDigits: min, maximumFractionDigits: max }),
      memo: new Map(),
    };
    nfCache.set(key, c);
  }
  // (Map keys do not tell −0 from 0, so zero is not memoised.)
  let out = x === 0 ? undefined : c.memo.get(x);
  if (out === undefined) {
    out = c.nf.format(x);
    if (c.memo.size >= 4096) c.memo.clear();
    c.memo.set(x, out);
  }
  return out;
}

/** The marker of an absent number in tables and grids. */
export const ABSENT_NUMBER = "—";

/**
 * A number for display with at most `digits` fraction digits ({@link fmtNum}); "—" when absent
 * (null, undefined) or not finite: tables never print NaN or ∞ for a missing result.
 */
export function fmtValue(x: number | null | undefined, digits = 2): string {
  return x == null || !Number.isFinite(x) ? ABSENT_NUMBER : fmtNum(x, digits);
}
