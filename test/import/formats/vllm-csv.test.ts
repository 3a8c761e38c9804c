/** src/import/formats/vllm-csv.ts: the `summary.csv` of `vllm bench sweep serve`. */
import { describe, expect, it } from "vitest";
import { importFixture } from "../helpers";

describe("vllmSweepCsvImporter", () => {
  it("reads summary.csv (pandas index column): one sweep per max_num_seqs, concurrency 4, 16, 64", () => {
    const sweeps = importFixture("vllm/vllm_bench_sweep_summary.csv");
    expect(sweeps).toHaveLength(2);
    expect(sweeps.map((s) => s.label).sort()).toEqual([
      "vllm · Qwen/Qwen2.5-7B-Instruct · max_num_seqs=128",
      "vllm · Qwen/Qwen2.5-7B-Instruct · max_num_seqs=64",
    ]);
    const s64 = sweeps.find((s) => s.label.endsWith("=64"))!;
    const loads = s64.points.map((p) => p.concurrency);
    expect([s64.source.format, loads]).toEqual(["vllm-sweep-csv", [4, 16, 64]]);
    expect(s64.points.every((p) => p.requestRate === null)).toBe(true);
    // CSV row index 2: p99_ttft_ms 412.7, request_throughput 15.347169766075563, output_throughput 3928.875460115344
    const p = s64.points[2]!;
    expect(p).toMatchObject({ rps: 15.347169766075563, outputTokensPerSec: 3928.875460115344 });
    // mean input tokens 524288 / 1024
    expect(p).toMatchObject({ ttftMs: { p99: 412.7 }, meanInputTokens: 512 });
  });
});
