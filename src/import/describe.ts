/**
 * What an unrecognised file looked like, in words that never quote its content (a plan from
 * someone else may point at a secret: docs/import.md "Files that are not recognised").
 */
import { mapHeaders } from "./aliases";
import { detectDelimiter } from "./csv";
import type { Problem } from "../engine/base/problems";
import { importShapeMessages as S } from "./messages/pipeline";
import type { InputFile } from "./types";

const DELIM_NAME = { ",": "comma", ";": "semicolon", "\t": "tab" } as const;
type Delim = keyof typeof DELIM_NAME;

function kindOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v === "object" ? "object" : typeof v;
}

/** Cells of a header line split on the delimiter (quotes are not needed to count and map names). */
function cellsOf(line: string, d: string): string[] {
  return line.split(d).map((c) => c.trim().replace(/^"|"$/g, ""));
}

/**
 * A description of an unrecognised file: its shape (JSON object or array, JSON lines, a table and
 * which needed columns it lacks, Markdown, plain text) and size, never its content (code
 * `importShape.*`, nested into `import.unknownFormat`).
 */
export function describeUnrecognised(file: InputFile): Problem<object> {
  const text = file.text;
  const head = text.replace(/^\uFEFF/, "").trimStart();
  const c0 = head[0];
  if (c0 === "{" || c0 === "[") {
    const j = file.json();
    if (j.ok) {
      const v = j.value;
      if (Array.isArray(v)) {
        const kinds = [...new Set(v.slice(0, 100).map(kindOf))];
        return v.length
          ? S.problem("jsonArray", { n: v.length, kinds: kinds.join(", ") })
          : S.problem("emptyArray", {});
      }
      if (v && typeof v === "object")
        return S.problem("jsonObject", { keys: Object.keys(v).length });
    }
    if (c0 === "{") return S.problem("jsonLines", {});
  }
  const first = file.firstLine();
  const lines = countLines(text);
  if (first.startsWith("|") || first.startsWith("#")) return S.problem("markdown", { lines });
  const d = detectDelimiter(first);
  if (first.includes(d)) {
    const cells = cellsOf(first, d);
    const hm = mapHeaders(cells);
    const hasLoad = hm.mapping.some((f) => f?.kind === "load");
    const hasMetric = hm.mapping.some(
      (f) => f?.kind === "metric" || (f?.kind === "value" && /PerSec$|^rps$/.test(f.key)),
    );
    return S.problem("table", {
      delimiter: DELIM_NAME[d as Delim],
      columns: cells.length,
      lines,
      hasLoad,
      hasMetric,
    });
  }
  return S.problem("text", { lines });
}

function countLines(text: string): number {
  let n = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < text.length - 1; i = text.indexOf("\n", i + 1))
    n++;
  return n;
}
