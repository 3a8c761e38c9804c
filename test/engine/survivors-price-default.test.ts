/**
 * Catalogue default prices (src/engine/catalog/price-default.ts, docs/trust.md "Defaulted prices"): which
 * currencies take a default, what counts as a missing price, which SKUs are filled, and the
 * tolerance by which a price in use still "is" its default (issue #15).
 */
import { describe, expect, it } from "vitest";
import type { Gpu } from "../../src/engine/catalog/catalog-types";
import {
  catalogPriceFor,
  defaultedPrices,
  defaultedProblem,
  fillDefaultPrices,
  priceMissingIn,
  priceMessages,
} from "../../src/engine/catalog/price-default";
import type { PlanFile, SkuDef } from "../../src/engine/base/types";

const src = { title: "Cloud list", url: "https://example.com/p", retrieved: "2026-01-02" };
const GPUS = [
  { id: "a", name: "A", price: { usdPerGpuHour: 2.5, source: src } },
  { id: "b", name: "B" },
  { id: "c", name: "C", price: { usdPerGpuHour: 0, source: { ...src, title: "Free tier" } } },
] as unknown as Gpu[];

const planOf = (skus: unknown, currency?: unknown): PlanFile =>
  ({
    format: "capplan.plan/v1",
    workloads: [],
    slo: [],
    skus,
    ...(currency !== undefined ? { currency } : {}),
  }) as unknown as PlanFile;

describe("catalogPriceFor", () => {
  it("takes a default in USD, with no currency and with an empty currency (the plan's default is USD)", () => {
    const want = { gpu: "a", usdPerGpuHour: 2.5, source: "Cloud list", retrieved: "2026-01-02" };
    expect(catalogPriceFor(GPUS, "a", "USD")).toEqual(want);
    expect(catalogPriceFor(GPUS, "a", undefined)).toEqual(want);
    expect(catalogPriceFor(GPUS, "a", "")).toEqual(want);
  });

  it("takes none in another currency, for no GPU id, an empty id, an unknown GPU or a GPU without a price", () => {
    expect(catalogPriceFor(GPUS, "a", "EUR")).toBeNull();
    expect(catalogPriceFor(GPUS, "a", "usd")).toBeNull();
    expect(catalogPriceFor(GPUS, undefined, "USD")).toBeNull();
    expect(catalogPriceFor(GPUS, "", "USD")).toBeNull();
    expect(catalogPriceFor(GPUS, "zz", "USD")).toBeNull();
    expect(catalogPriceFor(GPUS, "b", "USD")).toBeNull();
  });

  it("a catalogue price of 0 is a price (free tier), with its own source", () => {
    expect(catalogPriceFor(GPUS, "c", "USD")).toEqual({
      gpu: "c",
      usdPerGpuHour: 0,
      source: "Free tier",
      retrieved: "2026-01-02",
    });
  });
});

describe("priceMissingIn", () => {
  it("absent, null, empty or blank text are missing; a number (even 0) or other text is not", () => {
    expect(priceMissingIn(undefined)).toBe(true);
    expect(priceMissingIn({ name: "s" } as SkuDef)).toBe(true);
    expect(priceMissingIn({ name: "s", pricePerGpuHour: null } as unknown as SkuDef)).toBe(true);
    expect(priceMissingIn({ name: "s", pricePerGpuHour: "" } as unknown as SkuDef)).toBe(true);
    expect(priceMissingIn({ name: "s", pricePerGpuHour: "   " } as unknown as SkuDef)).toBe(true);
    expect(priceMissingIn({ name: "s", pricePerGpuHour: 0 } as unknown as SkuDef)).toBe(false);
    expect(priceMissingIn({ name: "s", pricePerGpuHour: 3 } as unknown as SkuDef)).toBe(false);
    expect(priceMissingIn({ name: "s", pricePerGpuHour: " 3 " } as unknown as SkuDef)).toBe(false);
    expect(priceMissingIn({ name: "s", pricePerGpuHour: "=gpu_hour" } as unknown as SkuDef)).toBe(
      false,
    );
  });
});

