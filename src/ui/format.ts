/**
 * Number and money formatting for the grids: the one number formatter
 * (`src/engine/base/number-format.ts`) and the report's money formatter (`src/report/plan-output.ts`,
 * cached `Intl.NumberFormat`s), so the app and the CLI print the same text.
 */
import { fmtValue } from "../engine/base/number-format";
import { fmtMoney, moneyFallback } from "../report/plan-output";
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
