/**
 * Number and money formatting for the grids: the same output as `fmtNum` / `fmtMoney` of
 * `src/report/plan-output.ts` (checked by test/ui/perf-state.test.ts), with each
 * `Intl.NumberFormat` built once and reused. Building a formatter costs tens of microseconds; a
 * sweep grid formats thousands of numbers on every recalculation.
 */
import type { Lang } from "../report/plan-output";

const cache = new Map<string, Intl.NumberFormat>();

function formatter(key: string, locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

const loc = (lang: Lang) => (lang === "zh" ? "zh-CN" : "en-US");

/** Format a number (grouping, at most `digits` fraction digits); "—" when absent. Same as report `fmtNum`. */
export function fmtNum(x: number | null | undefined, digits = 2, lang: Lang = "en"): string {
  if (x == null || !Number.isFinite(x)) return "—";
  return formatter(`n|${digits}|${lang}`, loc(lang), { maximumFractionDigits: digits }).format(x);
}

/** Format money in the plan currency (tiny amounts: 3 significant digits). Same as report `fmtMoney`. */
export function fmtMoney(x: number | null | undefined, currency: string, lang: Lang = "en"): string {
  if (x == null || !Number.isFinite(x)) return "—";
  const abs = Math.abs(x);
  const base: Intl.NumberFormatOptions = { style: "currency", currency, currencyDisplay: "narrowSymbol" };
  if (abs !== 0 && abs < 1e-4) {
    const sym = formatter(`m|${currency}|${lang}`, loc(lang), base).formatToParts(0).find((p) => p.type === "currency")?.value ?? currency;
    return `${sym}${x.toExponential(2)}`;
  }
  if (abs !== 0 && abs < 1) {
    return formatter(`m3|${currency}|${lang}`, loc(lang), { ...base, minimumSignificantDigits: 3, maximumSignificantDigits: 3 }).format(x);
  }
  return formatter(`m|${currency}|${lang}`, loc(lang), base).format(x);
}
