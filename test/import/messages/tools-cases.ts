/**
 * Inputs of the per-tool importers (vLLM, SGLang, seed script, GuideLLM, LLMPerf, Locust,
 * inference-perf, InferenceX, trtllm-bench) for the message tests: every fixture of their
 * folders and the malformed ones, each through every importer of the family that detects it,
 * and small written inputs that reach the messages no fixture reaches (errors, rare notes).
 */
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { guidellmCsv } from "../../../src/import/formats/guidellm-csv";
import { guidellmJson } from "../../../src/import/formats/guidellm";
import { inferencePerfLifecycle } from "../../../src/import/formats/inference-perf";
import { inferencexImporters } from "../../../src/import/formats/inferencex";
import { llmperfIndividual, llmperfSummary } from "../../../src/import/formats/llmperf";
import { locustStats } from "../../../src/import/formats/locust";
import { locustHistory } from "../../../src/import/formats/locust-history";
import { seedScriptImporters } from "../../../src/import/formats/seed-script";
import { sglangImporters } from "../../../src/import/formats/sglang";
import { trtllmBenchImporter } from "../../../src/import/formats/trtllm-bench";
import { vllmImporters } from "../../../src/import/formats/vllm";
import { makeInputFile } from "../../../src/import/input";
import type { FileImportResult, FormatImporter } from "../../../src/import/types";
import { FIXTURES, fixture, words } from "../helpers";

const [vllmJson, vllmCsv] = vllmImporters as [FormatImporter, FormatImporter];
const sglang = sglangImporters[0]!;
const seed = seedScriptImporters[0]!;
const inferencex = inferencexImporters[0]!;

/** The per-tool importers whose catalogues src/import/messages/tools.ts gathers. */
export const TOOL_IMPORTERS: readonly FormatImporter[] = [
  vllmJson,
  vllmCsv,
  sglang,
  seed,
  guidellmJson,
  guidellmCsv,
  llmperfSummary,
  llmperfIndividual,
  locustStats,
  locustHistory,
  inferencePerfLifecycle,
  inferencex,
  trtllmBenchImporter,
];

/** Fixture folders of these formats (plus the malformed files every importer must survive). */
const FOLDERS = words(
  "vllm|sglang|seed|guidellm|llmperf|locust|inference-perf|inferencex|trtllm-bench|malformed",
);

/** One importer run: what was read, by which importer, and its result. */
export interface Run {
  what: string;
  importer: string;
  result: FileImportResult;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else if (!/\.(source\.txt|md|py)$/.test(e)) out.push(relative(FIXTURES, p));
  }
  return out;
}

/** Every fixture of the family's folders through every importer of the family that detects it. */
export function fixtureRuns(): Run[] {
  const runs: Run[] = [];
  for (const folder of FOLDERS) {
    for (const path of filesUnder(join(FIXTURES, folder))) {
      const file = makeInputFile(path, fixture(path));
      for (const imp of TOOL_IMPORTERS) {
        if (imp.detect(file) > 0)
          runs.push({ what: path, importer: imp.id, result: imp.parse(file, {}) });
      }
    }
  }
  return runs;
}

const j = (v: unknown) => JSON.stringify(v);
/** An inference-perf stage: this load summary, successes with a TTFT mean and no throughput. */
const TTFT_ONLY = { latency: { time_to_first_token: { mean: 0.1 } }, throughput: {} };
const stage = (load_summary: object) => j({ load_summary, successes: TTFT_ONLY });
const lines = (...v: unknown[]) =>
  `${v.map((x) => (typeof x === "string" ? x : j(x))).join("\n")}\n`;

const VLLM_RUN = { backend: "openai-chat", model_id: "m", tp: 2, pp: 2, completed: 10 };
const VLLM_ARRAYS = { ttfts: [0, 0.1, 0.2], output_lens: [1, 5, 6], latencies: [0.5, 0.6, 0.7] };
const SGL_RUN = { backend: "sglang-oai", dataset_name: "random", completed: 10, duration: 5 };
const SGL_KEYS = { median_ttft_ms: 1, median_e2e_latency_ms: 5 };

/** Written inputs: [importer, file name, text], given per importer as { file name: text }. */
const of = (imp: FormatImporter, texts: Record<string, string>) =>
  Object.entries(texts).map(([name, text]): [FormatImporter, string, string] => [imp, name, text]);
