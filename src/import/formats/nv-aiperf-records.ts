/**
 * AIPerf per-request records `profile_export.jsonl` (AIPerf docs "Working with Profile Export
 * Files", `MetricRecordInfo`): one JSON object per line,
 * `{"metadata": {request_start_ns, request_end_ns, benchmark_phase, …}, "metrics": {"<tag>": {"value", "unit"}}, "error": null | {…}}`.
 * Aggregated with exact numpy-linear percentiles (docs/metrics.md): `inter_token_latency` (per request) →
 * tpot, the `inter_chunk_latency` arrays pooled → itl, `request_latency` → e2e.
 */
import type { SweepPoint } from "../../engine/base/types";
import { parseJsonLenient } from "../input";
import { RequestAggregator, type RequestRecord } from "../per-request";
import type { FileImportResult, ImportIssue, InputFile } from "../types";
import { asObject, msFactor } from "./nv-metrics";
import { shown } from "../show";
import { englishOf, type Problem } from "../../engine/base/problems";
import { issueOf } from "../messages/issue";
import { nvMessages as M } from "./nv-messages";
import { tableMessages } from "../messages/table";

/** Whether a parsed JSON value looks like one AIPerf record. */
export function isAiperfRecord(v: unknown): boolean {
  const o = asObject(v);
  const md = asObject(o?.metadata);
  if (!o || !md || !("metrics" in o)) return false;
  return [
    "request_start_ns",
    "benchmark_phase",
    "credit_phase",
    "x_request_id",
    "session_num",
    "timestamp_ns",
  ].some((k) => k in md);
}

/** Cheap detection on the first line only. */
export function firstLineIsAiperfRecord(file: InputFile): boolean {
  const first = file.firstLine();
  if (!first.startsWith("{") || !first.endsWith("}")) return false;
  const r = parseJsonLenient(first, file.name);
  return r.ok && isAiperfRecord(r.value);
}

type Val =
  | { ok: true; value: number | number[] | undefined }
  | { ok: false; problem: Problem<object> };

/** Value of one record metric in ms (times) or as is (tokens); arrays for inter_chunk_latency. */
function metricValue(metrics: Record<string, unknown>, tag: string, isTime: boolean): Val {
  const m = asObject(metrics[tag]);
  if (!m || m.value == null) return { ok: true, value: undefined };
  const f = isTime ? (msFactor(typeof m.unit === "string" ? m.unit : "ms") ?? 1) : 1;
  if (typeof m.value === "number") return { ok: true, value: m.value * f };
  if (Array.isArray(m.value) && m.value.every((x) => typeof x === "number"))
    return { ok: true, value: (m.value as number[]).map((x) => x * f) };
  return { ok: false, problem: tableMessages.problem("numberGot", { value: shown(m.value) }) };
}

/** Parse and aggregate a `profile_export.jsonl` into one point (load from the path). */
export function parseAiperfRecords(file: InputFile): FileImportResult {
  const jl = file.jsonLines();
  if (!jl.ok) return { ok: false, errors: [jl.issue] };
  const agg = new RequestAggregator();
  const errors: ImportIssue[] = [];
  let skipped = 0;
  jl.values.forEach((v, i) => {
    const line = jl.lines[i]!;
    if (!isAiperfRecord(v)) {
      errors.push(issueOf(file.name, "bad-record", M.problem("notRecord", {}), { line }));
      return;
    }
    const rec = v as Record<string, unknown>;
    const md = asObject(rec.metadata)!;
    const phase = md.benchmark_phase ?? md.credit_phase;
    if (typeof phase === "string" && phase !== "profiling") {
      skipped++;
      return;
    }
    const metrics = asObject(rec.metrics) ?? {};
    const r: RequestRecord = {
      ok: rec.error == null && md.was_cancelled !== true && rec.metrics != null,
    };
    const get = (tag: string, isTime: boolean): number | number[] | undefined => {
      const x = metricValue(metrics, tag, isTime);
      if (!x.ok) {
        errors.push(
          issueOf(file.name, "bad-number", x.problem, { line, key: `metrics.${tag}.value` }),
        );
        return undefined;
      }
      return x.value;
    };
    const num = (x: number | number[] | undefined) => (typeof x === "number" ? x : undefined);
    r.ttftMs = num(get("time_to_first_token", true));
    r.e2eMs = num(get("request_latency", true));
    r.tpotMs = num(get("inter_token_latency", true));
    const gaps = get("inter_chunk_latency", true);
    if (Array.isArray(gaps)) r.itlGapsMs = gaps;
    else if (typeof gaps === "number") r.itlGapsMs = [gaps];
    r.inputTokens = num(get("input_sequence_length", false));
    r.outputTokens =
      num(get("output_sequence_length", false)) ?? num(get("output_token_count", false));
    if (typeof md.request_start_ns === "number") r.startMs = md.request_start_ns / 1e6;
    if (typeof md.request_end_ns === "number") r.endMs = md.request_end_ns / 1e6;
    agg.add(null, null, r);
  });
  if (errors.length) return { ok: false, errors };
  const points: SweepPoint[] = agg.finish();
  if (!points.length) {
    return {
      ok: false,
      errors: [issueOf(file.name, "no-points", M.problem("noProfilingRecords", {}), { line: 1 })],
    };
  }
  const notes: Problem[] = [M.problem("aggregatedRecords", { file: file.name })];
  if (skipped) notes.push(M.problem("warmupLeftOut", { file: file.name, count: skipped }));
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
            tool: "aiperf",
            toolVersion: null,
          },
          points,
          warnings: notes.map(englishOf),
          problems: notes,
        },
      ],
      warnings: [],
    },
  };
}
