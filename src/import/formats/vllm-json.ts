/**
 * Reading the records of a JSON-based result file: one object (`--save-result`, sweep
 * `run=N.json`), an array of objects (sweep `summary.json`), or JSON Lines (`--append-result`,
 * SGLang `--output-file`). Shared by the vLLM and SGLang importers.
 */
import { parseJsonLenient } from "../input";
import { issueOf } from "../messages/issue";
import { vllmMessages as M } from "./vllm-messages";
import type { ImportIssue, InputFile } from "../types";
import { firstChar, type LocatedRec } from "./vllm-group";
import { isRec, type Rec } from "./vllm-record";

/**
 * The first record of a file, for cheap detection: never parses more than the whole JSON
 * once (memoised) or, for JSON Lines, the first line. Null when the file does not start with
 * `{` or `[` (a 30 MB CSV returns at once).
 */
export function firstRecord(file: InputFile): Rec | null {
  const c = firstChar(file.text);
  if (c !== "{" && c !== "[") return null;
  const j = file.json();
  if (j.ok) {
    if (isRec(j.value)) return j.value;
    if (Array.isArray(j.value) && j.value.length > 0 && isRec(j.value[0])) return j.value[0];
    return null;
  }
  if (c !== "{") return null;
  const line = parseJsonLenient(file.firstLine(), file.name);
  return line.ok && isRec(line.value) ? line.value : null;
}

/** Every record of the file with its location, or the parse error. */
export function allRecords(
  file: InputFile,
  what: string,
): { ok: true; records: LocatedRec[] } | { ok: false; errors: ImportIssue[] } {
  const j = file.json();
  const records: LocatedRec[] = [];
  const errors: ImportIssue[] = [];
  if (j.ok) {
    if (Array.isArray(j.value)) {
      j.value.forEach((v, i) => {
        if (isRec(v))
          records.push({ rec: v, loc: { file: file.name, record: i, keyPrefix: `[${i}].` } });
        else
          errors.push(
            issueOf(
              file.name,
              "bad-record",
              M.problem("elementNotResult", { index: i, tool: what }),
              { record: i, key: `[${i}]` },
            ),
          );
      });
    } else if (isRec(j.value)) {
      // A one-line object (a JSONL file with one run) is located at line 1.
      records.push({
        rec: j.value,
        loc: /\n\s*\S/.test(file.text) ? { file: file.name } : { file: file.name, line: 1 },
      });
    } else {
      errors.push(
        issueOf(file.name, "bad-record", M.problem("jsonNotResult", { tool: what }), { line: 1 }),
      );
    }
  } else {
    const l = file.jsonLines();
    if (!l.ok) {
      // Report the whole-file error when the file is a single (broken) JSON document.
      const first = parseJsonLenient(file.firstLine(), file.name);
      return { ok: false, errors: [first.ok ? l.issue : j.issue] };
    }
    l.values.forEach((v, i) => {
      const line = l.lines[i]!;
      if (isRec(v)) records.push({ rec: v, loc: { file: file.name, line } });
      else
        errors.push(
          issueOf(file.name, "bad-record", M.problem("lineNotResult", { line, tool: what }), {
            line,
          }),
        );
    });
  }
  if (errors.length) return { ok: false, errors };
  if (records.length === 0)
    return {
      ok: false,
      errors: [issueOf(file.name, "empty", M.problem("noResults", { tool: what }))],
    };
  return { ok: true, records };
}
