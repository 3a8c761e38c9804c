import { describe, expect, test } from "vitest";
import { defaultComparePair } from "../../../src/ui/state/compare-pair";

describe("the before/after view's default pair", () => {
  test("two sweeps of the same model on the same GPU, else none", () => {
    const h100 = { gpu: "h100-sxm", model: "meta-llama/Llama-3.1-8B-Instruct" };
    const l40s = { gpu: "l40s", model: "meta-llama/Llama-3.1-8B-Instruct" };
    const h100fp8 = { gpu: "H100-SXM", model: "meta-llama/llama-3.1-8b-instruct" };
    expect(defaultComparePair([h100, l40s])).toBeNull();
    expect(defaultComparePair([h100, l40s, h100fp8])).toEqual([0, 2]);
    expect(defaultComparePair([{ gpu: "a100" }, l40s, { gpu: "a100" }])).toEqual([0, 2]);
    expect(defaultComparePair([{ gpu: null }, { gpu: null }])).toBeNull();
    expect(defaultComparePair([])).toBeNull();
  });
});
