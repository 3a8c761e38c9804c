import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { words, close, FIXTURES, fixture, importFixture, importOk } from "../helpers";
import { detectFormat, importFiles, makeInputFile } from "../../../src/import/index";
import { vllmImporters } from "../../../src/import/formats/vllm";
import { sglangImporters } from "../../../src/import/formats/sglang";

const one = (name: string) => importFixture(`vllm/${name}`, name);

describe("vLLM JSONL rate sweep (nerdalert, benchmark_serving.py)", () => {
  const sweeps = one("nerdalert_vllm_benchmark_serving_rate_sweep_llama3.1-8b.jsonl");
  const v = sweeps.find((s) => s.meta.engine === "vllm")!;
  const sgl = sweeps.find((s) => s.meta.engine === "sglang")!;

  it("maps the rate-10 line's values as written (ms, req/s, tok/s) and means per request", () => {
    const p = v.points[1]!;
    // line 2: "p99_ttft_ms": 123.45127816079183, "request_throughput": 9.596860197935362,
    // "output_throughput": 959.6860197935362, "median_ttft_ms": 51.3536068610847
    expect(p.ttftMs).toMatchObject({ p99: 123.45127816079183, p50: 51.3536068610847 });
    expect(p).toMatchObject({ rps: 9.596860197935362, outputTokensPerSec: 959.6860197935362 });
    // 1200000 input tokens / 1200 completed = 1000; 120000 / 1200 = 100
    expect(p).toMatchObject({ meanInputTokens: 1000, meanOutputTokens: 100, completed: 1200 });
    expect(p).toMatchObject({ failed: 0, totalTokensPerSec: 10556.546217728897 });
  });

  it("keeps vLLM itl (pooled chunk gaps) in itlMs and tpot in tpotMs (rate 20 line)", () => {
    const p = v.points[2]!;
    // p99_itl_ms, p99_tpot_ms
    expect([p.itlMs?.p99, p.tpotMs?.p99]).toEqual([93.85435300646351, 33.526103778300076]);
    expect(p.e2eMs).toBeUndefined(); // no *_e2el_ms keys in this file
  });

  it("reads the inf line: p99 TTFT 34.8 s and failed = num_prompts − completed = 2000 − 1015", () => {
    const p = v.points[5]!;
    expect(p).toMatchObject({ requestRate: "inf", ttftMs: { p99: 34829.0987819992 } });
    expect(p).toMatchObject({ completed: 1015, failed: 985 });
  });

  it("reads the SGLang-server sweep's rate-1 p99 TTFT (line 7)", () => {
    expect(sgl.points[0]).toMatchObject({ requestRate: 1, ttftMs: { p99: 628.9258978795276 } });
  });
});

describe("vLLM 2024 format with per-request arrays (LambdaLabs, vLLM 0.5.4)", () => {
  const [s] = one("lambdalabs_vllm0.5.4_h100sxm_llama3.1-8b-fp8_len2048_save_detailed.json");
  const p = s!.points[0]!;

  it("keeps the tool's own summary statistics and the run's rate \"inf\"", () => {
    expect(s!.points).toHaveLength(1);
    expect(p).toMatchObject({ requestRate: "inf", concurrency: null });
    expect(p.ttftMs).toMatchObject({ p99: 64.57043718444766, mean: 44.16175780061167 });
    // *_latency_ms (this variant's name for e2el) → e2eMs
    expect(p).toMatchObject({ rps: 9.364124289561836, e2eMs: { p99: 1030.5146967872863 } });
    // input_throughput + output_throughput = 1281.9486152410154 + 413.89429359863317
    close(p.totalTokensPerSec, 1695.8429088396486);
    // 1369 input tokens / 10, 442 output tokens / 10
    expect(p.meanInputTokens).toBeCloseTo(136.9, 12);
    expect(p.meanOutputTokens).toBeCloseTo(44.2, 12);
  });
});

describe("vllm bench sweep serve outputs (er0080, vLLM 0.25.1)", () => {
  it("reads summary.json (array of 2 runs at one load level) as repeats: the median per statistic, repeats 2, an instability warning", () => {
    const text = fixture("vllm/er0080_vllm_bench_sweep_serve_v0.25.1_summary.json");
    const r = importFiles([{ name: "summary.json", text }]);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.sweeps[0]!.points).toHaveLength(1);
    const p = r.sweeps[0]!.points[0]!;
    expect(p).toMatchObject({ repeats: 2, completed: 8 });
    // request_throughput 5.859229976904171 and 12.460566958863927: the median of two is their mean
    expect(p.rps).toBeCloseTo((5.859229976904171 + 12.460566958863927) / 2, 12);
    // mean_ttft_ms 217.27289337468392 (run 0) and 39.30731637592544 (run 1)
    expect(p.ttftMs!.mean).toBeCloseTo((217.27289337468392 + 39.30731637592544) / 2, 9);
    expect(p.ttftMs!.p99).toBeCloseTo((762.4942294094944 + 57.58295443694805) / 2, 9);
    // 217.27 / 39.31 − 1 = 453 % > 10 %: a warning names the level, the statistic and the range
    const w = r.warnings.find((x) => x.code === "unstable-repeats");
    expect(w?.message).toMatch(
      /^concurrency 2: the 2 repeated runs differ by more than 10 %: .*ttft mean 39\.31–217\.3 ms \(\+453 %\)/,
    );
    expect(r.sweeps[0]!.warnings).toContain(w!.message);
  });
});

