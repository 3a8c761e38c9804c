import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Sweep, SweepPoint } from "../../../src/engine/base/types";
import { detectFormat, importFiles, makeInputFile } from "../../../src/import/index";
import { vllmImporters } from "../../../src/import/formats/vllm";
import { sglangImporters } from "../../../src/import/formats/sglang";
import { fillFromArrays } from "../../../src/import/formats/vllm-detailed";

const VLLM = "fixtures/vllm/";
const SAMPLES = "fixtures/";
const read = (p: string) => readFileSync(p, "utf8");

function importOk(files: { name: string; text: string }[]): Sweep[] {
  const r = importFiles(files);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.sweeps;
}
const one = (name: string) => importOk([{ name, text: read(VLLM + name) }]);
const close = (a: number | undefined, b: number) =>
  expect(Math.abs((a ?? NaN) - b) / Math.abs(b)).toBeLessThan(1e-6);

describe("vLLM JSONL rate sweep (nerdalert, benchmark_serving.py)", () => {
  const sweeps = one("nerdalert_vllm_benchmark_serving_rate_sweep_llama3.1-8b.jsonl");
  const v = sweeps.find((s) => s.meta.engine === "vllm")!;
  const sgl = sweeps.find((s) => s.meta.engine === "sglang")!;

  it("splits the 12 lines into one sweep per server (framework metadata vllm / sgl) of 6 points each", () => {
    expect(sweeps).toHaveLength(2);
    expect(v.points).toHaveLength(6);
    expect(sgl.points).toHaveLength(6);
    expect(v.label).toBe("vllm · meta-llama/Llama-3.1-8B-Instruct");
    expect(sgl.label).toBe("vllm · meta-llama/Llama-3.1-8B-Instruct · sglang server");
    expect(v.source.format).toBe("vllm");
    expect(v.meta.model).toBe("meta-llama/Llama-3.1-8B-Instruct");
    expect(v.meta.date).toBe("2025-04-14T16:51:48");
  });

  it('sorts points by request rate with the "inf" rate last and open loop (concurrency null)', () => {
    expect(v.points.map((p) => p.requestRate)).toEqual([1, 10, 20, 30, 35, "inf"]);
    expect(v.points.every((p) => p.concurrency === null)).toBe(true);
  });

  it("maps the rate-10 line's values as written (ms, req/s, tok/s) and means per request", () => {
    const p = v.points[1]!;
    // line 2: "p99_ttft_ms": 123.45127816079183, "request_throughput": 9.596860197935362,
    // "output_throughput": 959.6860197935362, "median_ttft_ms": 51.3536068610847
    expect(p.ttftMs?.p99).toBe(123.45127816079183);
    expect(p.ttftMs?.p50).toBe(51.3536068610847);
    expect(p.rps).toBe(9.596860197935362);
    expect(p.outputTokensPerSec).toBe(959.6860197935362);
    expect(p.totalTokensPerSec).toBe(10556.546217728897);
    // 1200000 input tokens / 1200 completed = 1000; 120000 / 1200 = 100
    expect(p.meanInputTokens).toBe(1000);
    expect(p.meanOutputTokens).toBe(100);
    expect(p.completed).toBe(1200);
    expect(p.failed).toBe(0);
  });

  it("keeps vLLM itl (pooled chunk gaps) in itlMs and tpot in tpotMs (rate 20 line)", () => {
    const p = v.points[2]!;
    expect(p.itlMs?.p99).toBe(93.85435300646351); // p99_itl_ms
    expect(p.tpotMs?.p99).toBe(33.526103778300076); // p99_tpot_ms
    expect(p.e2eMs).toBeUndefined(); // no *_e2el_ms keys in this file
  });

  it("reads the inf line: p99 TTFT 34.8 s and failed = num_prompts − completed = 2000 − 1015", () => {
    const p = v.points[5]!;
    expect(p.requestRate).toBe("inf");
    expect(p.ttftMs?.p99).toBe(34829.0987819992);
    expect(p.completed).toBe(1015);
    expect(p.failed).toBe(985);
  });

  it("reads the SGLang-server sweep's rate-1 p99 TTFT (line 7)", () => {
    expect(sgl.points[0]!.requestRate).toBe(1);
    expect(sgl.points[0]!.ttftMs?.p99).toBe(628.9258978795276);
  });
});

