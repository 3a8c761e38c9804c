/**
 * vLLM serving benchmark importers (docs/import.md, samples in fixtures/vllm/): `benchmark_serving.py` and
 * `vllm bench serve` `--save-result` JSON (one object), `--append-result` / JSONL (one object
 * per line), the 2024 format with per-request arrays, `vllm bench sweep serve` `run=N.json`
 * and `summary.json` (array), and the sweep `summary.csv`. Recognised by content only.
 * Mapping (docs/metrics.md): `*_ttft_ms` → ttft, `*_tpot_ms` → tpot, `*_itl_ms` → itl (pooled
 * inter-chunk gaps), `*_e2el_ms` → e2e; `median` → p50; `max_concurrency` → concurrency,
 * `request_rate` → requestRate.
 */
import type { Problem } from "../../engine/base/problems";
import { vllmMessages as M } from "./vllm-messages";
import type { FormatImporter, InputFile } from "../types";
import { vllmSweepCsvImporter } from "./vllm-csv";
import { buildSweeps } from "./vllm-group";
import { allRecords, firstRecord } from "./vllm-json";
import { vllmRecordMeta } from "./vllm-meta";
import { hasLatencyKey, isSglangRecord, num, type Rec } from "./vllm-record";

/** A `vllm bench sweep serve --continue-on-error` failure file `run=N.failure.json`. */
function isFailedRun(rec: Rec): boolean {
  return "run_number" in rec && "error_type" in rec && !hasLatencyKey(rec);
}

/**
 * Confidence that a record is a vLLM result: 0.9 with latency keys and a vLLM setup or
 * throughput key; 0.6 for a vLLM-looking object without latency keys (parse reports why).
 */
export function vllmRecordScore(rec: Rec): number {
  if (isSglangRecord(rec)) return 0;
  if (isFailedRun(rec)) return 0.7;
  const setup =
    "model_id" in rec ||
    "backend" in rec ||
    "endpoint_type" in rec ||
    "request_throughput" in rec ||
    "duration" in rec;
  const latency = hasLatencyKey(rec);
  if (latency && setup) return 0.9;
  if (
    "model_id" in rec &&
    ("request_throughput" in rec ||
      "num_prompts" in rec ||
      ("duration" in rec && "completed" in rec))
  )
    return 0.6;
  return 0;
}

function skip(rec: Rec): Problem<object> | null {
  if (isFailedRun(rec)) {
    return M.problem("failedRun", {
      run: String(rec.run_number),
      errorType: String(rec.error_type),
      error: String(rec.error ?? "").slice(0, 120),
    });
  }
  const run = num(rec.run_number);
  if (run != null && run < 0) return M.problem("warmUp", {});
  return null;
}

const vllmJsonImporter: FormatImporter = {
  id: "vllm",
  title:
    "vLLM benchmark_serving.py / vllm bench serve --save-result JSON, JSONL, sweep run/summary JSON",
  versions: "vLLM 0.5.4 (2024 format with per-request arrays) – 0.25.1 (vllm bench sweep serve)",
  detect(file: InputFile): number {
    const rec = firstRecord(file);
    return rec ? vllmRecordScore(rec) : 0;
  },
  parse(file: InputFile) {
    const all = allRecords(file, "vLLM");
    if (!all.ok) return all;
    return buildSweeps(all.records, { tool: "vllm", info: vllmRecordMeta, skip });
  },
};

/** vLLM importers: JSON/JSONL/sweep JSON (`vllm`) and the sweep `summary.csv` (`vllm-sweep-csv`). */
export const vllmImporters: FormatImporter[] = [vllmJsonImporter, vllmSweepCsvImporter];
