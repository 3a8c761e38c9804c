/** src/import/formats/nv-path.ts: model, load and service kind from GenAI-Perf artifact paths. */
import { describe, expect, it } from "vitest";
import {
  artifactDirOf,
  modelFromDirName,
  pathHasConcurrency,
  requestRateFromPath,
} from "../../../src/import/formats/nv-path";

describe("artifactDirOf and modelFromDirName", () => {
  it.each([
    [
      "artifacts/meta-llama_Llama-3.1-8B-Instruct-openai-chat-concurrency8/profile.csv",
      { model: "meta-llama/Llama-3.1-8B-Instruct", serviceKind: "openai", concurrency: 8 },
    ],
    [
      "a/llama-3-8b-instruct-triton-tensorrtllm-request_rate2.5/x.json",
      { model: "llama-3-8b-instruct", backendOrEndpoint: "tensorrtllm", requestRate: 2.5 },
    ],
    // Triton model names keep their `_`: only well-known hub organisations get their `/` back.
    ["tensorrt_llm_bls-triton-tensorrtllm-concurrency4", { model: "tensorrt_llm_bls" }],
  ])("%s → %j", (path, parts) => expect(artifactDirOf(path)).toMatchObject(parts));
  it("is null for a path without an artifact directory", () => {
    expect(artifactDirOf("results/run.csv")).toBeNull();
    expect(modelFromDirName("Qwen_Qwen2.5-7B")).toBe("Qwen/Qwen2.5-7B");
  });
});

describe("requestRateFromPath and pathHasConcurrency", () => {
  it.each([
    ["x-request_rate10/p.json", 10, false],
    ["x-request-rate0.5.json", 0.5, false],
    ["x-request_rate0/p.json", null, false],
    ["c-concurrency16/p.json", null, true],
  ])("%s → rate %j, concurrency %s", (path, rate, conc) => {
    expect([requestRateFromPath(path), pathHasConcurrency(path)]).toEqual([rate, conc]);
  });
});
