/**
 * Memory arithmetic on catalogue entries (src/engine/catalog/catalog-memory.ts) on hand-made entries,
 * each number worked out by hand in the comment next to it (issue #15): GB against GiB, KV bytes
 * per token for GQA / MLA / sliding-window models, the defaults of maxKvTokens, every input check
 * at its boundary and the "weights do not fit" case exactly at zero free bytes.
 */
import { describe, expect, test } from "vitest";
import {
  gpuMemoryBytes,
  kvBytesPerToken,
  maxKvTokens,
  weightsBytes,
} from "../../../src/engine/catalog/catalog-memory";
import type { Gpu, Llm } from "../../../src/engine/catalog/catalog";

const gpu = (memoryGB: number, memoryUnit: "GB" | "GiB" = "GB"): Gpu => ({
  id: "g",
  name: "Gee",
  vendor: "Acme",
  aliases: [],
  memoryGB,
  memoryUnit,
  memoryType: null,
  memoryBandwidthTBps: 1,
  denseBf16Tflops: null,
  tdpW: null,
  interconnect: null,
  sources: [],
});
/** 7 B parameters, 32 layers, 8 KV heads × 128: 2 × 32 × 8 × 128 × 2 = 131,072 B per token in BF16. */
const llm = (over: Partial<Llm> = {}): Llm => ({
  id: "m",
  name: "Em",
  hfRepo: "acme/m",
  aliases: [],
  parametersB: 7,
  activeParametersB: null,
  layers: 32,
  hiddenSize: 4096,
  attentionHeads: 32,
  kvHeads: 8,
  headDim: 128,
  attention: "gqa",
  kvLoraRank: null,
  qkRopeHeadDim: null,
  slidingWindow: null,
  slidingWindowLayers: 0,
  maxContext: 8192,
  sources: [],
  ...over,
});

describe("gpuMemoryBytes", () => {
  test("GB are 1e9 bytes, GiB 2^30", () => {
    expect(gpuMemoryBytes({ memoryGB: 80, memoryUnit: "GB" })).toBe(80_000_000_000);
    // 96 × 1,073,741,824
    expect(gpuMemoryBytes({ memoryGB: 96, memoryUnit: "GiB" })).toBe(103_079_215_104);
    expect(gpuMemoryBytes({ memoryGB: 1, memoryUnit: "GiB" })).toBe(1_073_741_824);
  });
});

describe("kvBytesPerToken", () => {
  test("GQA: 2 × layers × KV heads × head size × bytes, 2 bytes by default", () => {
    expect(kvBytesPerToken(llm())).toBe(131_072);
    expect(kvBytesPerToken(llm(), 2)).toBe(131_072);
    expect(kvBytesPerToken(llm(), 1)).toBe(65_536);
    // 2 × 3 × 5 × 7 × 0.5
    expect(kvBytesPerToken(llm({ layers: 3, kvHeads: 5, headDim: 7 }), 0.5)).toBe(105);
  });

  test("sliding-window layers do not count: 12 of 24 layers, 8 × 64 → 2 × 12 × 8 × 64 × 2", () => {
    expect(
      kvBytesPerToken(
        llm({ layers: 24, kvHeads: 8, headDim: 64, slidingWindow: 128, slidingWindowLayers: 12 }),
      ),
    ).toBe(24_576);
    expect(
      kvBytesPerToken(
        llm({ layers: 24, kvHeads: 8, headDim: 64, slidingWindow: 128, slidingWindowLayers: 23 }),
      ),
    ).toBe(2048);
  });

  test("MLA: layers × (latent + RoPE key) × bytes, whatever the KV heads and sliding layers say", () => {
    const mla = llm({
      attention: "mla",
      layers: 61,
      kvLoraRank: 512,
      qkRopeHeadDim: 64,
      kvHeads: 128,
      headDim: 192,
      slidingWindowLayers: 10,
    });
    // 61 × 576 × 2
    expect(kvBytesPerToken(mla)).toBe(70_272);
    expect(kvBytesPerToken(mla, 1)).toBe(35_136);
    // a missing width counts 0: 61 × 512 × 2 and 61 × 64 × 2
    expect(kvBytesPerToken({ ...mla, qkRopeHeadDim: null })).toBe(62_464);
    expect(kvBytesPerToken({ ...mla, kvLoraRank: null })).toBe(7808);
  });

  test("a non-positive or NaN element size gives 0", () => {
    for (const b of [0, -1, -0.5, Number.NaN]) expect(kvBytesPerToken(llm(), b)).toBe(0);
    expect(kvBytesPerToken(llm({ attention: "mla", kvLoraRank: 512, qkRopeHeadDim: 64 }), -2)).toBe(
      0,
    );
  });
});

