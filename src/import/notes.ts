/**
 * The notes of an import as one list for the user (a leaf module: the app's main thread imports it
 * without the format importers). Each note keeps the problem it was rendered from, so the app
 * shows it in the language chosen (src/report/messages.ts `localizeNote`).
 */
import { englishOf, type Problem } from "../engine/base/problems";
// The importers' catalogues, so the English of every import problem is known here (no importer is loaded).
import "./messages/index";
import { formatIssue, type ImportIssue, type ImportResult } from "./types";

/**
 * One note of an import: `text` is its English line (`file:line: message` for a file's issue, the
 * sweep's note as written otherwise); `issue` the file's issue it came from, `problem` the
 * problem of its message, when it has one.
 */
export interface ImportNote {
  text: string;
  issue?: ImportIssue;
  problem?: Problem<object>;
}

/**
 * Every note of a successful import once, for a list shown to the user: the file-level issues
 * (with their file and line) and the sweeps' own notes that are not already among them (a sweep
 * carries the notes of its files too, so listing both would show each twice).
 */
export function importNotes(res: Extract<ImportResult, { ok: true }>): ImportNote[] {
  const out: ImportNote[] = [];
  const seen = new Set<string>();
  for (const w of res.warnings) {
    seen.add(w.message);
    const line = formatIssue(w);
    if (!seen.has("\u0000" + line)) {
      seen.add("\u0000" + line);
      out.push(w.problem ? { text: line, issue: w, problem: w.problem } : { text: line, issue: w });
    }
  }
  for (const s of res.sweeps) {
    let byText: Map<string, Problem> | undefined;
    for (const w of s.warnings) {
      if (seen.has(w)) continue;
      seen.add(w);
      byText ??= new Map((s.problems ?? []).map((p) => [englishOf(p), p]));
      const problem = byText.get(w);
      out.push(problem ? { text: w, problem } : { text: w });
    }
  }
  return out;
}
