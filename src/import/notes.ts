/**
 * The notes of an import as one list for the user (a leaf module: the app's main thread imports it
 * without the format importers).
 */
import { formatIssue, type ImportResult } from "./types";

/**
 * Every note of a successful import once, for a list shown to the user: the file-level issues
 * (with their file and line) and the sweeps' own notes that are not already among them (a sweep
 * carries the notes of its files too, so listing both would show each twice).
 */
export function importNotes(res: Extract<ImportResult, { ok: true }>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const w of res.warnings) {
    seen.add(w.message);
    const line = formatIssue(w);
    if (!seen.has("\u0000" + line)) {
      seen.add("\u0000" + line);
      out.push(line);
    }
  }
  for (const s of res.sweeps) {
    for (const w of s.warnings) {
      if (seen.has(w)) continue;
      seen.add(w);
      out.push(w);
    }
  }
  return out;
}