describe("vLLM 2024 format with per-request arrays (LambdaLabs, vLLM 0.5.4)", () => {
  const [s] = one("lambdalabs_vllm0.5.4_h100sxm_llama3.1-8b-fp8_len2048_save_detailed.json");
  const p = s!.points[0]!;

  it("keeps the tool's own summary statistics and the run's rate \"inf\"", () => {
    expect(s!.points).toHaveLength(1);
    expect(p.requestRate).toBe("inf");
    expect(p.concurrency).toBeNull();
    expect(p.ttftMs?.p99).toBe(64.57043718444766);
    expect(p.ttftMs?.mean).toBe(44.16175780061167);
    expect(p.rps).toBe(9.364124289561836);
    // *_latency_ms (this variant's name for e2el) → e2eMs
    expect(p.e2eMs?.p99).toBe(1030.5146967872863);
    // input_throughput + output_throughput = 1281.9486152410154 + 413.89429359863317
    close(p.totalTokensPerSec ?? undefined, 1695.8429088396486);
    // 1369 input tokens / 10, 442 output tokens / 10
    expect(p.meanInputTokens).toBeCloseTo(136.9, 12);
    expect(p.meanOutputTokens).toBeCloseTo(44.2, 12);
  });

  it("fills p90 TTFT from the arrays (numpy linear) and says so in a warning", () => {
    // ttfts (s) sorted: 0,0,0,.062004058,.062372804,.062581172,.062688530,.063475970,.063853723,.064641321
    // p90: h = 9 × 0.9 = 8.1 → 63.85372299700975 + 0.1 × (64.64132100518327 − 63.85372299700975) ms
    close(p.ttftMs?.p90, 63.85372299700975 + 0.1 * (64.64132100518327 - 63.85372299700975));
    expect(p.ttftMs?.max).toBe(64.64132100518327);
    expect(p.itlMs?.p95).toBeDefined();
    expect(p.tpotMs?.p90).toBeUndefined(); // no per-request latencies: TPOT not derivable exactly
    expect(s!.warnings.some((w) => w.includes("computed from the per-request arrays"))).toBe(true);
    expect(s!.warnings.some((w) => w.includes("3 successful request(s) streamed no token"))).toBe(
      true,
    );
  });

  it("computes from the arrays the same p99 and median as the tool (within 1e-6 relative)", () => {
    const rec = JSON.parse(
      read(VLLM + "lambdalabs_vllm0.5.4_h100sxm_llama3.1-8b-fp8_len2048_save_detailed.json"),
    ) as Record<string, unknown>;
    const bare: SweepPoint = { concurrency: null, requestRate: "inf", completed: 10 };
    fillFromArrays(rec, bare);
    close(bare.ttftMs?.p99, rec.p99_ttft_ms as number);
    close(bare.ttftMs?.p50, rec.median_ttft_ms as number);
    close(bare.ttftMs?.mean, rec.mean_ttft_ms as number);
    close(bare.itlMs?.p99, rec.p99_itl_ms as number);
    close(bare.itlMs?.mean, rec.mean_itl_ms as number);
    // vLLM's std is numpy's population std; from records capplan gives the sample std (n − 1,
    // docs/import.md), so the two differ by the factor sqrt(n / (n − 1)) over the n pooled gaps.
    const gaps = (rec.itls as number[][]).reduce((k, a) => k + a.length, 0);
    close(bare.itlMs?.std, (rec.std_itl_ms as number) * Math.sqrt(gaps / (gaps - 1)));
  });
});

