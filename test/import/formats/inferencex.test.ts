import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importOk } from "../helpers";

const FILE =
  "fixtures/inferencex/inferencex-fork_agentic_agg_bmk_mi355x_kimi-k2.5_tp4_conc1-64.json";

describe("InferenceX aggregates", () => {
  it("imports the agentic sample as two sweeps (offloading none / lmcache) of aggregate throughput", () => {
    const sweeps = importOk([{ name: FILE, text: readFileSync(FILE, "utf8") }]);
    const shape = sweeps.map((s) => `${s.source.format} ${s.meta.offloading} ${s.points.length}`);
    expect(shape).toEqual(["inferencex none 10", "inferencex lmcache 10"]);
    const s = sweeps[0]!;
    expect(s.meta).toMatchObject({
      gpu: "mi355x",
      gpuCount: 4,
      model: "amd/Kimi-K2.5-MXFP4",
      engine: "vllm",
    });
    expect(s.points.map((p) => p.concurrency)).toEqual([1, 2, 4, 8, 16, 32, 40, 48, 56, 64]);
    const p56 = s.points.find((p) => p.concurrency === 56)!;
    // record conc 56, offloading none: output_tput_per_gpu 2.277455201614092 × tp 4 = 9.10982… = output_tput_tps
    expect(p56.outputTokensPerSec).toBeCloseTo(2.277455201614092 * 4, 9);
    expect(p56.totalTokensPerSec).toBeCloseTo(1160.5016880042378 * 4, 9);
    // 72 completed requests / 1819.904074101 s
    expect(p56.rps).toBeCloseTo(72 / 1819.904074101, 12);
    // mean_ttft 586.3939893904861 s → ms; p95_itl (AIPerf inter_token_latency = TPOT) 1.6193478422754546 s
    expect(p56.ttftMs!.mean).toBeCloseTo(586393.9893904861, 6);
    expect(p56.tpotMs!.p95).toBeCloseTo(1619.3478422754546, 9);
    expect(p56.itlMs).toBeUndefined();
    expect(p56.e2eMs!.p90).toBeCloseTo(1255010.231086, 6);
    expect(p56.meanInputTokens).toBeCloseTo(117103.16666666667, 9);
    expect(p56.meanOutputTokens).toBeCloseTo(230.26388888888889, 9);
    expect(s.warnings.join("\n")).toContain("per GPU");
  });

  it("multiplies per-GPU throughput of a standard run by its GPU count", () => {
    const run = { hw: "h200", conc: 8, model: "m", framework: "sglang", tp: 8 };
    const latency = { p99_ttft: 0.25, median_itl: 0.02, mean_tpot: 0.021, mean_e2el: 2.5 };
    const row = { ...run, tput_per_gpu: 500, output_tput_per_gpu: 100, ...latency };
    const sweeps = importOk([{ name: "agg_x.json", text: JSON.stringify(row) }]);
    const p = sweeps[0]!.points[0]!;
    // 100 tok/s/GPU × 8 GPUs = 800; 500 × 8 = 4000; seconds → ms
    expect(p).toMatchObject({ concurrency: 8, outputTokensPerSec: 800, totalTokensPerSec: 4000 });
    expect(p).toMatchObject({ ttftMs: { p99: 250 }, itlMs: { p50: 20 }, tpotMs: { mean: 21 } });
    expect(p.e2eMs).toMatchObject({ mean: 2500 });
    expect(sweeps[0]!.meta.gpuCount).toBe(8);
    expect(sweeps[0]!.warnings[0]).toContain("per-GPU × GPUs (tp = 8)");
  });
});
