/**
 * Messages of the per-tool importers as problems (docs/problems.md, src/import/formats/*-messages.ts):
 * every issue and sweep note they write carries the problem its English was rendered from, every
 * code is reached, and the Chinese is the app's (literal sentences below; where the old sentence
 * table translated a message, the text it gave).
 */
import { describe, expect, it } from "vitest";
import { words } from "../helpers";
import { englishOf, type Problem } from "../../../src/engine/base/problems";
import { makeInputFile } from "../../../src/import/input";
import { seedScriptImporters } from "../../../src/import/formats/seed-script";
import { locustStats } from "../../../src/import/formats/locust";
import { toolsCatalogues } from "../../../src/import/messages/tools";
import { renderProblem } from "../../../src/report/messages";
import { fixtureRuns, type Run, writtenRuns } from "./tools-cases";

/** Every message of a run with the problem beside it (undefined when it has none). */
type Message = { where: string; text: string; problem: Problem<object> | undefined };
function messagesOf(r: Run): Message[] {
  const out: Message[] = [];
  const where = `${r.what} (${r.importer})`;
  if (!r.result.ok) {
    for (const e of r.result.errors) out.push({ where, text: e.message, problem: e.problem });
    return out;
  }
  for (const w of r.result.value.warnings) out.push({ where, text: w.message, problem: w.problem });
  for (const s of r.result.value.sweeps) {
    const n = s.problems?.length ?? 0;
    expect(n, `${where}: one problem per sweep warning`).toBe(s.warnings.length);
    s.warnings.forEach((w, i) => out.push({ where, text: w, problem: s.problems?.[i] }));
  }
  return out;
}

const fixtures = fixtureRuns();
const written = writtenRuns();

describe("per-tool importer messages carry their problem", () => {
  it("imports every fixture of the formats (and the malformed files) with its importers", () => {
    // 19 vLLM files through 2 importers, SGLang, seed, GuideLLM, LLMPerf, Locust, inference-perf,
    // InferenceX, trtllm-bench: the detected ones (a detection that disappears drops a run).
    expect(fixtures.length).toBeGreaterThanOrEqual(45);
    const tools =
      "vllm/|sglang/|seed/|guidellm/|llmperf/|locust/|inference-perf/|inferencex/|trtllm-bench/";
    for (const tool of words(tools))
      expect(
        fixtures.some((r) => r.what.startsWith(tool)),
        tool,
      ).toBe(true);
  });

  it("every issue and sweep warning has a problem whose English is the message", () => {
    let n = 0;
    for (const r of [...fixtures, ...written]) {
      for (const m of messagesOf(r)) {
        expect(m.problem, `${m.where}: ${m.text}`).toBeDefined();
        expect(englishOf(m.problem!), m.where).toBe(m.text);
        expect(renderProblem(m.problem!, "zh"), m.where).toMatch(/[\u4e00-\u9fff]/);
        n++;
      }
    }
    expect(n).toBeGreaterThan(100);
  });

  it("reaches every code of the catalogues but the two a detected header cannot lack", () => {
    const seen = new Set<string>();
    for (const r of [...fixtures, ...written])
      for (const m of messagesOf(r)) if (m.problem) seen.add(m.problem.code);
    // The header patterns that recognise a Locust stats / history file already hold these columns.
    const unreachable = new Set(["locust.statsMissingColumn", "locust.historyMissingColumn"]);
    const all = toolsCatalogues.flatMap((c) => Object.keys(c.defs).map((k) => `${c.domain}.${k}`));
    expect(all.length).toBe(84);
    expect(all.filter((c) => !seen.has(c) && !unreachable.has(c))).toEqual([]);
  });
});

/** The problem of the first message of the written run `what` with code `code`. */
function find(what: string, code: string): Problem<object> {
  const r = written.find((x) => x.what === what)!;
  const m = messagesOf(r).find((x) => x.problem?.code === code);
  if (!m) throw new Error(`${what}: no ${code}`);
  return m.problem!;
}
const both = (p: Problem<object>) => [renderProblem(p, "en"), renderProblem(p, "zh")];

