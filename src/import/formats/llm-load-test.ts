/**
 * openshift-psap llm-load-test `output-{concurrency:03d}.json` (reference `llm-load-test.md`;
 * `src/llm_load_test/utils.py` `write_output()`/`get_summary()`, `result.py`):
 * `{results: [...], config: {..., load_options: {concurrency}}, summary: {...}}`.
 *
 * - Summary statistics `{min, max, median, mean, percentile_80/_90/_95/_99}` in ms (pandas linear).
 * - Its `itl` = (end − first token)/(out − 1) → `tpotMs`; its `tpot` = response_time/out (includes
 *   TTFT) → `ntpotMs`; `ttft` → `ttftMs`; `response_time` → `e2eMs` (docs/metrics.md).
 * - rps = successful requests / `full_duration` (the summary has no request rate; errors are
 *   excluded from `full_duration`); output tok/s = `throughput_full_duration` (Σ output tokens /
 *   (last end − first start)), else `throughput` (tokens before the deadline / configured duration).
 * - Files before 2025-02 may hold bare `NaN` statistics (read leniently, omitted).
 */
import type { Stats, SweepPoint } from "../../engine/base/types";
import type { FileImportResult, FormatImporter, ImportIssue, InputFile } from "../types";
import { asObject, asString, positiveNumber } from "./nv-metrics";
import { shown } from "../show";
import { issueOf } from "../messages/issue";
import { llmLoadTestMessages as M } from "./llm-load-test-messages";
import { tableMessages } from "../messages/table";
import { englishOf } from "../../engine/base/problems";

const STAT_KEYS: Readonly<Record<string, string>> = {
  min: "min",
  max: "max",
  median: "p50",
  mean: "mean",
  percentile_80: "p80",
  percentile_90: "p90",
  percentile_95: "p95",
  percentile_99: "p99",
};

const METRICS: readonly [string, "ttftMs" | "tpotMs" | "ntpotMs" | "e2eMs"][] = [
  ["ttft", "ttftMs"],
  ["itl", "tpotMs"],
  ["tpot", "ntpotMs"],
  ["response_time", "e2eMs"],
];

function root(file: InputFile): Record<string, unknown> | null {
  if (!file.firstLine().startsWith("{")) return null;
  const j = file.json();
  return j.ok ? asObject(j.value) : null;
}

function parseOutput(file: InputFile, r: Record<string, unknown>): FileImportResult {
  const errors: ImportIssue[] = [];
  const summary = asObject(r.summary);
  const config = asObject(r.config);
  if (!summary)
    return {
      ok: false,
      errors: [issueOf(file.name, "missing-key", M.problem("noSummary", {}), { key: "summary" })],
    };
  const num = (
    obj: Record<string, unknown> | null,
    path: string,
    key: string,
  ): number | undefined => {
    const v = obj?.[key];
    if (v == null) return undefined;
    if (typeof v === "number") return Number.isFinite(v) ? v : undefined; // NaN (old files) → absent
    errors.push(
      issueOf(file.name, "bad-number", tableMessages.problem("numberGot", { value: shown(v) }), {
        key: `${path}.${key}`,
      }),
    );
    return undefined;
  };
  const point: SweepPoint = { concurrency: null, requestRate: null };
  const loadOptions = asObject(config?.load_options);
  const conc = positiveNumber(
    typeof loadOptions?.concurrency === "number" ? loadOptions.concurrency : null,
  );
  if (conc != null) point.concurrency = conc;
  for (const [key, field] of METRICS) {
    const s = summary[key];
    if (s == null) continue;
    const o = asObject(s);
    if (!o) {
      errors.push(
        issueOf(file.name, "bad-type", M.problem("statsExpected", { value: shown(s) }), {
          key: `summary.${key}`,
        }),
      );
      continue;
    }
    const stats: Stats = {};
    for (const [k, stat] of Object.entries(STAT_KEYS)) {
      const v = num(o, `summary.${key}`, k);
      if (v !== undefined) stats[stat] = v;
    }
    if (Object.keys(stats).length) point[field] = stats;
  }
  const total = num(summary, "summary", "total_requests");
  const failures = num(summary, "summary", "total_failures");
  const fullDuration = num(summary, "summary", "full_duration");
  const tputFull = num(summary, "summary", "throughput_full_duration");
  const tput = num(summary, "summary", "throughput");
  point.meanInputTokens =
    num(asObject(summary.input_tokens), "summary.input_tokens", "mean") ?? null;
  point.meanOutputTokens =
    num(asObject(summary.output_tokens), "summary.output_tokens", "mean") ?? null;
  if (errors.length) return { ok: false, errors };
  const completed = total != null ? total - (failures ?? 0) : null;
  point.completed = completed;
  point.failed = failures ?? null;
  if (completed != null && fullDuration && fullDuration > 0) point.rps = completed / fullDuration;
  point.outputTokensPerSec = tputFull ?? tput ?? null;
  if (!point.e2eMs && !point.ttftMs) {
    return {
      ok: false,
      errors: [
        issueOf(file.name, "missing-metric", M.problem("noLatency", {}), {
          key: "summary.response_time",
        }),
      ],
    };
  }
  const problems = point.ttftMs ? [] : [M.problem("nonStreaming", { file: file.name })];
  const results = Array.isArray(r.results) ? r.results : [];
  let start = Infinity;
  for (const x of results) {
    const t = asObject(x)?.start_time;
    if (typeof t === "number" && t < start) start = t;
  }
  const plugin = asString(config?.plugin);
  const pluginOptions = asObject(config?.plugin_options);
  return {
    ok: true,
    value: {
      sweeps: [
        {
          meta: {
            model: asString(pluginOptions?.model_name) ?? asString(pluginOptions?.model),
            engine: null,
            gpu: null,
            gpuCount: null,
            date: Number.isFinite(start) ? new Date(start * 1000).toISOString() : null,
            tool: "llm-load-test",
            toolVersion: null,
            ...(plugin ? { plugin } : {}),
            ...(typeof pluginOptions?.streaming === "boolean"
              ? { streaming: pluginOptions.streaming }
              : {}),
          },
          points: [point],
          warnings: problems.map(englishOf),
          problems,
        },
      ],
      warnings: [],
    },
  };
}

/** llm-load-test output JSON, one concurrency per file. */
export const llmLoadTestImporter: FormatImporter = {
  id: "llm-load-test",
  title: "openshift-psap llm-load-test output-NNN.json",
  versions: "llm-load-test 2024 – 2025-07 (with and without NaN statistics)",
  detect(file) {
    const r = root(file);
    if (!r) return 0;
    const summary = asObject(r.summary);
    if (!summary || !Array.isArray(r.results) || !asObject(r.config)) return 0;
    return "response_time" in summary || "throughput" in summary || "ttft" in summary ? 0.95 : 0.5;
  },
  parse(file) {
    const j = file.json();
    if (!j.ok) return { ok: false, errors: [j.issue] };
    const r = asObject(j.value);
    if (!r)
      return {
        ok: false,
        errors: [issueOf(file.name, "wrong-format", M.problem("notObject", {}), { line: 1 })],
      };
    return parseOutput(file, r);
  },
};

/** Importers of this family. */
export const llmLoadTestImporters: FormatImporter[] = [llmLoadTestImporter];
