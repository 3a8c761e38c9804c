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
/** An issue as restore reports it. */
const issue = (path: string, message: string) => ({ path, message });

describe("the shipped catalogues", () => {
  type Restored = { items: { id: string }[]; issues: unknown[] };
  test.each<[string, Restored, unknown[]]>([
    ["GPU", gpus, (gpuJson as { gpus: unknown[] }).gpus],
    ["model", llms, (llmJson as { models: unknown[] }).models],
  ])("every %s entry restores with zero issues and ids are unique", (_, c, raw) => {
    expect(c.issues).toEqual([]);
    expect(c.items).toHaveLength(raw.length);
    expect(new Set(c.items.map((x) => x.id)).size).toBe(c.items.length);
  });

  test("the required GPUs and models are present", () => {
    const gpuIds = words("h100-sxm h200 b200 a100-80gb l40s l4 mi300x");
    expect(gpus.items.map((g) => g.id)).toEqual(expect.arrayContaining(gpuIds));
    const llmIds = words("llama-3.1-8b llama-3.1-70b qwen2-7b qwen2.5-72b deepseek-v3");
    expect(llms.items.map((m) => m.id)).toEqual(expect.arrayContaining(llmIds));
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
    const mla = { attention: "mla", kvLoraRank: 512, qkRopeHeadDim: 64 };
    const size = { layers: 61, hiddenSize: 7168, parametersB: 671, activeParametersB: 37 };
    expect(llm("deepseek-v3")).toMatchObject({ ...mla, ...size });
  });
});

describe("kvBytesPerToken", () => {
  test.each([
    // 2 (K,V) × 32 layers × 8 KV heads × 128 head dim × 2 bytes = 131,072 B = 128 KiB
    ["Llama-3.1-8B in BF16 caches 128 KiB", "llama-3.1-8b", undefined, 131_072],
    // 2 × 80 × 8 × 128 × 2 = 327,680 B = 320 KiB; with 1-byte elements 163,840 B
    ["Llama-3.1-70B in BF16 caches 320 KiB", "llama-3.1-70b", undefined, 327_680],
    ["Llama-3.1-70B with an FP8 cache caches half that", "llama-3.1-70b", 1, 163_840],
    // 2 × 28 × 4 × 128 × 2 = 57,344 B
    ["Qwen2-7B with 4 KV heads caches 56 KiB", "qwen2-7b", undefined, 57_344],
    // 61 layers × (512 + 64) × 2 bytes = 70,272 B — versus 2 × 61 × 128 × 128 × 2 = 3,997,696 B as plain MHA
    [
      "DeepSeek-V3 MLA caches only the 512-wide latent + 64-wide RoPE key",
      "deepseek-v3",
      undefined,
      70_272,
    ],
    // (24 − 12 sliding layers) × 2 × 8 KV heads × 64 head dim × 2 bytes = 24,576 B
    ["gpt-oss-20b counts only its 12 full-attention layers", "gpt-oss-20b", undefined, 24_576],
  ])("%s per token", (_, id, bytes, want) => {
    expect(kvBytesPerToken(llm(id), bytes)).toBe(want);
  });
});

