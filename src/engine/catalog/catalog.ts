/**
 * GPU and LLM catalogues (`models/gpus.json`, `models/llms.json`) and the memory arithmetic
 * built on them: weights bytes, KV-cache bytes per token and how many KV tokens fit.
 * Pure data and arithmetic: no DOM, no I/O. Restoring never throws: every problem is an
 * issue `{ path, message }` and a broken entry is skipped.
 */

export type {
  CatalogIssue,
  CatalogPrice,
  CatalogSource,
  Gpu,
  Llm,
  MemoryUnit,
  Restored,
} from "./catalog-types";
import type {
  CatalogIssue,
  CatalogPrice,
  CatalogSource,
  Gpu,
  Llm,
  Restored,
} from "./catalog-types";

/** `format` value of `models/gpus.json`. */
export const GPU_CATALOG_FORMAT = "capplan.gpus/v1";
/** `format` value of `models/llms.json`. */
export const LLM_CATALOG_FORMAT = "capplan.llms/v1";

/** Figure fields of a GPU entry; each must be covered by at least one source. */
export const GPU_FIGURES = [
  "memoryGB",
  "memoryBandwidthTBps",
  "denseBf16Tflops",
  "tdpW",
  "interconnect",
] as const;
/** Figure fields of an LLM entry; each must be covered by at least one source. */
export const LLM_FIGURES = [
  "parametersB",
  "layers",
  "hiddenSize",
  "attentionHeads",
  "kvHeads",
  "headDim",
  "maxContext",
] as const;

type Rec = Record<string, unknown>;

