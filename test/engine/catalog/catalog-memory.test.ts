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
const fine = { tokens: 0, usableBytes: 0, weightsBytes: 0, kvBytesPerToken: 131_072, issues: [] };
/** A maxKvTokens result: the fields of `fine` with `over` on top. */
const result = (over: Partial<ReturnType<typeof maxKvTokens>>) => ({ ...fine, ...over });
const memoryIssue = (message: string) => [{ path: "memory", message }];
const noKvSize = (terms: string) =>
  `Em has no per-token KV cache size: ${terms} is not positive, so the KV token budget cannot be computed`;

describe("gpuMemoryBytes", () => {
  // 96 GiB = 96 × 1,073,741,824
  test.each([
    [80, "GB", 80_000_000_000],
    [96, "GiB", 103_079_215_104],
    [1, "GiB", 1_073_741_824],
  ] as const)("GB are 1e9 bytes, GiB 2^30: %s %s = %s B", (memoryGB, memoryUnit, bytes) => {
    expect(gpuMemoryBytes({ memoryGB, memoryUnit })).toBe(bytes);
  });
});

describe("kvBytesPerToken", () => {
  const sliding = (slidingWindowLayers: number) =>
    llm({ layers: 24, kvHeads: 8, headDim: 64, slidingWindow: 128, slidingWindowLayers });
  const mla = llm({
    attention: "mla",
    layers: 61,
    kvLoraRank: 512,
    qkRopeHeadDim: 64,
    kvHeads: 128,
    headDim: 192,
    slidingWindowLayers: 10,
  });
  const mlaSmall = llm({ attention: "mla", kvLoraRank: 512, qkRopeHeadDim: 64 });
  test.each([
    // GQA: 2 × layers × KV heads × head size × bytes, 2 bytes by default
    ["GQA, default bytes", llm(), undefined, 131_072],
    ["GQA, 2 bytes", llm(), 2, 131_072],
    ["GQA, 1 byte", llm(), 1, 65_536],
    ["GQA, 2 × 3 × 5 × 7 × 0.5", llm({ layers: 3, kvHeads: 5, headDim: 7 }), 0.5, 105],
    // sliding-window layers do not count: 2 × (24 − 12) × 8 × 64 × 2
    ["12 of 24 layers sliding", sliding(12), undefined, 24_576],
    ["23 of 24 layers sliding", sliding(23), undefined, 2048],
    // MLA: layers × (latent + RoPE key) × bytes, whatever the KV heads and sliding layers say
    ["MLA: 61 × 576 × 2", mla, undefined, 70_272],
    ["MLA, 1 byte", mla, 1, 35_136],
    // a missing width counts 0: 61 × 512 × 2 and 61 × 64 × 2
    ["MLA without RoPE width", { ...mla, qkRopeHeadDim: null }, undefined, 62_464],
    ["MLA without latent rank", { ...mla, kvLoraRank: null }, undefined, 7808],
    // a non-positive or NaN element size gives 0
    ["GQA, 0 bytes", llm(), 0, 0],
    ["GQA, -1 bytes", llm(), -1, 0],
    ["GQA, -0.5 bytes", llm(), -0.5, 0],
    ["GQA, NaN bytes", llm(), Number.NaN, 0],
    ["MLA, -2 bytes", mlaSmall, -2, 0],
  ] as const)("%s → %s", (_, model, bytes, expected) => {
    expect(bytes === undefined ? kvBytesPerToken(model) : kvBytesPerToken(model, bytes)).toBe(
      expected,
    );
  });
});

describe("weightsBytes", () => {
  test.each([
    [7, 2, 14_000_000_000],
    [70.6, 2, 141_200_000_000],
    [7, 0.5, 3_500_000_000],
  ])("parametersB %s × 1e9 × %s bytes per parameter = %s", (parametersB, bytes, expected) => {
    expect(weightsBytes(llm({ parametersB }), bytes)).toBe(expected);
  });
});