describe("fillDefaultPrices", () => {
  it("fills the missing prices of SKUs whose GPU has a default, skipping non-objects, priced SKUs and GPUs without a price", () => {
    const p = planOf([
      null,
      "text",
      { name: "priced", gpu: "a", pricePerGpuHour: 7 },
      { name: "no price known", gpu: "b" },
      { name: "blank", gpu: "a", pricePerGpuHour: " " },
      { name: "free", gpu: "c", pricePerGpuHour: null },
    ]);
    expect(fillDefaultPrices(p, GPUS)).toEqual([4, 5]);
    const skus = p.skus as unknown as Record<string, unknown>[];
    expect(skus[2]).toEqual({ name: "priced", gpu: "a", pricePerGpuHour: 7 });
    expect(skus[3]).toEqual({ name: "no price known", gpu: "b" });
    expect(skus[4]).toEqual({
      name: "blank",
      gpu: "a",
      pricePerGpuHour: 2.5,
      priceDefault: { gpu: "a", usdPerGpuHour: 2.5, source: "Cloud list", retrieved: "2026-01-02" },
    });
    expect(skus[5]!.pricePerGpuHour).toBe(0);
  });

  it("a plan without a SKU list is left alone; a plan in EUR takes no default", () => {
    const p = planOf({ not: "a list" });
    expect(fillDefaultPrices(p, GPUS)).toEqual([]);
    expect(p.skus).toEqual({ not: "a list" });
    const eur = planOf([{ name: "x", gpu: "a" }], "EUR");
    expect(fillDefaultPrices(eur, GPUS)).toEqual([]);
    expect((eur.skus[0] as unknown as Record<string, unknown>).pricePerGpuHour).toBeUndefined();
  });
});

describe("defaultedPrices", () => {
  const d = { gpu: "a", usdPerGpuHour: 2.5, source: "Cloud list", retrieved: "2026-01-02" };

  it("a price in use within 1e-9 of the default is still the default; exactly 1e-9 away or more (either way) it is the planner's own", () => {
    const zero = planOf([{ name: "z", priceDefault: { ...d, usdPerGpuHour: 0 } }]);
    expect(defaultedPrices(zero, () => 0).map((x) => x.index)).toEqual([0]);
    expect(defaultedPrices(zero, () => 5e-10).map((x) => x.index)).toEqual([0]);
    expect(defaultedPrices(zero, () => -5e-10).map((x) => x.index)).toEqual([0]);
    expect(defaultedPrices(zero, () => 1e-9)).toEqual([]);
    expect(defaultedPrices(zero, () => -1e-9)).toEqual([]);
    // No price in use (null) is not a price of 0.
    expect(defaultedPrices(zero, () => null)).toEqual([]);
    const p = planOf([{ name: "s", priceDefault: d }]);
    expect(defaultedPrices(p, () => 2.5)).toEqual([{ index: 0, sku: "s", default: d }]);
    expect(defaultedPrices(p, () => 1)).toEqual([]);
    expect(defaultedPrices(p, () => 4)).toEqual([]);
    expect(defaultedPrices(p, () => null)).toEqual([]);
  });

  it("names a SKU without a text name by its path; skips SKUs without a default or with a non-number default", () => {
    const p = planOf([
      { priceDefault: d },
      { name: "none" },
      null,
      { name: "bad", priceDefault: { ...d, usdPerGpuHour: "2.5" } },
      { name: 7, priceDefault: d },
    ]);
    expect(defaultedPrices(p, () => 2.5)).toEqual([
      { index: 0, sku: "skus[0]", default: d },
      { index: 4, sku: "skus[4]", default: d },
    ]);
  });

  it("asks the price of SKU i by its index", () => {
    const p = planOf([
      { name: "x", priceDefault: d },
      { name: "y", priceDefault: d },
    ]);
    expect(defaultedPrices(p, (i) => (i === 1 ? 2.5 : 9)).map((x) => x.sku)).toEqual(["y"]);
  });

  it("a plan without a SKU list has none", () => {
    expect(defaultedPrices(planOf(undefined), () => 2.5)).toEqual([]);
  });
});

describe("defaultedProblem", () => {
  it("is a warning at skus[i].pricePerGpuHour with the SKU, price, GPU, source and date in its text", () => {
    const p = defaultedProblem({
      index: 3,
      sku: "L",
      default: { gpu: "a", usdPerGpuHour: 2.5, source: "Cloud list", retrieved: "2026-01-02" },
    });
    expect(p.code).toBe("price.defaulted");
    expect(p.severity).toBe("warning");
    expect(p.path).toBe("skus[3].pricePerGpuHour");
    expect(priceMessages.en(p)).toBe(
      "L: price 2.5 USD per GPU-hour is the catalogue's indicative on-demand price for a (Cloud list, 2026-01-02), not a quote: enter your own",
    );
  });
});