/**
 * Representative messages of the written runs, three lines each: the run and the code of the
 * problem, its English, its Chinese.
 */
const REPRESENTATIVE = `
vllm-notes.jsonl vllm.failedRun
failed sweep run 3 (TimeoutError: request timed out); skipped
扫描运行 3 失败（TimeoutError: request timed out）；已跳过
vllm-notes.jsonl vllm.arraysCompletedMismatch
the per-request arrays hold 3 successful requests but the summary says completed = 10
逐请求数组中有 3 个成功请求，但汇总中 completed = 10
vllm-notes.jsonl vllm.backendIsApi
backend "openai-chat" names the client API, not the server: engine assumed "vllm"
backend "openai-chat" 指的是客户端 API，不是服务端：引擎按 "vllm" 处理
vllm-notes.jsonl vllm.gpusFromTpPp
GPUs per replica taken as tensor parallel × pipeline parallel from --metadata (4)
每副本 GPU 数取自 --metadata 中的张量并行 × 流水线并行（4）
vllm-errors.jsonl vllm.badRate
request_rate is 0; an offered rate must be positive (or "inf")
request_rate 为 0；设定的请求速率必须为正数（或 "inf"）
sglang-errors.jsonl vllm.noLatency
no latency statistics (keys like mean_ttft_ms, median_itl_ms, p99_e2e_latency_ms): not a usable SGLang result
没有延迟统计量（如 mean_ttft_ms, median_itl_ms, p99_e2e_latency_ms 等键）：不是可用的 SGLang 结果
summary-skips.csv vllm.failedRunCsv
failed sweep run (Timeout); skipped
扫描运行失败（Timeout）；已跳过
seed-notes.txt vllm.seedRawRps
rps in the seed script is total / sum(latency), one worker's rate; reported the service rate concurrency × rps (Little's law, docs/metrics.md): concurrency 4: 1.7 → 6.8
seed 脚本中的 rps 是 total / sum(latency)，即单个 worker 的速率；已按利特尔法则（docs/metrics.md）报告服务速率 = 并发 × rps：并发 4：1.7 → 6.8
seed-errors.txt vllm.seedBadLatency
p50 must be a latency ≥ 0 in seconds, found -1
p50 必须是以秒为单位、≥ 0 的延迟，实际为 -1
guidellm-notes.json guidellm.measuredConcurrency
GuideLLM: the strategy does not fix a load level; concurrency is the measured average request_concurrency (benchmarks[1], strategy "sweep")
GuideLLM：该策略不固定负载档位；并发取测得的平均 request_concurrency（benchmarks[1], strategy "sweep"）
guidellm-notes.json guidellm.noLoad
benchmarks[2]: no load level in the strategy and no measured concurrency
benchmarks[2]：策略中没有负载档位，也没有测得的并发
guidellm-notes.csv guidellm.csvPercentiles
line 4: "Time to First Token" percentile list has 3 values, expected 11; ignored
第 4 行："Time to First Token" 的百分位列表有 3 个值，应为 11 个；已忽略
llmperf_individual_responses.json llmperf.notObjects
1 record(s) were not objects and were ignored
1 条记录不是对象，已忽略
llmperf-other.json llmperf.notSummary
not an LLMPerf summary (no results_ttft_s_* keys)
不是 LLMPerf 汇总（没有 results_ttft_s_* 键）
locust_failures.csv locust.notResult
Locust failures file: not a benchmark result; import the _stats.csv or _stats_history.csv (no failures recorded); skipped
Locust 失败文件：不是压测结果；请导入 _stats.csv 或 _stats_history.csv（未记录失败）；已跳过
locust_many_failures.csv locust.notResult
Locust failures file: not a benchmark result; import the _stats.csv or _stats_history.csv (6 failure kind(s): 1 × E0 on POST /v1; 2 × E1 on POST /v1; 3 × E2 on POST /v1; 4 × E3 on POST /v1; 5 × E4 on POST /v1; …); skipped
Locust 失败文件：不是压测结果；请导入 _stats.csv 或 _stats_history.csv（6 failure kind(s): 1 × E0 on POST /v1; 2 × E1 on POST /v1; 3 × E2 on POST /v1; 4 × E3 on POST /v1; 5 × E4 on POST /v1; …）；已跳过
locust_short_stats_history.csv locust.historyShortPlateau
Locust history: no user count held for 5 ticks; used the longest one (2 users, 2 ticks)
Locust 历史：没有哪个用户数保持了 5 个采样周期；使用最长的一段（2 个用户，2 个周期）
stage_0_lifecycle_metrics.json inferencePerf.achievedRate
stage_0_lifecycle_metrics.json: no requested rate; used the achieved send rate 2 req/s as the load level
stage_0_lifecycle_metrics.json: 没有设定请求速率；以实测发送速率 2 req/s 作为负载档位
agg_derived.json inferencex.perGpuDerived
tput_per_gpu / output_tput_per_gpu are per GPU; reported the deployment aggregate = per-GPU × GPUs (tp = 2)
tput_per_gpu / output_tput_per_gpu 是单 GPU 数值；已报告整个部署合计 = 单 GPU × GPU 数（tp = 2）
agg_conc.json inferencex.badConc
conc must be a positive number, found 0
conc 必须是正数，实际为 0
report.json trtllm.measuredConcurrency
report.json: concurrency 3.5 is the measured average (request_info.avg_num_concurrent_requests), not a configured limit
report.json: 并发 3.5 是测得的平均值（request_info.avg_num_concurrent_requests），不是配置的上限
report-percentiles.json trtllm.badPercentiles
expected an object of percentiles, got 5
应为百分位对象，实际为 5
`;
const lines = REPRESENTATIVE.trim().split("\n");
const representative = Array.from({ length: lines.length / 3 }, (_, i) =>
  lines.slice(3 * i, 3 * i + 3),
);

