/**
 * Ray LLMPerf (`token_benchmark_ray.py`, reference `llmperf.md`): the flat
 * `{model}_{in}_{out}_summary.json` and the per-request `…_individual_responses.json`.
 *
 * Definitions (docs/metrics.md): LLMPerf's `inter_token_latency_s` sums every gap INCLUDING the TTFT and
 * divides by the output tokens (≈ e2e / out), so it is stored as **ntpot**, never itl/tpot.
 * Everything is in seconds → ms. `results_num_completed_requests_per_min / 60` → rps;
 * `results_mean_output_throughput_token_per_s` (total output tokens / wall time, aggregate
 * despite its name) → outputTokensPerSec; totalTokensPerSec = outputTokensPerSec + rps ×
 * mean input tokens (same wall time and same non-errored requests). Concurrency =
 * `num_concurrent_requests` (closed loop). Min/max token counts may be strings (`"550"`).
 */
import type { Stats, SweepPoint } from "../../engine/base/types";
import { RequestAggregator } from "../per-request";
import { addNote, issueOf } from "../messages/issue";
import { llmperfMessages as M } from "./llmperf-messages";
import type {
  FileImportResult,
  FormatImporter,
  ImportOptions,
  InputFile,
  PartialSweep,
} from "../types";
import { isObj, isoFromUnixSeconds, loadGivenOutside, num, str, type Json } from "./common-json";

const QUANTILES: readonly [string, string][] = [
  ["quantiles_p25", "p25"],
  ["quantiles_p50", "p50"],
  ["quantiles_p75", "p75"],
  ["quantiles_p90", "p90"],
  ["quantiles_p95", "p95"],
  ["quantiles_p99", "p99"],
  ["mean", "mean"],
  ["min", "min"],
  ["max", "max"],
  ["stddev", "std"],
];

/** `results_{metric}_*` keys of a summary as statistics, scaled (s → ms). */
function metricStats(o: Json, metric: string, scale: number): Stats | undefined {
  const out: Stats = {};
  let any = false;
  for (const [suffix, key] of QUANTILES) {
    const v = num(o[`results_${metric}_${suffix}`]);
    if (v === undefined) continue;
    out[key] = v * scale;
    any = true;
  }
  return any ? out : undefined;
}

function isSummary(v: unknown): v is Json {
  return (
    isObj(v) &&
    (v.results_ttft_s_quantiles_p50 !== undefined ||
      (v.version === "2023-08-31" && v.results_ttft_s_mean !== undefined))
  );
}

function isIndividual(v: unknown): v is unknown[] {
  if (!Array.isArray(v) || v.length === 0) return false;
  const head = v.slice(0, 5);
  return (
    head.every(
      (r) =>
        isObj(r) &&
        ("ttft_s" in r || "error_code" in r) &&
        ("end_to_end_latency_s" in r || "inter_token_latency_s" in r || "error_code" in r),
    ) && head.some((r) => isObj(r) && "ttft_s" in r)
  );
}

function parseSummary(file: InputFile, o: Json): FileImportResult {
  const notes: Pick<PartialSweep, "warnings" | "problems"> = { warnings: [] };
  const conc = num(o.num_concurrent_requests);
  const p: SweepPoint = {
    concurrency: conc !== undefined && conc > 0 ? conc : null,
    requestRate: null,
  };
  const perMin = num(o.results_num_completed_requests_per_min);
  if (perMin !== undefined && perMin > 0) p.rps = perMin / 60;
  const otps = num(o.results_mean_output_throughput_token_per_s);
  if (otps !== undefined && otps > 0) p.outputTokensPerSec = otps;
  const inMean = num(o.results_number_input_tokens_mean);
  const outMean = num(o.results_number_output_tokens_mean);
  if (inMean !== undefined) p.meanInputTokens = inMean;
  if (outMean !== undefined) p.meanOutputTokens = outMean;
  if (p.outputTokensPerSec != null && p.rps != null && inMean !== undefined)
    p.totalTokensPerSec = p.outputTokensPerSec + p.rps * inMean;
  const ttft = metricStats(o, "ttft_s", 1000);
  const ntpot = metricStats(o, "inter_token_latency_s", 1000);
  const e2e = metricStats(o, "end_to_end_latency_s", 1000);
  if (ttft) p.ttftMs = ttft;
  if (ntpot) p.ntpotMs = ntpot;
  if (e2e) p.e2eMs = e2e;
  const done = num(o.results_num_completed_requests);
  const errs = num(o.results_number_errors);
  if (done !== undefined) p.completed = done;
  if (errs !== undefined) p.failed = errs;
  if (p.concurrency == null && !loadGivenOutside(file.name, undefined)) {
    addNote(notes, M.problem("summaryNoConcurrency", {}));
  }
  addNote(notes, M.problem("ntpotSummary", {}));
  const extra: Json = {};
  for (const k of ["framework", "model_size", "api", "name"])
    if (o[k] !== undefined) extra[k] = o[k];
  return {
    ok: true,
    value: {
      sweeps: [
        {
          meta: {
            model: str(o.model) ?? null,
            engine: null,
            gpu: null,
            gpuCount: null,
            date: isoFromUnixSeconds(o.timestamp),
            tool: "llmperf",
            toolVersion: str(o.version) ? `results ${o.version as string}` : null,
            ...extra,
          },
          points: [p],
          ...notes,
        },
      ],
      warnings: [],
    },
  };
}

