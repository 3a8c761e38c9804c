import { describe, expect, test } from "vitest";
import { fixture, importOk, importOne } from "../helpers";

const one = (f: string) => importOne(`guidellm/${f}`, f);

describe("GuideLLM JSON", () => {
  test("v0.2-format test fixture: synchronous → concurrency 1, median stands in for the missing p50, latency seconds → ms", () => {
    const s = one("guidellm_test_fixture_benchmarks_stripped_v0.2format.json");
    // model: worker.backend_model
    expect([s.source.format, s.meta.model]).toEqual(["guidellm", "example_model"]);
    const p = s.points[0]!;
    expect(p).toMatchObject({ concurrency: 1, requestRate: null });
    // time_to_first_token_ms.successful.percentiles.p99 = 21.281957626342773 (ms already); v0.2.0
    // has no percentiles.p50: median 16.38054847717285
    expect(p.ttftMs).toMatchObject({ p99: 21.281957626342773, p50: 16.38054847717285 });
    // request_latency.successful.percentiles.p99 = 0.6891846656799316 s
    expect(p.e2eMs!.p99).toBeCloseTo(689.1846656799316, 9);
    // inter_token_latency_ms ((last − first)/(out − 1)) → tpot: mean 4.941609043733832
    expect(p.tpotMs!.mean).toBe(4.941609043733832);
    // v0.2–0.3 time_per_output_token_ms = (last − first)/out (4.903 = 4.9416·127/128): no canonical metric
    expect([p.ntpotMs, p.itlMs]).toEqual([undefined, undefined]);
    expect(s.warnings.some((w) => /v0\.2–v0\.3 time_per_output_token_ms/.test(w))).toBe(true);
    expect(p).toMatchObject({ rps: 1.5481806532737452, outputTokensPerSec: 198.13346751788123 });
    // completed: request_totals beside metrics in v0.2
    expect(p).toMatchObject({ totalTokensPerSec: 992.6867036588937, completed: 46 });
  });

  test("v0.5 report (metadata.version 1): TPOT includes the TTFT and becomes ntpot; ITL becomes tpot", () => {
    const s = one(
      "danielkorat_guidellm_v0.5_intel-xpu_gpt-oss-20b_tp4_synchronous_benchmarks.json",
    );
    expect(s.meta).toMatchObject({ model: "openai/gpt-oss-20b", toolVersion: "0.5.0.dev0" });
    const p = s.points[0]!;
    // concurrency: strategy synchronous (max_concurrency 1); percentiles.p50 exists from v0.3.1
    expect(p.concurrency).toBe(1);
    expect(p.ttftMs).toMatchObject({ p99: 60.7762336730957, p50: 47.66058921813965 });
    // time_per_output_token_ms.successful.mean 29.92480437271297 = (last token − start)/out → ntpot
    expect([p.ntpotMs!.mean, p.tpotMs!.mean]).toEqual([29.92480437271297, 29.90631087667665]);
    // request_latency mean 30.64414818763733 s
    expect(p.e2eMs!.mean).toBeCloseTo(30644.14818763733, 8);
    expect(p.rps).toBeCloseTo(1 / 30, 12);
    expect(p).toMatchObject({ meanOutputTokens: 1024, completed: 25 }); // metrics.request_totals
  });

  test("v0.4 report (args + benchmarks) sweep profile: synchronous, constant 2.5 req/s and throughput = inf, in load order", () => {
    const s = one("written_guidellm_v0.4_sweep_benchmarks.json");
    expect(s.meta.model).toBe("meta-llama/Llama-3.1-8B-Instruct");
    expect(s.points.map((p) => p.concurrency)).toEqual([1, null, null]);
    expect(s.points.map((p) => p.requestRate)).toEqual([null, 2.5, "inf"]);
    // throughput benchmark requests_per_second.successful.mean = 7.5 × 1.05
    expect(s.points[2]!.rps).toBeCloseTo(7.875, 12);
    expect(s.points[1]!.rps).toBeCloseTo(2.6145, 12);
  });

  test("v0.7+ report (metadata.version 2 + config): concurrent streams 1, 4, 16 with hand-checked values at 4 streams", () => {
    const s = one("written_guidellm_v0.7_concurrent_benchmarks.json");
    expect(s.meta).toMatchObject({ model: "Qwen/Qwen3-8B", toolVersion: "0.7.0" });
    expect(s.points.map((p) => p.concurrency)).toEqual([1, 4, 16]);
    const p = s.points[1]!;
    // TTFT p99 45 × 1.8; NTPOT p50 (45 + 12·127)/128
    expect([p.ttftMs!.p99, p.tpotMs!.p50, p.ntpotMs!.p50]).toEqual([81, 12, 12.257812]);
    // request_latency p99 2.8242 s = (45 + 12·127)/1000 × 1.8
    expect(p.e2eMs!.p99).toBeCloseTo(2824.2, 9);
    expect(p).toMatchObject({ rps: 2.835, outputTokensPerSec: 362.88, totalTokensPerSec: 1814.4 });
  });

  test("a strategy without a load level falls back to the measured concurrency with a warning", () => {
    type Report = { benchmarks: { config: { strategy: unknown } }[] };
    const text = fixture("guidellm/written_guidellm_v0.7_concurrent_benchmarks.json");
    const v = JSON.parse(text) as Report;
    v.benchmarks = v.benchmarks.slice(2);
    v.benchmarks[0]!.config.strategy = { type_: "trace" };
    const sweeps = importOk([{ name: "b.json", text: JSON.stringify(v) }]);
    // request_concurrency.successful.mean = 15.8 × 1.05
    expect(sweeps[0]!.points[0]!.concurrency).toBeCloseTo(16.59, 9);
    const measured = /measured average request_concurrency/;
    expect(sweeps[0]!.warnings.some((w) => measured.test(w))).toBe(true);
  });
});
