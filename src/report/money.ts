/**
 * Money in the plan currency, as the report, the CLI and the app print it (re-exported by
 * `./plan-output.ts`; a module of its own so the app's first load does not carry the report).
 */
import { fmtValue } from "../engine/base/number-format";
import type { Lang } from "./i18n";

/** A locale's money formats for one currency: plain and to 3 significant digits (built when first asked for). */
interface MoneyFormats {
  plain: Intl.NumberFormat;
  sig3: Intl.NumberFormat | null;
}
const MONEY_FORMATS = new Map<string, Map<string, MoneyFormats>>();

/**
 * The cached money formats of `locale` and `currency` (building an Intl.NumberFormat costs far more
 * than formatting with it; two map lookups, no key text per call). Throws as Intl does for a
 * currency code it rejects, and caches nothing then.
 */
function moneyFormats(locale: string, currency: string): MoneyFormats {
  let byCurrency = MONEY_FORMATS.get(locale);
  if (!byCurrency) MONEY_FORMATS.set(locale, (byCurrency = new Map()));
  let f = byCurrency.get(currency);
  if (!f)
    byCurrency.set(
      currency,
      (f = {
        plain: new Intl.NumberFormat(locale, {
          style: "currency",
          currency,
          currencyDisplay: "narrowSymbol",
        }),
        sig3: null,
      }),
    );
  return f;
}

/**
 * A currency code Intl rejects (`€`, `<script>`: plan data from a link or a file) must never throw
 * while rendering: the amount is printed as a plain number followed by the code as given (control
 * characters removed, cut to 12 characters). See docs/persistence.md ("Bad values").
 */
export function moneyFallback(x: number, currency: string): string {
  const code = String(currency)
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .slice(0, 12);
  return `${fmtValue(x, 2)} ${code}`.trim();
}

/** Format money in the plan currency; amounts below 1 keep 3 significant digits in fixed form ($0.00740, $0.0000148). */
export function fmtMoney(
  x: number | null | undefined,
  currency: string,
  lang: Lang = "en",
): string {
  if (x == null || !Number.isFinite(x)) return "—";
  try {
    return fmtMoneyIntl(x, currency, lang);
  } catch {
    return moneyFallback(x, currency);
  }
}

function fmtMoneyIntl(x: number, currency: string, lang: Lang): string {
  const loc = lang === "zh" ? "zh-CN" : "en-US";
  const abs = Math.abs(x);
  // Below one unit: 3 significant digits in fixed form, however small (a per-token cost reads
  // `$0.000000500`, never `$5.00e-7`: e-notation is not money to a finance reader).
  if (abs !== 0 && abs < 1) {
    const f = moneyFormats(loc, currency);
    f.sig3 ??= new Intl.NumberFormat(loc, {
      style: "currency",
      currency,
      currencyDisplay: "narrowSymbol",
      minimumSignificantDigits: 3,
      maximumSignificantDigits: 3,
    });
    return f.sig3.format(x);
  }
  return moneyFormats(loc, currency).plain.format(x);
}
