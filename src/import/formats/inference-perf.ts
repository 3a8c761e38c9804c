/**
 * kubernetes-sigs/inference-perf lifecycle reports (reference `inference-perf.md`):
 * `stage_<n>_lifecycle_metrics.json` (one load level each) and `summary_lifecycle_metrics.json`.
 *
 * Mapping (`inference_perf/reportgen/base.py` `summarize_requests`, all latencies in seconds → ms):
 * - `time_to_first_token` → ttft; `time_per_output_token` ((last − first)/(n − 1)) → tpot;
 *   `normalized_time_per_output_token` (e2e/n) → ntpot; `inter_token_latency` (every
 *   token-to-token delta, 0 inside a streamed chunk) → itl; `request_latency` → e2e (docs/metrics.md).
 * - stats `mean, min, p0.1 … median … p99.9, max` → `mean, min, p0.1 … p50 … p99.9, max`.
 * - load: `load_summary.concurrency` when present (concurrency-type loads, closed loop), else
 *   `load_summary.requested_rate` as the open-loop request rate. The `stage_<n>` index of the
 *   file name is only an ordering hint and is not used: points are sorted by requested rate.
 * - throughput: `successes.throughput.{requests_per_sec, output_tokens_per_sec, total_tokens_per_sec}`.
 *
 * The summary report aggregates every stage (mixed load levels; its `load_summary` has no
 * requested rate), so it is not a load level: it yields no sweep, only a "skipped" note, and a
 * folder holding stages + summary imports as one sweep of the stages. `*_prometheus_metrics.json`
 * (server-side scrape, `load_summary: {}`) is skipped the same way.
 */
import type { SweepPoint } from "../../engine/base/types";
import type { Problem } from "../../engine/base/problems";
import { addNote, issueOf } from "../messages/issue";
import { inferencePerfMessages as M } from "./inference-perf-messages";
import type { FileImportResult, FormatImporter, InputFile, PartialSweep } from "../types";
import { get, isObj, num, statsFrom } from "./common-json";

const STATS: Readonly<Record<string, string>> = {
  mean: "mean",
  min: "min",
  "p0.1": "p0.1",
  p1: "p1",
  p5: "p5",
  p10: "p10",
  p25: "p25",
  median: "p50",
  p50: "p50",
  p75: "p75",
  p90: "p90",
  p95: "p95",
  p99: "p99",
  "p99.9": "p99.9",
  max: "max",
};

type Kind = "stage" | "summary" | "prometheus";

function kindOf(file: InputFile): Kind | null {
  const j = file.json();
  if (!j.ok || !isObj(j.value)) return null;
  const v = j.value;
  if (!isObj(v.load_summary) || !isObj(v.successes)) return null;
  const ttft = get(v, "successes", "latency", "time_to_first_token");
  if (
    isObj(ttft) &&
    (ttft.median !== undefined || ttft.mean !== undefined) &&
    isObj(get(v, "successes", "throughput"))
  ) {
    const ls = v.load_summary;
    const stageLike = ls.requested_rate !== undefined || ls.concurrency !== undefined;
    if (!stageLike || /(^|[/\\_-])summary_lifecycle_metrics\.json$/i.test(file.name))
      return "summary";
    return "stage";
  }
  // Prometheus report: empty load_summary, server metrics under successes.
  const s = v.successes;
  if (
    Object.keys(v.load_summary).length === 0 &&
    (isObj(s.time_to_first_token) || isObj(s.request_latency)) &&
    (s.kv_cache_usage_percentage !== undefined || s.queue_len !== undefined || s.rate !== undefined)
  ) {
    return "prometheus";
  }
  return null;
}

function skipped(file: InputFile, problem: Problem<object>): FileImportResult {
  return { ok: true, value: { sweeps: [], warnings: [issueOf(file.name, "skipped", problem)] } };
}

