/**
 * Load levels encoded in file paths (docs/metrics.md: `…-concurrency8/…`, `output-008.json`, `conc16`).
 * A leaf module: format importers may use it without importing the registry.
 */
export const PATH_CONCURRENCY: readonly RegExp[] = [
  /concurrency[-_=]?(\d+)/i,
  /(?:^|[/\\_.-])conc[-_=]?(\d+)(?=$|[/\\_.-])/i,
  /(?:^|[/\\])output-(\d+)\.json$/i,
  /(?:^|[/\\_-])c(\d+)(?=[/\\_.-]|$)/,
];

/** Concurrency encoded in a path (`…-concurrency8/…`, `output-008.json`, `conc16`), or null. */
export function concurrencyFromPath(path: string): number | null {
  for (const re of PATH_CONCURRENCY) {
    const m = re.exec(path);
    if (m) {
      const n = Number(m[1]);
      if (Number.isFinite(n) && n > 0) return n;
    }
  }
  return null;
}
