/**
 * Number formatting for the CLI and the Markdown report (Intl.NumberFormat).
 *
 * Two families:
 * - table cells (`fmtRps`, `fmtTokensPerSec`, `fmtMs`, `fmtLoad`): fixed precision, a plain `.`
 *   decimal point and NO thousands separators, whatever the language, so that a printed table
 *   re-imports cleanly (the Markdown importer reads `12345.6`, and `12,345.6` would be ambiguous
 *   next to a semicolon/European reading). Precision: rps 2 decimals, tokens/s 0–1 decimals,
 *   latency 1 decimal (values below 1 ms keep up to 3 decimals so a 0.04 ms gap is not `0.0`).
 * - readable prose (`fmtReadable`): grouped digits in the reader's locale (`en-US` / `zh-CN`).
 *
 * Absent values (null, undefined, NaN) print as an em dash `—`, which the importers read as
 * absent (docs/metrics.md: absent is never 0).
 */
import type { Lang } from "./i18n";

/** The marker printed for an absent value. */
export const ABSENT = "—";

/** The minus sign used in signed deltas (U+2212, as typeset in reports). */
export const MINUS = "\u2212";

const cache = new Map<string, Intl.NumberFormat>();

/** A cached `Intl.NumberFormat` for the plain, ungrouped `en-US` table style. */
function nf(
  minFrac: number,
  maxFrac: number,
  grouping = false,
  locale = "en-US",
): Intl.NumberFormat {
  const key = `${locale}|${minFrac}|${maxFrac}|${grouping}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      minimumFractionDigits: minFrac,
      maximumFractionDigits: maxFrac,
      useGrouping: grouping,
    });
    cache.set(key, f);
  }
  return f;
}

function present(v: number | null | undefined): v is number {
  return typeof v === "number" && !Number.isNaN(v);
}

function finite(v: number, f: Intl.NumberFormat): string {
  if (v === Infinity) return "inf";
  if (v === -Infinity) return "-inf";
  return f.format(v);
}

/** A plain number with `maxFrac` decimals at most (trailing zeros dropped), ungrouped; `—` if absent. */
export function fmtPlain(v: number | null | undefined, maxFrac = 2): string {
  return present(v) ? finite(v, nf(0, maxFrac)) : ABSENT;
}

/** Requests per second: 2 decimals (`3.90`); values below 0.01 keep 4 decimals. */
export function fmtRps(v: number | null | undefined): string {
  if (!present(v)) return ABSENT;
  return Math.abs(v) > 0 && Math.abs(v) < 0.01 ? finite(v, nf(0, 4)) : finite(v, nf(2, 2));
}

/** Tokens per second: at most 1 decimal (`410.2`, `1500`). */
export function fmtTokensPerSec(v: number | null | undefined): string {
  return present(v) ? finite(v, nf(0, 1)) : ABSENT;
}

/** A latency in ms: 1 decimal (`44.6`); below 1 ms up to 3 decimals (`0.042`). */
export function fmtMs(v: number | null | undefined): string {
  if (!present(v)) return ABSENT;
  return Math.abs(v) > 0 && Math.abs(v) < 1 ? finite(v, nf(1, 3)) : finite(v, nf(1, 1));
}

/** A signed percentage with one decimal and a real minus sign: `+2.5 %`, `−10.6 %`, `0.0 %`. */
export function fmtPct(v: number | null | undefined): string {
  if (!present(v)) return ABSENT;
  if (!Number.isFinite(v)) return v > 0 ? "+inf %" : `${MINUS}inf %`;
  const s = nf(1, 1).format(Math.abs(v));
  if (s === "0.0") return "0.0 %";
  return `${v < 0 ? MINUS : "+"}${s} %`;
}

/** A number for prose, grouped in the reader's locale (`12,345.6`; zh-CN groups the same way). */
export function fmtReadable(v: number | null | undefined, lang: Lang, maxFrac = 1): string {
  return present(v) ? finite(v, nf(0, maxFrac, true, lang === "zh" ? "zh-CN" : "en-US")) : ABSENT;
}

/**
 * The files of a sweep for display: up to 3 as they are; more that share a folder as
 * `folder/ (N files)`; otherwise the first, the last and a count.
 */
export function filesText(files: readonly string[]): string {
  if (files.length <= 3) return files.join(", ");
  const dirs = files.map((f) => f.slice(0, f.lastIndexOf("/") + 1));
  let common = dirs[0]!;
  for (const d of dirs)
    while (!d.startsWith(common))
      common = common.slice(0, common.slice(0, -1).lastIndexOf("/") + 1);
  if (common) return `${common} (${files.length} files)`;
  return `${files[0]}, …, ${files[files.length - 1]} (${files.length})`;
}
