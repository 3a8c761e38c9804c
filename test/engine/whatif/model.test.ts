/** src/engine/whatif/model.ts: what the what-if tools set, read and recompute, on the seed example. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";
import {
  evaluate,
  feeders,
  inputValue,
  isInputPath,
  readResult,
  withInput,
} from "../../../src/engine/whatif/model";

const seed = JSON.parse(
  readFileSync(join(__dirname, "../../../models/examples/seed.json"), "utf8"),
) as PlanFile;
const input = { plan: seed };
const result = evaluate(input);

describe("evaluate / readResult", () => {
  // 50 × 300 ÷ 1500 × 1.2 × 1.2 = 14.4 → 15 replicas of 4 GPUs at 20 per GPU-hour, 730 h.
  it.each([
    ["skus[0].replicas", 15],
    ["skus[0].costPerMonth", 15 * 4 * 20 * 730],
    ["skus[0].replicaOutputTokensPerSec", 1500],
    ["skus[0].name", null],
    ["skus[9].replicas", null],
    ["nothing[", null],
  ])("%s reads %s", (path, expected) => {
    expect(readResult(result, path)).toBe(expected);
  });
});

describe("inputValue / isInputPath", () => {
  it.each([
    ["cells.peak_rps", 50, true],
    ["skus[0].replicaOutputTokensPerSec", 1500, true],
    ["skus[0].gpusPerReplica", 4, true],
    ["skus[0].name", null, true],
    ["skus[0].sweep", null, false],
    ["nothing[", null, false],
  ])("%s holds %s (settable: %s)", (path, value, settable) => {
    expect(inputValue(input, result, path)).toBe(value);
    expect(isInputPath(input, path)).toBe(settable);
  });
});

describe("withInput", () => {
  it.each([
    // 55 × 300 ÷ 1500 × 1.44 = 15.84 → 16
    ["cells.peak_rps", 55, 16],
    // 50 × 300 ÷ 3000 × 1.44 = 7.2 → 8: the capacity is scaled, not the cell
    ["skus[0].replicaOutputTokensPerSec", 3000, 8],
    ["skus[5].replicaOutputTokensPerSec", 3000, null],
  ])("setting %s to %d gives %s replicas", (path, value, replicas) => {
    const changed = withInput(input, result, path, value);
    expect(readResult(evaluate(changed), "skus[0].replicas")).toBe(replicas ?? 15);
    expect(seed.cells?.peak_rps).toBe(50);
  });
});

describe("feeders", () => {
  const plan = { cells: { a: 1, b: "=a * 2", c: "=b + a", d: 4 } } as unknown as PlanFile;
  it.each([
    ["=c + d", ["cells.c", "cells.b", "cells.a", "cells.d"]],
    ["=unknown * 2", ["workloads[0].peakRps"]],
    [12, ["workloads[0].peakRps"]],
    ["text", ["workloads[0].peakRps"]],
  ])("%s is fed by %j", (raw, expected) => {
    expect(feeders(plan, "workloads[0].peakRps", raw)).toEqual(expected);
  });
});