describe("vllm bench serve JSON written by us", () => {
  it("keeps both the concurrency limit and the rate of a paced closed-loop run, and p90 / p99.9 keys", () => {
    const [s] = one("vllm-8qps-concurrency8-llama.json");
    const p = s!.points[0]!;
    expect(p).toMatchObject({ concurrency: 8, requestRate: 8, itlMs: { p95: 24.91 } });
    expect(p.ttftMs).toMatchObject({ p90: 51.37, "p99.9": 58.12 });
    // 200 completed / 51.302417 s
    close(p.rps, 200 / 51.302417);
    // 21004 output tokens / 200 requests
    expect(p.meanOutputTokens).toBe(105.02);
    // --metadata engine=vllm, although backend is openai-chat
    expect(s!.meta).toMatchObject({ gpu: "L40S", gpuCount: 1, engine: "vllm" });
  });

  it("merges the 4-file H100 concurrency sweep folder into one sweep sorted by concurrency", () => {
    const files = readdirSync(`${FIXTURES}/vllm/concurrency-sweep-h100`).map((n) => ({
      name: `concurrency-sweep-h100/${n}`,
      text: fixture(`vllm/concurrency-sweep-h100/${n}`),
    }));
    const sweeps = importOk(files);
    expect(sweeps).toHaveLength(1);
    const s = sweeps[0]!;
    expect(s.points.map((p) => p.concurrency)).toEqual([1, 4, 16, 64]);
    expect(s.meta.gpu).toBe("H100-SXM-80GB");
    const out = s.points.map((p) => p.outputTokensPerSec!);
    // 1024 × 200 output tokens / 68.544 s = 2987.86 tok/s at 64
    close(out[3], (1024 * 200) / 68.544);
    expect(out[1]! > out[0]! && out[2]! > out[1]! && out[3]! > out[2]!).toBe(true);
    expect(out[3]! / out[2]! < out[2]! / out[1]!).toBe(true); // saturating
    expect(s.points[3]!.ttftMs?.p99).toBe(7348.9);
  });
});

describe("vLLM detection", () => {
  const mine = new Set([...vllmImporters, ...sglangImporters].map((f) => f.id));
  const others = words(
    "aiperf/akamas_rtxpro4500_qwen3-4b_concurrency_64_profile_export_aiperf.json|" +
      "aiperf/akamas_rtxpro4500_qwen3-4b_concurrency_64_profile_export_aiperf.csv|" +
      "llmperf/leaderboard_anyscale_70b_summary.json|" +
      "llmperf/leaderboard_anyscale_70b_individual_responses.json|" +
      "inference-perf/kubecon25_vllm_batch_size_h100_stage_0_lifecycle_metrics.json|" +
      "guidellm/guidellm_test_fixture_benchmarks_stripped_v0.2format.json|" +
      "inferencex/inferencex-fork_agentic_agg_bmk_mi355x_kimi-k2.5_tp4_conc1-64.json|" +
      "locust/rishabhpoddar_llm_qwen3-0.6b_locust_stats.csv",
  );

  it.each(others)("does not claim %s", (name) => {
    const f = makeInputFile(name, fixture(name));
    for (const imp of [...vllmImporters, ...sglangImporters]) expect(imp.detect(f)).toBe(0);
    expect(mine.has(detectFormat(f)?.id ?? "")).toBe(false);
  });

  it("tells vLLM files from SGLang files by content", () => {
    const id = (rel: string) => detectFormat(makeInputFile("x", fixture(rel)))?.id;
    expect(id("vllm/nerdalert_vllm_benchmark_serving_rate_sweep_llama3.1-8b.jsonl")).toBe("vllm");
    expect(id("sglang/datacrunch_h200x4_llama3.3-70b_offline.jsonl")).toBe("sglang");
    expect(id("vllm/vllm_bench_sweep_summary.csv")).toBe("vllm-sweep-csv");
  });
});
