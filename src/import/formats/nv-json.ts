/**
 * The metric objects of GenAI-Perf `profile_export_genai_perf.json` and AIPerf
 * `profile_export_aiperf.json`: top-level `"<tag>": {"unit", "avg", "p50", …}` (GenAI-Perf
 * `json_exporter.py`, AIPerf `JsonExportData`). Shared reading into one {@link SweepPoint}.
 */
import type { SweepPoint } from "../../engine/base/types";
import type { ImportIssue } from "../types";
import { applyNvMetric, asObject, NV_METRICS, nvName, readNvJsonMetric } from "./nv-metrics";
import { issueOf } from "../messages/issue";

/** How many top-level values look like metric objects (`{unit: string, avg|p50: …}`). */
export function countNvMetricObjects(root: Record<string, unknown>): number {
  let n = 0;
  for (const v of Object.values(root)) {
    const o = asObject(v);
    if (o && typeof o.unit === "string" && ("avg" in o || "p50" in o)) n++;
  }
  return n;
}

/**
 * Read every known metric object of the root into a point (load left null). A statistic that is
 * not a number is an error naming its key path (`time_to_first_token.p99`).
 */
export function pointFromNvJson(
  root: Record<string, unknown>,
  file: string,
): { ok: true; point: SweepPoint } | { ok: false; errors: ImportIssue[] } {
  const point: SweepPoint = { concurrency: null, requestRate: null };
  const errors: ImportIssue[] = [];
  for (const [tag, v] of Object.entries(root)) {
    const target = NV_METRICS[nvName(tag)];
    const obj = asObject(v);
    if (!target || !obj) continue;
    const r = readNvJsonMetric(obj, tag, target.kind === "stats");
    if (!r.ok) {
      errors.push(issueOf(file, "bad-number", r.problem, { key: r.key }));
      continue;
    }
    applyNvMetric(point, target, r.stats);
  }
  return errors.length ? { ok: false, errors } : { ok: true, point };
}

/**
 * Which NVIDIA tool wrote a JSON export: AIPerf files carry `schema_version`/`aiperf_version`
 * (≥ 0.8) or an `input_config` with `loadgen`, `phases`, `models` or `endpoint.model_names`;
 * GenAI-Perf's `input_config` is flat `vars(args)` (`model`, `service_kind`, ≤ 2025-03) or
 * nested (`model_names`, `perf_analyzer`). Falls back to `request_count.unit` (`count` vs `requests`).
 */
export function nvJsonFlavor(root: Record<string, unknown>): "genai-perf" | "aiperf" | null {
  if ("schema_version" in root || "aiperf_version" in root) return "aiperf";
  const ic = asObject(root.input_config);
  if (ic) {
    const ep = asObject(ic.endpoint);
    if ("loadgen" in ic || "phases" in ic || "models" in ic || (ep && "model_names" in ep))
      return "aiperf";
    if (
      "perf_analyzer" in ic ||
      "model_names" in ic ||
      "service_kind" in ic ||
      "formatted_model_name" in ic ||
      "model" in ic
    )
      return "genai-perf";
  }
  const unit = asObject(root.request_count)?.unit;
  if (unit === "count") return "genai-perf";
  if (unit === "requests") return "aiperf";
  return null;
}
