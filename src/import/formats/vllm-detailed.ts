/**
 * Per-request arrays of vLLM `--save-detailed` (2024 format writes them always) and SGLang
 * `--output-details`: `ttfts` (s), `itls` (s, one gap list per request), `latencies` (s),
 * `input_lens`, `output_lens`, `errors`. Statistics the summary lacks (p90, p95, min, max …)
 * are computed from them with exact percentiles; the tool's own summary values are kept.
 * Definitions as in vLLM's `calculate_metrics` (`benchmark_serving.py`): TTFT over every
 * successful request (0 s for one that streamed no token, as the tool does), ITL = every gap
 * pooled, TPOT = (latency − ttft)/(out − 1) per request with out > 1.
 */
import type { Problem } from "../../engine/base/problems";
import type { MetricField, SweepPoint } from "../../engine/base/types";
import { vllmMessages as M } from "./vllm-messages";
import { METRIC_FIELD, METRIC_KEYS } from "../../engine/base/types";
import { RequestAggregator, type RequestRecord } from "../per-request";
import type { Rec } from "./vllm-record";

function numArray(v: unknown): (number | undefined)[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.map((x) => (typeof x === "number" && Number.isFinite(x) ? x : undefined));
}

/** True when the record carries per-request arrays worth aggregating. */
export function hasDetailedArrays(rec: Rec): boolean {
  return Array.isArray(rec.ttfts) && rec.ttfts.length > 0;
}

/**
 * Fill statistics missing from `point` with ones computed from the record's per-request arrays.
 * Returns notes (sweep warnings, as problems) describing what was computed or assumed.
 */
export function fillFromArrays(rec: Rec, point: SweepPoint): Problem[] {
  const notes: Problem[] = [];
  const ttfts = numArray(rec.ttfts) ?? [];
  const n = ttfts.length;
  const outLens = numArray(rec.output_lens);
  const inLens = numArray(rec.input_lens);
  const latencies = numArray(rec.latencies);
  const itls = Array.isArray(rec.itls) ? rec.itls : undefined;
  const errs = Array.isArray(rec.errors) ? rec.errors : undefined;
  const agg = new RequestAggregator();
  let noToken = 0;
  for (let i = 0; i < n; i++) {
    const e = errs?.[i];
    const ok = errs ? e == null || e === "" : true;
    const r: RequestRecord = { ok };
    const t = ttfts[i];
    if (t != null) r.ttftMs = t * 1000;
    if (ok && t === 0) noToken++;
    const lat = latencies?.[i];
    if (lat != null) r.e2eMs = lat * 1000;
    const gaps = itls?.[i];
    if (Array.isArray(gaps))
      r.itlGapsMs = gaps.map((g) => (typeof g === "number" ? g * 1000 : NaN));
    const o = outLens?.[i];
    if (o != null) r.outputTokens = o;
    const inp = inLens?.[i];
    if (inp != null) r.inputTokens = inp;
    agg.add(null, null, r);
  }
  const computed = agg.finish()[0];
  if (!computed) return notes;
  const added: string[] = [];
  for (const m of METRIC_KEYS) {
    const field: MetricField = METRIC_FIELD[m];
    const stats = computed[field];
    if (!stats) continue;
    const own = (point[field] ??= {});
    for (const [k, v] of Object.entries(stats)) {
      if (own[k] === undefined && Number.isFinite(v)) {
        own[k] = v;
        added.push(`${m} ${k}`);
      }
    }
  }
  if (added.length) {
    notes.push(M.problem("arraysComputed", { requests: n, stats: added }));
  }
  if (noToken > 0) {
    notes.push(M.problem("noTokenStreamed", { count: noToken }));
  }
  if (point.completed != null && computed.completed !== point.completed) {
    notes.push(
      M.problem("arraysCompletedMismatch", {
        arrays: computed.completed ?? String(computed.completed),
        completed: point.completed,
      }),
    );
  }
  return notes;
}
