/**
 * Number and money formatting for the grids: the one number formatter
 * (`src/engine/base/number-format.ts`) and the report's money formatter (`src/report/plan-output.ts`,
 * cached `Intl.NumberFormat`s), so the app and the CLI print the same text.
 */
import { fmtValue } from "../engine/base/number-format";
import { fmtMoney, moneyFallback } from "../report/money";
import type { Lang } from "../report/i18n";

export { fmtMoney, fmtValue };

/**
 * Money in compact notation for chart axes (`$1.2M`, `$1万`: the narrow symbol the rest of the app
 * writes, never `US$`). A currency code Intl rejects (plan data
 * from a link or a file) falls back to a plain number and the code, never an exception.
 */
export function fmtMoneyCompact(v: number, currency: string, lang: Lang): string {
  try {
    return new Intl.NumberFormat(lang === "zh" ? "zh-CN" : "en-US", {
      style: "currency",
      currency,
      currencyDisplay: "narrowSymbol",
      notation: "compact",
      maximumSignificantDigits: 3,
    }).format(v);
  } catch {
    return moneyFallback(v, currency);
  }
}

/**
 * Money for one tick of a chart axis, in one style for the whole axis: the unit (`K`, `M`, `B`; in
 * Chinese `万`, `亿`) is chosen from the largest tick, so an axis never mixes `$8000` and `$1万`
 * (zh: `$0.8万`, `$1万`, `$1.2万`). Without the axis's ticks, {@link fmtMoneyCompact}.
 */
export function fmtMoneyAxis(
  v: number,
  currency: string,
  lang: Lang,
  ticks?: readonly number[],
): string {
  if (!ticks?.length) return fmtMoneyCompact(v, currency, lang);
  const max = Math.max(...ticks.map((t) => Math.abs(t)));
  const units: [number, string][] =
    lang === "zh"
      ? [
          [1e8, "亿"],
          [1e4, "万"],
        ]
      : [
          [1e9, "B"],
          [1e6, "M"],
          [1e3, "K"],
        ];
  const [scale, suffix] = units.find(([s]) => max >= s) ?? [1, ""];
  // Below one unit every tick gets the same decimals, as many as the finest tick needs (at least
  // the cents): $0.00 $0.10 … $0.60, never $0.00 beside $0.100.
  const fixed = scale === 1 ? Math.max(...ticks.map(decimalsOf)) : 0;
  const digits = fixed > 0 ? Math.max(2, fixed) : 0;
  try {
    return `${new Intl.NumberFormat(lang === "zh" ? "zh-CN" : "en-US", {
      style: "currency",
      currency,
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: digits,
      maximumFractionDigits: scale === 1 ? digits : 2,
    }).format(v / scale)}${suffix}`;
  } catch {
    return moneyFallback(v, currency);
  }
}

/** The decimals a tick needs (0.25 → 2, 3 → 0), up to 8; binary noise (0.30000000000000004) ignored. */
function decimalsOf(t: number): number {
  for (let d = 0; d < 8; d++) {
    const x = t * 10 ** d;
    if (Math.abs(x - Math.round(x)) < 1e-6) return d;
  }
  return 8;
}

/**
 * A computed number with sensible digits: five significant digits, at most six decimals, grouped
 * (`2,381.5` for 2381.46106978, `1.43`, `0.00012346`), where a fixed four decimals wrote
 * `2,381.4611 tok/s`. For formula results shown beside what was typed.
 */
export function fmtComputed(x: number | null | undefined): string {
  if (x == null || !Number.isFinite(x) || x === 0) return fmtValue(x, 0);
  const digits = Math.min(6, Math.max(0, 4 - Math.floor(Math.log10(Math.abs(x)))));
  return fmtValue(x, digits);
}
