/**
 * `vllm bench sweep serve` `<experiment_dir>/summary.csv` (docs/import.md):
 * `pandas.DataFrame.from_records(all_runs).to_csv()` — first column the unnamed pandas index
 * (header starts with `,`), then the union of the run keys; `null` → empty cell; `"inf"` as
 * `inf`; per-request arrays, if any, as Python-repr strings (ignored here).
 */
import { parseCsv, readNumber } from "../csv";
import { issueOf } from "../messages/issue";
import { vllmMessages as M } from "./vllm-messages";
import type { FormatImporter, InputFile } from "../types";
import { buildSweeps, firstChar, type LocatedRec } from "./vllm-group";
import { vllmRecordMeta } from "./vllm-meta";
import { LATENCY_KEY, num, type Rec } from "./vllm-record";

const SGLANG_COLUMN = /(^|,)"?(total_output_tokens_retokenized|\w+_e2e_latency_ms)"?(,|$)/;

/** Confidence that a header line is a vLLM sweep summary.csv. */
function headerScore(line: string): number {
  if (!line.includes(",") || SGLANG_COLUMN.test(line)) return 0;
  const cols = line.split(",").map((c) => c.trim().replace(/^"|"$/g, ""));
  const latency = cols.some((c) => LATENCY_KEY.test(c) && !/_latency_ms$/.test(c));
  if (!latency) return 0;
  const vllmKeys = [
    "model_id",
    "request_throughput",
    "max_concurrency",
    "run_number",
    "endpoint_type",
    "backend",
  ].filter((k) => cols.includes(k)).length;
  if (vllmKeys < 2) return 0;
  return cols[0] === "" ? 0.9 : 0.8;
}

/** A CSV cell as the JSON value pandas wrote it from: number, bool, string or null. */
function cellValue(raw: string, column: string): unknown {
  const s = raw.trim();
  if (s === "") return null;
  if (s === "True") return true;
  if (s === "False") return false;
  if (column === "request_rate" && /^\+?inf$/i.test(s)) return "inf";
  if (/^[[{(]/.test(s)) return s; // Python repr of an array: not read
  const n = readNumber(s);
  return n.kind === "number" ? n.value : n.kind === "absent" ? null : s;
}

/** Importer of the `vllm bench sweep` summary CSV. */
export const vllmSweepCsvImporter: FormatImporter = {
  id: "vllm-sweep-csv",
  title: "vLLM bench sweep summary.csv",
  versions: "vLLM 0.11 – 0.25.1 (vllm bench sweep serve)",
  detect(file: InputFile): number {
    const c = firstChar(file.text);
    if (c === "{" || c === "[" || c === "") return 0;
    return headerScore(file.firstLine());
  },
  parse(file: InputFile) {
    const table = parseCsv(file.text, ",");
    const header = table.rows[0] ?? [];
    const start = header[0]?.trim() === "" ? 1 : 0;
    const records: LocatedRec[] = [];
    for (let r = 1; r < table.rows.length; r++) {
      const row = table.rows[r]!;
      const rec: Rec = {};
      for (let c = start; c < header.length; c++) {
        const name = header[c]!.trim();
        if (name) rec[name] = cellValue(row[c] ?? "", name);
      }
      records.push({ rec, loc: { file: file.name, line: table.lines[r]! } });
    }
    if (records.length === 0) {
      return {
        ok: false,
        errors: [issueOf(file.name, "empty", M.problem("csvNoRuns", {}), { line: 2 })],
      };
    }
    return buildSweeps(records, {
      tool: "vllm",
      info(rec) {
        const i = vllmRecordMeta(rec);
        return { ...i, label: i.label ?? `vllm · ${i.meta.model ?? "model not recorded"}` };
      },
      skip(rec) {
        const run = num(rec.run_number);
        if (run != null && run < 0) return M.problem("warmUp", {});
        if (rec.error_type != null && rec.mean_ttft_ms == null && rec.mean_e2el_ms == null)
          return M.problem("failedRunCsv", { errorType: String(rec.error_type) });
        return null;
      },
    });
  },
};
