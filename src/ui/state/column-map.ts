/**
 * The column-mapping step for CSV/TSV text with ambiguous headers (spec §2): find the ambiguous
 * columns of the header row, and rewrite the header with unambiguous canonical names once the
 * planner has chosen, so the import library reads the table as intended. Pure.
 */
import { fieldLabel, mapHeaders, type Field } from "../../import/aliases";
import { detectDelimiter, parseCsv, stripBom } from "../../import/csv";

/** An ambiguous column and the fields it could mean. */
export interface AmbiguousColumn {
  index: number;
  column: string;
  candidates: { field: Field; label: string }[];
}

function looksTabular(name: string, text: string): boolean {
  const head = stripBom(text).trimStart();
  if (/^[[{|#]/.test(head)) return false;
  if (/\.(json|jsonl)$/i.test(name)) return false;
  const first = head.split(/\r?\n/, 1)[0] ?? "";
  return /[,;\t]/.test(first);
}

/** The header row of a CSV/TSV text and its ambiguous columns ([] when none or not tabular). */
export function ambiguousColumns(name: string, text: string): AmbiguousColumn[] {
  if (!looksTabular(name, text)) return [];
  const first = stripBom(text).trimStart().split(/\r?\n/, 1)[0] ?? "";
  const headers = parseCsv(first, detectDelimiter(first)).rows[0] ?? [];
  return mapHeaders(headers.map(String)).ambiguous.map((a) => ({
    index: a.index,
    column: a.column,
    candidates: a.candidates.map((field) => ({ field, label: fieldLabel(field) })),
  }));
}

/** A header name that maps to exactly `f` (checked by the unit tests against `mapHeaders`). */
export function canonicalHeader(f: Field): string {
  switch (f.kind) {
    case "load":
      return f.key === "concurrency" ? "concurrency" : "request_rate";
    case "value":
      return { rps: "rps", outputTokensPerSec: "output tokens/s", totalTokensPerSec: "total tokens/s", meanInputTokens: "mean input tokens", meanOutputTokens: "mean output tokens", completed: "completed", failed: "failed" }[f.key];
    case "metric":
      return `${f.metric}_${f.stat ?? ""}${f.stat ? "_" : ""}${f.unit ?? "ms"}`.replace("__", "_");
    case "meta":
      return { label: "label", model: "model", engine: "engine", gpu: "gpu", gpuCount: "gpu count" }[f.key];
    case "request":
      return f.key;
  }
}

/**
 * Rewrite the header row with the chosen fields: `choice[columnIndex]` is a field, or null to
 * drop the column's meaning (it is renamed so that it maps to nothing).
 */
export function applyColumnChoice(text: string, choice: ReadonlyMap<number, Field | null>): string {
  const body = stripBom(text);
  const lead = body.length - body.trimStart().length;
  const nl = body.indexOf("\n", lead);
  const rawFirst = nl < 0 ? body.slice(lead) : body.slice(lead, nl);
  const cr = rawFirst.endsWith("\r") ? "\r" : "";
  const first = rawFirst.replace(/\r$/, "");
  const delim = detectDelimiter(first);
  const headers = (parseCsv(first, delim).rows[0] ?? []).map(String);
  const next = headers.map((h, i) => {
    if (!choice.has(i)) return h;
    const f = choice.get(i);
    return f ? canonicalHeader(f) : `ignored ${i + 1}`;
  });
  const quote = (h: string) => (h.includes(delim) || h.includes('"') ? `"${h.replace(/"/g, '""')}"` : h);
  const rest = nl < 0 ? "" : body.slice(nl);
  return `${body.slice(0, lead)}${next.map(quote).join(delim)}${cr}${rest}`;
}