describe("weightsBytes", () => {
  test("parametersB × 1e9 × bytes per parameter", () => {
    expect(weightsBytes(llm(), 2)).toBe(14_000_000_000);
    expect(weightsBytes(llm({ parametersB: 70.6 }), 2)).toBe(141_200_000_000);
    expect(weightsBytes(llm(), 0.5)).toBe(3_500_000_000);
  });
});

describe("maxKvTokens", () => {
  test("defaults BF16 weights, BF16 KV, 0.9 utilisation: 2 × 80 GB → ⌊(144e9 − 14e9) / 131,072⌋ = 991,821", () => {
    const expected = {
      tokens: 991_821,
      usableBytes: 144_000_000_000,
      weightsBytes: 14_000_000_000,
      kvBytesPerToken: 131_072,
      issues: [],
    };
    expect(maxKvTokens(gpu(80), 2, llm())).toEqual(expected);
    expect(maxKvTokens(gpu(80), 2, llm(), {})).toEqual(expected);
    expect(
      maxKvTokens(gpu(80), 2, llm(), {
        weightBytesPerParam: 2,
        kvBytes: 2,
        memoryUtilization: 0.9,
      }),
    ).toEqual(expected);
  });

  test("each option changes its own term: FP8 weights and KV at 0.5 → ⌊(80e9 − 7e9) / 65,536⌋ = 1,113,891", () => {
    expect(
      maxKvTokens(gpu(80), 2, llm(), {
        weightBytesPerParam: 1,
        kvBytes: 1,
        memoryUtilization: 0.5,
      }),
    ).toEqual({
      tokens: 1_113_891,
      usableBytes: 80_000_000_000,
      weightsBytes: 7_000_000_000,
      kvBytesPerToken: 65_536,
      issues: [],
    });
    // only the weights in FP8: ⌊(144e9 − 7e9) / 131,072⌋ = 1,045,227
    expect(maxKvTokens(gpu(80), 2, llm(), { weightBytesPerParam: 1 }).tokens).toBe(1_045_227);
    // only the KV cache in FP8: ⌊130e9 / 65,536⌋ = 1,983,642
    expect(maxKvTokens(gpu(80), 2, llm(), { kvBytes: 1 }).tokens).toBe(1_983_642);
    // utilisation 1 is allowed: ⌊(160e9 − 14e9) / 131,072⌋ = 1,113,891
    expect(maxKvTokens(gpu(80), 2, llm(), { memoryUtilization: 1 }).tokens).toBe(1_113_891);
  });

  test("a GiB GPU: 96 GiB × 0.9 = 92,771,293,593.6 B usable → ⌊78,771,293,593.6 / 131,072⌋ = 600,977", () => {
    const r = maxKvTokens(gpu(96, "GiB"), 1, llm());
    expect(r.tokens).toBe(600_977);
    expect(r.usableBytes).toBeCloseTo(92_771_293_593.6, 3);
  });

  test.each([
    [0, "expected a positive integer, got 0"],
    [-1, "expected a positive integer, got -1"],
    [1.5, "expected a positive integer, got 1.5"],
    [Number.NaN, "expected a positive integer, got NaN"],
    [Number.POSITIVE_INFINITY, "expected a positive integer, got Infinity"],
  ])("GPU count %s: 0 tokens and the issue '%s'", (count, message) => {
    expect(maxKvTokens(gpu(80), count, llm())).toEqual({
      tokens: 0,
      usableBytes: 0,
      weightsBytes: 0,
      kvBytesPerToken: 131_072,
      issues: [{ path: "gpuCount", message }],
    });
  });

  test.each([0, -2, Number.NaN, Number.POSITIVE_INFINITY])("weight bytes %s are refused", (wb) => {
    expect(maxKvTokens(gpu(80), 1, llm(), { weightBytesPerParam: wb })).toEqual({
      tokens: 0,
      usableBytes: 0,
      weightsBytes: 0,
      kvBytesPerToken: 131_072,
      issues: [{ path: "weightBytesPerParam", message: `expected a number > 0, got ${wb}` }],
    });
  });

  test.each([
    [0, 0],
    [-2, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
  ])("KV bytes %s are refused (the per-token figure is still reported: %s)", (kb, perToken) => {
    expect(maxKvTokens(gpu(80), 1, llm(), { kvBytes: kb })).toEqual({
      tokens: 0,
      usableBytes: 0,
      weightsBytes: 0,
      kvBytesPerToken: perToken,
      issues: [{ path: "kvBytes", message: `expected a number > 0, got ${kb}` }],
    });
  });

  test.each([0, -0.5, 1.01, 1.0000001, Number.NaN])("utilisation %s is refused", (util) => {
    expect(maxKvTokens(gpu(80), 1, llm(), { memoryUtilization: util })).toEqual({
      tokens: 0,
      usableBytes: 0,
      weightsBytes: 0,
      kvBytesPerToken: 131_072,
      issues: [
        { path: "memoryUtilization", message: `expected a fraction in (0, 1], got ${util}` },
      ],
    });
  });

  test("every bad input is named, in argument order", () => {
    expect(
      maxKvTokens(gpu(80), 0, llm(), {
        weightBytesPerParam: 0,
        kvBytes: 0,
        memoryUtilization: 2,
      }).issues.map((i) => i.path),
    ).toEqual(["gpuCount", "weightBytesPerParam", "kvBytes", "memoryUtilization"]);
  });

  test("weights exactly filling the usable memory do not fit: 1 × 10 GB at 1 against 5 B × 2", () => {
    expect(maxKvTokens(gpu(10), 1, llm({ parametersB: 5 }), { memoryUtilization: 1 })).toEqual({
      tokens: 0,
      usableBytes: 10_000_000_000,
      weightsBytes: 10_000_000_000,
      kvBytesPerToken: 131_072,
      issues: [
        {
          path: "memory",
          message: "Em weights (10.0 GB) do not fit in 1 × Gee at 1 utilisation (10.0 GB usable)",
        },
      ],
    });
  });

  test("200,000 bytes free fit ⌊200,000 / 4⌋ = 50,000 tokens of a 4-byte-per-token model, with no issue", () => {
    const tiny = llm({ parametersB: 4.9999, layers: 1, kvHeads: 1, headDim: 1 });
    expect(maxKvTokens(gpu(10), 1, tiny, { memoryUtilization: 1 })).toEqual({
      tokens: 50_000,
      usableBytes: 10_000_000_000,
      weightsBytes: 9_999_800_000,
      kvBytesPerToken: 4,
      issues: [],
    });
  });

  test("a model without a per-token KV size gives 0 tokens and an issue, not Infinity tokens", () => {
    const mla = llm({
      attention: "mla",
      layers: 61,
      parametersB: 1,
      kvLoraRank: null,
      qkRopeHeadDim: null,
    });
    expect(maxKvTokens(gpu(80), 1, mla)).toEqual({
      tokens: 0,
      usableBytes: 72_000_000_000,
      weightsBytes: 2_000_000_000,
      kvBytesPerToken: 0,
      issues: [
        {
          path: "kvBytesPerToken",
          message:
            "Em has no per-token KV cache size: kvLoraRank (missing) + qkRopeHeadDim (missing) is not positive, so the KV token budget cannot be computed",
        },
      ],
    });
    const sliding = llm({ parametersB: 1, layers: 4, slidingWindowLayers: 4 });
    expect(maxKvTokens(gpu(80), 1, sliding).issues).toEqual([
      {
        path: "kvBytesPerToken",
        message:
          "Em has no per-token KV cache size: (4 layers − 4 sliding-window) × 8 KV heads × 128 head size is not positive, so the KV token budget cannot be computed",
      },
    ]);
    expect(maxKvTokens(gpu(80), 1, sliding).tokens).toBe(0);
    // No KV heads is not "every layer sliding-window": the message names the terms as they are.
    expect(
      maxKvTokens(gpu(80), 1, llm({ parametersB: 1, kvHeads: 0 })).issues.map((i) => i.message),
    ).toEqual([
      "Em has no per-token KV cache size: (32 layers − 0 sliding-window) × 0 KV heads × 128 head size is not positive, so the KV token budget cannot be computed",
    ]);
    // One byte per token is enough for a budget: the check is "> 0", not "> 1".
    const one = maxKvTokens(
      gpu(10),
      1,
      llm({ attention: "mla", layers: 1, parametersB: 4.9999, kvLoraRank: 1, qkRopeHeadDim: 0 }),
      { memoryUtilization: 1, kvBytes: 1 },
    );
    expect(one).toMatchObject({ tokens: 200_000, issues: [] });
  });

  test("weights larger than memory: the message gives both in GB to one decimal", () => {
    const r = maxKvTokens(gpu(80), 1, llm({ parametersB: 70.6 }));
    expect(r).toEqual({
      tokens: 0,
      usableBytes: 72_000_000_000,
      weightsBytes: 141_200_000_000,
      kvBytesPerToken: 131_072,
      issues: [
        {
          path: "memory",
          message:
            "Em weights (141.2 GB) do not fit in 1 × Gee at 0.9 utilisation (72.0 GB usable)",
        },
      ],
    });
  });
});