describe("weightsBytes and maxKvTokens", () => {
  test("Llama-3.1-70B weighs 141.2 GB in BF16 and 70.6 GB in FP8", () => {
    expect(weightsBytes(llm("llama-3.1-70b"), 2)).toBeCloseTo(141.2e9, -3);
    expect(weightsBytes(llm("llama-3.1-70b"), 1)).toBeCloseTo(70.6e9, -3);
  });

  test("Llama-3.1-70B in BF16 on 4×H100 leaves room for 447,998 KV tokens, twice that with FP8", () => {
    // usable  = 4 × 80e9 × 0.9           = 288.0e9 B
    // weights = 70.6e9 × 2                = 141.2e9 B
    // free    = 288.0e9 − 141.2e9         = 146.8e9 B
    // tokens  = ⌊146.8e9 / 327,680⌋ = ⌊447,998.05⌋ = 447,998
    const r = maxKvTokens(gpu("h100-sxm"), 4, llm("llama-3.1-70b"));
    expect(r.issues).toEqual([]);
    expect(r.usableBytes).toBeCloseTo(288e9, -3);
    expect(r.weightsBytes).toBeCloseTo(141.2e9, -3);
    expect(r).toMatchObject({ kvBytesPerToken: 327_680, tokens: 447_998 });
    // an FP8 KV cache: ⌊146.8e9 / 163,840⌋ = ⌊895,996.09⌋ = 895,996
    const fp8 = maxKvTokens(gpu("h100-sxm"), 4, llm("llama-3.1-70b"), { kvBytes: 1 });
    expect(fp8.tokens).toBe(895_996);
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
  const restore = (...entries: unknown[]) =>
    restoreGpuCatalog({ format: "capplan.gpus/v1", gpus: entries });

  test("a broken entry is skipped with an issue naming its path", () => {
    const r = restore(entry({}), entry({ id: "bad", memoryGB: "80" }));
    expect(r.items.map((g) => g.id)).toEqual(["h100-sxm"]);
    expect(r.issues.map((i) => i.path)).toEqual(["gpus[1].memoryGB", "gpus[1]"]);
    expect(r.issues[0]!.message).toContain('"80"');
  });

  test("a figure without a source is an issue", () => {
    const sources = [
      { fields: ["memoryGB"], url: "https://example.com/x", title: "x", retrieved: "2026-12-02" },
    ];
    const r = restore(entry({ sources }));
    expect(r.items).toEqual([]);
    expect(r.issues.map((i) => i.message)).toContain("no source given for tdpW");
  });

  test("a duplicate id keeps the first entry", () => {
    const r = restore(entry({}), entry({ name: "copy" }));
    expect(r.items).toHaveLength(1);
    expect(r.issues).toEqual([issue("gpus[1].id", 'duplicate id "h100-sxm"; entry skipped')]);
  });

  test("non-catalogue values give issues, never exceptions", () => {
    expect(restoreGpuCatalog(null)).toMatchObject({ items: [], issues: [{ path: "" }] });
    const noList = restoreGpuCatalog({ format: "capplan.gpus/v1" });
    expect(noList.issues).toEqual([issue("gpus", "expected an array")]);
    const badLlm = restoreLlmCatalog({ format: "x", models: [42] });
    expect(badLlm.issues.map((i) => i.path)).toEqual(["format", "models[0]"]);
  });

  test("an MLA model without kvLoraRank is skipped", () => {
    const models = (llmJson as { models: Record<string, unknown>[] }).models;
    const raw = { ...models.find((m) => m.id === "deepseek-v3")! };
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

  // spellings that only share a prefix or contradict the memory size, and no query at all
  test.each(["NVIDIA GB200", "NVIDIA A100-SXM4-40GB", "Tesla T4", null, ""])(
    "does not confuse %j with a catalogue GPU",
    (query) => {
      expect(findGpu(gpus.items, query)).toBeNull();
    },
  );
});

describe("findLlm", () => {
  test.each([
    ["meta-llama/Llama-3.1-8B-Instruct", "llama-3.1-8b"],
    ["Qwen/Qwen3-4B-Instruct-2507-FP8", "qwen3-4b-instruct-2507"],
    ["openai/gpt-oss-20b", "gpt-oss-20b"],
    ["DEEPSEEK-V3", "deepseek-v3"],
  ])("finds %s (Hugging Face repo, alias or id) as %s", (query, id) => {
    expect(findLlm(llms.items, query)?.id).toBe(id);
  });

  test("finds no model for an unknown repo", () => {
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
  const gpuFigures = { memoryGB: 48, memoryUnit: "GB", memoryBandwidthTBps: 1.5 };
  const rawGpu = (over: Raw = {}): Raw => ({
    ...{ id: "g1", name: "Gee One", vendor: "Acme", ...gpuFigures, sources: [gpuSource] },
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
  /** A complete GQA model entry with only the required fields. */
  const rawLlm = (over: Raw = {}): Raw => ({
    ...{ id: "m1", name: "Em One", hfRepo: "acme/m1", parametersB: 7, attention: "gqa" },
    ...{ layers: 32, hiddenSize: 4096, attentionHeads: 32, kvHeads: 8, headDim: 128 },
    ...{ maxContext: 8192, sources: [llmSource] },
    ...over,
  });
  const llms = (...entries: unknown[]) =>
    restoreLlmCatalog({ format: LLM_CATALOG_FORMAT, models: entries });

  const ps = { url: "https://p.example/x", title: "P", retrieved: "2026-01-31" };
  /** The last issue of a broken entry g1 / m1. */
  const skipped = issue("gpus[0]", 'GPU entry "g1" skipped');
  const skippedM = issue("models[0]", 'model entry "m1" skipped');
  const nothing = "expected a non-empty string, got nothing";
  const notDate = words(`
    2026-1-31 26-01-31 2026-01-31x x2026-01-31 2026/01/31 20260-01-31 2026-011-31 2026-01-311
    abcd-ef-gh`);
  /** One issue per figure the sources of g1 leave uncovered. */
  const uncovered = (figures: readonly string[]) =>
    figures.map((f) => issue("gpus[0].sources", `no source given for ${f}`));

  test("catalogue constants: formats and the figure lists each source must cover", () => {
    expect(GPU_CATALOG_FORMAT).toBe("capplan.gpus/v1");
    expect(LLM_CATALOG_FORMAT).toBe("capplan.llms/v1");
    expect(GPU_FIGURES).toEqual(gpuSource.fields);
    expect(LLM_FIGURES).toEqual(llmSource.fields);
  });

  describe("a good GPU entry", () => {
    test("restores with absent optional fields as null / [] and no issues, and no price key", () => {
      const r = gpus(rawGpu());
      // the raw entry (g1, Gee One, Acme, 48 GB, 1.5 TB/s, gpuSource) with the optional fields added
      const optional = { aliases: [], memoryType: null, denseBf16Tflops: null, tdpW: null };
      expect(r).toEqual({ items: [{ ...rawGpu(), ...optional, interconnect: null }], issues: [] });
      expect(Object.hasOwn(r.items[0]!, "price")).toBe(false);
    });

    test("keeps optional fields, GiB, aliases, a source note and a price with via and note", () => {
      const priceSource = { ...ps, via: "https://v.example", note: "list price" };
      const sources = [{ ...gpuSource, note: "n" }];
      const optional = {
        memoryType: "GDDR7",
        denseBf16Tflops: 100,
        tdpW: 300,
        interconnect: "PCIe",
      };
      const kept = { ...optional, aliases: ["G-1", "gee"], memoryUnit: "GiB", sources };
      const price = { onDemandUsdPerGpuHour: 1.25, priceSource };
      const r = gpus(rawGpu({ ...kept, memoryType2: "ignored", ...price }));
      expect(r.issues).toEqual([]);
      expect(r.items[0]).toEqual({
        ...{ id: "g1", name: "Gee One", vendor: "Acme", memoryGB: 48, memoryBandwidthTBps: 1.5 },
        ...kept,
        price: { usdPerGpuHour: 1.25, source: priceSource },
      });
    });

    test("a price without via or note has neither key; null optional fields read as absent", () => {
      const price = { onDemandUsdPerGpuHour: 2, priceSource: { ...ps, via: null, note: null } };
      const nulls = { memoryType: null, tdpW: null, aliases: null };
      const r = gpus(rawGpu({ ...price, ...nulls, sources: [{ ...gpuSource, note: null }] }));
      expect(r.issues).toEqual([]);
      const g = r.items[0]!;
      expect(g.price).toEqual({ usdPerGpuHour: 2, source: ps });
      expect(Object.keys(g.price!.source)).toEqual(["url", "title", "retrieved"]);
      expect(Object.keys(g.sources[0]!)).toEqual(["fields", "url", "title", "retrieved"]);
      expect(g).toMatchObject({ memoryType: null, tdpW: null, aliases: [] });
    });
  });

  describe("each broken GPU field: its issue, then the entry skipped", () => {
    const issuesOf = (over: Raw) => gpus(rawGpu(over));
    const inf = Number.POSITIVE_INFINITY;

    // [the field changed, the message of the issue at its path]
    test.each([
      // strings
      [{ name: "" }, 'expected a non-empty string, got ""'],
      [{ name: "   " }, 'expected a non-empty string, got "   "'],
      [{ name: 42 }, "expected a non-empty string, got 42"],
      [{ vendor: undefined }, nothing],
      [{ memoryType: "" }, 'expected a non-empty string, got ""'],
      [{ interconnect: 5 }, "expected a non-empty string, got 5"],
      // numbers > 0
      [{ memoryGB: 0 }, "expected a finite number > 0, got 0"],
      [{ memoryGB: -1 }, "expected a finite number > 0, got -1"],
      [{ memoryGB: "80" }, 'expected a finite number > 0, got "80"'],
      [{ memoryGB: inf }, "expected a finite number > 0, got null"],
      [{ memoryGB: Number.NaN }, "expected a finite number > 0, got null"],
      [{ memoryBandwidthTBps: undefined }, "expected a finite number > 0, got nothing"],
      [{ denseBf16Tflops: 0 }, "expected a finite number > 0, got 0"],
      [{ tdpW: -700 }, "expected a finite number > 0, got -700"],
      // enumerations and lists
      [{ memoryUnit: "TB" }, 'expected one of "GB", "GiB", got "TB"'],
      [{ memoryUnit: undefined }, 'expected one of "GB", "GiB", got nothing'],
      [{ memoryUnit: "gib" }, 'expected one of "GB", "GiB", got "gib"'],
      [{ aliases: "H100" }, "expected an array of strings"],
      [{ aliases: ["H100", 7] }, "expected an array of strings"],
      [{ aliases: {} }, "expected an array of strings"],
    ] as [Raw, string][])("%j → its issue: %s", (over, message) => {
      const path = `gpus[0].${Object.keys(over)[0]}`;
      expect(issuesOf(over)).toEqual({ items: [], issues: [{ path, message }, skipped] });
    });

    test("memory sizes just above 0 are fine; fractions are allowed where no integer is asked", () => {
      const r = issuesOf({ memoryGB: 1e-9, memoryBandwidthTBps: 0.5 });
      expect([r.issues, r.items[0]!.memoryGB]).toEqual([[], 1e-9]);
    });

    test("an entry without an id is named by its index; one with an id by the id as JSON", () => {
      const r = gpus(rawGpu(), rawGpu({ id: undefined }));
      expect(r.items.map((g) => g.id)).toEqual(["g1"]);
      expect(r.issues).toEqual([
        issue("gpus[1].id", nothing),
        issue("gpus[1]", "GPU entry 1 skipped"),
      ]);
      const seven = gpus(rawGpu({ id: 7, memoryGB: 0 }));
      expect(seven.issues.at(-1)).toEqual(issue("gpus[0]", "GPU entry 7 skipped"));
    });

    test("every bad field of one entry is reported, in field order", () => {
      const r = issuesOf({ id: "", memoryGB: 0, memoryUnit: "x" });
      expect(r.issues.map((i) => i.path)).toEqual(
        words("gpus[0].id gpus[0].memoryGB gpus[0].memoryUnit gpus[0]"),
      );
    });

    test("a non-object entry is an issue of its own and the others are kept", () => {
      expect(gpus(null, [rawGpu()], "x", rawGpu())).toEqual({
        items: [expect.objectContaining({ id: "g1" })],
        issues: [0, 1, 2].map((i) => issue(`gpus[${i}]`, "expected an object")),
      });
    });
  });

  describe("GPU prices", () => {
    const price = "gpus[0].onDemandUsdPerGpuHour";
    const priced = (priceSource: unknown) =>
      gpus(rawGpu({ onDemandUsdPerGpuHour: 3, priceSource })).issues;

    test("a price source without a price, or a price of 0: the price is an issue, the entry skipped", () => {
      expect(gpus(rawGpu({ priceSource: ps })).issues).toEqual([
        issue(price, "expected a finite number > 0, got nothing"),
        skipped,
      ]);
      const zero = gpus(rawGpu({ onDemandUsdPerGpuHour: 0, priceSource: ps }));
      expect(zero.issues[0]).toEqual(issue(price, "expected a finite number > 0, got 0"));
    });

    test("a price without a source: each missing source field is an issue under priceSource", () => {
      expect(gpus(rawGpu({ onDemandUsdPerGpuHour: 3 }))).toEqual({
        items: [],
        issues: [
          ...["url", "title", "retrieved"].map((f) => issue(`gpus[0].priceSource.${f}`, nothing)),
          skipped,
        ],
      });
    });

    test("a price source that is not an object reads as empty", () => {
      const paths = ["url", "title", "retrieved"].map((f) => `gpus[0].priceSource.${f}`);
      expect(priced(["https://p.example"]).map((i) => i.path)).toEqual([...paths, "gpus[0]"]);
    });

    test.each(notDate)("a price retrieved %j is not a date: issue and skipped", (retrieved) => {
      expect(priced({ ...ps, retrieved })).toEqual([
        issue("gpus[0].priceSource.retrieved", "expected a date YYYY-MM-DD"),
        skipped,
      ]);
    });

    test("bad via and note of a price source are issues", () => {
      expect(priced({ ...ps, via: "", note: 4 })).toEqual([
        issue("gpus[0].priceSource.via", 'expected a non-empty string, got ""'),
        issue("gpus[0].priceSource.note", "expected a non-empty string, got 4"),
        skipped,
      ]);
    });
  });

  describe("sources", () => {
    const withSources = (sources: unknown) => gpus(rawGpu({ sources }));
    const fieldsMissing = "expected the field name(s) this source supports";
    const bare = { url: "https://e.example", title: "t", retrieved: "2026-12-02" };

    test.each([undefined, [], "https://example.com", {}])(
      "missing, empty or non-array sources (%j): one issue, then the entry skipped",
      (sources) => {
        expect(withSources(sources)).toEqual({
          items: [],
          issues: [issue("gpus[0].sources", "expected a non-empty array of sources"), skipped],
        });
      },
    );

    test("a source that is not an object is an issue at its index", () => {
      expect(withSources([gpuSource, "x"]).issues).toEqual([
        issue("gpus[0].sources[1]", "expected an object { fields, url, title, retrieved, note }"),
        skipped,
      ]);
      expect(withSources([null, gpuSource]).issues[0]!.path).toBe("gpus[0].sources[0]");
      expect(withSources([[gpuSource]]).issues[0]!.path).toBe("gpus[0].sources[0]");
    });

    test("one source field may be given as a string, as `fields` or `field`; `fields` wins over `field`", () => {
      const r = withSources(GPU_FIGURES.map((f) => ({ ...bare, field: f, title: f })));
      expect(r.issues).toEqual([]);
      expect(r.items[0]!.sources.map((s) => s.fields)).toEqual(GPU_FIGURES.map((f) => [f]));
      const field = [...gpuSource.fields];
      expect(withSources([{ ...gpuSource, fields: undefined, field }]).issues).toEqual([]);
      const fieldsString = withSources([{ ...gpuSource }, { ...gpuSource, fields: "tdpW" }]);
      expect(fieldsString.issues).toEqual([]);
      expect(fieldsString.items[0]!.sources[1]!.fields).toEqual(["tdpW"]);
      const both = withSources([{ ...gpuSource, field: 3 }]);
      expect(both.issues).toEqual([]);
      expect(both.items[0]!.sources[0]!.fields).toEqual(gpuSource.fields);
    });

    test("a source without fields, or with a bad field list, is an issue", () => {
      expect(withSources([gpuSource, bare]).issues).toEqual([
        issue("gpus[0].sources[1].fields", fieldsMissing),
        skipped,
      ]);
      const empty = withSources([gpuSource, { ...gpuSource, fields: [] }]);
      expect(empty.issues[0]).toEqual(issue("gpus[0].sources[1].fields", fieldsMissing));
      const notText = withSources([gpuSource, { ...gpuSource, fields: [1] }]);
      expect(notText.issues.map((i) => i.message)).toEqual([
        "expected an array of strings",
        fieldsMissing,
        'GPU entry "g1" skipped',
      ]);
      const badField = withSources([gpuSource, { ...gpuSource, fields: undefined, field: [2] }]);
      expect(badField.issues[0]).toEqual(
        issue("gpus[0].sources[1].field", "expected an array of strings"),
      );
    });

    test("each missing text of a source is an issue at its path", () => {
      expect(withSources([{ fields: gpuSource.fields }]).issues).toEqual([
        ...["url", "title", "retrieved"].map((f) => issue(`gpus[0].sources[0].${f}`, nothing)),
        ...uncovered(GPU_FIGURES),
        skipped,
      ]);
      expect(withSources([{ ...gpuSource, note: "" }]).issues[0]).toEqual(
        issue("gpus[0].sources[0].note", 'expected a non-empty string, got ""'),
      );
    });

    test.each(
      words(`
        ftp://example.com example.com xhttps://example.com https:/example.com httpss://e
        HTTPS://example.com`),
    )("url %j is not an http(s) URL", (url) => {
      const r = withSources([{ ...gpuSource, url }]);
      expect(r.issues[0]).toEqual(issue("gpus[0].sources[0].url", "expected an http(s) URL"));
    });

    test.each(["http://e", "https://e"])("url %j is accepted", (url) => {
      expect(withSources([{ ...gpuSource, url }]).issues).toEqual([]);
    });

    test.each(notDate)("retrieved %j is not a date", (retrieved) => {
      const r = withSources([{ ...gpuSource, retrieved }]);
      expect(r.issues[0]).toEqual(
        issue("gpus[0].sources[0].retrieved", "expected a date YYYY-MM-DD"),
      );
    });

    test("a figure no source covers is an issue per figure, and one broken source does not cover its fields", () => {
      expect(withSources([{ ...gpuSource, fields: ["memoryGB", "tdpW"] }]).issues).toEqual([
        ...uncovered(["memoryBandwidthTBps", "denseBf16Tflops", "interconnect"]),
        skipped,
      ]);
      expect(withSources([{ ...gpuSource, url: "ftp://x" }]).issues).toEqual([
        issue("gpus[0].sources[0].url", "expected an http(s) URL"),
        ...uncovered(GPU_FIGURES),
        skipped,
      ]);
    });
  });

  describe("the catalogue envelope", () => {
    const shapeG = 'expected an object { "format": "capplan.gpus/v1", "gpus": [...] }';
    const shapeM = 'expected an object { "format": "capplan.llms/v1", "models": [...] }';

    test.each([null, undefined, 3, "x", [rawGpu()]])("non-object %j: names the shape", (v) => {
      expect(restoreGpuCatalog(v)).toEqual({ items: [], issues: [issue("", shapeG)] });
    });

    test("a non-object model catalogue names the expected shape", () => {
      expect(restoreLlmCatalog([])).toEqual({ items: [], issues: [issue("", shapeM)] });
    });

    test("a wrong or missing format is an issue but the entries are still read", () => {
      expect(restoreGpuCatalog({ format: "capplan.gpus/v2", gpus: [rawGpu()] })).toEqual({
        items: [expect.objectContaining({ id: "g1" })],
        issues: [issue("format", 'expected "capplan.gpus/v1", got "capplan.gpus/v2"')],
      });
      expect(restoreLlmCatalog({ models: [rawLlm()] })).toEqual({
        items: [expect.objectContaining({ id: "m1" })],
        issues: [issue("format", 'expected "capplan.llms/v1", got nothing')],
      });
    });

    test("a list that is not an array ends the restore", () => {
      const gpuList = restoreGpuCatalog({ format: GPU_CATALOG_FORMAT, gpus: { a: rawGpu() } });
      expect(gpuList).toEqual({ items: [], issues: [issue("gpus", "expected an array")] });
      const llmList = restoreLlmCatalog({ format: LLM_CATALOG_FORMAT, gpus: [rawLlm()] });
      expect(llmList).toEqual({ items: [], issues: [issue("models", "expected an array")] });
      const empty = restoreGpuCatalog({ format: GPU_CATALOG_FORMAT, gpus: [] });
      expect(empty).toEqual({ items: [], issues: [] });
    });

    test("duplicate ids: the first is kept, every later one is an issue at its own index", () => {
      const r = gpus(
        rawGpu({ name: "first" }),
        rawGpu({ id: "g2" }),
        rawGpu({ name: "second" }),
        rawGpu({ name: "third" }),
      );
      expect(r.items.map((g) => `${g.id} ${g.name}`)).toEqual(["g1 first", "g2 Gee One"]);
      expect(r.issues).toEqual([
        issue("gpus[2].id", 'duplicate id "g1"; entry skipped'),
        issue("gpus[3].id", 'duplicate id "g1"; entry skipped'),
      ]);
      const m = llms(rawLlm(), rawLlm({ name: "again" }));
      expect(m.items.map((x) => x.name)).toEqual(["Em One"]);
      expect(m.issues).toEqual([issue("models[1].id", 'duplicate id "m1"; entry skipped')]);
    });
  });

  describe("model entries", () => {
    test("a good GQA entry restores with absent optional fields as null / 0", () => {
      // the raw entry (m1, 7B, 32 layers, hidden 4096, 32 heads, 8 KV heads, head dim 128, GQA,
      // context 8192, llmSource) with the optional fields added
      const optional = {
        aliases: [],
        activeParametersB: null,
        kvLoraRank: null,
        qkRopeHeadDim: null,
      };
      const sliding = { slidingWindow: null, slidingWindowLayers: 0 };
      expect(llms(rawLlm())).toEqual({
        items: [{ ...rawLlm(), ...optional, ...sliding }],
        issues: [],
      });
    });

    test("an MLA entry needs kvLoraRank and qkRopeHeadDim; a GQA entry may give them", () => {
      const mla = { attention: "mla", kvLoraRank: 512, qkRopeHeadDim: 64 };
      const r = llms(rawLlm({ ...mla, activeParametersB: 2.5, parametersB: 0.5 }));
      expect(r.issues).toEqual([]);
      expect(r.items[0]).toMatchObject({ ...mla, activeParametersB: 2.5, parametersB: 0.5 });
      expect(llms(rawLlm({ attention: "mla", kvLoraRank: 512 })).issues).toEqual([
        issue("models[0].qkRopeHeadDim", "expected an integer > 0, got nothing"),
        skippedM,
      ]);
      const noRank = llms(rawLlm({ attention: "mla", qkRopeHeadDim: 64, kvLoraRank: null }));
      expect(noRank.issues[0]).toEqual(
        issue("models[0].kvLoraRank", "expected an integer > 0, got null"),
      );
      const gqa = llms(rawLlm({ kvLoraRank: 16, qkRopeHeadDim: 8 }));
      expect(gqa.items[0]).toMatchObject({ kvLoraRank: 16, qkRopeHeadDim: 8 });
      expect(llms(rawLlm({ kvLoraRank: 16.5 })).issues[0]).toEqual(
        issue("models[0].kvLoraRank", "expected an integer > 0, got 16.5"),
      );
      expect(llms(rawLlm({ qkRopeHeadDim: 0 })).issues[0]).toEqual(
        issue("models[0].qkRopeHeadDim", "expected an integer > 0, got 0"),
      );
    });

    // [the field changed, the message of the issue at its path]
    test.each([
      [{ attention: "mha" }, 'expected one of "gqa", "mla", got "mha"'],
      [{ hfRepo: "" }, 'expected a non-empty string, got ""'],
      [{ parametersB: 0 }, "expected a finite number > 0, got 0"],
      [{ activeParametersB: -3 }, "expected a finite number > 0, got -3"],
      [{ layers: 32.5 }, "expected an integer > 0, got 32.5"],
      [{ layers: 0 }, "expected an integer > 0, got 0"],
      [{ hiddenSize: 4096.1 }, "expected an integer > 0, got 4096.1"],
      [{ attentionHeads: "32" }, 'expected an integer > 0, got "32"'],
      [{ kvHeads: -8 }, "expected an integer > 0, got -8"],
      [{ headDim: 1.5 }, "expected an integer > 0, got 1.5"],
      [{ maxContext: undefined }, "expected an integer > 0, got nothing"],
      [{ slidingWindow: 0 }, "expected an integer > 0, got 0"],
      [{ slidingWindow: 12.5 }, "expected an integer > 0, got 12.5"],
      [{ slidingWindowLayers: -1 }, "expected an integer ≥ 0, got -1"],
      [{ slidingWindowLayers: 1.5 }, "expected an integer ≥ 0, got 1.5"],
      [{ slidingWindowLayers: null }, "expected an integer ≥ 0, got null"],
      [{ aliases: [null] }, "expected an array of strings"],
    ] as [Raw, string][])("%j → its issue: %s", (over, message) => {
      const path = `models[0].${Object.keys(over)[0]}`;
      expect(llms(rawLlm(over))).toEqual({ items: [], issues: [{ path, message }, skippedM] });
    });

    test("sliding-window layers: 0 and layers − 1 are fine", () => {
      expect(llms(rawLlm({ slidingWindowLayers: 0 })).items[0]!.slidingWindowLayers).toBe(0);
      const r = llms(rawLlm({ slidingWindow: 128, slidingWindowLayers: 31 }));
      expect(r.issues).toEqual([]);
      expect(r.items[0]).toMatchObject({ slidingWindow: 128, slidingWindowLayers: 31 });
    });

    test.each([32, 33])("sliding-window layers %i (layers and more) are refused", (n) => {
      expect(llms(rawLlm({ slidingWindowLayers: n }))).toEqual({
        items: [],
        issues: [issue("models[0].slidingWindowLayers", "must be smaller than layers"), skippedM],
      });
    });

    test("the sliding-window check runs only on an otherwise good entry", () => {
      // layers 0 already failed (read as 0); 0 sliding layers ≥ 0 layers must not add a second issue.
      const r = llms(rawLlm({ layers: 0 }));
      expect(r.issues.map((i) => i.path)).toEqual(["models[0].layers", "models[0]"]);
    });

    test("a model entry without an id is named by its index; a non-object entry is an issue", () => {
      expect(llms(rawLlm(), rawLlm({ id: undefined, name: "n2" }), 5).issues).toEqual([
        issue("models[1].id", nothing),
        issue("models[1]", "model entry 1 skipped"),
        issue("models[2]", "expected an object"),
      ]);
    });

    test("model sources must cover every model figure", () => {
      const r = llms(rawLlm({ sources: [{ ...llmSource, fields: ["layers"] }] }));
      expect(r.issues.map((i) => i.message)).toEqual([
        ...LLM_FIGURES.filter((f) => f !== "layers").map((f) => `no source given for ${f}`),
        'model entry "m1" skipped',
      ]);
    });
  });
});
