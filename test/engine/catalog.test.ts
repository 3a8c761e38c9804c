import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  GPU_FIGURES,
  LLM_FIGURES,
  findGpu,
  findLlm,
  gpuMemoryBytes,
  kvBytesPerToken,
  maxKvTokens,
  restoreGpuCatalog,
  restoreLlmCatalog,
  weightsBytes,
  type Gpu,
  type Llm,
} from "../../src/engine/catalog/catalog";

const readJson = (rel: string): unknown =>
  JSON.parse(readFileSync(new URL(rel, import.meta.url), "utf8"));
const gpuJson = readJson("../../models/gpus.json");
const llmJson = readJson("../../models/llms.json");
const gpus = restoreGpuCatalog(gpuJson);
const llms = restoreLlmCatalog(llmJson);

const gpu = (id: string): Gpu => {
  const g = gpus.items.find((x) => x.id === id);
  if (!g) throw new Error(`no GPU ${id}`);
  return g;
};
const llm = (id: string): Llm => {
  const m = llms.items.find((x) => x.id === id);
  if (!m) throw new Error(`no model ${id}`);
  return m;
};

describe("the shipped catalogues", () => {
  test("every GPU entry restores with zero issues and ids are unique", () => {
    expect(gpus.issues).toEqual([]);
    const raw = (gpuJson as { gpus: unknown[] }).gpus;
    expect(gpus.items).toHaveLength(raw.length);
    expect(new Set(gpus.items.map((g) => g.id)).size).toBe(gpus.items.length);
  });

  test("every model entry restores with zero issues and ids are unique", () => {
    expect(llms.issues).toEqual([]);
    const raw = (llmJson as { models: unknown[] }).models;
    expect(llms.items).toHaveLength(raw.length);
    expect(new Set(llms.items.map((m) => m.id)).size).toBe(llms.items.length);
  });

  test("the required GPUs and models are present", () => {
    const gpuIds = gpus.items.map((g) => g.id);
    for (const id of ["h100-sxm", "h200", "b200", "a100-80gb", "l40s", "l4", "mi300x"])
      expect(gpuIds).toContain(id);
    const llmIds = llms.items.map((m) => m.id);
    for (const id of ["llama-3.1-8b", "llama-3.1-70b", "qwen2-7b", "qwen2.5-72b", "deepseek-v3"])
      expect(llmIds).toContain(id);
  });

  test("every figure of every entry names at least one source retrieved 2026-12-02", () => {
    for (const g of gpus.items) {
      const covered = new Set(g.sources.flatMap((s) => s.fields));
      for (const f of GPU_FIGURES) expect(covered.has(f), `${g.id}.${f}`).toBe(true);
      for (const s of g.sources) expect(s.retrieved).toBe("2026-12-02");
    }
    for (const m of llms.items) {
      const covered = new Set(m.sources.flatMap((s) => s.fields));
      for (const f of LLM_FIGURES) expect(covered.has(f), `${m.id}.${f}`).toBe(true);
    }
  });

  test("datasheet figures are the dense ones (half the sparse figure NVIDIA prints)", () => {
    // H100 SXM: 1,979 TFLOPS BF16 with sparsity → 989.4 dense; L40S 733 → 362.05; L4 242 → 121.
    expect(gpu("h100-sxm")).toMatchObject({
      memoryGB: 80,
      memoryBandwidthTBps: 3.35,
      denseBf16Tflops: 989.4,
      tdpW: 700,
    });
    expect(gpu("h200")).toMatchObject({
      memoryGB: 141,
      memoryBandwidthTBps: 4.8,
      denseBf16Tflops: 989.4,
      tdpW: 700,
    });
    expect(gpu("a100-80gb")).toMatchObject({
      memoryBandwidthTBps: 2.039,
      denseBf16Tflops: 312,
      tdpW: 400,
    });
    expect(gpu("l40s")).toMatchObject({
      memoryGB: 48,
      memoryBandwidthTBps: 0.864,
      denseBf16Tflops: 362.05,
    });
    expect(gpu("l4")).toMatchObject({
      memoryGB: 24,
      memoryBandwidthTBps: 0.3,
      denseBf16Tflops: 121,
      tdpW: 72,
    });
    expect(gpu("mi300x")).toMatchObject({
      memoryGB: 192,
      memoryBandwidthTBps: 5.3,
      denseBf16Tflops: 1307.4,
      tdpW: 750,
    });
    expect(gpu("b200")).toMatchObject({
      memoryGB: 180,
      memoryBandwidthTBps: 8,
      denseBf16Tflops: 2250,
      tdpW: 1000,
    });
  });

  test("model shapes match their config.json", () => {
    expect(llm("llama-3.1-8b")).toMatchObject({
      layers: 32,
      hiddenSize: 4096,
      attentionHeads: 32,
      kvHeads: 8,
      headDim: 128,
    });
    expect(llm("llama-3.1-70b")).toMatchObject({
      layers: 80,
      hiddenSize: 8192,
      attentionHeads: 64,
      kvHeads: 8,
      headDim: 128,
    });
    expect(llm("qwen2-7b")).toMatchObject({
      layers: 28,
      hiddenSize: 3584,
      attentionHeads: 28,
      kvHeads: 4,
      headDim: 128,
    });
    expect(llm("qwen2.5-72b")).toMatchObject({
      layers: 80,
      hiddenSize: 8192,
      attentionHeads: 64,
      kvHeads: 8,
      headDim: 128,
    });
    expect(llm("deepseek-v3")).toMatchObject({
      layers: 61,
      hiddenSize: 7168,
      attention: "mla",
      kvLoraRank: 512,
      qkRopeHeadDim: 64,
      parametersB: 671,
      activeParametersB: 37,
    });
  });
});

