import { readFileSync } from "node:fs";
import { samplesOf, importOk } from "../helpers";
import { describe, expect, test } from "vitest";
import { llmperfImporters } from "../../../src/import/formats/llmperf";

const DIR = "fixtures/llmperf";
const read = (f: string) => readFileSync(`${DIR}/${f}`, "utf8");
const SUMMARY = "leaderboard_anyscale_70b_summary.json";
const INDIVIDUAL = "leaderboard_anyscale_70b_individual_responses.json";

describe("LLMPerf summary JSON", () => {
  test("the Anyscale summary becomes one closed-loop point at concurrency 5 with seconds converted to ms", () => {
    const [s] = importOk([{ name: SUMMARY, text: read(SUMMARY) }]);
    expect([s!.source.format, s!.meta.model]).toEqual([
      "llmperf",
      "meta-llama/Llama-2-70b-chat-hf",
    ]);
    const p = s!.points[0]!;
    // concurrency: num_concurrent_requests
    expect(p).toMatchObject({
      concurrency: 5,
      requestRate: null,
      outputTokensPerSec: 207.52121071152493,
    });
    // results_ttft_s_quantiles_p99 = 0.4745305190600024 s
    expect(p.ttftMs!.p99).toBeCloseTo(474.5305190600024, 9);
    // results_end_to_end_latency_s_mean = 2.3546667737533324 s
    expect(p.e2eMs!.mean).toBeCloseTo(2354.6667737533324, 9);
    // results_num_completed_requests_per_min 84.73327721639254 / 60
    expect(p.rps).toBeCloseTo(1.4122212869398757, 12);
    // 207.52121071152493 + 1.4122212869398757 × 550 = 984.2429185284566
    expect(p.totalTokensPerSec).toBeCloseTo(984.2429185284566, 9);
    expect(p).toMatchObject({ meanInputTokens: 550, completed: 150, failed: 0 });
  });

  test("LLMPerf inter-token latency includes the TTFT and is stored as ntpot, never itl or tpot", () => {
    const sweeps = importOk([{ name: SUMMARY, text: read(SUMMARY) }]);
    const p = sweeps[0]!.points[0]!;
    // results_inter_token_latency_s_quantiles_p50 = 0.014559224685430442 s
    expect(p.ntpotMs!.p50).toBeCloseTo(14.559224685430442, 9);
    expect([p.itlMs, p.tpotMs]).toEqual([undefined, undefined]);
  });

  test("token min/max written as strings do not break the import and the Groq run has its own model", () => {
    const f = "leaderboard_groq_70b_summary.json";
    const sweeps = importOk([{ name: f, text: read(f) }]);
    expect(sweeps[0]!.meta.model).toBe("llama2-70b-4096");
    // results_num_completed_requests_per_min / 60, read from the file
    const raw = JSON.parse(read(f)) as Record<string, number>;
    const perMin = raw.results_num_completed_requests_per_min!;
    expect(sweeps[0]!.points[0]!.rps).toBeCloseTo(perMin / 60, 12);
  });
});

describe("LLMPerf individual responses", () => {
  test("150 records aggregate to the same p50/p99 TTFT as the tool's own summary of that run", () => {
    // Hand check (python, numpy linear: h = (n−1)·q, sorted ttft_s): p50 = 0.21282956000001718,
    // p99 = 0.4745305190600024 s — identical to results_ttft_s_quantiles_p50/p99 in the summary.
    const p = importOk([{ name: INDIVIDUAL, text: read(INDIVIDUAL) }], { concurrency: 5 })[0]!
      .points[0]!;
    expect(p).toMatchObject({ concurrency: 5, completed: 150 });
    expect(p.ttftMs!.p50).toBeCloseTo(212.82956000001718, 9);
    expect(p.ttftMs!.p99).toBeCloseTo(474.5305190600024, 9);
    const summary = JSON.parse(read(SUMMARY)) as Record<string, number>;
    expect(p.ttftMs!.p99).toBeCloseTo(summary.results_ttft_s_quantiles_p99! * 1000, 9);
    // per-request inter_token_latency_s → ntpot: p50 0.014559224685430442, p99 0.03873539747323499 s
    expect(p.ntpotMs!.p50).toBeCloseTo(14.559224685430442, 9);
    expect(p.ntpotMs!.p99).toBeCloseTo(38.73539747323499, 9);
    expect(p.itlMs).toBeUndefined();
    // mean output tokens 146.94666666666666 (= results_number_output_tokens_mean)
    expect(p.meanOutputTokens).toBeCloseTo(146.94666666666666, 9);
    // no timestamps in the records: no throughput is invented
    expect(p.rps).toBeUndefined();
  });

  test("std over the records is the sample std (n − 1), equal to LLMPerf's own summary of the same run", () => {
    // results_ttft_s_stddev = 0.07068225467830593 s (pandas, ddof = 1); the population std would be 70.4463 ms.
    const sweeps = importOk([{ name: INDIVIDUAL, text: read(INDIVIDUAL) }], { concurrency: 5 });
    const p = sweeps[0]!.points[0]!;
    const summary = JSON.parse(read(SUMMARY)) as Record<string, number>;
    expect(p.ttftMs!.std).toBeCloseTo(summary.results_ttft_s_stddev! * 1000, 9);
    expect(p.ttftMs!.std).toBeCloseTo(70.68225467830593, 9);
    // results_inter_token_latency_s_stddev = 0.004413943106652307 s
    expect(p.ntpotMs!.std).toBeCloseTo(summary.results_inter_token_latency_s_stddev! * 1000, 9);
  });

  test("without --concurrency the individual file warns that its load level is unknown", () => {
    const sweeps = importOk([{ name: INDIVIDUAL, text: read(INDIVIDUAL) }]);
    expect(sweeps[0]!.points[0]!.concurrency).toBeNull();
    expect(sweeps[0]!.warnings.some((w) => /load level is unknown/.test(w))).toBe(true);
  });

  test("errored records count as failed and are left out of the latency statistics", () => {
    const recs = JSON.parse(read(INDIVIDUAL)) as Record<string, unknown>[];
    const two = [recs[0]!, { ...recs[1]!, error_code: 429, error_msg: "rate limited", ttft_s: 99 }];
    const text = JSON.stringify(two);
    const p = importOk([{ name: "x_individual_responses.json", text }], { concurrency: 1 })[0]!
      .points[0]!;
    expect(p).toMatchObject({ completed: 1, failed: 1 });
    expect(p.ttftMs!.max).toBeCloseTo(314.8573649999662, 9); // recs[0].ttft_s only
  });
});

test("LLMPerf detection does not claim other tools' samples", () => {
  const others = samplesOf(["vllm", "aiperf", "sglang", "inference-perf", "guidellm", "locust"]);
  for (const f of others)
    for (const imp of llmperfImporters) expect(imp.detect(f), `${imp.id} ${f.name}`).toBe(0);
});
