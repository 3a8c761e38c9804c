/**
 * NVIDIA AIPerf (ai-dynamo/aiperf; reference `aiperf.md`): `profile_export_aiperf.csv`,
 * `profile_export_aiperf.json`, per-request `profile_export.jsonl`, and the sweep aggregate
 * `sweep_aggregate/profile_export_aiperf_sweep.{csv,json}`.
 *
 * - CSV: `Metric,avg,min,max,[sum,]p1,…,p99,std` (ascending, std last; `sum` from 0.11), rows
 *   sorted by tag, blank cells for absent stats, then `Metric,Value`, then GPU telemetry (ignored).
 * - JSON: metric objects keyed by tag + `input_config`: concurrency in `loadgen.concurrency` (0.8)
 *   or `phases[].concurrency` and `run_info.variation_values` (0.11).
 * - "Inter Token Latency" = (e2e − ttft)/(OSL − 1) per request → `tpotMs`; "Inter Chunk Latency"
 *   (gaps between streamed chunks) → `itlMs` (docs/metrics.md).
 */
import type { SweepMeta, SweepPoint } from "../../engine/base/types";
import type { FileImportResult, FormatImporter, InputFile } from "../types";
import { firstLineIsAiperfRecord, parseAiperfRecords } from "./nv-aiperf-records";
import {
  isAiperfSweepCsv,
  isAiperfSweepJson,
  parseAiperfSweepCsv,
  parseAiperfSweepJson,
} from "./nv-aiperf-sweep";
import { missingTtftIssue, parseNvCsv } from "./nv-csv";
import { countNvMetricObjects, nvJsonFlavor, pointFromNvJson } from "./nv-json";
import { asObject, asString, positiveNumber } from "./nv-metrics";
import { artifactDirOf, requestRateFromPath } from "./nv-path";
import { englishOf, type Problem } from "../../engine/base/problems";
import { issueOf } from "../messages/issue";
import { nvMessages as M } from "./nv-messages";

/** A one-point partial sweep with its notes (English in `warnings`, the problems beside). */
function single(meta: SweepMeta, point: SweepPoint, notes: Problem[]): FileImportResult {
  return {
    ok: true,
    value: {
      sweeps: [{ meta, points: [point], warnings: notes.map(englishOf), problems: notes }],
      warnings: [],
    },
  };
}

