import { describe, expect, it } from "vitest";
import type { Sweep } from "../../../src/engine/base/types";
import { GPU_CATALOG } from "../../../src/ui/state/catalog";
import { shortName, skusFromSweeps } from "../../../src/ui/state/plan-edit";

describe("shortName", () => {
  it.each([
    ["short label", "short label"],
    // 52 characters: cut after "Instruct" (a word end), not mid-word, with an ellipsis.
    [
      "vllm · meta-llama/Llama-3.1-8B-Instruct · tp1 · c1..c64",
      "vllm · meta-llama/Llama-3.1-8B-Instruct…",
    ],
    [
      "benchmark results of the long context run on friday",
      "benchmark results of the long context…",
    ],
    // One word longer than the limit: cut hard.
    ["x".repeat(50), `${"x".repeat(39)}…`],
  ])("%s → %s", (text, want) => {
    const got = shortName(text);
    expect(got).toBe(want);
    expect(got.length).toBeLessThanOrEqual(40);
  });
});

describe("skusFromSweeps", () => {
  const sweep = (label: string, meta: Partial<Sweep["meta"]>): Sweep =>
    ({
      label,
      meta: { model: null, engine: null, gpu: null, gpuCount: null, date: null, ...meta },
      source: { format: "csv", files: ["bench.csv"] },
      points: [],
      warnings: [],
    }) as unknown as Sweep;

  it("tells two engines on one GPU from one file apart by the engine", () => {
    const skus = skusFromSweeps(
      [
        sweep("bench · vllm", { engine: "vllm", gpu: "H100" }),
        sweep("bench · sglang", { engine: "sglang", gpu: "H100" }),
      ],
      GPU_CATALOG,
      [],
    );
    expect(skus.map((s) => s.name)).toEqual(["H100-SXM · vllm", "H100-SXM · sglang"]);
  });

  it("keeps the GPU name alone when sweeps differ in GPU, and numbers a true duplicate", () => {
    const a = sweep("a", { gpu: "H100" });
    const b = sweep("b", { gpu: "L40S" });
    expect(skusFromSweeps([a, b], GPU_CATALOG, []).map((s) => s.name)).toEqual([
      "H100-SXM",
      "L40S",
    ]);
    expect(skusFromSweeps([a], GPU_CATALOG, ["H100-SXM"]).map((s) => s.name)).toEqual([
      "H100-SXM (2)",
    ]);
  });
});
