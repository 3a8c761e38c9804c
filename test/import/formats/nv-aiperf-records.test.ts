/** src/import/formats/nv-aiperf-records.ts: AIPerf per-request records aggregated into one point. */
import { describe, expect, it } from "vitest";
import { importFixture } from "../helpers";

const importOne = (rel: string) => importFixture(rel)[0]!;

const JSONL = "aiperf/synthetic/artifacts/qwen3-4b-openai-chat-concurrency4/profile_export.jsonl";

describe("parseAiperfRecords", () => {
  it("aggregates profile_export.jsonl records with numpy-linear percentiles", () => {
    const s = importOne(JSONL);
    const p = s.points[0]!;
    // concurrency `…-concurrency4/` in the path; the warm-up record left out; one record with an error
    expect(p).toMatchObject({ concurrency: 4, completed: 5, failed: 1, meanInputTokens: 120 });
    // TTFT [40, 50, 60, 80, 100]: p50 = 60; p90: h = 4·0.9 = 3.6 → 80 + 0.6·20 = 92; p99: h = 3.96 → 99.2
    expect(p.ttftMs!.p90).toBeCloseTo(92, 10);
    expect(p.ttftMs!.p99).toBeCloseTo(99.2, 10);
    // per-request inter_token_latency [20, 21, 22, 25, 30] → tpot p50 22; pooled inter_chunk_latency
    // [10,20,25,30,35,40,45,50,60]: p50 h = 4 → 35; p90 h = 7.2 → 50 + 0.2·10 = 52
    expect(p).toMatchObject({ ttftMs: { p50: 60, mean: 66 }, tpotMs: { p50: 22 } });
    expect(p.itlMs!.p50).toBe(35);
    expect(p.itlMs!.p90).toBeCloseTo(52, 10);
    // span: first start t0 + 0 s, last end t0 + 4 s → 5 / 4 = 1.25 req/s; out tokens 49+51+52+57+64 = 273 → 68.25/s
    expect(p.rps).toBeCloseTo(1.25, 10);
    expect(p.outputTokensPerSec).toBeCloseTo(68.25, 10);
  });
});
