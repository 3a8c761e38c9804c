/**
 * The timestamps of a trace (docs/traffic.md): ISO-8601 date-times read without Date (fast on
 * millions of rows), and how a numeric timestamp is taken (Unix ms, Unix s or seconds from the
 * start).
 */
import { SECONDS_PER_DAY, SECONDS_PER_HOUR } from "../engine/base/units";

/** How timestamps are written (decided by the first one, kept for the file). */
export type TimeKind = "iso" | "unix-s" | "unix-ms" | "relative";

/** Days since 1970-01-01 of a civil date (proleptic Gregorian). */
function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function digitsAt(s: string, i: number, n: number): number {
  let v = 0;
  for (let k = 0; k < n; k++) {
    const c = s.charCodeAt(i + k) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

let cachedDate = "";
let cachedDays = 0;

/**
 * Seconds since the epoch of an ISO-8601 date-time: `YYYY-MM-DD[T ]HH:MM[:SS[.fraction]]` with
 * any number of fractional digits, then `Z`, `±HH:MM`, `±HHMM`, `±HH` or nothing (UTC). NaN when
 * it is not one.
 */
export function parseIsoSeconds(s: string): number {
  const n = s.length;
  if (n < 16 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return NaN;
  let days: number;
  const date = s.slice(0, 10);
  if (date === cachedDate) days = cachedDays;
  else {
    const y = digitsAt(s, 0, 4);
    const mo = digitsAt(s, 5, 2);
    const d = digitsAt(s, 8, 2);
    if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return NaN;
    days = daysFromCivil(y, mo, d);
    cachedDate = date;
    cachedDays = days;
  }
  const sep = s.charCodeAt(10);
  if (sep !== 84 && sep !== 32 && sep !== 116) return NaN;
  const hh = digitsAt(s, 11, 2);
  const mm = digitsAt(s, 14, 2);
  if (hh < 0 || hh > 24 || mm < 0 || mm > 59 || s.charCodeAt(13) !== 58) return NaN;
  let i = 16;
  let sec = 0;
  if (i < n && s.charCodeAt(i) === 58) {
    sec = digitsAt(s, i + 1, 2);
    if (sec < 0 || sec > 60) return NaN;
    i += 3;
    if (i < n && (s.charCodeAt(i) === 46 || s.charCodeAt(i) === 44)) {
      const start = ++i;
      while (i < n) {
        const c = s.charCodeAt(i);
        if (c < 48 || c > 57) break;
        i++;
      }
      if (i === start) return NaN;
      const digits = i - start;
      sec +=
        digits <= 15 ? digitsAt(s, start, digits) / 10 ** digits : Number(`0.${s.slice(start, i)}`);
    }
  }
  let offset = 0;
  if (i < n) {
    const c = s.charCodeAt(i);
    if ((c === 90 || c === 122) && i + 1 === n) offset = 0;
    else if (c === 43 || c === 45) {
      const rest = s.slice(i + 1);
      const m = /^(\d{2})(?::?(\d{2}))?$/.exec(rest);
      if (!m) return NaN;
      offset = (c === 45 ? -1 : 1) * (Number(m[1]) * SECONDS_PER_HOUR + Number(m[2] ?? 0) * 60);
    } else return NaN;
  }
  return days * SECONDS_PER_DAY + hh * SECONDS_PER_HOUR + mm * 60 + sec - offset;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** How a numeric timestamp is read: ≥ 1e11 → Unix ms, ≥ 1e8 → Unix s, smaller → seconds from the start. */
export function numericTimeKind(v: number): TimeKind {
  if (v >= 1e11) return "unix-ms";
  if (v >= 1e8) return "unix-s";
  return "relative";
}

/** Plain non-negative integer text → its value; -1 when not plain digits (then the full number reader decides). */
export function plainInt(s: string): number {
  const n = s.length;
  if (n === 0 || n > 15) return -1;
  let v = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}
