/**
 * Sweep metadata and grouping of vLLM result records (docs/import.md): model,
 * engine (from `--metadata` such as `framework=sgl`, else from `backend`), GPU from
 * `--metadata` keys, and the `vllm bench sweep serve` override keys written after `run_number`.
 */
import type { Problem } from "../../engine/base/problems";
import type { SweepMeta } from "../../engine/base/types";
import { vllmMessages as M } from "./vllm-messages";
import { dateOf, LATENCY_KEY, num, type Rec, shapeOf, str } from "./vllm-record";

/** Keys vLLM itself writes (everything else at top level is `--metadata` or a sweep override). */
const KNOWN = new Set([
  "date",
  "endpoint_type",
  "backend",
  "label",
  "model_id",
  "tokenizer_id",
  "num_prompts",
  "request_rate",
  "burstiness",
  "max_concurrency",
  "duration",
  "completed",
  "failed",
  "total_input_tokens",
  "total_output_tokens",
  "request_throughput",
  "request_goodput",
  "request_goodput:",
  "output_throughput",
  "total_token_throughput",
  "max_output_tokens_per_s",
  "max_concurrent_requests",
  "rtfx",
  "best_of",
  "use_beam_search",
  "input_throughput",
  "input_lens",
  "output_lens",
  "ttfts",
  "itls",
  "generated_texts",
  "errors",
  "latencies",
  "start_times",
  "queue_times",
  "ramp_up_strategy",
  "ramp_up_start_rps",
  "ramp_up_end_rps",
  "rps_change_events",
  "run_number",
  "total_input_sequences",
  "input_sequence_throughput",
]);
const KNOWN_PREFIX = /^(probe_|spec_decode_|diffusion_)/;
/** Sweep override keys that set the load level, not the deployment. */
const LOAD_KEYS = new Set(["max_concurrency", "request_rate", "num_prompts", "burstiness"]);
const GPU_KEY = /^(gpu|gpu_type|gpu_name|gpu_model|accelerator|hardware|hw|device)$/i;
const GPU_COUNT_KEY = /^(gpu_count|num_gpus|n_gpus|gpus)$/i;
const TP_KEY = /^(tp|tensor_parallel_size)$/i;
const PP_KEY = /^(pp|pipeline_parallel_size)$/i;
const ENGINE_KEY = /^(engine|framework|server)$/i;

const ENGINE = 1;
const GPU = 2;
const GPU_COUNT = 4;
const TP = 8;
const PP = 16;
/** Which of the --metadata key patterns each key matches (bit set), per key; bounded. */
const KEY_KINDS = new Map<string, number>();

/** True when `k` matches the key pattern `kind` (ENGINE_KEY, GPU_KEY, GPU_COUNT_KEY, TP_KEY, PP_KEY). */
function keyIs(k: string, kind: number): boolean {
  let bits = KEY_KINDS.get(k);
  if (bits === undefined) {
    bits =
      (ENGINE_KEY.test(k) ? ENGINE : 0) |
      (GPU_KEY.test(k) ? GPU : 0) |
      (GPU_COUNT_KEY.test(k) ? GPU_COUNT : 0) |
      (TP_KEY.test(k) ? TP : 0) |
      (PP_KEY.test(k) ? PP : 0);
    if (KEY_KINDS.size >= 4096) KEY_KINDS.clear();
    KEY_KINDS.set(k, bits);
  }
  return (bits & kind) !== 0;
}

/** Keys already classified (a folder of results repeats the same keys); bounded. */
const KNOWN_KEYS = new Map<string, boolean>();

/** True for a key vLLM writes itself (not `--metadata` or a sweep override). */
function isKnownKey(k: string): boolean {
  let known = KNOWN_KEYS.get(k);
  if (known === undefined) {
    known = KNOWN.has(k) || KNOWN_PREFIX.test(k) || /_ms$/.test(k) || LATENCY_KEY.test(k);
    if (KNOWN_KEYS.size >= 4096) KNOWN_KEYS.clear();
    KNOWN_KEYS.set(k, known);
  }
  return known;
}

let lastKeys: string[] = [];
let lastOther: { key: string; afterRun: boolean }[] = [];

