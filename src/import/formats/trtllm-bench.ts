/**
 * TensorRT-LLM `trtllm-bench throughput|latency --report_json` (reference `trtllm-bench.md`;
 * `tensorrt_llm/bench/dataclasses/reporting.py` `ReportUtility.get_statistics_dict()`):
 * top-level `engine`, `machine`, `world_info`, `request_info`, `performance`, `streaming_metrics`.
 *
 * - Percentile objects use keys `p50, p90, p95, p99, minimum, maximum, average` (ms), taken by
 *   index (`sorted(values)[int(n·q)]`), not interpolated.
 * - TPOT = (end − first token)/(out − 1) per request → `tpotMs`; TTFT → `ttftMs`; request
 *   latency → `e2eMs` (docs/metrics.md).
 * - Concurrency: the report only has the measured `request_info.avg_num_concurrent_requests`; it
 *   is used (with a warning) unless a configured value is known (`--concurrency N` given to
 *   capplan, or a concurrency in the path, which the import pipeline then fills in).
 * - GPUs: `world_info.world_size` (tp × pp) → `meta.gpuCount`; `machine.name` → `meta.gpu`.
 */
import type { Stats, SweepMeta, SweepPoint } from "../../engine/base/types";
import { addNote, issueOf } from "../messages/issue";
import { trtllmMessages as M } from "./trtllm-bench-messages";
import type {
  FileImportResult,
  FormatImporter,
  ImportIssue,
  InputFile,
  PartialSweep,
} from "../types";
import { asObject, asString, statKeyOf } from "./nv-metrics";
import { pathHasConcurrency } from "./nv-path";
import { shown } from "../show";

const TOP = ["engine", "world_info", "request_info", "performance"];

function reportRoot(file: InputFile): Record<string, unknown> | null {
  if (!file.firstLine().startsWith("{")) return null;
  const j = file.json();
  return j.ok ? asObject(j.value) : null;
}

/** Typed reader of numbers by key path; a non-number where a number belongs is recorded as an error. */
class Reader {
  readonly errors: ImportIssue[] = [];
  constructor(readonly file: string) {}

  /** The number at `section.key`, undefined when absent/null/NaN; an error for any other type. */
  num(obj: Record<string, unknown> | null, path: string, key: string): number | undefined {
    const v = obj?.[key];
    if (v == null) return undefined;
    if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
    this.errors.push(
      issueOf(this.file, "bad-number", M.problem("badNumber", { got: shown(v) }), {
        key: `${path}.${key}`,
      }),
    );
    return undefined;
  }

  /** A percentile object `{p50, p90, p95, p99, minimum, maximum, average}` as {@link Stats}. */
  stats(obj: Record<string, unknown> | null, path: string, key: string): Stats | undefined {
    const p = obj?.[key];
    if (p == null) return undefined;
    const o = asObject(p);
    if (!o) {
      this.errors.push(
        issueOf(this.file, "bad-type", M.problem("badPercentiles", { got: shown(p) }), {
          key: `${path}.${key}`,
        }),
      );
      return undefined;
    }
    const out: Stats = {};
    for (const k of Object.keys(o)) {
      const stat = statKeyOf(k);
      if (!stat) continue;
      const v = this.num(o, `${path}.${key}`, k);
      if (v !== undefined) out[stat] = v;
    }
    return Object.keys(out).length ? out : undefined;
  }
}

