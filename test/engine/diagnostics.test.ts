import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_RULES, diagnose } from "../../src/engine/curve/diagnostics";
import type { SweepMeta, SweepPoint } from "../../src/engine/base/types";

const meta: SweepMeta = { model: null, engine: null, gpu: null, gpuCount: null, date: null };
const run = (points: SweepPoint[]) => diagnose({ points, meta });
const ids = (points: SweepPoint[]) => run(points).map((f) => f.rule);
const pt = (c: number, otps: number, extra: Partial<SweepPoint> = {}): SweepPoint => ({
  concurrency: c,
  requestRate: null,
  outputTokensPerSec: otps,
  ...extra,
});

describe("diagnose: ttft-queueing", () => {
  it("flags TTFT that grows ≥ 3× while throughput grows < 25 %", () => {
    const pts = [
      pt(8, 1000, { ttftMs: { p99: 300 } }),
      pt(16, 1080, { ttftMs: { p99: 700 } }),
      pt(32, 1110, { ttftMs: { p99: 1500 } }),
      pt(64, 1120, { ttftMs: { p99: 2700 } }),
    ];
    // best pair 8 → 64: TTFT 2700 / 300 = 9.0×, throughput 1120 / 1000 − 1 = 12 %
    const f = run(pts).find((x) => x.rule === "ttft-queueing")!;
    expect(f.evidence).toBe(
      "P99 TTFT grows 9.0× from concurrency 8 to 64 while throughput grows 12 %",
    );
    expect(f.pointIndices).toEqual([0, 1, 2, 3]);
    expect(f.advice).toContain("prefill");
  });

  it("does not flag TTFT that grows together with throughput", () => {
    // 8 → 64: TTFT 4×, but throughput 4× as well (+300 %)
    const pts = [
      pt(8, 1000, { ttftMs: { p99: 300 } }),
      pt(16, 2000, { ttftMs: { p99: 500 } }),
      pt(64, 4000, { ttftMs: { p99: 1200 } }),
    ];
    expect(ids(pts)).not.toContain("ttft-queueing");
  });
});

describe("diagnose: decode-bound", () => {
  it("flags even ITL while throughput stops growing over a load doubling", () => {
    const pts = [
      pt(16, 2000, { itlMs: { p50: 20, p99: 24 } }),
      pt(32, 2100, { itlMs: { p50: 21, p99: 25 } }),
      pt(64, 2150, { itlMs: { p50: 21.5, p99: 26 } }),
    ];
    // 16 → 32: throughput +5 %, P50 ITL +5 %, P99/P50 at 32 = 25/21 = 1.19
    const f = run(pts).find((x) => x.rule === "decode-bound")!;
    expect(f.evidence).toBe(
      "Throughput grows 5 % from concurrency 16 to 32 while P50 ITL grows 5 % (P99/P50 1.19)",
    );
    expect(f.pointIndices).toEqual([0, 1]);
  });

  it("does not flag when ITL rises with load or throughput still grows", () => {
    const rising = [
      pt(16, 2000, { itlMs: { p50: 20, p99: 24 } }),
      pt(32, 2100, { itlMs: { p50: 40, p99: 50 } }),
    ]; // ITL +100 %
    expect(ids(rising)).not.toContain("decode-bound");
    const growing = [
      pt(16, 2000, { itlMs: { p50: 20, p99: 24 } }),
      pt(32, 3500, { itlMs: { p50: 21, p99: 25 } }),
    ]; // +75 %
    expect(ids(growing)).not.toContain("decode-bound");
    const uneven = [
      pt(16, 2000, { itlMs: { p50: 20, p99: 40 } }),
      pt(32, 2050, { itlMs: { p50: 21, p99: 42 } }),
    ]; // P99/P50 = 2
    expect(ids(uneven)).not.toContain("decode-bound");
  });
});

describe("diagnose: failures-at-load", () => {
  it("flags failures that appear at higher load after none at lower load", () => {
    const pts = [1, 2, 4, 8].map((c, i) =>
      pt(c, 100 * c, { completed: [200, 200, 200, 388][i]!, failed: [0, 0, 0, 12][i]! }),
    );
    // 12 / (388 + 12) = 3 % > 1 %
    const f = run(pts).find((x) => x.rule === "failures-at-load")!;
    expect(f.evidence).toBe(
      "12 of 400 requests (3.0 %) failed at concurrency 8; none failed at concurrency 1 to 4",
    );
    expect(f.pointIndices).toEqual([3]);
  });

  it("does not flag failures below 1 % or failures already at the lowest load", () => {
    const few = [1, 2].map((c, i) =>
      pt(c, 100 * c, { completed: [200, 199][i]!, failed: [0, 1][i]! }),
    ); // 0.5 %
    expect(ids(few)).not.toContain("failures-at-load");
    const always = [1, 2].map((c, i) => pt(c, 100 * c, { completed: 190, failed: [10, 12][i]! }));
    expect(ids(always)).not.toContain("failures-at-load");
  });
});

describe("diagnose: long-tail", () => {
  const conc = [1, 2, 4, 8];
  const otps = [100, 180, 330, 600]; // all-linear curve (see zones tests)
  const p99 = [100, 115, 135, 160];
  it("flags P99/P50 ≥ 3 at points in the linear zone", () => {
    const pts = conc.map((c, i) =>
      pt(c, otps[i]!, { ttftMs: { p50: [30, 35, 40, 50][i]!, p99: p99[i]! } }),
    );
    // ratios 3.33, 3.29, 3.375, 3.2 → all linear points; the largest at concurrency 4
    const f = run(pts).find((x) => x.rule === "long-tail")!;
    expect(f.evidence).toBe(
      "At concurrency 4 (linear zone) P99 TTFT is 3.4× P50 (135 ms vs 40 ms)",
    );
    expect(f.pointIndices).toEqual([0, 1, 2, 3]);
    expect(f.severity).toBe("info");
  });

  it("does not flag a tight tail, nor a long tail only in the saturated zone", () => {
    const tight = conc.map((c, i) =>
      pt(c, otps[i]!, { ttftMs: { p50: p99[i]! / 1.5, p99: p99[i]! } }),
    );
    expect(ids(tight)).not.toContain("long-tail");
    // saturated from the start (e = 0.1): every point saturated, so no linear point to flag
    const sat = conc.map((c, i) =>
      pt(c, [1000, 1100, 1150, 1160][i]!, {
        ttftMs: { p50: 100, p99: [200, 450, 1000, 2100][i]! },
      }),
    );
    expect(ids(sat)).not.toContain("long-tail");
  });
});

describe("diagnostic rules", () => {
  it("documents the multi-replica rule but never emits it from one sweep", () => {
    expect(DIAGNOSTIC_RULES.map((r) => r.id)).toEqual([
      "ttft-queueing",
      "decode-bound",
      "failures-at-load",
      "long-tail",
      "multi-replica-scaling",
    ]);
    expect(DIAGNOSTIC_RULES[4]!.description).toContain("needs sweeps of 1 and N replicas");
  });

  it("finds nothing in a healthy linear sweep or a single point", () => {
    const healthy = [1, 2, 4, 8].map((c, i) =>
      pt(c, [100, 180, 330, 600][i]!, {
        ttftMs: { p50: 80, p99: 100 + 10 * i },
        itlMs: { p50: 20, p99: 24 },
        failed: 0,
        completed: 100,
      }),
    );
    expect(run(healthy)).toEqual([]);
    expect(run([pt(1, 100, { failed: 50, completed: 50 })])).toEqual([]);
  });
});