describe("English and Chinese of representative messages", () => {
  it.each(representative)("%s", (head, en, zh) => {
    const [what, code] = head!.split(" ");
    expect(both(find(what!, code!))).toEqual([en, zh]);
  });

  it("Chinese of the arrays note and of inference-perf's missing load", () => {
    // mean_ttft_ms is in the record: TTFT's other statistics and every TPOT, NTPOT and e2e one come from the arrays.
    expect(both(find("vllm-notes.jsonl", "vllm.arraysComputed"))[1]).toMatch(
      /^汇总中缺少的统计量已由逐请求数组算出（3 个请求，百分位为精确值）：ttft min, ttft max, ttft std, ttft p50, .*, e2e p99\.9$/,
    );
    expect(both(find("stage_1_lifecycle_metrics.json", "inferencePerf.missingLoad"))[1]).toBe(
      "该阶段没有 requested_rate、concurrency 或 achieved_rate（或其值为零/负数）",
    );
  });

  it("seed script: the first ten ignored lines, then an ellipsis", () => {
    const text = `${Array.from({ length: 12 }, (_, i) => `# note ${i}`).join("\n")}\n{'concurrency': 1, 'p50': 1}\n`;
    const r = seedScriptImporters[0]!.parse(makeInputFile("sweep.txt", text), {});
    if (!r.ok) throw new Error("seed");
    const p = r.value.sweeps[0]!.problems!.find((x) => x.code === "vllm.seedLinesIgnored")!;
    expect(both(p)).toEqual([
      "lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, … are not sweep lines: ignored",
      "第 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, … 行不是扫描输出行：已忽略",
    ]);
  });

  it("locust: the row a stats file's latency is taken from", () => {
    const text =
      "Type,Name,Request Count,Failure Count,Median Response Time\nPOST,/a,5,0,10\nGET,/b,3,0,5\n";
    const r = locustStats.parse(makeInputFile("results_stats.csv", text), {});
    if (!r.ok) throw new Error("locust");
    expect(both(r.value.sweeps[0]!.problems![0]!)).toEqual([
      'Locust: e2e latency and request rate taken from the POST "/a" row (other rows ignored: GET /b)',
      'Locust：e2e 延迟和请求速率取自 POST "/a" 行（忽略其他行：GET /b）',
    ]);
  });
});
