/**
 * GuideLLM `benchmarks.json` (reference `guidellm.md`), every generation:
 * - v0.2–v0.3: `{benchmarks}` only, load in `benchmarks[].args.strategy`, `request_totals` beside
 *   `metrics`;
 * - v0.4: `{args, benchmarks}`; v0.5/0.6: `{metadata: {version: 1}, args, benchmarks}`;
 *   v0.7+: `{metadata: {version: 2}, config, benchmarks}` — load in `benchmarks[].config.strategy`.
 *
 * Per benchmark (`type_: "generative_benchmark"`), from the `successful` status distributions:
 * - load: synchronous → concurrency 1; concurrent(`streams`) → concurrency; constant/poisson(`rate`)
 *   → requestRate; throughput → requestRate "inf"; otherwise the measured
 *   `request_concurrency.successful.mean` with a warning (docs/metrics.md).
 * - `time_to_first_token_ms` → ttft; `inter_token_latency_ms` ((last − first)/(out − 1), every
 *   generation) → tpot; `request_latency` (seconds) ×1000 → e2e.
 * - `time_per_output_token_ms`: v0.4+ = (last token − request start)/out, TTFT included → ntpot;
 *   v0.2–v0.3 = (last − first)/out, which is none of the canonical definitions (docs/metrics.md) → not
 *   imported (a warning says so; tpot comes from inter_token_latency_ms).
 * - rps / output tok/s / total tok/s: `requests_per_second`, `output_tokens_per_second`,
 *   `tokens_per_second` `.successful.mean`; token means from `prompt_token_count` /
 *   `output_token_count`.
 * The CSV export is read by {@link guidellmCsv}. v0.1 files (raw results only) are refused.
 */
import type { SweepPoint } from "../../engine/base/types";
import { addNote, issueOf } from "../messages/issue";
import { guidellmMessages as M } from "./guidellm-messages";
import type { FileImportResult, FormatImporter, InputFile, PartialSweep } from "../types";
import { get, isObj, isoFromUnixSeconds, num, str, type Json } from "./common-json";
import { distStats, loadOfStrategy } from "./guidellm-common";
import { guidellmCsv } from "./guidellm-csv";

type Generation = "v0.2-0.3" | "v0.4" | "v0.5-0.6" | "v0.7+";

function benchmarksOf(v: unknown): unknown[] | null {
  const b = get(v, "benchmarks");
  return Array.isArray(b) ? b : null;
}

function isGenerative(b: unknown): boolean {
  return (
    isObj(b) &&
    (b.type_ === "generative_benchmark" ||
      (isObj(b.metrics) && isObj(get(b, "metrics", "time_to_first_token_ms"))))
  );
}

function isV01(b: unknown): boolean {
  return isObj(b) && b.mode !== undefined && Array.isArray(b.results) && b.type_ === undefined;
}

function generationOf(v: Json, first: Json): Generation {
  const ver = num(get(v, "metadata", "version"));
  if (ver !== undefined && ver >= 2) return "v0.7+";
  if (ver === 1) return "v0.5-0.6";
  if (isObj(first.config) || v.args !== undefined)
    return isObj(get(first, "args", "strategy")) ? "v0.2-0.3" : "v0.4";
  return "v0.2-0.3";
}