function isRec(v: unknown): v is Rec {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Field reader that records an issue for each bad field and remembers whether any failed. */
class Reader {
  ok = true;
  constructor(
    private readonly obj: Rec,
    private readonly base: string,
    private readonly issues: CatalogIssue[],
  ) {}

  fail(key: string, message: string): void {
    this.ok = false;
    this.issues.push({ path: `${this.base}.${key}`, message });
  }

  str(key: string): string {
    const v = this.obj[key];
    if (typeof v === "string" && v.trim() !== "") return v;
    this.fail(key, `expected a non-empty string, got ${JSON.stringify(v) ?? "nothing"}`);
    return "";
  }

  strOrNull(key: string): string | null {
    const v = this.obj[key];
    if (v === undefined || v === null) return null;
    return this.str(key);
  }

  /** A finite number > 0 (or ≥ 0 with `allowZero`); integers only with `int`. */
  num(key: string, opts: { int?: boolean; allowZero?: boolean } = {}): number {
    const v = this.obj[key];
    const good =
      typeof v === "number" &&
      Number.isFinite(v) &&
      (opts.allowZero ? v >= 0 : v > 0) &&
      (!opts.int || Number.isInteger(v));
    if (good) return v;
    const what = `${opts.int ? "an integer" : "a finite number"} ${opts.allowZero ? "≥ 0" : "> 0"}`;
    this.fail(key, `expected ${what}, got ${JSON.stringify(v) ?? "nothing"}`);
    return 0;
  }

  numOrNull(key: string, opts: { int?: boolean } = {}): number | null {
    const v = this.obj[key];
    if (v === undefined || v === null) return null;
    return this.num(key, opts);
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T {
    const v = this.obj[key];
    if (typeof v === "string" && (allowed as readonly string[]).includes(v)) return v as T;
    this.fail(
      key,
      `expected one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}, got ${JSON.stringify(v) ?? "nothing"}`,
    );
    return allowed[0]!;
  }

  strList(key: string): string[] {
    const v = this.obj[key];
    if (v === undefined || v === null) return [];
    if (Array.isArray(v) && v.every((s) => typeof s === "string")) return v as string[];
    this.fail(key, "expected an array of strings");
    return [];
  }

  sources(figures: readonly string[]): CatalogSource[] {
    const v = this.obj.sources;
    if (!Array.isArray(v) || v.length === 0) {
      this.fail("sources", "expected a non-empty array of sources");
      return [];
    }
    const out: CatalogSource[] = [];
    v.forEach((s, i) => {
      const path = `sources[${i}]`;
      if (!isRec(s)) {
        this.fail(path, "expected an object { fields, url, title, retrieved, note }");
        return;
      }
      const r = new Reader(s, `${this.base}.${path}`, this.issues);
      const rawFields = s.fields ?? s.field;
      const fields =
        typeof rawFields === "string"
          ? [rawFields]
          : r.strList(s.fields !== undefined ? "fields" : "field");
      if (fields.length === 0) r.fail("fields", "expected the field name(s) this source supports");
      const src: CatalogSource = {
        fields,
        url: r.str("url"),
        title: r.str("title"),
        retrieved: r.str("retrieved"),
      };
      const note = r.strOrNull("note");
      if (note !== null) src.note = note;
      if (src.url !== "" && !/^https?:\/\//.test(src.url)) r.fail("url", "expected an http(s) URL");
      if (src.retrieved !== "" && !/^\d{4}-\d{2}-\d{2}$/.test(src.retrieved))
        r.fail("retrieved", "expected a date YYYY-MM-DD");
      if (r.ok) out.push(src);
      else this.ok = false;
    });
    const covered = new Set(out.flatMap((s) => s.fields));
    for (const f of figures) if (!covered.has(f)) this.fail("sources", `no source given for ${f}`);
    return out;
  }
}

/** Shared envelope check: `{ format, <key>: [...] }`; returns the raw entries or null. */
function entriesOf(
  value: unknown,
  format: string,
  key: string,
  issues: CatalogIssue[],
): unknown[] | null {
  if (!isRec(value)) {
    issues.push({
      path: "",
      message: `expected an object { "format": "${format}", "${key}": [...] }`,
    });
    return null;
  }
  if (value.format !== format) {
    issues.push({
      path: "format",
      message: `expected "${format}", got ${JSON.stringify(value.format) ?? "nothing"}`,
    });
  }
  const list = value[key];
  if (!Array.isArray(list)) {
    issues.push({ path: key, message: "expected an array" });
    return null;
  }
  return list;
}

/** Keeps the first entry of each id; later duplicates become issues. */
function dedupe<T extends { id: string }>(
  items: { item: T; path: string }[],
  issues: CatalogIssue[],
): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const { item, path } of items) {
    if (seen.has(item.id))
      issues.push({ path: `${path}.id`, message: `duplicate id "${item.id}"; entry skipped` });
    else {
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** Validates a `capplan.gpus/v1` value field by field; broken entries are skipped with issues. */
export function restoreGpuCatalog(value: unknown): Restored<Gpu> {
  const issues: CatalogIssue[] = [];
  const list = entriesOf(value, GPU_CATALOG_FORMAT, "gpus", issues);
  if (list === null) return { items: [], issues };
  const ok: { item: Gpu; path: string }[] = [];
  list.forEach((raw, i) => {
    const path = `gpus[${i}]`;
    if (!isRec(raw)) {
      issues.push({ path, message: "expected an object" });
      return;
    }
    const r = new Reader(raw, path, issues);
    const gpu: Gpu = {
      id: r.str("id"),
      name: r.str("name"),
      vendor: r.str("vendor"),
      aliases: r.strList("aliases"),
      memoryGB: r.num("memoryGB"),
      memoryUnit: r.oneOf("memoryUnit", ["GB", "GiB"] as const),
      memoryType: r.strOrNull("memoryType"),
      memoryBandwidthTBps: r.num("memoryBandwidthTBps"),
      denseBf16Tflops: r.numOrNull("denseBf16Tflops"),
      tdpW: r.numOrNull("tdpW"),
      interconnect: r.strOrNull("interconnect"),
      sources: r.sources(GPU_FIGURES),
    };
    if (raw.onDemandUsdPerGpuHour !== undefined || raw.priceSource !== undefined) {
      const price = r.num("onDemandUsdPerGpuHour");
      const s = isRec(raw.priceSource) ? raw.priceSource : {};
      const ps = new Reader(s, `${path}.priceSource`, issues);
      const source: CatalogPrice["source"] = {
        url: ps.str("url"),
        title: ps.str("title"),
        retrieved: ps.str("retrieved"),
      };
      const via = ps.strOrNull("via");
      const note = ps.strOrNull("note");
      if (via !== null) source.via = via;
      if (note !== null) source.note = note;
      if (source.retrieved !== "" && !/^\d{4}-\d{2}-\d{2}$/.test(source.retrieved))
        ps.fail("retrieved", "expected a date YYYY-MM-DD");
      if (ps.ok) gpu.price = { usdPerGpuHour: price, source };
      else r.ok = false;
    }
    if (r.ok) ok.push({ item: gpu, path });
    else issues.push({ path, message: `GPU entry ${JSON.stringify(raw.id ?? i)} skipped` });
  });
  return { items: dedupe(ok, issues), issues };
}

/** Validates a `capplan.llms/v1` value field by field; broken entries are skipped with issues. */
export function restoreLlmCatalog(value: unknown): Restored<Llm> {
  const issues: CatalogIssue[] = [];
  const list = entriesOf(value, LLM_CATALOG_FORMAT, "models", issues);
  if (list === null) return { items: [], issues };
  const ok: { item: Llm; path: string }[] = [];
  list.forEach((raw, i) => {
    const path = `models[${i}]`;
    if (!isRec(raw)) {
      issues.push({ path, message: "expected an object" });
      return;
    }
    const r = new Reader(raw, path, issues);
    const attention = r.oneOf("attention", ["gqa", "mla"] as const);
    const llm: Llm = {
      id: r.str("id"),
      name: r.str("name"),
      hfRepo: r.str("hfRepo"),
      aliases: r.strList("aliases"),
      parametersB: r.num("parametersB"),
      activeParametersB: r.numOrNull("activeParametersB"),
      layers: r.num("layers", { int: true }),
      hiddenSize: r.num("hiddenSize", { int: true }),
      attentionHeads: r.num("attentionHeads", { int: true }),
      kvHeads: r.num("kvHeads", { int: true }),
      headDim: r.num("headDim", { int: true }),
      attention,
      kvLoraRank:
        attention === "mla"
          ? r.num("kvLoraRank", { int: true })
          : r.numOrNull("kvLoraRank", { int: true }),
      qkRopeHeadDim:
        attention === "mla"
          ? r.num("qkRopeHeadDim", { int: true })
          : r.numOrNull("qkRopeHeadDim", { int: true }),
      slidingWindow: r.numOrNull("slidingWindow", { int: true }),
      slidingWindowLayers:
        raw.slidingWindowLayers === undefined
          ? 0
          : r.num("slidingWindowLayers", { int: true, allowZero: true }),
      maxContext: r.num("maxContext", { int: true }),
      sources: r.sources(LLM_FIGURES),
    };
    if (raw.vocabSize !== undefined) llm.vocabSize = r.numOrNull("vocabSize", { int: true });
    if (raw.tiedEmbeddings === true) llm.tiedEmbeddings = true;
    if (r.ok && llm.slidingWindowLayers >= llm.layers) {
      issues.push({ path: `${path}.slidingWindowLayers`, message: "must be smaller than layers" });
      r.ok = false;
    }
    if (r.ok) ok.push({ item: llm, path });
    else issues.push({ path, message: `model entry ${JSON.stringify(raw.id ?? i)} skipped` });
  });
  return { items: dedupe(ok, issues), issues };
}

export { gpuMemoryBytes, kvBytesPerToken, weightsBytes, maxKvTokens } from "./catalog-memory";
export type { KvSizingOptions, KvSizing } from "./catalog-memory";
export { findGpu, findLlm } from "./catalog-match";