const WRITTEN: [FormatImporter, string, string][] = [
  // vLLM: skipped runs and every note of a record (backend names an API, tp × pp from --metadata,
  // rps from completed / duration, per-request arrays with a token-less request and a count mismatch).
  ...of(vllmJson, {
    "vllm-notes.jsonl": lines(
      { run_number: -1, model_id: "m", mean_ttft_ms: 10, duration: 1 },
      { run_number: 3, error_type: "TimeoutError", error: "request timed out", model_id: "m" },
      { ...VLLM_RUN, duration: 5, mean_ttft_ms: 12, ...VLLM_ARRAYS },
    ),
    "vllm-errors.jsonl": lines(
      { model_id: "m", request_rate: 0, mean_ttft_ms: -1, request_throughput: 0, completed: 0 },
      { model_id: "m", duration: 3 },
    ),
    "vllm-array.json": "[1]",
    "vllm-scalar.json": "5",
    "vllm-lines.jsonl": lines({ model_id: "m" }, "7"),
    "vllm-empty.json": "[]",
  }),
  ...of(vllmCsv, {
    "summary-empty.csv": ",model_id,request_throughput,mean_ttft_ms\n",
    "summary-skips.csv":
      ",model_id,run_number,error_type,mean_ttft_ms,request_throughput\n0,m,-1,,5,1\n1,m,2,Timeout,,\n2,m,3,,5,2\n",
  }),
  // SGLang: no model key, measured concurrency; no latency keys.
  ...of(sglang, {
    "sglang-notes.jsonl": lines({
      ...SGL_RUN,
      concurrency: 3.5,
      ...SGL_KEYS,
      total_output_tokens_retokenized: 100,
    }),
    "sglang-errors.jsonl": lines({ backend: "sglang", completed: 3 }),
  }),
  ...of(seed, {
    "seed-notes.txt": "# sweep\n{'concurrency': 4, 'rps': 1.7, 'p50': 2.31, 'p99': 3.02}\n",
    "seed-errors.txt":
      "{'concurrency': 0}\n{'concurrency': 2, 'rps': -1}\n{'concurrency': 2, 'p50': -1}\n{'concurrency': 2, 'p50': abc}\n",
    "seed-none.txt": "hello\n",
  }),
  // GuideLLM JSON and CSV.
  ...of(guidellmJson, {
    "guidellm-other.json": j({ x: 1 }),
    "guidellm-v01.json": j({ benchmarks: [{ mode: "sync", results: [] }] }),
    "guidellm-notes.json": j({
      benchmarks: [
        { type_: "other" },
        {
          type_: "generative_benchmark",
          args: { strategy: { type_: "sweep" } },
          metrics: { request_concurrency: { successful: { mean: 3.2 } } },
        },
        { type_: "generative_benchmark", metrics: {} },
      ],
    }),
  }),
  ...of(guidellmCsv, {
    "guidellm-notes.csv":
      'Run Info,Benchmark,Server Throughput,Time to First Token,Time to First Token\nRun Index,Strategy,Successful Concurrency,Successful ms,Successful ms\n,,Mean,Mean,Percentiles\n0,sweep,2.5,10,"[1,2,3]"\n',
    "guidellm-short.csv":
      "Run Info,Benchmark,Time to First Token\nRun Index,Strategy,Successful ms\n,,Mean\n",
    "guidellm-not.csv": "a,b\n1,2\n",
  }),
  // LLMPerf.
  ...of(llmperfSummary, { "llmperf-other.json": j({ a: 1 }) }),
  ...of(llmperfIndividual, { "llmperf-other.json": j({ a: 1 }) }),
  ...of(llmperfSummary, {
    "llmperf_summary.json": j({ version: "2023-08-31", results_ttft_s_mean: 0.1 }),
  }),
  ...of(llmperfIndividual, {
    "llmperf_individual_responses.json": j([
      ...Array.from({ length: 5 }, () => ({ ttft_s: 0.1, end_to_end_latency_s: 1 })),
      7,
    ]),
  }),
  // Locust.
  ...of(locustStats, {
    "locust_other.csv": "a,b\n1,2\n",
    "locust_stats.csv": "Type,Name,Request Count,Failure Count,Median Response Time\n",
    "locust_agg_stats.csv":
      "Type,Name,Request Count,Failure Count,Median Response Time,Requests/s\nSTREAM,TTFT,5,0,100,1\nGET,/a,5,0,10,1\nGET,/b,5,0,10,1\n,Aggregated,15,0,10,3\n",
    "locust_failures.csv": "Method,Name,Error,Occurrences\n",
    "locust_many_failures.csv": `Method,Name,Error,Occurrences\n${Array.from({ length: 6 }, (_, i) => `POST,/v1,E${i},${i + 1}`).join("\n")}\n`,
  }),
  ...of(locustHistory, {
    "locust_other.csv": "a,b\n1,2\n",
    "locust_stats_history.csv": "Timestamp,User Count,Type,Name,Requests/s\n",
    "locust_zero_stats_history.csv":
      "Timestamp,User Count,Type,Name,Requests/s\n1,0,,Aggregated,0\n2,0,,Aggregated,0\n",
    "locust_short_stats_history.csv":
      "Timestamp,User Count,Type,Name,Requests/s,Total Request Count\n1,2,,Aggregated,1,1\n2,2,,Aggregated,1,2\n3,4,,Aggregated,1,3\n",
  }),
  // inference-perf.
  ...of(inferencePerfLifecycle, {
    "other.json": j({ a: 1 }),
    "stage_0_lifecycle_metrics.json": stage({ requested_rate: null, achieved_rate: 2 }),
    "stage_1_lifecycle_metrics.json": stage({ requested_rate: 0 }),
  }),
  // InferenceX.
  ...of(inferencex, {
    "agg_bad.json": "[5]",
    "agg_conc.json": j([{ conc: 0, tput_per_gpu: 1, tp: 1 }]),
    "agg_latency.json": j({ conc: 1, tput_per_gpu: 1, tp: 1, mean_ttft: -1 }),
    "agg_derived.json": j({ conc: 2, tput_per_gpu: 100, tp: 2, hw: "h100", mean_ttft: 0.1 }),
  }),
  // trtllm-bench.
  ...of(trtllmBenchImporter, {
    "report-array.json": "[1]",
    "report-percentiles.json": j({
      performance: { request_throughput_req_s: 1, request_latency_percentiles_ms: 5 },
    }),
    "report-noperf.json": j({ engine: {} }),
    "report-nothroughput.json": j({ performance: {} }),
    "report.json": j({
      performance: { request_throughput_req_s: 2 },
      request_info: { avg_num_concurrent_requests: 3.5 },
    }),
  }),
];

/** The written inputs through their importer. */
export function writtenRuns(): Run[] {
  return WRITTEN.map(([imp, name, text]) => ({
    what: name,
    importer: imp.id,
    result: imp.parse(makeInputFile(name, text), {}),
  }));
}
