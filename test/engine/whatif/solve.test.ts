import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";
import { solve } from "../../../src/engine/whatif/solve";
import { renderProblem } from "../../../src/report/messages";

const seed = JSON.parse(
  readFileSync(join(__dirname, "../../../models/examples/seed.json"), "utf8"),
) as PlanFile;

/** Two SKUs with given capacities: A (4 GPUs at `priceA`, 1,500 tok/s) and B (1 GPU at 1.04, 400 tok/s). */
const twoSkus = (priceA: number | string = 3) =>
  ({
    format: "capplan.plan/v1",
    cells: { a_hour: 3 },
    workloads: [{ name: "chat", peakRps: 50, inputTokens: 300, outputTokens: 300 }],
    factors: { elasticity: 1.2, redundancy: 1.2 },
    skus: [
      {
        name: "A",
        gpusPerReplica: 4,
        pricePerGpuHour: priceA,
        sweep: { replicaOutputTokensPerSec: 1500 },
      },
      {
        name: "B",
        gpusPerReplica: 1,
        pricePerGpuHour: 1.04,
        sweep: { replicaOutputTokensPerSec: 400 },
      },
    ],
  }) as unknown as PlanFile;

describe("solve", () => {
  it("the largest peak RPS with 16 replicas in the seed example is 55.5556 (16 ÷ (300 ÷ 1500 × 1.44))", () => {
    const r = solve(
      { plan: seed },
      { target: "skus[0].replicas", value: 16, vary: "cells.peak_rps" },
    );
    expect(r).toMatchObject({ found: true, base: 50 });
    expect(Number(r.value!.toFixed(4))).toBe(55.5556);
    // The boundary: ceil with its 1e-9 tolerance still gives 16 there, and one part in 1e9 more gives 17.
    expect(r.value!).toBeCloseTo(16 / 0.288, 6);
    expect(r.achieved).toBe(16);
    const over = solve(
      { plan: { ...seed, cells: { ...seed.cells, peak_rps: r.value! * (1 + 1e-8) } } },
      { target: "skus[0].replicas", value: 16, vary: "cells.peak_rps" },
    );
    expect(over.base! > r.value!).toBe(true);
  });

  it("a step result falling with its input: the smallest capacity that fits in 10 replicas", () => {
    // replicas = ceil(15,000 × 1.44 ÷ C) ≤ 10 ⇔ C ≥ 2,160.
    const r = solve(
      { plan: seed },
      { target: "skus[0].replicas", value: 10, vary: "cells.replica_tok_s" },
    );
    expect(r.found).toBe(true);
    expect(r.value!).toBeCloseTo(2160, 4);
    expect(r.achieved).toBe(10);
  });

  it("break-even price: A's cost per 1M output tokens equals B's at pB × gB × CA ÷ (gA × CB)", () => {
    const r = solve(
      { plan: twoSkus() },
      {
        target: "skus[0].costPerMillionOutputTokens",
        value: "skus[1].costPerMillionOutputTokens",
        vary: "skus[0].pricePerGpuHour",
      },
    );
    // Closed form: 4 × p ÷ (1500 × 3600) = 1 × 1.04 ÷ (400 × 3600) ⇔ p = 1.04 × 1500 ÷ (4 × 400) = 0.975.
    const closed = (1.04 * 1 * 1500) / (4 * 400);
    expect(r.found).toBe(true);
    expect(Math.abs(r.value! - closed) / closed).toBeLessThan(1e-9);
    expect(Math.abs(r.achieved! - r.target!) / r.target!).toBeLessThan(1e-9);
  });

  it("a continuous result reaches a number to 1e-9 relative (a cost per day by the GPU price)", () => {
    const r = solve(
      { plan: seed },
      { target: "skus[0].costPerDay", value: 24000, vary: "cells.gpu_hour" },
    );
    // costPerDay = 15 × 4 × p × 24 ⇔ p = 24,000 ÷ 1,440 = 16.6667.
    expect(r.found).toBe(true);
    expect(Math.abs(r.value! - 24000 / 1440) / (24000 / 1440)).toBeLessThan(1e-9);
  });

  it("no value in range: found false and why, in English and Chinese", () => {
    // Input tokens feed no replica count.
    const r = solve(
      { plan: seed },
      { target: "skus[0].replicas", value: 5, vary: "cells.input_tokens" },
    );
    expect(r).toMatchObject({ found: false, value: null });
    expect(r.problem!.code).toBe("whatif.noBracket");
    expect(renderProblem(r.problem!, "en")).toMatch(
      /^no value of cells.input_tokens between .* makes skus\[0\].replicas reach 5: it stays between 15 and 15$/,
    );
    expect(renderProblem(r.problem!, "zh")).toContain("达不到 5");
  });

  it.each([
    ["cells.nope", "whatif.notInput"],
    ["skus[0].replicas", "whatif.notInput"],
  ])("an input path that is no input (%s)", (vary, code) => {
    const r = solve({ plan: seed }, { target: "skus[0].replicas", value: 5, vary });
    expect(r.found).toBe(false);
    expect(r.problem!.code).toBe(code);
  });

  it("a target that is no number", () => {
    const r = solve({ plan: seed }, { target: "skus[0].nope", value: 5, vary: "cells.gpu_hour" });
    expect(r.problem!.code).toBe("whatif.noNumber");
    const b = solve(
      { plan: seed },
      { target: "skus[0].costPerHour", value: "skus[3].costPerHour", vary: "cells.gpu_hour" },
    );
    expect(b.problem!.code).toBe("whatif.noResult");
  });
});
