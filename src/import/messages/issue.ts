/**
 * Building import notes as problems (docs/problems.md "Importer messages"): an {@link ImportIssue}
 * or a sweep note carries its English sentence (the CLI's text and `--json` contract) and the
 * problem it was rendered from, so the app and `--lang zh` render it from its code.
 */
import { englishOf, type Problem } from "../../engine/base/problems";
import type { ImportIssue } from "../types";

/** Where in a file an issue is (any subset). */
export interface IssueAt {
  line?: number | undefined;
  column?: number | string | undefined;
  record?: number | undefined;
  key?: string | undefined;
}

/** An issue of `file` with `problem`'s English as its message; `code` is the stable machine code (`--json`). */
export function issueOf(
  file: string,
  code: string,
  problem: Problem<object>,
  at: IssueAt = {},
): ImportIssue {
  const i: ImportIssue = { file, code, message: englishOf(problem), problem };
  if (at.line != null) i.line = at.line;
  if (at.column != null) i.column = at.column;
  if (at.record != null) i.record = at.record;
  if (at.key != null) i.key = at.key;
  return i;
}

/** Something that keeps English notes and the problems they were rendered from (a sweep, a partial sweep). */
export interface Noted {
  warnings: string[];
  problems?: Problem[] | undefined;
}

/** Add `problem` as a note of `s`: its English to `warnings`, the problem to `problems` (at the end, or first with `front`). */
export function addNote(s: Noted, problem: Problem<object>, front = false): void {
  const text = englishOf(problem);
  const problems = s.problems ?? (s.problems = []);
  if (front) {
    s.warnings.unshift(text);
    problems.unshift(problem as Problem);
  } else {
    s.warnings.push(text);
    problems.push(problem as Problem);
  }
}
