import { describe, expect, it } from "vitest";
import { classifyZones } from "../../src/engine/curve/zones";
import type { SweepPoint } from "../../src/engine/base/types";

function curve(conc: number[], otps: number[], ttftP99: number[]): SweepPoint[] {
  return conc.map((c, i) => ({
    concurrency: c,
    requestRate: null,
    outputTokensPerSec: otps[i]!,
    ttftMs: { p99: ttftP99[i]! },
  }));
}

describe("classifyZones", () => {
  it("classes docs/zones.md three-segment curve idle → linear → saturated with the knee at the first saturated point", () => {
    const pts = curve(
      [1, 2, 4, 8, 16, 32, 64],
      [100, 198, 390, 700, 1250, 1400, 1420],
      [100, 102, 105, 150, 220, 600, 2400],
    );
    // 1→2: e = (98/100)/(1/1) = 0.98 > 0.8, TTFT +2 % → idle (point 0 takes the class of this step)
    // 2→4: e = 192/198 = 0.97, TTFT +2.9 % → idle
    // 4→8: e = 310/390 = 0.79 ≤ 0.8 → linear; 8→16: e = 550/700 = 0.79, g = 1.47 → linear
    // 16→32: e = 150/1250 = 0.12 < 0.2 → saturated (knee); 32→64 stays saturated
    const z = classifyZones(pts);
    expect(z.zones).toEqual(["idle", "idle", "idle", "linear", "linear", "saturated", "saturated"]);
    expect(z.kneeIndex).toBe(5);
    expect(z.rule).toContain("e < 0.2");
    expect(z.rule).toContain("g > 2");
  });

  it("classes an all-linear curve as linear with no knee", () => {
    // 1→2: e = 0.8 (not > 0.8) and TTFT +15 % → linear; 2→4: e = 150/180 = 0.83; 4→8: e = 270/330 = 0.82
    const z = classifyZones(curve([1, 2, 4, 8], [100, 180, 330, 600], [100, 115, 135, 160]));
    expect(z.zones).toEqual(["linear", "linear", "linear", "linear"]);
    expect(z.kneeIndex).toBeNull();
  });

  it("classes a curve saturating from the start as saturated from the first point", () => {
    // 1→2: e = (100/1000)/1 = 0.1 < 0.2 → saturated; the first point takes that class
    const z = classifyZones(curve([1, 2, 4, 8], [1000, 1100, 1150, 1160], [200, 450, 1000, 2100]));
    expect(z.zones).toEqual(["saturated", "saturated", "saturated", "saturated"]);
    expect(z.kneeIndex).toBe(0);
  });

  it("saturates on TTFT growth per load doubling even while throughput still grows", () => {
    // 2→4: e = (160/190)/1 = 0.84 but TTFT 105 → 400 is 3.8× per doubling > 2 → saturated
    const z = classifyZones(curve([1, 2, 4], [100, 190, 350], [100, 105, 400]));
    expect(z.zones).toEqual(["idle", "idle", "saturated"]);
    expect(z.kneeIndex).toBe(2);
  });

  it("normalises TTFT growth per doubling over a wider load step", () => {
    // 4→16 is two doublings: TTFT 3.5× → g = 3.5^(1/2) = 1.87 ≤ 2; e = (1100/400)/(12/4) = 0.92 → linear
    const z = classifyZones(curve([4, 16], [400, 1500], [100, 350]));
    expect(z.zones).toEqual(["linear", "linear"]);
  });

  it("handles 1- and 2-point sweeps", () => {
    expect(classifyZones(curve([8], [500], [300]))).toMatchObject({
      zones: ["linear"],
      kneeIndex: null,
    });
    expect(classifyZones([])).toMatchObject({ zones: [], kneeIndex: null });
    // 2 points, e = 0.05 → both saturated
    expect(classifyZones(curve([1, 2], [100, 105], [100, 300]))).toMatchObject({
      zones: ["saturated", "saturated"],
      kneeIndex: 0,
    });
    // 2 points, e = 0.98 and TTFT +1 % → both idle
    expect(classifyZones(curve([1, 2], [100, 198], [100, 101]))).toMatchObject({
      zones: ["idle", "idle"],
      kneeIndex: null,
    });
  });

  it("uses rps when there is no output tokens/s and keeps saturated points saturated", () => {
    const pts: SweepPoint[] = [1, 2, 4, 8].map((c, i) => ({
      concurrency: c,
      requestRate: null,
      rps: [1, 1.9, 2, 3.8][i]!,
    }));
    // 1→2 e = 0.9 (no latency: idle needs only e) → idle; 2→4 e = 0.05 → saturated; 4→8 e = 0.9 but stays saturated
    expect(classifyZones(pts).zones).toEqual(["idle", "idle", "saturated", "saturated"]);
  });

  it("returns zones in the input order when points are not sorted", () => {
    const pts = curve([1, 2, 4, 8], [1000, 1100, 1150, 1160], [200, 450, 1000, 2100]).reverse();
    expect(classifyZones(pts).kneeIndex).toBe(3);
  });

  it("classes a step to an infinite request rate as saturated without passing that to the first point", () => {
    const pts: SweepPoint[] = [
      { concurrency: null, requestRate: 1, outputTokensPerSec: 100, ttftMs: { p99: 10 } },
      { concurrency: null, requestRate: "inf", outputTokensPerSec: 300, ttftMs: { p99: 100 } },
    ];
    expect(classifyZones(pts)).toMatchObject({ zones: ["linear", "saturated"], kneeIndex: 1 });
  });
});
