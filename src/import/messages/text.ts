/** Small text helpers shared by the importers' message catalogues. */

/** A list parameter joined for a message (a non-array value as written). */
export function list(v: unknown, sep = ", "): string {
  return Array.isArray(v) ? v.join(sep) : String(v);
}
