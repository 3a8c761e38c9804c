import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";
import { sensitivity } from "../../../src/engine/whatif/sensitivity";
import { TORNADO_COLORS, tornadoChart } from "../../../src/ui/charts/tornado";

const seed = JSON.parse(
  readFileSync(join(__dirname, "../../../models/examples/seed.json"), "utf8"),
) as PlanFile;

describe("tornadoChart", () => {
  it("one row per input, largest swing on top, bars from the base result to −step and +step", () => {
    const s = sensitivity({ plan: seed }, { of: "replicas" })!;
    const cfg = tornadoChart(s, { title: "T", low: "−10 %", high: "+10 %" }, String);
    expect(cfg.data.labels![0]).toBe("cells.peak_rps");
    expect(cfg.data.labels).toHaveLength(7);
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

  it("spans its axis over the results around the base, not from 0 (13–16 replicas: 12.76–16.24)", () => {
    const s = sensitivity({ plan: seed }, { of: "replicas" })!;
    const x = tornadoChart(s, { title: "T", low: "l", high: "h" }, String).options!.scales!.x as {
      min: number;
      max: number;
    };
    expect(x.min).toBeCloseTo(13 - 0.08 * 3, 12);
    expect(x.max).toBeCloseTo(16 + 0.08 * 3, 12);
  });
});