/**
 * The keys of a record vLLM does not write itself (`--metadata`, sweep overrides), in key order,
 * each with whether it comes after `run_number`. The last key list's answer is reused (records
 * of one folder have the same keys).
 */
function otherKeysOf(rec: Rec): { key: string; afterRun: boolean }[] {
  const keys = shapeOf(rec).keys;
  if (keys !== lastKeys) {
    const out: { key: string; afterRun: boolean }[] = [];
    let afterRun = false;
    for (const key of keys) {
      if (key === "run_number") {
        afterRun = true;
        continue;
      }
      if (!isKnownKey(key)) out.push({ key, afterRun });
    }
    lastKeys = keys;
    lastOther = out;
  }
  return lastOther;
}

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
  return (
    BACKEND_ENGINE[s] ?? (s.startsWith("sglang") ? "sglang" : s.startsWith("vllm") ? "vllm" : s)
  );
}

/** Meta, grouping key and label of one record, plus notes on what was guessed. */
export interface RecordMeta {
  meta: SweepMeta;
  /** Records with equal keys form one sweep. */
  groupKey: string;
  /** Set when the default `vllm · <model>` label would not tell sweeps apart. */
  label?: string | undefined;
  notes: Problem[];
}

/** Metadata of one vLLM record (`--metadata` keys, sweep overrides, engine guess). */
export function vllmRecordMeta(rec: Rec): RecordMeta {
  const notes: Problem[] = [];
  const metadata: Record<string, unknown> = {};
  const overrides: string[] = [];
  for (const { key: k, afterRun } of otherKeysOf(rec)) {
    const v = rec[k];
    if (afterRun) {
      if (v == null) continue;
      if (!LOAD_KEYS.has(k) && !k.startsWith("_"))
        overrides.push(`${k}=${typeof v === "string" ? v : JSON.stringify(v)}`);
      metadata[k] = v;
    } else if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") {
      metadata[k] = v;
    }
  }
  const sweepRun = "run_number" in rec;
  const model = str(rec.model_id) ?? str(rec.model) ?? null;
  let engine: string | null = null;
  const metaKeys = Object.keys(metadata);
  const engineMeta = metaKeys.find((k) => keyIs(k, ENGINE) && typeof metadata[k] === "string");
  if (engineMeta) engine = engineName(metadata[engineMeta] as string);
  else {
    const backend = str(rec.backend) ?? str(rec.endpoint_type);
    if (backend && BACKEND_ENGINE[backend.toLowerCase()])
      engine = BACKEND_ENGINE[backend.toLowerCase()]!;
    else if (sweepRun)
      engine = "vllm"; // `vllm bench sweep serve` starts `vllm serve` itself
    else {
      engine = "vllm";
      notes.push(M.problem("backendIsApi", { backend: backend ?? "(none)" }));
    }
  }
  const gpuK = metaKeys.find((k) => keyIs(k, GPU));
  const gpu = gpuK != null ? String(metadata[gpuK]) : null;
  let gpuCount: number | null = null;
  const countK = metaKeys.find((k) => keyIs(k, GPU_COUNT));
  const asNum = (k: string | undefined): number | undefined =>
    k == null ? undefined : num(Number(metadata[k]));
  if (countK) gpuCount = asNum(countK) ?? null;
  else {
    const tp = asNum(metaKeys.find((k) => keyIs(k, TP)));
    const pp = asNum(metaKeys.find((k) => keyIs(k, PP))) ?? 1;
    if (tp != null && tp > 0) {
      gpuCount = tp * pp;
      notes.push(M.problem("gpusFromTpPp", { gpus: gpuCount }));
    }
  }
  const tool = sweepRun
    ? "vllm bench sweep serve"
    : "endpoint_type" in rec
      ? "vllm bench serve"
      : "benchmark_serving.py";
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
  for (const x of overrides) extras.push(x);
  const label = extras.length
    ? ["vllm", model ?? "model not recorded", ...extras].join(" · ")
    : undefined;
  const groupKey = [model, engine, gpu, gpuCount, ...overrides].join("\u0000");
  return { meta, groupKey, label, notes };
}
