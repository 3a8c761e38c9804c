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
  GPU_CATALOG_FORMAT,
  LLM_CATALOG_FORMAT,
} from "../../../src/engine/catalog/catalog";
import { words } from "../../words";

const readJson = (rel: string): unknown =>
  JSON.parse(readFileSync(new URL(rel, import.meta.url), "utf8"));
const gpuJson = readJson("../../../models/gpus.json");
const llmJson = readJson("../../../models/llms.json");
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

  // H100 SXM: 1,979 TFLOPS BF16 with sparsity → 989.4 dense; L40S 733 → 362.05; L4 242 → 121.
  test.each([
    ["h100-sxm", 80, 3.35, 989.4, 700],
    ["h200", 141, 4.8, 989.4, 700],
    ["a100-80gb", undefined, 2.039, 312, 400],
    ["l40s", 48, 0.864, 362.05, undefined],
    ["l4", 24, 0.3, 121, 72],
    ["mi300x", 192, 5.3, 1307.4, 750],
    ["b200", 180, 8, 2250, 1000],
  ])(
    "%s: %s GB, %s TB/s, dense (half the sparse figure NVIDIA prints) %s TFLOPS, %s W",
    (id, ...f) => {
      const [memoryGB, memoryBandwidthTBps, denseBf16Tflops, tdpW] = f;
      const want = { memoryGB, memoryBandwidthTBps, denseBf16Tflops, tdpW };
      expect(gpu(id)).toMatchObject(Object.fromEntries(Object.entries(want).filter(([, v]) => v)));
    },
  );

  test.each([
    ["llama-3.1-8b", 32, 4096, 32, 8, 128],
    ["llama-3.1-70b", 80, 8192, 64, 8, 128],
    ["qwen2-7b", 28, 3584, 28, 4, 128],
    ["qwen2.5-72b", 80, 8192, 64, 8, 128],
  ])(
    "%s: shape from its config.json (%i layers, hidden %i, %i heads, %i KV heads, head dim %i)",
    (id, ...f) => {
      const [layers, hiddenSize, attentionHeads, kvHeads, headDim] = f;
      expect(llm(id)).toMatchObject({ layers, hiddenSize, attentionHeads, kvHeads, headDim });
    },
  );

  test("deepseek-v3's MLA shape matches its config.json", () => {
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
    expect(r).toMatchObject({ kvBytesPerToken: 327_680, tokens: 447_998 });
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
    const readme = readFileSync(new URL("../../../models/README.md", import.meta.url), "utf8");
    for (const e of [...gpus.items, ...llms.items]) {
      for (const s of e.sources)
        expect(readme.includes(`](${s.url})`), `${e.id}: ${s.url}`).toBe(true);
    }
  });
});

