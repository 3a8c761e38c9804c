/**
 * NVIDIA GenAI-Perf (`genai-perf profile`): `profile_export_genai_perf.csv` and
 * `profile_export_genai_perf.json` (reference `genai-perf.md`; perf_analyzer repo
 * `genai-perf/genai_perf/export_data/{csv,json}_exporter.py`).
 *
 * - CSV: statistics table with descending percentiles (`Metric,avg,min,max,p99,…,p25` 2024-06 …
 *   2025-05, `…,p10,p5,p1` after), then `Metric,Value`; `"1,234.56"` cells, `N/A`, CRLF.
 * - JSON: metric objects `{unit, avg, p…, min, max, std}` plus `input_config` (flat `vars(args)`
 *   ≤ 2025-03 with `concurrency`/`request_rate`; nested with `perf_analyzer.stimulus` after).
 * - "Inter Token Latency" = per request (e2e − ttft)/(out − 1) → `tpotMs` (docs/metrics.md), never `itlMs`.
 * - Concurrency is not in the CSV: it comes from the artifact directory (`…-concurrency8/`) via
 *   the import pipeline, or from the JSON's `input_config`.
 */
import type { SweepMeta, SweepPoint } from "../../engine/base/types";
import type { FileImportResult, FormatImporter, ImportIssue, InputFile } from "../types";
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

const CSV_HEADER = /^metric,avg,min,max,p99,p95,p90,p75,p50,p25(,p10,p5,p1)?,?$/;

/** Whether the first line is GenAI-Perf's statistics header (descending percentiles). */
function isGenaiPerfCsv(file: InputFile): boolean {
  return CSV_HEADER.test(file.firstLine().replace(/[\s"]/g, "").toLowerCase());
}

/** The parsed root object when the file is a GenAI-Perf JSON export, else null. */
function genaiPerfJson(file: InputFile): Record<string, unknown> | null {
  if (!file.firstLine().startsWith("{")) return null;
  const j = file.json();
  const root = j.ok ? asObject(j.value) : null;
  if (!root || countNvMetricObjects(root) < 2) return null;
  return nvJsonFlavor(root) === "genai-perf" ? root : null;
}

/** Metadata from the artifact directory name of a path (model, Triton backend as engine). */
function metaFromPath(name: string): SweepMeta {
  const dir = artifactDirOf(name);
  return {
    model: dir?.model ?? null,
    engine: dir && dir.serviceKind === "triton" ? dir.backendOrEndpoint : null,
    gpu: null,
    gpuCount: null,
    date: null,
    tool: "genai-perf",
    toolVersion: null,
    ...(dir
      ? {
          serviceKind: dir.serviceKind,
          [dir.serviceKind === "triton" ? "backend" : "endpointType"]: dir.backendOrEndpoint,
        }
      : {}),
  };
}

function parseCsvExport(file: InputFile): FileImportResult {
  const res = parseNvCsv(file);
  if (!res.ok) return res;
  const csv = res.value;
  const missing = missingTtftIssue(file, csv, "Time To First Token (ms)");
  if (missing) return { ok: false, errors: [missing] };
  const p = csv.point;
  if (!p.ttftMs && !p.e2eMs && !p.tpotMs) {
    return {
      ok: false,
      errors: [
        issueOf(
          file.name,
          "missing-metric",
          M.problem("noLatencyRow", { ttftLabel: "Time To First Token (ms)" }),
          { line: csv.statHeaderLine },
        ),
      ],
    };
  }
  const notes: Problem[] = [];
  if (!p.ttftMs) notes.push(M.problem("noTtftRow", { file: file.name }));
  if (!csv.hasValueBlock) notes.push(M.problem("noValueTable", { file: file.name }));
  const rate = requestRateFromPath(file.name);
  if (rate != null) p.requestRate = rate;
  return single(metaFromPath(file.name), p, notes);
}

/** Load level and metadata from `input_config` (flat ≤ 2025-03, nested `perf_analyzer.stimulus` after). */
function readInputConfig(
  ic: Record<string, unknown> | null,
  point: SweepPoint,
  meta: SweepMeta,
  notes: Problem[],
  file: string,
): void {
  if (!ic) return;
  const pa = asObject(ic.perf_analyzer);
  const stim = asObject(pa?.stimulus) ?? ic;
  const conc = positiveNumber(stim.concurrency);
  const rate = positiveNumber(stim.request_rate);
  const sessionConc = positiveNumber(stim.session_concurrency);
  if (rate != null) point.requestRate = rate;
  else if (conc != null) point.concurrency = conc;
  else if (sessionConc != null) {
    point.concurrency = sessionConc;
    notes.push(M.problem("sessionConcurrency", { file, value: sessionConc }));
  }
  const ep = asObject(ic.endpoint);
  const models = Array.isArray(ic.model_names)
    ? ic.model_names
    : Array.isArray(ic.model)
      ? ic.model
      : [ic.model];
  const model = asString(models[0]) ?? asString(ic.formatted_model_name);
  if (model) meta.model = model;
  const serviceKind = asString(ic.service_kind) ?? asString(ep?.service_kind);
  const backend = asString(ic.backend) ?? asString(ep?.backend);
  const endpointType = asString(ic.endpoint_type) ?? asString(ep?.type);
  if (serviceKind) meta.serviceKind = serviceKind;
  if (endpointType) meta.endpointType = endpointType;
  if (serviceKind === "triton" && backend) {
    meta.engine = backend;
    meta.backend = backend;
  }
  const streaming = ic.streaming ?? ep?.streaming;
  if (typeof streaming === "boolean") meta.streaming = streaming;
}

function parseJsonExport(file: InputFile, root: Record<string, unknown>): FileImportResult {
  const r = pointFromNvJson(root, file.name);
  if (!r.ok) return { ok: false, errors: r.errors };
  const point = r.point;
  if (!point.ttftMs && !point.e2eMs) {
    const issue: ImportIssue = issueOf(file.name, "missing-metric", M.problem("noLatencyKey", {}), {
      key: "time_to_first_token",
    });
    return { ok: false, errors: [issue] };
  }
  const meta = metaFromPath(file.name);
  const notes: Problem[] = [];
  readInputConfig(asObject(root.input_config), point, meta, notes, file.name);
  if (point.concurrency == null && point.requestRate == null) {
    const rate = requestRateFromPath(file.name);
    if (rate != null) point.requestRate = rate;
  }
  return single(meta, point, notes);
}

/** GenAI-Perf CSV and JSON exports, one load level per file (docs/metrics.md). */
export const genaiPerfImporter: FormatImporter = {
  id: "genai-perf",
  title: "NVIDIA GenAI-Perf profile_export_genai_perf.csv / .json",
  versions: "GenAI-Perf 2024-06 … 2025-12 (10- and 13-column CSV; flat and nested input_config)",
  detect(file) {
    if (isGenaiPerfCsv(file)) return 0.95;
    return genaiPerfJson(file) ? 0.95 : 0;
  },
  parse(file) {
    if (isGenaiPerfCsv(file)) return parseCsvExport(file);
    const root = genaiPerfJson(file);
    if (root) return parseJsonExport(file, root);
    const j = file.json();
    if (!j.ok) return { ok: false, errors: [j.issue] };
    return {
      ok: false,
      errors: [issueOf(file.name, "wrong-format", M.problem("notGenaiPerf", {}), { line: 1 })],
    };
  },
};

/** Importers of this family. */
export const genaiPerfImporters: FormatImporter[] = [genaiPerfImporter];
