/**
 * One reader of numbers written as text, shared by typed cells (the app) and importers (files),
 * so `$2.99`, `50%`, `1.5k`, `1 500` and `2,5` read the same everywhere (docs/grid.md).
 *
 * Accepted: an optional sign (also `(1,234)` accounting negatives), currency symbols and ISO codes
 * before or after the number (`$`, `US$`, `¥`, `€`, `USD 12`, `12 EUR`, `12元`), thousands separators
 * (`,` `'` `_` spaces, no-break and narrow no-break spaces; `.` in decimal-comma locales),
 * a decimal comma in locales that write one (`de`, `fr`, …) or when the caller says so, an exponent
 * (`1e6`), a trailing `%` and a magnitude suffix `k` `M` `B`/`G` `T` (and `万`, `亿`).
 * Pure: Intl only, no DOM.
 */

/** What {@link readNumberText} found. `percent`: the text ended with `%` (value is as written, 12 for `12%`). */
export type NumberText =
  | { kind: "number"; value: number; percent: boolean; currency: string | null }
  | { kind: "absent" }
  | { kind: "invalid"; text: string };

/** Options of {@link readNumberText}. */
export interface NumberTextOptions {
  /** BCP-47 locale of the person who typed it (`de-DE` writes `2,5`); undefined: `.` is the decimal mark. */
  locale?: string;
  /** Force a decimal comma (semicolon-delimited files), whatever the locale. */
  decimalComma?: boolean;
}

const ABSENT = /^(|n\/a|na|nan|none|null|-|—|undefined)$/i;

/** ISO 4217 codes people type next to prices (a closed list: `1 ABC` must not read as 1). */
const CODES =
  "USD|EUR|GBP|JPY|CNY|RMB|HKD|TWD|SGD|KRW|INR|AUD|CAD|CHF|SEK|NOK|DKK|PLN|CZK|BRL|MXN|ZAR|RUB|TRY|AED|SAR|ILS|NZD|THB|IDR|MYR|PHP|VND";
/** Currency symbols, longest first (`US$` before `$`). */
const SYMBOLS = [
  "US$",
  "CA$",
  "C$",
  "A$",
  "AU$",
  "HK$",
  "NT$",
  "S$",
  "NZ$",
  "R$",
  "CN¥",
  "JP¥",
  "RMB",
  "$",
  "€",
  "£",
  "¥",
  "￥",
  "₹",
  "₩",
  "₽",
  "₺",
  "₪",
  "฿",
  "₫",
  "zł",
  "Kč",
  "CHF",
  "元",
  "円",
];
const PREFIX = new RegExp(
  `^(?:${SYMBOLS.map(esc).join("|")}|(?:${CODES})(?=[\\s\\d.,+\\-(]))\\s*`,
  "i",
);
const SUFFIX = new RegExp(`\\s*(?:${SYMBOLS.map(esc).join("|")}|(?<=[\\d\\s.])(?:${CODES}))$`, "i");
const MAGNITUDE: Record<string, number> = {
  k: 1e3,
  K: 1e3,
  m: 1e6,
  M: 1e6,
  B: 1e9,
  G: 1e9,
  T: 1e12,
  万: 1e4,
  亿: 1e8,
};
const SPACES = /[\s\u00a0\u202f\u2009\u2007]/g;

function esc(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const decimalCache = new Map<string, string>();
/** The decimal mark of a locale (`.` or `,`), from Intl; `.` when Intl does not know the locale. */
export function decimalMark(locale: string | undefined): "." | "," {
  if (!locale) return ".";
  let mark = decimalCache.get(locale);
  if (mark === undefined) {
    try {
      mark =
        new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value ??
        ".";
    } catch {
      mark = ".";
    }
    decimalCache.set(locale, mark);
  }
  return mark === "," ? "," : ".";
}

/**
 * Read a number as people and tools write it (see the module comment). `N/A`, `NaN`, `None`, `-`
 * and empty are absent (never 0); `inf`/`Infinity` are ±Infinity; anything else that is not a
 * number is invalid, with the text kept.
 */
export function readNumberText(
  raw: string | number | null | undefined,
  opts: NumberTextOptions = {},
): NumberText {
  if (typeof raw === "number")
    return Number.isNaN(raw)
      ? { kind: "absent" }
      : { kind: "number", value: raw, percent: false, currency: null };
  if (raw == null) return { kind: "absent" };
  const invalid = { kind: "invalid" as const, text: raw };
  let s = raw.trim().replace(/^"|"$/g, "").trim();
  if (ABSENT.test(s)) return { kind: "absent" };
  if (/^[+]?(inf|infinity|∞)$/i.test(s))
    return { kind: "number", value: Infinity, percent: false, currency: null };
  if (/^-(inf|infinity|∞)$/i.test(s))
    return { kind: "number", value: -Infinity, percent: false, currency: null };

  let negative = false;
  const paren = /^\((.*)\)$/.exec(s);
  if (paren) {
    negative = true;
    s = paren[1]!.trim();
  }
  const sign = () => {
    const m = /^([+\-−])\s*/.exec(s);
    if (!m) return;
    if (m[1] !== "+") negative = !negative;
    s = s.slice(m[0].length);
  };
  sign();
  let currency: string | null = null;
  const pre = PREFIX.exec(s);
  if (pre) {
    currency = pre[0].trim();
    s = s.slice(pre[0].length);
    sign();
  }
  let percent = false;
  if (/%$/.test(s)) {
    percent = true;
    s = s.slice(0, -1).trimEnd();
  }
  if (!currency) {
    const suf = SUFFIX.exec(s);
    if (suf) {
      currency = suf[0].trim();
      s = s.slice(0, suf.index);
    }
  }
  if (!percent && /%$/.test(s)) {
    percent = true;
    s = s.slice(0, -1).trimEnd();
  }
  let scale = 1;
  const mag = /\s*([kKmMBGT万亿])$/.exec(s);
  if (mag && /\d/.test(s.slice(0, mag.index))) {
    scale = MAGNITUDE[mag[1]!]!;
    s = s.slice(0, mag.index);
  }
  s = s.replace(SPACES, "").replace(/['’_]/g, "");
  const comma = opts.decimalComma || decimalMark(opts.locale) === ",";
  if (comma) {
    if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) s = s.replace(/\./g, "").replace(",", ".");
    else if (/^\d*,\d+$/.test(s)) s = s.replace(",", ".");
  }
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, "");
  if (!/^(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) return invalid;
  const v = Number(s) * scale * (negative ? -1 : 1);
  if (!Number.isFinite(v)) return invalid;
  // Scaling by 1e3 etc. in binary floating point: round to the digits that were typed (1.1k = 1100, not 1100.0000000000002).
  const value = scale === 1 ? v : Number(v.toPrecision(15));
  return { kind: "number", value: Object.is(value, -0) ? 0 : value, percent, currency };
}
