/**
 * How importer messages show a value read from a file: short (a cell of 100 KB must not become a
 * 100 KB message), and honest about numbers JSON cannot hold (`1e999` parses as Infinity, which
 * JSON.stringify would print as `null`).
 */

/** Longest piece of a string value quoted in a message. */
const QUOTE_MAX = 40;

/** A value for a message: `"abc"`, `12.5`, `a number out of range`, `an object`, `an array of 3`. */
export function shown(v: unknown): string {
  if (typeof v === "number") {
    if (Number.isNaN(v)) return "NaN";
    if (!Number.isFinite(v)) return "a number out of range (beyond ±1.8e308)";
    return String(v);
  }
  if (typeof v === "string")
    return JSON.stringify(v.length > QUOTE_MAX ? v.slice(0, QUOTE_MAX) + "…" : v);
  if (v === null) return "null";
  if (v === undefined) return "nothing";
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === "object") return "an object";
  return String(v);
}

/**
 * A cell read from a file as text, as `String` writes it, without calling the value's own methods:
 * a JSON object may carry a `toString` or `valueOf` key, and `String` (or a template) on such an
 * object throws instead of giving text.
 */
export function cellText(v: unknown): string {
  if (v === null || typeof v !== "object") return String(v);
  if (Array.isArray(v)) return v.map((x) => (x == null ? "" : cellText(x))).join(",");
  return "[object Object]";
}

/**
 * A cell for a message: a number, an object or an array as {@link shown} writes it (`an object`,
 * `an array of 3`), any other value as the text it reads as (`true`, `"abc"`).
 */
export function shownCell(v: unknown): string {
  return shown(typeof v === "number" || (v !== null && typeof v === "object") ? v : String(v));
}

/**
 * The Chinese of a {@link shown} text, for a message's `zh` template: a quoted string, a number,
 * NaN and null as they are; the words `shown` writes for other values in Chinese.
 */
export function shownZh(text: string): string {
  if (text === "a number out of range (beyond ±1.8e308)") return "超出范围的数（超过 ±1.8e308）";
  if (text === "nothing") return "空";
  if (text === "an object") return "对象";
  const m = /^an array of (\d+)$/.exec(text);
  return m ? `${m[1]} 个元素的数组` : text;
}