describe("vllm bench sweep serve outputs (er0080, vLLM 0.25.1)", () => {
  it('reads run=0.json: concurrency 2, no rate ("inf" with a limit is pure closed loop), override in the label', () => {
    const [s] = one("er0080_vllm_bench_sweep_serve_v0.25.1_run0.json");
    const p = s!.points[0]!;
    expect(p.concurrency).toBe(2);
    expect(p.requestRate).toBeNull();
    expect(p.ttftMs?.p99).toBe(762.4942294094944);
    expect(p.e2eMs?.p50).toBe(166.47808399284258); // median_e2el_ms
    expect(p.rps).toBe(5.859229976904171);
    expect(s!.label).toBe("vllm · facebook/opt-125m · max_num_seqs=4");
    expect(s!.meta.tool).toBe("vllm bench sweep serve");
    expect(s!.meta.engine).toBe("vllm");
  });

  it("reads summary.json (array of 2 runs at one load level) as repeats: the median per statistic, repeats 2, an instability warning", () => {
    const r = importFiles([
      {
        name: "summary.json",
        text: read(VLLM + "er0080_vllm_bench_sweep_serve_v0.25.1_summary.json"),
      },
    ]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.sweeps[0]!.points).toHaveLength(1);
    const p = r.sweeps[0]!.points[0]!;
    expect(p.repeats).toBe(2);
    // request_throughput 5.859229976904171 and 12.460566958863927: the median of two is their mean
    expect(p.rps).toBeCloseTo((5.859229976904171 + 12.460566958863927) / 2, 12);
    // mean_ttft_ms 217.27289337468392 (run 0) and 39.30731637592544 (run 1)
    expect(p.ttftMs!.mean).toBeCloseTo((217.27289337468392 + 39.30731637592544) / 2, 9);
    expect(p.ttftMs!.p99).toBeCloseTo((762.4942294094944 + 57.58295443694805) / 2, 9);
    expect(p.completed).toBe(8);
    // 217.27 / 39.31 − 1 = 453 % > 10 %: a warning names the level, the statistic and the range
    const w = r.warnings.find((x) => x.code === "unstable-repeats");
    expect(w?.message).toMatch(
      /^concurrency 2: the 2 repeated runs differ by more than 10 %: .*ttft mean 39\.31–217\.3 ms \(\+453 %\)/,
    );
    expect(r.sweeps[0]!.warnings).toContain(w!.message);
  });

  it("reads summary.csv (pandas index column): one sweep per max_num_seqs, concurrency 4, 16, 64", () => {
    const sweeps = one("vllm_bench_sweep_summary.csv");
    expect(sweeps).toHaveLength(2);
    expect(sweeps.map((s) => s.label).sort()).toEqual([
      "vllm · Qwen/Qwen2.5-7B-Instruct · max_num_seqs=128",
      "vllm · Qwen/Qwen2.5-7B-Instruct · max_num_seqs=64",
    ]);
    const s64 = sweeps.find((s) => s.label.endsWith("=64"))!;
    expect(s64.source.format).toBe("vllm-sweep-csv");
    expect(s64.points.map((p) => p.concurrency)).toEqual([4, 16, 64]);
    expect(s64.points.every((p) => p.requestRate === null)).toBe(true);
    // CSV row index 2: p99_ttft_ms 412.7, request_throughput 15.347169766075563, output_throughput 3928.875460115344
    const p = s64.points[2]!;
    expect(p.ttftMs?.p99).toBe(412.7);
    expect(p.rps).toBe(15.347169766075563);
    expect(p.outputTokensPerSec).toBe(3928.875460115344);
    expect(p.meanInputTokens).toBe(512); // 524288 / 1024
  });
});

describe("vllm bench serve JSON written by us", () => {
  it("keeps both the concurrency limit and the rate of a paced closed-loop run, and p90 / p99.9 keys", () => {
    const [s] = one("vllm-8qps-concurrency8-llama.json");
    const p = s!.points[0]!;
    expect(p.concurrency).toBe(8);
    expect(p.requestRate).toBe(8);
    expect(p.ttftMs?.p90).toBe(51.37);
    expect(p.ttftMs?.["p99.9"]).toBe(58.12);
    expect(p.itlMs?.p95).toBe(24.91);
    // 200 completed / 51.302417 s
    close(p.rps ?? undefined, 200 / 51.302417);
    // 21004 output tokens / 200 requests
    expect(p.meanOutputTokens).toBe(105.02);
    expect(s!.meta.gpu).toBe("L40S");
    expect(s!.meta.gpuCount).toBe(1);
    expect(s!.meta.engine).toBe("vllm"); // --metadata engine=vllm, although backend is openai-chat
  });

  it("merges the 4-file H100 concurrency sweep folder into one sweep sorted by concurrency", () => {
    const dir = VLLM + "concurrency-sweep-h100/";
    const files = readdirSync(dir).map((n) => ({
      name: "concurrency-sweep-h100/" + n,
      text: read(dir + n),
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

describe("vLLM bad input", () => {
  const run = (text: string, name = "bad.json") => importFiles([{ name, text }]);

  it("rejects a vLLM-looking object without any latency key, naming the file and key", () => {
    const r = run(
      JSON.stringify({
        model_id: "m",
        backend: "vllm",
        num_prompts: 10,
        duration: 5,
        completed: 10,
        request_throughput: 2,
      }),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]).toMatchObject({
      file: "bad.json",
      code: "missing-key",
      key: "mean_ttft_ms",
    });
  });

  it("rejects zero and negative throughput with the line and key of the JSONL record", () => {
    const good = {
      model_id: "m",
      backend: "vllm",
      request_rate: 1,
      duration: 10,
      completed: 10,
      request_throughput: 1,
      output_throughput: 100,
      mean_ttft_ms: 20,
    };
    const text = [
      good,
      { ...good, request_rate: 2, request_throughput: 0 },
      { ...good, request_rate: 3, output_throughput: -5 },
    ]
      .map((o) => JSON.stringify(o))
      .join("\n");
    const r = run(text, "sweep.jsonl");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.line, e.key, e.code])).toEqual([
      [2, "request_throughput", "bad-throughput"],
      [3, "output_throughput", "bad-throughput"],
    ]);
  });

  it("rejects a zero request_rate, naming the key", () => {
    const r = run(
      JSON.stringify({
        model_id: "m",
        backend: "vllm",
        request_rate: 0,
        duration: 10,
        completed: 10,
        request_throughput: 1,
        mean_ttft_ms: 20,
      }),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ key: "request_rate", code: "bad-rate" });
  });

  it("reports truncated JSON as a syntax error instead of throwing", () => {
    const text = read(VLLM + "er0080_vllm_bench_sweep_serve_v0.25.1_run0.json").slice(0, 600);
    const f = makeInputFile("run=0.json", text);
    const res = vllmImporters[0]!.parse(f, {});
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.errors[0]!.code).toBe("json-syntax");
  });

  it("skips a warm-up run and a failed sweep run with warnings", () => {
    const base = JSON.parse(
      read(VLLM + "er0080_vllm_bench_sweep_serve_v0.25.1_run0.json"),
    ) as Record<string, unknown>;
    const text = JSON.stringify([
      { ...base, run_number: -1 },
      base,
      {
        run_number: 1,
        error_type: "TimeoutError",
        error: "boom",
        serve_overrides: {},
        bench_overrides: {},
      },
    ]);
    const r = run(text, "summary.json");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.sweeps[0]!.points).toHaveLength(1);
    expect(r.warnings.filter((w) => w.code === "skipped").map((w) => w.record)).toEqual([0, 2]);
  });
});