describe("maxKvTokens", () => {
  test("defaults BF16 weights, BF16 KV, 0.9 utilisation: 2 × 80 GB → ⌊(144e9 − 14e9) / 131,072⌋ = 991,821", () => {
    const expected = result({
      tokens: 991_821,
      usableBytes: 144_000_000_000,
      weightsBytes: 14_000_000_000,
    });
    expect(maxKvTokens(gpu(80), 2, llm())).toEqual(expected);
    expect(maxKvTokens(gpu(80), 2, llm(), {})).toEqual(expected);
    const spelled = { weightBytesPerParam: 2, kvBytes: 2, memoryUtilization: 0.9 };
    expect(maxKvTokens(gpu(80), 2, llm(), spelled)).toEqual(expected);
  });

  test("each option changes its own term: FP8 weights and KV at 0.5 → ⌊(80e9 − 7e9) / 65,536⌋ = 1,113,891", () => {
    const fp8 = { weightBytesPerParam: 1, kvBytes: 1, memoryUtilization: 0.5 };
    expect(maxKvTokens(gpu(80), 2, llm(), fp8)).toEqual(
      result({
        tokens: 1_113_891,
        usableBytes: 80_000_000_000,
        weightsBytes: 7_000_000_000,
        kvBytesPerToken: 65_536,
      }),
    );
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

  // The KV per-token figure is still reported when the KV bytes are refused (0 for 0, −2, NaN).
  const positiveInt = "expected a positive integer, got";
  const positive = "expected a number > 0, got";
  const fraction = "expected a fraction in (0, 1], got";
  test.each([
    ["gpuCount", 0, 131_072, `${positiveInt} 0`],
    ["gpuCount", -1, 131_072, `${positiveInt} -1`],
    ["gpuCount", 1.5, 131_072, `${positiveInt} 1.5`],
    ["gpuCount", Number.NaN, 131_072, `${positiveInt} NaN`],
    ["gpuCount", Number.POSITIVE_INFINITY, 131_072, `${positiveInt} Infinity`],
    ["weightBytesPerParam", 0, 131_072, `${positive} 0`],
    ["weightBytesPerParam", -2, 131_072, `${positive} -2`],
    ["weightBytesPerParam", Number.NaN, 131_072, `${positive} NaN`],
    ["weightBytesPerParam", Number.POSITIVE_INFINITY, 131_072, `${positive} Infinity`],
    ["kvBytes", 0, 0, `${positive} 0`],
    ["kvBytes", -2, 0, `${positive} -2`],
    ["kvBytes", Number.NaN, 0, `${positive} NaN`],
    ["kvBytes", Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, `${positive} Infinity`],
    ["memoryUtilization", 0, 131_072, `${fraction} 0`],
    ["memoryUtilization", -0.5, 131_072, `${fraction} -0.5`],
    ["memoryUtilization", 1.01, 131_072, `${fraction} 1.01`],
    ["memoryUtilization", 1.0000001, 131_072, `${fraction} 1.0000001`],
    ["memoryUtilization", Number.NaN, 131_072, `${fraction} NaN`],
  ])("%s %s: 0 tokens, per-token KV %s, the issue '%s'", (path, value, perToken, message) => {
    const r =
      path === "gpuCount"
        ? maxKvTokens(gpu(80), value, llm())
        : maxKvTokens(gpu(80), 1, llm(), { [path]: value });
    expect(r).toEqual(result({ kvBytesPerToken: perToken, issues: [{ path, message }] }));
  });

  test("every bad input is named, in argument order", () => {
    const bad = { weightBytesPerParam: 0, kvBytes: 0, memoryUtilization: 2 };
    expect(maxKvTokens(gpu(80), 0, llm(), bad).issues.map((i) => i.path)).toEqual([
      "gpuCount",
      "weightBytesPerParam",
      "kvBytes",
      "memoryUtilization",
    ]);
  });

  test.each([
    [
      "weights exactly filling the usable memory do not fit: 1 × 10 GB at 1 against 5 B × 2",
      maxKvTokens(gpu(10), 1, llm({ parametersB: 5 }), { memoryUtilization: 1 }),
      result({
        usableBytes: 10_000_000_000,
        weightsBytes: 10_000_000_000,
        issues: memoryIssue(
          "Em weights (10.0 GB) do not fit in 1 × Gee at 1 utilisation (10.0 GB usable)",
        ),
      }),
    ],
    [
      "weights larger than memory: the message gives both in GB to one decimal",
      maxKvTokens(gpu(80), 1, llm({ parametersB: 70.6 })),
      result({
        usableBytes: 72_000_000_000,
        weightsBytes: 141_200_000_000,
        issues: memoryIssue(
          "Em weights (141.2 GB) do not fit in 1 × Gee at 0.9 utilisation (72.0 GB usable)",
        ),
      }),
    ],
    [
      "200,000 bytes free fit ⌊200,000 / 4⌋ = 50,000 tokens of a 4-byte-per-token model, with no issue",
      maxKvTokens(gpu(10), 1, llm({ parametersB: 4.9999, layers: 1, kvHeads: 1, headDim: 1 }), {
        memoryUtilization: 1,
      }),
      result({
        tokens: 50_000,
        usableBytes: 10_000_000_000,
        weightsBytes: 9_999_800_000,
        kvBytesPerToken: 4,
      }),
    ],
  ])("%s", (_, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  test("a model without a per-token KV size gives 0 tokens and an issue, not Infinity tokens", () => {
    const nulls = { kvLoraRank: null, qkRopeHeadDim: null };
    const mla = llm({ attention: "mla", layers: 61, parametersB: 1, ...nulls });
    expect(maxKvTokens(gpu(80), 1, mla)).toEqual(
      result({
        usableBytes: 72_000_000_000,
        weightsBytes: 2_000_000_000,
        kvBytesPerToken: 0,
        issues: [
          {
            path: "kvBytesPerToken",
            message: noKvSize("kvLoraRank (missing) + qkRopeHeadDim (missing)"),
          },
        ],
      }),
    );
    const sliding = maxKvTokens(
      gpu(80),
      1,
      llm({ parametersB: 1, layers: 4, slidingWindowLayers: 4 }),
    );
    expect([sliding.tokens, sliding.issues]).toEqual([
      0,
      [
        {
          path: "kvBytesPerToken",
          message: noKvSize("(4 layers − 4 sliding-window) × 8 KV heads × 128 head size"),
        },
      ],
    ]);
    // No KV heads is not "every layer sliding-window": the message names the terms as they are.
    expect(
      maxKvTokens(gpu(80), 1, llm({ parametersB: 1, kvHeads: 0 })).issues.map((i) => i.message),
    ).toEqual([noKvSize("(32 layers − 0 sliding-window) × 0 KV heads × 128 head size")]);
    // One byte per token is enough for a budget: the check is "> 0", not "> 1".
    const one = maxKvTokens(
      gpu(10),
      1,
      llm({ attention: "mla", layers: 1, parametersB: 4.9999, kvLoraRank: 1, qkRopeHeadDim: 0 }),
      { memoryUtilization: 1, kvBytes: 1 },
    );
    expect(one).toMatchObject({ tokens: 200_000, issues: [] });
  });
});