describe("kvBytesPerToken", () => {
  test("Llama-3.1-8B in BF16 caches 128 KiB per token", () => {
    // 2 (K,V) × 32 layers × 8 KV heads × 128 head dim × 2 bytes = 131,072 B = 128 KiB
    expect(kvBytesPerToken(llm("llama-3.1-8b"))).toBe(131_072);
  });

  test("Llama-3.1-70B in BF16 caches 320 KiB per token and half that with an FP8 cache", () => {
    // 2 × 80 × 8 × 128 × 2 = 327,680 B = 320 KiB; with 1-byte elements 163,840 B
    expect(kvBytesPerToken(llm("llama-3.1-70b"))).toBe(327_680);
    expect(kvBytesPerToken(llm("llama-3.1-70b"), 1)).toBe(163_840);
  });

  test("Qwen2-7B with 4 KV heads caches 56 KiB per token", () => {
    // 2 × 28 × 4 × 128 × 2 = 57,344 B
    expect(kvBytesPerToken(llm("qwen2-7b"))).toBe(57_344);
  });

  test("DeepSeek-V3 MLA caches only the 512-wide latent plus the 64-wide RoPE key", () => {
    // 61 layers × (512 + 64) × 2 bytes = 70,272 B — versus 2 × 61 × 128 × 128 × 2 = 3,997,696 B as plain MHA
    expect(kvBytesPerToken(llm("deepseek-v3"))).toBe(70_272);
  });

  test("gpt-oss-20b counts only its 12 full-attention layers per token", () => {
    // (24 − 12 sliding layers) × 2 × 8 KV heads × 64 head dim × 2 bytes = 24,576 B
    expect(kvBytesPerToken(llm("gpt-oss-20b"))).toBe(24_576);
  });
});

