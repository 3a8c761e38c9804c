/**
 * Sweep metadata and grouping of vLLM result records (reference/formats/vllm.md): model,
 * engine (from `--metadata` such as `framework=sgl`, else from `backend`), GPU from
 * `--metadata` keys, and the `vllm bench sweep serve` override keys written after `run_number`.
 */
import type { SweepMeta } from "../../engine/types";
import { dateOf, LATENCY_KEY, num, type Rec, str } from "./vllm-record";

/** Keys vLLM itself writes (everything else at top level is `--metadata` or a sweep override). */
const KNOWN = new Set([
  "date", "endpoint_type", "backend", "label", "model_id", "tokenizer_id", "num_prompts", "request_rate",
  "burstiness", "max_concurrency", "duration", "completed", "failed", "total_input_tokens", "total_output_tokens",
  "request_throughput", "request_goodput", "request_goodput:", "output_throughput", "total_token_throughput",
  "max_output_tokens_per_s", "max_concurrent_requests", "rtfx", "best_of", "use_beam_search", "input_throughput",
  "input_lens", "output_lens", "ttfts", "itls", "generated_texts", "errors", "latencies", "start_times", "queue_times",
  "ramp_up_strategy", "ramp_up_start_rps", "ramp_up_end_rps", "rps_change_events", "run_number",
  "total_input_sequences", "input_sequence_throughput",
]);
const KNOWN_PREFIX = /^(probe_|spec_decode_|diffusion_)/;
/** Sweep override keys that set the load level, not the deployment. */
const LOAD_KEYS = new Set(["max_concurrency", "request_rate", "num_prompts", "burstiness"]);
const GPU_KEY = /^(gpu|gpu_type|gpu_name|gpu_model|accelerator|hardware|hw|device)$/i;
const GPU_COUNT_KEY = /^(gpu_count|num_gpus|n_gpus|gpus)$/i;
const TP_KEY = /^(tp|tensor_parallel_size)$/i;
const PP_KEY = /^(pp|pipeline_parallel_size)$/i;
const ENGINE_KEY = /^(engine|framework|server)$/i;

/** `backend` values of the vLLM client that name the server engine (others name an API). */
const BACKEND_ENGINE: Readonly<Record<string, string>> = {
  vllm: "vllm",
  sglang: "sglang",
  sgl: "sglang",
  tgi: "tgi",
  lmdeploy: "lmdeploy",
  "tensorrt-llm": "tensorrt-llm",
  "deepspeed-mii": "deepspeed-mii",
  scalellm: "scalellm",
};

/** Engine name from a free-form value (`sgl` → `sglang`). */
export function engineName(v: string): string {
  const s = v.trim().toLowerCase();
  return BACKEND_ENGINE[s] ?? (s.startsWith("sglang") ? "sglang" : s.startsWith("vllm") ? "vllm" : s);
}

/** Meta, grouping key and label of one record, plus notes on what was guessed. */
export interface RecordMeta {
  meta: SweepMeta;
  /** Records with equal keys form one sweep. */
  groupKey: string;
  /** Set when the default `vllm · <model>` label would not tell sweeps apart. */
  label?: string;
  notes: string[];
}

/** Metadata of one vLLM record (`--metadata` keys, sweep overrides, engine guess). */
export function vllmRecordMeta(rec: Rec): RecordMeta {
  const notes: string[] = [];
  const metadata: Record<string, unknown> = {};
  const overrides: string[] = [];
  let afterRun = false;
  for (const [k, v] of Object.entries(rec)) {
    if (k === "run_number") {
      afterRun = true;
      continue;
    }
    if (KNOWN.has(k) || KNOWN_PREFIX.test(k) || /_ms$/.test(k) || LATENCY_KEY.test(k)) continue;
    if (afterRun) {
      if (v == null) continue;
      if (!LOAD_KEYS.has(k) && !k.startsWith("_")) overrides.push(`${k}=${typeof v === "string" ? v : JSON.stringify(v)}`);
      metadata[k] = v;
    } else if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") {
      metadata[k] = v;
    }
  }
  const sweepRun = "run_number" in rec;
  const model = str(rec.model_id) ?? str(rec.model) ?? null;
  let engine: string | null = null;
  const engineMeta = Object.keys(metadata).find(k => ENGINE_KEY.test(k) && typeof metadata[k] === "string");
  if (engineMeta) engine = engineName(metadata[engineMeta] as string);
  else {
    const backend = str(rec.backend) ?? str(rec.endpoint_type);
    if (backend && BACKEND_ENGINE[backend.toLowerCase()]) engine = BACKEND_ENGINE[backend.toLowerCase()]!;
    else if (sweepRun) engine = "vllm"; // `vllm bench sweep serve` starts `vllm serve` itself
    else {
      engine = "vllm";
      notes.push(`backend "${backend ?? "(none)"}" names the client API, not the server: engine assumed "vllm"`);
    }
  }
  const gpuK = Object.keys(metadata).find(k => GPU_KEY.test(k));
  const gpu = gpuK != null ? String(metadata[gpuK]) : null;
  let gpuCount: number | null = null;
  const countK = Object.keys(metadata).find(k => GPU_COUNT_KEY.test(k));
  const asNum = (k: string | undefined): number | undefined => (k == null ? undefined : num(Number(metadata[k])));
  if (countK) gpuCount = asNum(countK) ?? null;
  else {
    const tp = asNum(Object.keys(metadata).find(k => TP_KEY.test(k)));
    const pp = asNum(Object.keys(metadata).find(k => PP_KEY.test(k))) ?? 1;
    if (tp != null && tp > 0) {
      gpuCount = tp * pp;
      notes.push(`GPUs per replica taken as tensor parallel × pipeline parallel from --metadata (${gpuCount})`);
    }
  }
  const tool = sweepRun ? "vllm bench sweep serve" : "endpoint_type" in rec ? "vllm bench serve" : "benchmark_serving.py";
  const meta: SweepMeta = {
    model,
    engine,
    gpu,
    gpuCount,
    date: dateOf(rec.date),
    tool,
    toolVersion: null,
    backend: str(rec.backend) ?? str(rec.endpoint_type) ?? null,
    tokenizer: str(rec.tokenizer_id) ?? null,
  };
  const runLabel = str(rec.label);
  if (runLabel) meta.runLabel = runLabel;
  if (Object.keys(metadata).length) meta.metadata = metadata;
  const extras: string[] = [];
  if (engine && engine !== "vllm") extras.push(`${engine} server`);
  extras.push(...overrides);
  const label = extras.length ? ["vllm", model ?? "model not recorded", ...extras].join(" · ") : undefined;
  const groupKey = [model, engine, gpu, gpuCount, ...overrides].join("\u0000");
  return { meta, groupKey, label, notes };
}