describe("boundaries and edge cases", () => {
  /**
   * Restoring the GPU and model catalogues (src/engine/catalog/catalog.ts), field by field (issue #15):
   * every validation rule at its boundary (0, negative, non-integer, non-finite, empty, wrong type),
   * the exact issue each broken field gives (path and message), and the entry built from a good one.
   * Entries here are written by hand, not taken from models/*.json, so the expected objects are known.
   */
  type Raw = Record<string, unknown>;

  const gpuSource = {
    fields: ["memoryGB", "memoryBandwidthTBps", "denseBf16Tflops", "tdpW", "interconnect"],
    url: "https://example.com/g",
    title: "G sheet",
    retrieved: "2026-12-02",
  };
  /** A complete GPU entry with only the required fields. */
  const rawGpu = (over: Raw = {}): Raw => ({
    id: "g1",
    name: "Gee One",
    vendor: "Acme",
    memoryGB: 48,
    memoryUnit: "GB",
    memoryBandwidthTBps: 1.5,
    sources: [gpuSource],
    ...over,
  });
  const gpus = (...entries: unknown[]) =>
    restoreGpuCatalog({ format: GPU_CATALOG_FORMAT, gpus: entries });

  const llmSource = {
    fields: words("parametersB layers hiddenSize attentionHeads kvHeads headDim maxContext"),
    url: "http://example.com/m",
    title: "M config",
    retrieved: "2026-12-02",
  };
  const rawLlm = (over: Raw = {}): Raw => ({
    id: "m1",
    name: "Em One",
    hfRepo: "acme/m1",
    parametersB: 7,
    layers: 32,
    hiddenSize: 4096,
    attentionHeads: 32,
    kvHeads: 8,
    headDim: 128,
    attention: "gqa",
    maxContext: 8192,
    sources: [llmSource],
    ...over,
  });
  const llms = (...entries: unknown[]) =>
    restoreLlmCatalog({ format: LLM_CATALOG_FORMAT, models: entries });

  describe("catalogue constants", () => {
    test("formats and the figure lists each source must cover", () => {
      expect(GPU_CATALOG_FORMAT).toBe("capplan.gpus/v1");
      expect(LLM_CATALOG_FORMAT).toBe("capplan.llms/v1");
      expect(GPU_FIGURES).toEqual(
        words("memoryGB memoryBandwidthTBps denseBf16Tflops tdpW interconnect"),
      );
      expect(LLM_FIGURES).toEqual(
        words("parametersB layers hiddenSize attentionHeads kvHeads headDim maxContext"),
      );
    });
  });

  describe("a good GPU entry", () => {
    test("restores with absent optional fields as null / [] and no issues", () => {
      expect(gpus(rawGpu())).toEqual({
        items: [
          {
            id: "g1",
            name: "Gee One",
            vendor: "Acme",
            aliases: [],
            memoryGB: 48,
            memoryUnit: "GB",
            memoryType: null,
            memoryBandwidthTBps: 1.5,
            denseBf16Tflops: null,
            tdpW: null,
            interconnect: null,
            sources: [gpuSource],
          },
        ],
        issues: [],
      });
    });

    test("keeps optional fields, GiB, aliases, a source note and a price with via and note", () => {
      const priceSource = {
        url: "https://p.example/x",
        title: "P",
        retrieved: "2026-01-31",
        via: "https://v.example",
        note: "list price",
      };
      const r = gpus(
        rawGpu({
          aliases: ["G-1", "gee"],
          memoryUnit: "GiB",
          memoryType: "GDDR7",
          denseBf16Tflops: 100,
          tdpW: 300,
          interconnect: "PCIe",
          memoryType2: "ignored",
          sources: [{ ...gpuSource, note: "n" }],
          onDemandUsdPerGpuHour: 1.25,
          priceSource,
        }),
      );
      expect(r.issues).toEqual([]);
      expect(r.items[0]).toEqual({
        id: "g1",
        name: "Gee One",
        vendor: "Acme",
        aliases: ["G-1", "gee"],
        memoryGB: 48,
        memoryUnit: "GiB",
        memoryType: "GDDR7",
        memoryBandwidthTBps: 1.5,
        denseBf16Tflops: 100,
        tdpW: 300,
        interconnect: "PCIe",
        sources: [{ ...gpuSource, note: "n" }],
        price: { usdPerGpuHour: 1.25, source: priceSource },
      });
    });

    test("a price without via or note has neither key; null optional fields read as absent", () => {
      const priceSource = {
        url: "https://p.example/x",
        title: "P",
        retrieved: "2026-01-31",
        via: null,
        note: null,
      };
      const r = gpus(
        rawGpu({
          onDemandUsdPerGpuHour: 2,
          priceSource,
          memoryType: null,
          tdpW: null,
          aliases: null,
          sources: [{ ...gpuSource, note: null }],
        }),
      );
      expect(r.issues).toEqual([]);
      expect(r.items[0]!.price).toEqual({
        usdPerGpuHour: 2,
        source: { url: "https://p.example/x", title: "P", retrieved: "2026-01-31" },
      });
      expect(Object.keys(r.items[0]!.price!.source)).toEqual(["url", "title", "retrieved"]);
      expect(Object.keys(r.items[0]!.sources[0]!)).toEqual(["fields", "url", "title", "retrieved"]);
      expect(r.items[0]!).toMatchObject({ memoryType: null, tdpW: null });
      expect(r.items[0]!.aliases).toEqual([]);
    });

    test("an entry without any price field has no price key", () => {
      expect(Object.hasOwn(gpus(rawGpu()).items[0]!, "price")).toBe(false);
    });
  });

  describe("each broken GPU field: its issue, then the entry skipped", () => {
    const issuesOf = (over: Raw) => gpus(rawGpu(over));
    const skipped = { path: "gpus[0]", message: 'GPU entry "g1" skipped' };

    test.each([
      // strings
      [{ name: "" }, "gpus[0].name", 'expected a non-empty string, got ""'],
      [{ name: "   " }, "gpus[0].name", 'expected a non-empty string, got "   "'],
      [{ name: 42 }, "gpus[0].name", "expected a non-empty string, got 42"],
      [{ vendor: undefined }, "gpus[0].vendor", "expected a non-empty string, got nothing"],
      [{ memoryType: "" }, "gpus[0].memoryType", 'expected a non-empty string, got ""'],
      [{ interconnect: 5 }, "gpus[0].interconnect", "expected a non-empty string, got 5"],
      // numbers > 0
      [{ memoryGB: 0 }, "gpus[0].memoryGB", "expected a finite number > 0, got 0"],
      [{ memoryGB: -1 }, "gpus[0].memoryGB", "expected a finite number > 0, got -1"],
      [{ memoryGB: "80" }, "gpus[0].memoryGB", 'expected a finite number > 0, got "80"'],
      [
        { memoryGB: Number.POSITIVE_INFINITY },
        "gpus[0].memoryGB",
        "expected a finite number > 0, got null",
      ],
      [{ memoryGB: Number.NaN }, "gpus[0].memoryGB", "expected a finite number > 0, got null"],
      [
        { memoryBandwidthTBps: undefined },
        "gpus[0].memoryBandwidthTBps",
        "expected a finite number > 0, got nothing",
      ],
      [{ denseBf16Tflops: 0 }, "gpus[0].denseBf16Tflops", "expected a finite number > 0, got 0"],
      [{ tdpW: -700 }, "gpus[0].tdpW", "expected a finite number > 0, got -700"],
      // enumerations and lists
      [{ memoryUnit: "TB" }, "gpus[0].memoryUnit", 'expected one of "GB", "GiB", got "TB"'],
      [{ memoryUnit: undefined }, "gpus[0].memoryUnit", 'expected one of "GB", "GiB", got nothing'],
      [{ memoryUnit: "gib" }, "gpus[0].memoryUnit", 'expected one of "GB", "GiB", got "gib"'],
      [{ aliases: "H100" }, "gpus[0].aliases", "expected an array of strings"],
      [{ aliases: ["H100", 7] }, "gpus[0].aliases", "expected an array of strings"],
      [{ aliases: {} }, "gpus[0].aliases", "expected an array of strings"],
    ] as [Raw, string, string][])("%j → %s: %s", (over, path, message) => {
      expect(issuesOf(over)).toEqual({ items: [], issues: [{ path, message }, skipped] });
    });

    test("memory sizes just above 0 are fine; fractions are allowed where no integer is asked", () => {
      const r = issuesOf({ memoryGB: 1e-9, memoryBandwidthTBps: 0.5 });
      expect(r.issues).toEqual([]);
      expect(r.items[0]!.memoryGB).toBe(1e-9);
    });

    test("an entry without an id is named by its index; one with an id by the id as JSON", () => {
      const r = gpus(rawGpu(), rawGpu({ id: undefined }));
      expect(r.items.map((g) => g.id)).toEqual(["g1"]);
      expect(r.issues).toEqual([
        { path: "gpus[1].id", message: "expected a non-empty string, got nothing" },
        { path: "gpus[1]", message: "GPU entry 1 skipped" },
      ]);
      expect(gpus(rawGpu({ id: 7, memoryGB: 0 })).issues.at(-1)).toEqual({
        path: "gpus[0]",
        message: "GPU entry 7 skipped",
      });
    });

    test("every bad field of one entry is reported, in field order", () => {
      expect(issuesOf({ id: "", memoryGB: 0, memoryUnit: "x" }).issues.map((i) => i.path)).toEqual([
        "gpus[0].id",
        "gpus[0].memoryGB",
        "gpus[0].memoryUnit",
        "gpus[0]",
      ]);
    });

    test("a non-object entry is an issue of its own and the others are kept", () => {
      expect(gpus(null, [rawGpu()], "x", rawGpu())).toEqual({
        items: [expect.objectContaining({ id: "g1" })],
        issues: [
          { path: "gpus[0]", message: "expected an object" },
          { path: "gpus[1]", message: "expected an object" },
          { path: "gpus[2]", message: "expected an object" },
        ],
      });
    });
  });

  describe("GPU prices", () => {
    const ps = { url: "https://p.example/x", title: "P", retrieved: "2026-01-31" };

    test("a price source without a price: the price is an issue and the entry is skipped", () => {
      expect(gpus(rawGpu({ priceSource: ps })).issues).toEqual([
        {
          path: "gpus[0].onDemandUsdPerGpuHour",
          message: "expected a finite number > 0, got nothing",
        },
        { path: "gpus[0]", message: 'GPU entry "g1" skipped' },
      ]);
    });

    test("a price of 0 is refused", () => {
      expect(gpus(rawGpu({ onDemandUsdPerGpuHour: 0, priceSource: ps })).issues[0]).toEqual({
        path: "gpus[0].onDemandUsdPerGpuHour",
        message: "expected a finite number > 0, got 0",
      });
    });

    test("a price without a source: each missing source field is an issue under priceSource", () => {
      expect(gpus(rawGpu({ onDemandUsdPerGpuHour: 3 }))).toEqual({
        items: [],
        issues: [
          { path: "gpus[0].priceSource.url", message: "expected a non-empty string, got nothing" },
          {
            path: "gpus[0].priceSource.title",
            message: "expected a non-empty string, got nothing",
          },
          {
            path: "gpus[0].priceSource.retrieved",
            message: "expected a non-empty string, got nothing",
          },
          { path: "gpus[0]", message: 'GPU entry "g1" skipped' },
        ],
      });
    });

    test("a price source that is not an object reads as empty", () => {
      expect(
        gpus(rawGpu({ onDemandUsdPerGpuHour: 3, priceSource: ["https://p.example"] })).issues.map(
          (i) => i.path,
        ),
      ).toEqual([
        "gpus[0].priceSource.url",
        "gpus[0].priceSource.title",
        "gpus[0].priceSource.retrieved",
        "gpus[0]",
      ]);
    });

    test.each(
      words(`
      2026-1-31 26-01-31 2026-01-31x x2026-01-31 2026/01/31 20260-01-31 2026-011-31 2026-01-311
      abcd-ef-gh`),
    )("a price retrieved %j is not a date: issue and skipped", (retrieved) => {
      expect(
        gpus(rawGpu({ onDemandUsdPerGpuHour: 3, priceSource: { ...ps, retrieved } })).issues,
      ).toEqual([
        { path: "gpus[0].priceSource.retrieved", message: "expected a date YYYY-MM-DD" },
        { path: "gpus[0]", message: 'GPU entry "g1" skipped' },
      ]);
    });

    test("bad via and note of a price source are issues", () => {
      expect(
        gpus(rawGpu({ onDemandUsdPerGpuHour: 3, priceSource: { ...ps, via: "", note: 4 } })).issues,
      ).toEqual([
        { path: "gpus[0].priceSource.via", message: 'expected a non-empty string, got ""' },
        { path: "gpus[0].priceSource.note", message: "expected a non-empty string, got 4" },
        { path: "gpus[0]", message: 'GPU entry "g1" skipped' },
      ]);
    });
  });

  describe("sources", () => {
    const withSources = (sources: unknown) => gpus(rawGpu({ sources }));

    test("missing, empty or non-array sources: one issue, then the uncovered figures", () => {
      for (const sources of [undefined, [], "https://example.com", {}]) {
        const r = withSources(sources);
        expect(r.items).toEqual([]);
        expect(r.issues[0]).toEqual({
          path: "gpus[0].sources",
          message: "expected a non-empty array of sources",
        });
        expect(r.issues.at(-1)).toEqual({ path: "gpus[0]", message: 'GPU entry "g1" skipped' });
        expect(r.issues).toHaveLength(2);
      }
    });

    test("a source that is not an object is an issue at its index", () => {
      expect(withSources([gpuSource, "x"]).issues).toEqual([
        {
          path: "gpus[0].sources[1]",
          message: "expected an object { fields, url, title, retrieved, note }",
        },
        { path: "gpus[0]", message: 'GPU entry "g1" skipped' },
      ]);
      expect(withSources([null, gpuSource]).issues[0]!.path).toBe("gpus[0].sources[0]");
      expect(withSources([[gpuSource]]).issues[0]!.path).toBe("gpus[0].sources[0]");
    });

    test("one source field may be given as a string, as `fields` or `field`", () => {
      const split = GPU_FIGURES.map((f) => ({
        field: f,
        url: "https://e.example",
        title: f,
        retrieved: "2026-12-02",
      }));
      const r = withSources(split);
      expect(r.issues).toEqual([]);
      expect(r.items[0]!.sources.map((s) => s.fields)).toEqual(GPU_FIGURES.map((f) => [f]));
      const asString = withSources([
        {
          ...gpuSource,
          fields: undefined,
          field: ["memoryGB", "memoryBandwidthTBps", "denseBf16Tflops", "tdpW", "interconnect"],
        },
      ]);
      expect(asString.issues).toEqual([]);
      const fieldsString = withSources([{ ...gpuSource }, { ...gpuSource, fields: "tdpW" }]);
      expect(fieldsString.issues).toEqual([]);
      expect(fieldsString.items[0]!.sources[1]!.fields).toEqual(["tdpW"]);
    });

    test("`fields` wins over `field` when both are given", () => {
      const r = withSources([{ ...gpuSource, field: 3 }]);
      expect(r.issues).toEqual([]);
      expect(r.items[0]!.sources[0]!.fields).toEqual(gpuSource.fields);
    });

    test("a source without fields, or with a bad field list, is an issue", () => {
      expect(
        withSources([gpuSource, { url: "https://e.example", title: "t", retrieved: "2026-12-02" }])
          .issues,
      ).toEqual([
        {
          path: "gpus[0].sources[1].fields",
          message: "expected the field name(s) this source supports",
        },
        { path: "gpus[0]", message: 'GPU entry "g1" skipped' },
      ]);
      expect(withSources([gpuSource, { ...gpuSource, fields: [] }]).issues[0]).toEqual({
        path: "gpus[0].sources[1].fields",
        message: "expected the field name(s) this source supports",
      });
      expect(
        withSources([gpuSource, { ...gpuSource, fields: [1] }]).issues.map((i) => i.message),
      ).toEqual([
        "expected an array of strings",
        "expected the field name(s) this source supports",
        'GPU entry "g1" skipped',
      ]);
      expect(
        withSources([gpuSource, { ...gpuSource, fields: undefined, field: [2] }]).issues[0],
      ).toEqual({ path: "gpus[0].sources[1].field", message: "expected an array of strings" });
    });

    test("each missing text of a source is an issue at its path", () => {
      expect(withSources([{ fields: gpuSource.fields }]).issues).toEqual([
        { path: "gpus[0].sources[0].url", message: "expected a non-empty string, got nothing" },
        { path: "gpus[0].sources[0].title", message: "expected a non-empty string, got nothing" },
        {
          path: "gpus[0].sources[0].retrieved",
          message: "expected a non-empty string, got nothing",
        },
        ...GPU_FIGURES.map((f) => ({
          path: "gpus[0].sources",
          message: `no source given for ${f}`,
        })),
        { path: "gpus[0]", message: 'GPU entry "g1" skipped' },
      ]);
      expect(withSources([{ ...gpuSource, note: "" }]).issues[0]).toEqual({
        path: "gpus[0].sources[0].note",
        message: 'expected a non-empty string, got ""',
      });
    });

    test.each(
      words(`
      ftp://example.com example.com xhttps://example.com https:/example.com httpss://e
      HTTPS://example.com`),
    )("url %j is not an http(s) URL", (url) => {
      expect(withSources([{ ...gpuSource, url }]).issues[0]).toEqual({
        path: "gpus[0].sources[0].url",
        message: "expected an http(s) URL",
      });
    });

    test.each(["http://e", "https://e"])("url %j is accepted", (url) => {
      expect(withSources([{ ...gpuSource, url }]).issues).toEqual([]);
    });

    test.each(
      words(`
      2026-1-31 26-01-31 2026-01-31x x2026-01-31 2026/01/31 20260-01-31 2026-011-31 2026-01-311
      abcd-ef-gh`),
    )("retrieved %j is not a date", (retrieved) => {
      expect(withSources([{ ...gpuSource, retrieved }]).issues[0]).toEqual({
        path: "gpus[0].sources[0].retrieved",
        message: "expected a date YYYY-MM-DD",
      });
    });

    test("a figure no source covers is an issue per figure, and one broken source does not cover its fields", () => {
      expect(withSources([{ ...gpuSource, fields: ["memoryGB", "tdpW"] }]).issues).toEqual([
        { path: "gpus[0].sources", message: "no source given for memoryBandwidthTBps" },
        { path: "gpus[0].sources", message: "no source given for denseBf16Tflops" },
        { path: "gpus[0].sources", message: "no source given for interconnect" },
        { path: "gpus[0]", message: 'GPU entry "g1" skipped' },
      ]);
      expect(withSources([{ ...gpuSource, url: "ftp://x" }]).issues).toEqual([
        { path: "gpus[0].sources[0].url", message: "expected an http(s) URL" },
        ...GPU_FIGURES.map((f) => ({
          path: "gpus[0].sources",
          message: `no source given for ${f}`,
        })),
        { path: "gpus[0]", message: 'GPU entry "g1" skipped' },
      ]);
    });
  });

  describe("the catalogue envelope", () => {
    test("a non-object value names the expected shape", () => {
      for (const v of [null, undefined, 3, "x", [rawGpu()]]) {
        expect(restoreGpuCatalog(v)).toEqual({
          items: [],
          issues: [
            {
              path: "",
              message: 'expected an object { "format": "capplan.gpus/v1", "gpus": [...] }',
            },
          ],
        });
      }
      expect(restoreLlmCatalog([])).toEqual({
        items: [],
        issues: [
          {
            path: "",
            message: 'expected an object { "format": "capplan.llms/v1", "models": [...] }',
          },
        ],
      });
    });

    test("a wrong or missing format is an issue but the entries are still read", () => {
      expect(restoreGpuCatalog({ format: "capplan.gpus/v2", gpus: [rawGpu()] })).toEqual({
        items: [expect.objectContaining({ id: "g1" })],
        issues: [{ path: "format", message: 'expected "capplan.gpus/v1", got "capplan.gpus/v2"' }],
      });
      expect(restoreLlmCatalog({ models: [rawLlm()] })).toEqual({
        items: [expect.objectContaining({ id: "m1" })],
        issues: [{ path: "format", message: 'expected "capplan.llms/v1", got nothing' }],
      });
    });

    test("a list that is not an array ends the restore", () => {
      expect(restoreGpuCatalog({ format: GPU_CATALOG_FORMAT, gpus: { a: rawGpu() } })).toEqual({
        items: [],
        issues: [{ path: "gpus", message: "expected an array" }],
      });
      expect(restoreLlmCatalog({ format: LLM_CATALOG_FORMAT, gpus: [rawLlm()] })).toEqual({
        items: [],
        issues: [{ path: "models", message: "expected an array" }],
      });
      expect(restoreGpuCatalog({ format: GPU_CATALOG_FORMAT, gpus: [] })).toEqual({
        items: [],
        issues: [],
      });
    });

    test("duplicate ids: the first is kept, every later one is an issue at its own index", () => {
      const r = gpus(
        rawGpu({ name: "first" }),
        rawGpu({ id: "g2" }),
        rawGpu({ name: "second" }),
        rawGpu({ name: "third" }),
      );
      expect(r.items.map((g) => [g.id, g.name])).toEqual([
        ["g1", "first"],
        ["g2", "Gee One"],
      ]);
      expect(r.issues).toEqual([
        { path: "gpus[2].id", message: 'duplicate id "g1"; entry skipped' },
        { path: "gpus[3].id", message: 'duplicate id "g1"; entry skipped' },
      ]);
      const m = llms(rawLlm(), rawLlm({ name: "again" }));
      expect(m.items.map((x) => x.name)).toEqual(["Em One"]);
      expect(m.issues).toEqual([
        { path: "models[1].id", message: 'duplicate id "m1"; entry skipped' },
      ]);
    });
  });

  describe("model entries", () => {
    test("a good GQA entry restores with absent optional fields as null / 0", () => {
      expect(llms(rawLlm())).toEqual({
        items: [
          {
            id: "m1",
            name: "Em One",
            hfRepo: "acme/m1",
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
            sources: [llmSource],
          },
        ],
        issues: [],
      });
    });

    test("an MLA entry needs kvLoraRank and qkRopeHeadDim; a GQA entry may give them", () => {
      const mla = llms(
        rawLlm({
          attention: "mla",
          kvLoraRank: 512,
          qkRopeHeadDim: 64,
          activeParametersB: 2.5,
          parametersB: 0.5,
        }),
      );
      expect(mla.issues).toEqual([]);
      expect(mla.items[0]).toMatchObject({
        attention: "mla",
        kvLoraRank: 512,
        qkRopeHeadDim: 64,
        activeParametersB: 2.5,
        parametersB: 0.5,
      });
      expect(llms(rawLlm({ attention: "mla", kvLoraRank: 512 })).issues).toEqual([
        { path: "models[0].qkRopeHeadDim", message: "expected an integer > 0, got nothing" },
        { path: "models[0]", message: 'model entry "m1" skipped' },
      ]);
      expect(
        llms(rawLlm({ attention: "mla", qkRopeHeadDim: 64, kvLoraRank: null })).issues[0],
      ).toEqual({ path: "models[0].kvLoraRank", message: "expected an integer > 0, got null" });
      expect(llms(rawLlm({ kvLoraRank: 16, qkRopeHeadDim: 8 })).items[0]).toMatchObject({
        kvLoraRank: 16,
        qkRopeHeadDim: 8,
      });
      expect(llms(rawLlm({ kvLoraRank: 16.5 })).issues[0]).toEqual({
        path: "models[0].kvLoraRank",
        message: "expected an integer > 0, got 16.5",
      });
      expect(llms(rawLlm({ qkRopeHeadDim: 0 })).issues[0]).toEqual({
        path: "models[0].qkRopeHeadDim",
        message: "expected an integer > 0, got 0",
      });
    });

    test.each([
      [{ attention: "mha" }, "models[0].attention", 'expected one of "gqa", "mla", got "mha"'],
      [{ hfRepo: "" }, "models[0].hfRepo", 'expected a non-empty string, got ""'],
      [{ parametersB: 0 }, "models[0].parametersB", "expected a finite number > 0, got 0"],
      [
        { activeParametersB: -3 },
        "models[0].activeParametersB",
        "expected a finite number > 0, got -3",
      ],
      [{ layers: 32.5 }, "models[0].layers", "expected an integer > 0, got 32.5"],
      [{ layers: 0 }, "models[0].layers", "expected an integer > 0, got 0"],
      [{ hiddenSize: 4096.1 }, "models[0].hiddenSize", "expected an integer > 0, got 4096.1"],
      [{ attentionHeads: "32" }, "models[0].attentionHeads", 'expected an integer > 0, got "32"'],
      [{ kvHeads: -8 }, "models[0].kvHeads", "expected an integer > 0, got -8"],
      [{ headDim: 1.5 }, "models[0].headDim", "expected an integer > 0, got 1.5"],
      [{ maxContext: undefined }, "models[0].maxContext", "expected an integer > 0, got nothing"],
      [{ slidingWindow: 0 }, "models[0].slidingWindow", "expected an integer > 0, got 0"],
      [{ slidingWindow: 12.5 }, "models[0].slidingWindow", "expected an integer > 0, got 12.5"],
      [
        { slidingWindowLayers: -1 },
        "models[0].slidingWindowLayers",
        "expected an integer ≥ 0, got -1",
      ],
      [
        { slidingWindowLayers: 1.5 },
        "models[0].slidingWindowLayers",
        "expected an integer ≥ 0, got 1.5",
      ],
      [
        { slidingWindowLayers: null },
        "models[0].slidingWindowLayers",
        "expected an integer ≥ 0, got null",
      ],
      [{ aliases: [null] }, "models[0].aliases", "expected an array of strings"],
    ] as [Raw, string, string][])("%j → %s: %s", (over, path, message) => {
      expect(llms(rawLlm(over))).toEqual({
        items: [],
        issues: [
          { path, message },
          { path: "models[0]", message: 'model entry "m1" skipped' },
        ],
      });
    });

    test("sliding-window layers: 0 and layers − 1 are fine, layers and more are refused", () => {
      expect(llms(rawLlm({ slidingWindowLayers: 0 })).items[0]!.slidingWindowLayers).toBe(0);
      const r = llms(rawLlm({ slidingWindow: 128, slidingWindowLayers: 31 }));
      expect(r.issues).toEqual([]);
      expect(r.items[0]).toMatchObject({ slidingWindow: 128, slidingWindowLayers: 31 });
      for (const n of [32, 33]) {
        expect(llms(rawLlm({ slidingWindowLayers: n }))).toEqual({
          items: [],
          issues: [
            { path: "models[0].slidingWindowLayers", message: "must be smaller than layers" },
            { path: "models[0]", message: 'model entry "m1" skipped' },
          ],
        });
      }
    });

    test("the sliding-window check runs only on an otherwise good entry", () => {
      // layers 0 already failed (read as 0); 0 sliding layers ≥ 0 layers must not add a second issue.
      expect(llms(rawLlm({ layers: 0 })).issues.map((i) => i.path)).toEqual([
        "models[0].layers",
        "models[0]",
      ]);
    });

    test("a model entry without an id is named by its index; a non-object entry is an issue", () => {
      expect(llms(rawLlm(), rawLlm({ id: undefined, name: "n2" }), 5).issues).toEqual([
        { path: "models[1].id", message: "expected a non-empty string, got nothing" },
        { path: "models[1]", message: "model entry 1 skipped" },
        { path: "models[2]", message: "expected an object" },
      ]);
    });

    test("model sources must cover every model figure", () => {
      expect(
        llms(rawLlm({ sources: [{ ...llmSource, fields: ["layers"] }] })).issues.map(
          (i) => i.message,
        ),
      ).toEqual([
        ...LLM_FIGURES.filter((f) => f !== "layers").map((f) => `no source given for ${f}`),
        'model entry "m1" skipped',
      ]);
    });
  });
});
