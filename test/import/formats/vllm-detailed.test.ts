/** src/import/formats/vllm-detailed.ts: statistics the per-request arrays of `--save-detailed` give. */
import { describe, expect, it } from "vitest";
import type { SweepPoint } from "../../../src/engine/base/types";
import { fillFromArrays } from "../../../src/import/formats/vllm-detailed";
import { close, fixture, importFixture } from "../helpers";

const LAMBDA = "vllm/lambdalabs_vllm0.5.4_h100sxm_llama3.1-8b-fp8_len2048_save_detailed.json";

describe("fillFromArrays (LambdaLabs, vLLM 0.5.4)", () => {
  const [s] = importFixture(LAMBDA);
  const p = s!.points[0]!;

  it("fills p90 TTFT from the arrays (numpy linear) and says so in a warning", () => {
    // ttfts (s) sorted: 0,0,0,.062004058,.062372804,.062581172,.062688530,.063475970,.063853723,.064641321
    // p90: h = 9 × 0.9 = 8.1 → 63.85372299700975 + 0.1 × (64.64132100518327 − 63.85372299700975) ms
    close(p.ttftMs?.p90, 63.85372299700975 + 0.1 * (64.64132100518327 - 63.85372299700975));
    expect(p.ttftMs?.max).toBe(64.64132100518327);
    expect(p.itlMs?.p95).toBeDefined();
    expect(p.tpotMs?.p90).toBeUndefined(); // no per-request latencies: TPOT not derivable exactly
    const says = (part: string) => s!.warnings.some((w) => w.includes(part));
    expect(says("computed from the per-request arrays")).toBe(true);
    expect(says("3 successful request(s) streamed no token")).toBe(true);
  });

  it("computes from the arrays the same p99 and median as the tool (within 1e-6 relative)", () => {
    const rec = JSON.parse(fixture(LAMBDA)) as Record<string, unknown>;
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
