import { describe, expect, it } from "vitest";
import { sensitivity } from "../../../src/engine/whatif/sensitivity";
import {
  TORNADO_COLORS,
  roundAxis,
  shortInput,
  tornadoChart,
} from "../../../src/ui/charts/tornado";
import { seed } from "../state/bench-plan";

describe("tornadoChart", () => {
  it("one row per input, largest swing on top, bars from the base result to −step and +step", () => {
    const s = sensitivity({ plan: seed }, { of: "replicas" })!;
    const cfg = tornadoChart(s, { title: "T", low: "−10 %", high: "+10 %" }, String);
    expect([cfg.data.labels![0], cfg.data.labels!.length]).toEqual(["cells.peak_rps", 7]);
    const [low, high] = cfg.data.datasets;
    // Base 15 replicas: 45 RPS → 13, 55 RPS → 16.
    expect(low!.data[0]).toEqual([15, 13]);
    expect(high!.data[0]).toEqual([15, 16]);
    expect(low!.backgroundColor).toBe(TORNADO_COLORS.low);
    expect(cfg.options!.indexAxis).toBe("y");
    // The price moves no replica: a bar of no length.
    const price = cfg.data.labels!.indexOf("cells.gpu_hour");
    expect(high!.data[price]).toEqual([15, 15]);
  });

  it("spans its axis over the results around the base, not from 0, to round ends (13–16 replicas, padded 12.76–16.24: 12–17)", () => {
    const s = sensitivity({ plan: seed }, { of: "replicas" })!;
    const x = tornadoChart(s, { title: "T", low: "l", high: "h" }, String).options!.scales!.x as {
      min: number;
      max: number;
      ticks: { stepSize: number };
    };
    expect([x.min, x.max, x.ticks.stepSize]).toEqual([12, 17, 1]);
  });
});

describe("roundAxis", () => {
  // (hi − lo) / 5 rounded up to 1, 2 or 5 × 10^k; the ends floored and ceiled to that step.
  it.each([
    [12.76, 16.24, 12, 17, 1],
    // The what-if screenshot's cost axis: $12,447.96 … $17,190.04 → $12K … $18K by $1K.
    [12447.96, 17190.04, 12000, 18000, 1000],
    [0.41, 0.62, 0.4, 0.65, 0.05],
    [100, 150, 100, 150, 10],
    [-3, 7, -4, 8, 2],
  ])("[%d, %d] → %d … %d by %d", (lo, hi, min, max, step) => {
    const a = roundAxis(lo, hi);
    expect(a.step).toBeCloseTo(step, 12);
    expect(a.min).toBeCloseTo(min, 9);
    expect(a.max).toBeCloseTo(max, 9);
  });
});

describe("shortInput", () => {
  it.each([
    ["cells.peak_rps", "cells.peak_rps"],
    ["skus[1].replicaOutputTokensPerSec", "…replicaOutputTokensPerSec"],
    ["workloads[1].outputTokens", "workloads[1].outputTokens"],
    ["a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p", "…c.d.e.f.g.h.i.j.k.l.m.n.o.p"],
  ])("%s → %s", (path, want) => {
    expect(shortInput(path)).toBe(want);
    expect(want.length).toBeLessThanOrEqual(28);
  });
  it("is the tornado's y tick: the axis shows the short path of each row", () => {
    const s = sensitivity({ plan: seed }, { of: "replicas" })!;
    const y = tornadoChart(s, { title: "T", low: "l", high: "h" }, String).options!.scales!.y as {
      ticks: { callback: (this: { getLabelForValue(i: number): string }, v: number) => string };
    };
    const labels = ["skus[0].replicaOutputTokensPerSec", "cells.peak_rps"];
    const axis = { getLabelForValue: (i: number) => labels[i]! };
    const ticks = [0, 1].map((i) => y.ticks.callback.call(axis, i));
    expect(ticks).toEqual(["…replicaOutputTokensPerSec", "cells.peak_rps"]);
  });
});
