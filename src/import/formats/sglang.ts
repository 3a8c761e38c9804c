/**
 * SGLang `python -m sglang.bench_serving --output-file` JSON Lines (samples in fixtures/sglang/):
 * one line appended per run, bare `Infinity` for an unlimited rate. Recognised by
 * `total_output_tokens_retokenized` / `*_e2e_latency_ms` keys (vLLM writes neither).
 * Mapping (docs/metrics.md) as vLLM, with `*_e2e_latency_ms` → e2e. Old (2024) lines hold only
 * medians and `output_throughput`: rps = completed / duration, with a warning.
 * Load: `max_concurrency` → concurrency; `request_rate` → requestRate (`Infinity` → "inf").
 * SGLang's `concurrency` key is the measured average (Σ e2e / duration), not a load setting:
 * it becomes `concurrency` only when a line has neither `max_concurrency` nor `request_rate`
 * (then with a warning); otherwise it is ignored.
 * Runs of one model, backend and workload (dataset and random lengths) form one sweep; the
 * old format records no model, so workloads are told apart by the label.
 */
import type { Problem } from "../../engine/base/problems";
import type { SweepMeta } from "../../engine/base/types";
import { vllmMessages as M } from "./vllm-messages";
import type { FormatImporter, InputFile } from "../types";
import { buildSweeps, type GroupInfo } from "./vllm-group";
import { allRecords, firstRecord } from "./vllm-json";
import { dateOf, isSglangRecord, num, type Rec, str } from "./vllm-record";

/** Confidence that a record is an SGLang bench_serving line (0.6 for one without latency keys). */
export function sglangRecordScore(rec: Rec): number {
  if (isSglangRecord(rec) && ("backend" in rec || "dataset_name" in rec || "completed" in rec))
    return 0.9;
  if ("dataset_name" in rec && "completed" in rec && "random_input_len" in rec && "backend" in rec)
    return 0.6;
  return 0;
}

/** SGLang `--backend` → engine (`sglang-oai-chat` → sglang, `vllm-chat` → vllm, `trt` → tensorrt-llm). */
export function sglangEngine(backend: string | undefined): string | null {
  if (!backend) return null;
  const b = backend.toLowerCase().replace(/-(oai|native|chat)/g, "");
  return b === "trt" ? "tensorrt-llm" : b;
}

/** Workload of a run, e.g. `random 1024/1024`, `sharegpt`. */
function workloadOf(rec: Rec): string {
  const ds = str(rec.dataset_name) ?? "dataset not recorded";
  if (ds === "random" || ds.startsWith("random")) {
    const i = num(rec.random_input_len);
    const o = num(rec.random_output_len);
    const ratio = num(rec.random_range_ratio);
    let w = i != null && o != null ? `${ds} ${i}/${o}` : ds;
    if (ratio != null && ratio !== 1) w += ` (range ratio ${ratio})`;
    return w;
  }
  const so = num(rec.sharegpt_output_len);
  return ds === "sharegpt" && so != null ? `sharegpt out ${so}` : ds;
}

function info(rec: Rec): GroupInfo {
  const notes: Problem[] = [];
  const model = str(rec.model_id) ?? str(rec.model) ?? str(rec.model_path) ?? null;
  if (!model) notes.push(M.problem("sglangNoModel", {}));
  const backend = str(rec.backend);
  const engine = sglangEngine(backend);
  const workload = workloadOf(rec);
  const meta: SweepMeta = {
    model,
    engine,
    gpu: null,
    gpuCount: null,
    date: dateOf(rec.date ?? rec.timestamp),
    tool: "sglang.bench_serving",
    toolVersion: null,
    backend: backend ?? null,
    dataset: str(rec.dataset_name) ?? null,
    workload,
  };
  if (str(rec.tokenizer_id)) meta.tokenizer = str(rec.tokenizer_id);
  return {
    meta,
    groupKey: [model, engine, backend, workload].join("\u0000"),
    label: ["sglang", model ?? "model not recorded", workload].join(" · "),
    notes,
  };
}

const sglangJsonlImporter: FormatImporter = {
  id: "sglang",
  title: "SGLang bench_serving --output-file JSONL",
  versions: "SGLang 2024-12 (medians only) – 2025 (bench_serving @0033168f)",
  detect(file: InputFile): number {
    const rec = firstRecord(file);
    return rec ? sglangRecordScore(rec) : 0;
  },
  parse(file: InputFile) {
    const all = allRecords(file, "SGLang");
    if (!all.ok) return all;
    return buildSweeps(all.records, { tool: "sglang", info });
  },
};

/** SGLang importers (one: the bench_serving JSONL, id `sglang`). */
export const sglangImporters: FormatImporter[] = [sglangJsonlImporter];