describe("vLLM detection", () => {
  const mine = new Set([...vllmImporters, ...sglangImporters].map((f) => f.id));
  const others = [
    "aiperf/akamas_rtxpro4500_qwen3-4b_concurrency_64_profile_export_aiperf.json",
    "aiperf/akamas_rtxpro4500_qwen3-4b_concurrency_64_profile_export_aiperf.csv",
    "llmperf/leaderboard_anyscale_70b_summary.json",
    "llmperf/leaderboard_anyscale_70b_individual_responses.json",
    "inference-perf/kubecon25_vllm_batch_size_h100_stage_0_lifecycle_metrics.json",
    "guidellm/guidellm_test_fixture_benchmarks_stripped_v0.2format.json",
    "inferencex/inferencex-fork_agentic_agg_bmk_mi355x_kimi-k2.5_tp4_conc1-64.json",
    "locust/rishabhpoddar_llm_qwen3-0.6b_locust_stats.csv",
  ];

  it.each(others)("does not claim %s", (name) => {
    const f = makeInputFile(name, read(SAMPLES + name));
    for (const imp of [...vllmImporters, ...sglangImporters]) expect(imp.detect(f)).toBe(0);
    expect(mine.has(detectFormat(f)?.id ?? "")).toBe(false);
  });

  it("tells vLLM files from SGLang files by content", () => {
    const v = makeInputFile(
      "x",
      read(VLLM + "nerdalert_vllm_benchmark_serving_rate_sweep_llama3.1-8b.jsonl"),
    );
    const s = makeInputFile(
      "x",
      read("fixtures/sglang/datacrunch_h200x4_llama3.3-70b_offline.jsonl"),
    );
    expect(detectFormat(v)?.id).toBe("vllm");
    expect(detectFormat(s)?.id).toBe("sglang");
    expect(detectFormat(makeInputFile("x", read(VLLM + "vllm_bench_sweep_summary.csv")))?.id).toBe(
      "vllm-sweep-csv",
    );
  });

  it("returns 0 at once for a 30 MB CSV", () => {
    const row = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20\n";
    const text =
      "a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t\n" + row.repeat(Math.ceil(30e6 / row.length));
    text.charCodeAt(text.length - 1); // flatten the rope built by repeat(), as a file read from disk is
    const f = makeInputFile("big.csv", text);
    const t0 = performance.now();
    for (const imp of [...vllmImporters, ...sglangImporters]) expect(imp.detect(f)).toBe(0);
    expect(performance.now() - t0).toBeLessThan(50);
  });
});