function parse(file: InputFile): FileImportResult {
  const kind = kindOf(file);
  if (kind === "summary") {
    return skipped(file, M.problem("summarySkipped", {}));
  }
  if (kind === "prometheus") {
    return skipped(file, M.problem("prometheusSkipped", {}));
  }
  const j = file.json();
  if (!j.ok) return { ok: false, errors: [j.issue] };
  if (kind !== "stage" || !isObj(j.value)) {
    return {
      ok: false,
      errors: [issueOf(file.name, "unknown-format", M.problem("notLifecycle", {}))],
    };
  }
  const v = j.value;
  const notes: Pick<PartialSweep, "warnings" | "problems"> = { warnings: [] };
  const ls = v.load_summary as Record<string, unknown>;
  const conc = num(ls.concurrency);
  const rate = num(ls.requested_rate);
  const p: SweepPoint = { concurrency: null, requestRate: null };
  if (conc !== undefined && conc > 0) p.concurrency = conc;
  else if (rate !== undefined && rate > 0) p.requestRate = rate;
  else {
    const ach = num(ls.achieved_rate);
    if (ach !== undefined && ach > 0) {
      p.requestRate = ach;
      addNote(notes, M.problem("achievedRate", { file: file.name, rate: ach }));
    } else {
      return {
        ok: false,
        errors: [
          issueOf(file.name, "missing-load", M.problem("missingLoad", {}), {
            key: "load_summary.requested_rate",
          }),
        ],
      };
    }
  }
  const lat = get(v, "successes", "latency");
  const ttft = statsFrom(get(lat, "time_to_first_token"), STATS, 1000);
  const tpot = statsFrom(get(lat, "time_per_output_token"), STATS, 1000);
  const ntpot = statsFrom(get(lat, "normalized_time_per_output_token"), STATS, 1000);
  const itl = statsFrom(get(lat, "inter_token_latency"), STATS, 1000);
  const e2e = statsFrom(get(lat, "request_latency"), STATS, 1000);
  if (ttft) p.ttftMs = ttft;
  if (tpot) p.tpotMs = tpot;
  if (ntpot) p.ntpotMs = ntpot;
  if (itl) p.itlMs = itl;
  if (e2e) p.e2eMs = e2e;
  const tp = get(v, "successes", "throughput");
  const rps = num(get(tp, "requests_per_sec"));
  const otps = num(get(tp, "output_tokens_per_sec"));
  const ttps = num(get(tp, "total_tokens_per_sec"));
  if (rps !== undefined) p.rps = rps;
  if (otps !== undefined) p.outputTokensPerSec = otps;
  if (ttps !== undefined) p.totalTokensPerSec = ttps;
  const s = v.successes as Record<string, unknown>;
  const inTok = num(get(s, "prompt_tokens", "mean")) ?? num(get(s, "prompt_len", "mean"));
  const outTok = num(get(s, "output_tokens", "mean")) ?? num(get(s, "output_len", "mean"));
  if (inTok !== undefined) p.meanInputTokens = inTok;
  if (outTok !== undefined) p.meanOutputTokens = outTok;
  const ok = num(s.count);
  const failed = num(get(v, "failures", "count"));
  if (ok !== undefined) p.completed = ok;
  if (failed !== undefined) p.failed = failed;
  if (itl?.p50 !== undefined && tpot?.p50 !== undefined && itl.p50 < 0.1 * tpot.p50) {
    addNote(notes, M.problem("itlNearZero", {}));
  }
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
            tool: "inference-perf",
          },
          points: [p],
          ...notes,
        },
      ],
      warnings: [],
    },
  };
}

/** inference-perf stage lifecycle report (summary and Prometheus reports are recognised and skipped). */
export const inferencePerfLifecycle: FormatImporter = {
  id: "inference-perf",
  title: "kubernetes-sigs inference-perf lifecycle metrics JSON (stage_<n>_lifecycle_metrics.json)",
  versions: "inference-perf KubeCon NA 2025 demo – HEAD 7de5ef2 (2026-08)",
  detect(file) {
    const k = kindOf(file);
    if (k === "stage") return 0.95;
    if (k === "summary" || k === "prometheus") return 0.9;
    return 0;
  },
  parse,
};

/** Importers of kubernetes-sigs/inference-perf reports. */
export const inferencePerfImporters: FormatImporter[] = [inferencePerfLifecycle];