function parse(file: InputFile): FileImportResult {
  const j = file.json();
  if (!j.ok) return { ok: false, errors: [j.issue] };
  const v = j.value;
  const list = benchmarksOf(v);
  if (!isObj(v) || !list)
    return {
      ok: false,
      errors: [issueOf(file.name, "unknown-format", M.problem("notReport", {}))],
    };
  if (list.length && isV01(list[0])) {
    return {
      ok: false,
      errors: [
        issueOf(file.name, "unsupported-version", M.problem("v01", {}), { key: "benchmarks[0]" }),
      ],
    };
  }
  const gen = list.length && isObj(list[0]) ? generationOf(v, list[0]) : "v0.7+";
  const notes: Pick<PartialSweep, "warnings" | "problems"> = { warnings: [] };
  const points: SweepPoint[] = [];
  let model: string | null = str(get(v, "args", "model")) ?? str(get(v, "config", "model")) ?? null;
  let date: string | null = null;
  list.forEach((b, i) => {
    if (!isGenerative(b) || !isObj(b)) {
      addNote(notes, M.problem("notGenerative", { index: i }));
      return;
    }
    const m = isObj(b.metrics) ? b.metrics : {};
    const strategy =
      gen === "v0.2-0.3"
        ? get(b, "args", "strategy")
        : (get(b, "config", "strategy") ?? get(b, "args", "strategy"));
    let load = loadOfStrategy(strategy);
    if (!load) {
      const measured = num(get(m, "request_concurrency", "successful", "mean"));
      if (measured !== undefined && measured > 0) {
        load = { concurrency: measured, requestRate: null };
        addNote(
          notes,
          M.problem("measuredConcurrency", {
            index: i,
            strategy: String(JSON.stringify(get(strategy, "type_") ?? null)),
          }),
        );
      } else {
        load = { concurrency: null, requestRate: null };
        addNote(notes, M.problem("noLoad", { index: i }));
      }
    }
    const p: SweepPoint = { ...load };
    const mean = (k: string) => num(get(m, k, "successful", "mean"));
    const rps = mean("requests_per_second");
    const otps = mean("output_tokens_per_second");
    const ttps = mean("tokens_per_second");
    const inTok = mean("prompt_token_count");
    const outTok = mean("output_token_count");
    if (rps !== undefined && rps > 0) p.rps = rps;
    if (otps !== undefined && otps > 0) p.outputTokensPerSec = otps;
    if (ttps !== undefined && ttps > 0) p.totalTokensPerSec = ttps;
    if (inTok !== undefined) p.meanInputTokens = inTok;
    if (outTok !== undefined) p.meanOutputTokens = outTok;
    const ttft = distStats(get(m, "time_to_first_token_ms", "successful"));
    const tpot = distStats(get(m, "inter_token_latency_ms", "successful"));
    const e2e = distStats(get(m, "request_latency", "successful"), 1000);
    if (ttft) p.ttftMs = ttft;
    if (tpot) p.tpotMs = tpot;
    if (e2e) p.e2eMs = e2e;
    if (gen !== "v0.2-0.3") {
      const ntpot = distStats(get(m, "time_per_output_token_ms", "successful"));
      if (ntpot) p.ntpotMs = ntpot;
    }
    const totals = isObj(m.request_totals) ? m.request_totals : b.request_totals;
    const ok = num(get(totals, "successful"));
    const err = num(get(totals, "errored"));
    if (ok !== undefined) p.completed = ok;
    if (err !== undefined) p.failed = err;
    points.push(p);
    model ??=
      str(get(b, "config", "backend", "model")) ?? str(get(b, "worker", "backend_model")) ?? null;
    date ??= isoFromUnixSeconds(b.start_time);
  });
  if (gen === "v0.2-0.3") {
    addNote(notes, M.problem("v02Tpot", {}));
  }
  const toolVersion = str(get(v, "metadata", "guidellm_version")) ?? `report ${gen}`;
  return {
    ok: true,
    value: {
      sweeps: [
        {
          meta: {
            model,
            engine: null,
            gpu: null,
            gpuCount: null,
            date,
            tool: "guidellm",
            toolVersion,
          },
          points,
          ...notes,
        },
      ],
      warnings: [],
    },
  };
}

/** GuideLLM JSON report, all generations from v0.2. */
export const guidellmJson: FormatImporter = {
  id: "guidellm",
  title: "GuideLLM benchmarks.json (v0.2 – v0.7+ report generations)",
  versions: "GuideLLM 0.2.0 – 0.7.3 / main",
  detect(file: InputFile) {
    const j = file.json();
    if (!j.ok) return 0;
    const list = benchmarksOf(j.value);
    if (!list || !list.length) return 0;
    if (list.some((b) => isObj(b) && b.type_ === "generative_benchmark")) return 0.95;
    if (isGenerative(list[0])) return 0.85;
    if (isV01(list[0])) return 0.6;
    return 0;
  },
  parse,
};

/** Importers of GuideLLM reports (JSON and CSV). */
export const guidellmImporters: FormatImporter[] = [guidellmJson, guidellmCsv];