function parseReport(
  file: InputFile,
  root: Record<string, unknown>,
  given: number | undefined,
): FileImportResult {
  const rd = new Reader(file.name);
  const engine = asObject(root.engine);
  const world = asObject(root.world_info);
  const req = asObject(root.request_info);
  const perf = asObject(root.performance);
  const streaming = asObject(root.streaming_metrics);
  const machine = asObject(root.machine);
  if (!perf)
    return {
      ok: false,
      errors: [
        issueOf(file.name, "missing-key", M.problem("noPerformance", {}), { key: "performance" }),
      ],
    };

  const point: SweepPoint = { concurrency: null, requestRate: null };
  const notes: Pick<PartialSweep, "warnings" | "problems"> = { warnings: [] };
  const measured = rd.num(req, "request_info", "avg_num_concurrent_requests");
  if (given != null) point.concurrency = given;
  else if (!pathHasConcurrency(file.name) && measured != null && measured > 0) {
    point.concurrency = measured;
    addNote(notes, M.problem("measuredConcurrency", { file: file.name, concurrency: measured }));
  }
  point.rps = rd.num(perf, "performance", "request_throughput_req_s") ?? null;
  point.outputTokensPerSec = rd.num(perf, "performance", "system_output_throughput_tok_s") ?? null;
  point.totalTokensPerSec = rd.num(perf, "performance", "system_total_throughput_tok_s") ?? null;
  point.meanInputTokens = rd.num(req, "request_info", "avg_input_length") ?? null;
  point.meanOutputTokens = rd.num(req, "request_info", "avg_output_length") ?? null;
  point.completed = rd.num(req, "request_info", "num_requests") ?? null;
  const e2e = rd.stats(perf, "performance", "request_latency_percentiles_ms");
  const avgLat = rd.num(perf, "performance", "avg_request_latency_ms");
  if (e2e || avgLat !== undefined)
    point.e2eMs = { ...(avgLat !== undefined ? { mean: avgLat } : {}), ...e2e };
  const ttft = rd.stats(streaming, "streaming_metrics", "ttft_percentiles");
  const avgTtft = rd.num(streaming, "streaming_metrics", "avg_ttft_ms");
  if (ttft || avgTtft !== undefined)
    point.ttftMs = { ...(avgTtft !== undefined ? { mean: avgTtft } : {}), ...ttft };
  const tpot = rd.stats(streaming, "streaming_metrics", "tpot_percentiles");
  const avgTpot = rd.num(streaming, "streaming_metrics", "avg_tpot_ms");
  if (tpot || avgTpot !== undefined)
    point.tpotMs = { ...(avgTpot !== undefined ? { mean: avgTpot } : {}), ...tpot };
  const tp = rd.num(world, "world_info", "tp_size");
  const pp = rd.num(world, "world_info", "pp_size");
  const ep = rd.num(world, "world_info", "ep_size");
  const worldSize = rd.num(world, "world_info", "world_size");
  const issueRate = rd.num(world, "world_info", "issue_rate");
  rd.num(perf, "performance", "output_throughput_per_gpu_tok_s");
  if (rd.errors.length) return { ok: false, errors: rd.errors };
  if (point.rps == null && point.outputTokensPerSec == null) {
    return {
      ok: false,
      errors: [
        issueOf(file.name, "missing-key", M.problem("noThroughput", {}), {
          key: "performance.request_throughput_req_s",
        }),
      ],
    };
  }
  if (!streaming) addNote(notes, M.problem("notStreaming", { file: file.name }));

  const meta: SweepMeta = {
    model: asString(engine?.model),
    engine: "tensorrt-llm",
    gpu: asString(machine?.name),
    gpuCount: worldSize ?? (tp != null ? tp * (pp ?? 1) : null),
    date: null,
    tool: "trtllm-bench",
    toolVersion: asString(engine?.version),
    backend: asString(engine?.backend),
    percentileMethod: "index (sorted[int(n*q)])",
    ...(tp != null ? { tp } : {}),
    ...(pp != null ? { pp } : {}),
    ...(ep != null ? { ep } : {}),
    ...(issueRate != null ? { issueRate } : {}),
    ...(asString(engine?.dtype) ? { dtype: asString(engine?.dtype) } : {}),
    ...(asString(engine?.quantization) ? { quantization: asString(engine?.quantization) } : {}),
  };
  return { ok: true, value: { sweeps: [{ meta, points: [point], ...notes }], warnings: [] } };
}

/** trtllm-bench `--report_json` report, one load level per file. */
export const trtllmBenchImporter: FormatImporter = {
  id: "trtllm-bench",
  title: "TensorRT-LLM trtllm-bench --report_json",
  versions: "TensorRT-LLM 0.15 – 1.x (reporting.py get_statistics_dict)",
  detect(file) {
    const root = reportRoot(file);
    if (!root) return 0;
    const n = TOP.filter((k) => asObject(root[k])).length;
    return n === 4 ? 0.95 : n === 3 && asObject(root.performance) ? 0.7 : 0;
  },
  parse(file, opts) {
    const j = file.json();
    if (!j.ok) return { ok: false, errors: [j.issue] };
    const root = asObject(j.value);
    if (!root)
      return {
        ok: false,
        errors: [issueOf(file.name, "wrong-format", M.problem("notObject", {}), { line: 1 })],
      };
    return parseReport(file, root, opts.concurrency);
  },
};

/** Importers of this family. */
export const trtllmBenchImporters: FormatImporter[] = [trtllmBenchImporter];
