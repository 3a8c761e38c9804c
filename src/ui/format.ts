/**
 * Number and money formatting for the grids: the report's own formatters
 * (`src/report/plan-output.ts`, cached `Intl.NumberFormat`s), so the app and the CLI print the
 * same text.
 */
import { fmtMoney, fmtNum, moneyFallback } from "../report/plan-output";
import type { Lang } from "../report/i18n";

export { fmtMoney, fmtNum };

/**
 * Money in compact notation for chart axes (`$1.2M`, `$1万`: the narrow symbol the rest of the app
 * writes, never `US$`). A currency code Intl rejects (plan data
 * from a link or a file) falls back to a plain number and the code, never an exception.
 */
export function fmtMoneyCompact(v: number, currency: string, lang: Lang): string {
  try {
    return new Intl.NumberFormat(lang === "zh" ? "zh-CN" : "en-US", { style: "currency", currency, currencyDisplay: "narrowSymbol", notation: "compact", maximumSignificantDigits: 3 }).format(v);
  } catch {
    return moneyFallback(v, currency, lang);
  }
}