function parseIndividual(file: InputFile, arr: unknown[], opts: ImportOptions): FileImportResult {
  const agg = new RequestAggregator();
  const conc = opts.concurrency ?? null;
  let bad = 0;
  arr.forEach((r) => {
    if (!isObj(r)) {
      bad++;
      return;
    }
    const errored =
      (r.error_code !== null && r.error_code !== undefined && r.error_code !== "") ||
      (typeof r.error_msg === "string" && r.error_msg.trim() !== "");
    const s = (k: string) => {
      const v = num(r[k]);
      return v === undefined ? undefined : v * 1000;
    };
    agg.add(conc, null, {
      ok: !errored,
      ttftMs: s("ttft_s"),
      e2eMs: s("end_to_end_latency_s"),
      ntpotMs: s("inter_token_latency_s"),
      inputTokens: num(r.number_input_tokens),
      outputTokens: num(r.number_output_tokens),
    });
  });
  const points = agg.finish();
  const notes: Pick<PartialSweep, "warnings" | "problems"> = { warnings: [] };
  addNote(notes, M.problem("ntpotIndividual", {}));
  addNote(notes, M.problem("noTimestamps", {}));
  if (bad) addNote(notes, M.problem("notObjects", { count: bad }));
  if (!loadGivenOutside(file.name, opts.concurrency))
    addNote(notes, M.problem("individualNoConcurrency", {}));
  return {
    ok: true,
    value: {
      sweeps: [
        {
          meta: {
            model: null,
            engine: null,
            gpu: null,
            gpuCount: null,
            date: null,
            tool: "llmperf",
          },
          points,
          ...notes,
        },
      ],
      warnings: [],
    },
  };
}

/** LLMPerf `_summary.json` (flat `results_*` keys, `"version": "2023-08-31"`). */
export const llmperfSummary: FormatImporter = {
  id: "llmperf",
  title: "LLMPerf summary JSON ({model}_{in}_{out}_summary.json)",
  versions: "LLMPerf results version 2023-08-31 (ray-project/llmperf f1d6bed)",
  detect(file) {
    const j = file.json();
    return j.ok && isSummary(j.value) ? 0.95 : 0;
  },
  parse(file) {
    const j = file.json();
    if (!j.ok) return { ok: false, errors: [j.issue] };
    if (!isSummary(j.value))
      return {
        ok: false,
        errors: [issueOf(file.name, "unknown-format", M.problem("notSummary", {}))],
      };
    return parseSummary(file, j.value);
  },
};

/** LLMPerf `_individual_responses.json` (array of per-request records), aggregated exactly. */
export const llmperfIndividual: FormatImporter = {
  id: "llmperf-individual",
  title: "LLMPerf individual responses JSON (per-request records)",
  versions: "LLMPerf 2023-08-31 – f1d6bed (2024-12)",
  detect(file) {
    const j = file.json();
    return j.ok && isIndividual(j.value) ? 0.9 : 0;
  },
  parse(file, opts) {
    const j = file.json();
    if (!j.ok) return { ok: false, errors: [j.issue] };
    if (!isIndividual(j.value))
      return {
        ok: false,
        errors: [issueOf(file.name, "unknown-format", M.problem("notIndividual", {}))],
      };
    return parseIndividual(file, j.value, opts);
  },
};

/** Importers of Ray LLMPerf outputs. */
export const llmperfImporters: FormatImporter[] = [llmperfSummary, llmperfIndividual];