describe("weightsBytes and maxKvTokens", () => {
  test("Llama-3.1-70B weighs 141.2 GB in BF16 and 70.6 GB in FP8", () => {
    expect(weightsBytes(llm("llama-3.1-70b"), 2)).toBeCloseTo(141.2e9, -3);
    expect(weightsBytes(llm("llama-3.1-70b"), 1)).toBeCloseTo(70.6e9, -3);
  });

  test("Llama-3.1-70B in BF16 on 4×H100 leaves room for 447,998 KV tokens", () => {
    // usable  = 4 × 80e9 × 0.9           = 288.0e9 B
    // weights = 70.6e9 × 2                = 141.2e9 B
    // free    = 288.0e9 − 141.2e9         = 146.8e9 B
    // tokens  = ⌊146.8e9 / 327,680⌋ = ⌊447,998.05⌋ = 447,998
    const r = maxKvTokens(gpu("h100-sxm"), 4, llm("llama-3.1-70b"));
    expect(r.issues).toEqual([]);
    expect(r.usableBytes).toBeCloseTo(288e9, -3);
    expect(r.weightsBytes).toBeCloseTo(141.2e9, -3);
    expect(r.kvBytesPerToken).toBe(327_680);
    expect(r.tokens).toBe(447_998);
  });

  test("an FP8 KV cache doubles the token budget", () => {
    // ⌊146.8e9 / 163,840⌋ = ⌊895,996.09⌋ = 895,996
    expect(maxKvTokens(gpu("h100-sxm"), 4, llm("llama-3.1-70b"), { kvBytes: 1 }).tokens).toBe(
      895_996,
    );
  });

  test("Llama-3.1-70B in BF16 does not fit on one H100: 0 tokens and an issue", () => {
    // 80e9 × 0.9 = 72e9 usable < 141.2e9 of weights
    const r = maxKvTokens(gpu("h100-sxm"), 1, llm("llama-3.1-70b"));
    expect(r.tokens).toBe(0);
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]!.path).toBe("memory");
    expect(r.issues[0]!.message).toContain("do not fit");
  });

  test("a GiB-rated GPU counts binary bytes", () => {
    const g: Gpu = { ...gpu("mi300x"), memoryUnit: "GiB" };
    expect(gpuMemoryBytes(g)).toBe(192 * 2 ** 30);
    expect(gpuMemoryBytes(gpu("mi300x"))).toBe(192e9);
  });

  test("an invalid GPU count or utilisation gives 0 tokens and names the input", () => {
    const r = maxKvTokens(gpu("h100-sxm"), 0, llm("llama-3.1-8b"), { memoryUtilization: 1.5 });
    expect(r.tokens).toBe(0);
    expect(r.issues.map((i) => i.path)).toEqual(["gpuCount", "memoryUtilization"]);
  });
});

describe("restoring broken catalogues", () => {
  const entry = (over: Record<string, unknown>): Record<string, unknown> => ({
    ...(gpuJson as { gpus: Record<string, unknown>[] }).gpus[0]!,
    ...over,
  });

  test("a broken entry is skipped with an issue naming its path", () => {
    const r = restoreGpuCatalog({
      format: "capplan.gpus/v1",
      gpus: [entry({}), entry({ id: "bad", memoryGB: "80" })],
    });
    expect(r.items.map((g) => g.id)).toEqual(["h100-sxm"]);
    expect(r.issues.map((i) => i.path)).toEqual(["gpus[1].memoryGB", "gpus[1]"]);
    expect(r.issues[0]!.message).toContain('"80"');
  });

  test("a figure without a source is an issue", () => {
    const sources = [
      { fields: ["memoryGB"], url: "https://example.com/x", title: "x", retrieved: "2026-12-02" },
    ];
    const r = restoreGpuCatalog({ format: "capplan.gpus/v1", gpus: [entry({ sources })] });
    expect(r.items).toEqual([]);
    expect(r.issues.map((i) => i.message)).toContain("no source given for tdpW");
  });

  test("a duplicate id keeps the first entry", () => {
    const r = restoreGpuCatalog({
      format: "capplan.gpus/v1",
      gpus: [entry({}), entry({ name: "copy" })],
    });
    expect(r.items).toHaveLength(1);
    expect(r.issues).toEqual([
      { path: "gpus[1].id", message: 'duplicate id "h100-sxm"; entry skipped' },
    ]);
  });

  test("non-catalogue values give issues, never exceptions", () => {
    expect(restoreGpuCatalog(null)).toMatchObject({ items: [], issues: [{ path: "" }] });
    expect(restoreGpuCatalog({ format: "capplan.gpus/v1" }).issues).toEqual([
      { path: "gpus", message: "expected an array" },
    ]);
    expect(restoreLlmCatalog({ format: "x", models: [42] }).issues.map((i) => i.path)).toEqual([
      "format",
      "models[0]",
    ]);
  });

  test("an MLA model without kvLoraRank is skipped", () => {
    const raw = {
      ...(llmJson as { models: Record<string, unknown>[] }).models.find(
        (m) => m.id === "deepseek-v3",
      )!,
    };
    delete raw.kvLoraRank;
    const r = restoreLlmCatalog({ format: "capplan.llms/v1", models: [raw] });
    expect(r.items).toEqual([]);
    expect(r.issues[0]!.path).toBe("models[0].kvLoraRank");
  });
});