/** Whether the first line is AIPerf's statistics header (ascending percentiles, `std` last). */
function isAiperfCsv(file: InputFile): boolean {
  const h = file.firstLine().replace(/[\s"]/g, "").toLowerCase().replace(/,$/, "");
  return /^metric,avg,min,max,(sum,)?p1,p5,p10,p25,p50,p75,p90,p95,p99,std$/.test(h);
}

/** The JSON root when the file is an AIPerf JSON (summary or sweep aggregate), else null. */
function aiperfJson(file: InputFile): { root: Record<string, unknown>; sweep: boolean } | null {
  if (!file.firstLine().startsWith("{")) return null;
  const j = file.json();
  const root = j.ok ? asObject(j.value) : null;
  if (!root) return null;
  if (isAiperfSweepJson(root)) return { root, sweep: true };
  if (countNvMetricObjects(root) >= 2 && nvJsonFlavor(root) === "aiperf")
    return { root, sweep: false };
  return null;
}

function baseMeta(name: string): SweepMeta {
  const dir = artifactDirOf(name);
  return {
    model: dir?.model ?? null,
    engine: null,
    gpu: null,
    gpuCount: null,
    date: null,
    tool: "aiperf",
    toolVersion: null,
    ...(dir ? { endpointType: dir.backendOrEndpoint } : {}),
  };
}

function parseCsvExport(file: InputFile): FileImportResult {
  const res = parseNvCsv(file);
  if (!res.ok) return res;
  const missing = missingTtftIssue(file, res.value, "Time to First Token (ms)");
  if (missing) return { ok: false, errors: [missing] };
  const p = res.value.point;
  if (!p.ttftMs && !p.e2eMs) {
    return {
      ok: false,
      errors: [
        issueOf(
          file.name,
          "missing-metric",
          M.problem("noLatencyRow", { ttftLabel: "Time to First Token (ms)" }),
          { line: res.value.statHeaderLine },
        ),
      ],
    };
  }
  const notes: Problem[] = [];
  if (!res.value.hasValueBlock) notes.push(M.problem("noValueTable", { file: file.name }));
  const rate = requestRateFromPath(file.name);
  if (rate != null) p.requestRate = rate;
  return single(baseMeta(file.name), p, notes);
}

/** Configured load: 0.11 `phases[]` (profiling phase) and `run_info.variation_values`, 0.8 `loadgen`. */
function readLoad(
  root: Record<string, unknown>,
  ic: Record<string, unknown> | null,
  point: SweepPoint,
): void {
  const phases = Array.isArray(ic?.phases)
    ? ic!.phases.map(asObject).filter((x): x is Record<string, unknown> => !!x)
    : [];
  const prof =
    phases.find((p) => p.name === "profiling" && p.exclude_from_results !== true) ??
    phases.find((p) => p.exclude_from_results !== true);
  const loadgen = asObject(ic?.loadgen);
  const variation = asObject(asObject(root.run_info)?.variation_values) ?? {};
  const varConc = Object.entries(variation).find(([k]) => /(^|\.)concurrency$/.test(k))?.[1];
  const varRate = Object.entries(variation).find(([k]) => /(^|\.)(request_)?rate$/.test(k))?.[1];
  const conc =
    positiveNumber(prof?.concurrency) ??
    positiveNumber(varConc) ??
    positiveNumber(loadgen?.concurrency);
  const rate =
    positiveNumber(prof?.request_rate) ??
    positiveNumber(prof?.rate) ??
    positiveNumber(varRate) ??
    positiveNumber(loadgen?.request_rate);
  if (conc != null) point.concurrency = conc;
  else if (rate != null) point.requestRate = rate;
}

function parseJsonExport(file: InputFile, root: Record<string, unknown>): FileImportResult {
  const r = pointFromNvJson(root, file.name);
  if (!r.ok) return { ok: false, errors: r.errors };
  const point = r.point;
  if (!point.ttftMs && !point.e2eMs) {
    return {
      ok: false,
      errors: [
        issueOf(file.name, "missing-metric", M.problem("noLatencyKey", {}), {
          key: "time_to_first_token",
        }),
      ],
    };
  }
  if (point.tpotMs && !point.ttftMs) {
    return {
      ok: false,
      errors: [
        issueOf(file.name, "missing-metric", M.problem("ttftMissingStreaming", {}), {
          key: "time_to_first_token",
        }),
      ],
    };
  }
  const ic = asObject(root.input_config);
  readLoad(root, ic, point);
  if (point.concurrency == null && point.requestRate == null) {
    const rate = requestRateFromPath(file.name);
    if (rate != null) point.requestRate = rate;
  }
  const meta = baseMeta(file.name);
  const ep = asObject(ic?.endpoint);
  const names = Array.isArray(ep?.model_names) ? ep!.model_names : [];
  const items = Array.isArray(asObject(ic?.models)?.items)
    ? (asObject(ic?.models)!.items as unknown[])
    : [];
  const model = asString(names[0]) ?? asString(asObject(items[0])?.name);
  if (model) meta.model = model;
  meta.toolVersion = asString(root.aiperf_version);
  meta.date = asString(root.start_time);
  if (asString(root.schema_version)) meta.schemaVersion = asString(root.schema_version);
  const tokenizer = asString(asObject(ic?.tokenizer)?.name);
  if (tokenizer) meta.tokenizer = tokenizer;
  if (asString(ep?.type)) meta.endpointType = asString(ep?.type);
  if (typeof ep?.streaming === "boolean") meta.streaming = ep.streaming;
  const notes: Problem[] =
    root.was_cancelled === true ? [M.problem("cancelled", { file: file.name })] : [];
  return single(meta, point, notes);
}

/** AIPerf CSV, JSON, per-request JSONL and sweep aggregate (docs/metrics.md). */
export const aiperfImporter: FormatImporter = {
  id: "aiperf",
  title:
    "NVIDIA AIPerf profile_export_aiperf.csv / .json, profile_export.jsonl records, sweep aggregate",
  versions: "AIPerf 0.1 – 0.11 (schema_version 1.1 – 1.3)",
  detect(file) {
    if (isAiperfCsv(file)) return 0.95;
    if (isAiperfSweepCsv(file)) return 0.9;
    if (firstLineIsAiperfRecord(file)) return 0.9;
    return aiperfJson(file) ? 0.95 : 0;
  },
  parse(file) {
    if (isAiperfCsv(file)) return parseCsvExport(file);
    if (isAiperfSweepCsv(file)) return parseAiperfSweepCsv(file);
    if (firstLineIsAiperfRecord(file)) return parseAiperfRecords(file);
    const j = aiperfJson(file);
    if (j) return j.sweep ? parseAiperfSweepJson(file, j.root) : parseJsonExport(file, j.root);
    const jj = file.json();
    if (!jj.ok) return { ok: false, errors: [jj.issue] };
    return {
      ok: false,
      errors: [issueOf(file.name, "wrong-format", M.problem("notAiperf", {}), { line: 1 })],
    };
  },
};

/** Importers of this family. */
export const aiperfImporters: FormatImporter[] = [aiperfImporter];