describe("findGpu", () => {
  test.each([
    ["h100", "h100-sxm"],
    ["NVIDIA H100", "h100-sxm"],
    ["NVIDIA H100 80GB HBM3", "h100-sxm"],
    ["nvidia-h100-80gb", "h100-sxm"],
    ["H100 PCIe", "h100-pcie"],
    ["NVIDIA H200", "h200"],
    ["NVIDIA A100-SXM4-80GB", "a100-80gb"],
    ["NVIDIA L40S", "l40s"],
    ["l4", "l4"],
    ["NVIDIA B200", "b200"],
    ["AMD Instinct MI300X", "mi300x"],
    ["mi355x-amd", "mi355x"],
    ["NVIDIA RTX PRO 4500 Blackwell Server Edition", "rtx-pro-4500"],
    ["NVIDIA RTX PRO 4500 Blackwell 32 GB", "rtx-pro-4500"],
  ])("finds %s as %s", (query, id) => {
    expect(findGpu(gpus.items, query)?.id).toBe(id);
  });

  test("does not confuse spellings that only share a prefix or contradict the memory size", () => {
    expect(findGpu(gpus.items, "NVIDIA GB200")).toBeNull();
    expect(findGpu(gpus.items, "NVIDIA A100-SXM4-40GB")).toBeNull();
    expect(findGpu(gpus.items, "Tesla T4")).toBeNull();
    expect(findGpu(gpus.items, null)).toBeNull();
    expect(findGpu(gpus.items, "")).toBeNull();
  });
});

describe("findLlm", () => {
  test("finds models by Hugging Face repo, alias or id", () => {
    expect(findLlm(llms.items, "meta-llama/Llama-3.1-8B-Instruct")?.id).toBe("llama-3.1-8b");
    expect(findLlm(llms.items, "Qwen/Qwen3-4B-Instruct-2507-FP8")?.id).toBe(
      "qwen3-4b-instruct-2507",
    );
    expect(findLlm(llms.items, "openai/gpt-oss-20b")?.id).toBe("gpt-oss-20b");
    expect(findLlm(llms.items, "DEEPSEEK-V3")?.id).toBe("deepseek-v3");
    expect(findLlm(llms.items, "mistralai/Mistral-7B")).toBeNull();
  });
});

describe("models/README.md", () => {
  test("its provenance tables list every source URL of both catalogues", () => {
    const readme = readFileSync(new URL("../../models/README.md", import.meta.url), "utf8");
    for (const e of [...gpus.items, ...llms.items]) {
      for (const s of e.sources)
        expect(readme.includes(`](${s.url})`), `${e.id}: ${s.url}`).toBe(true);
    }
  });
});
