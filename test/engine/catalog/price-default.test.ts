/**
 * Catalogue default prices (src/engine/catalog/price-default.ts, docs/trust.md "Defaulted prices"): the
 * GPU catalogue carries an indicative on-demand price with its source and date; a SKU without a
 * price may take it, and it stays flagged (trust state, `price.defaulted` on the CLI) while the
 * price in use equals it.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { restoreGpuCatalog } from "../../../src/engine/catalog/catalog";
import {
  catalogPriceFor,
  defaultedPrices,
  defaultedProblem,
  fillDefaultPrices,
  priceMessages,
  priceMissingIn,
} from "../../../src/engine/catalog/price-default";
import type { PlanFile, SkuDef } from "../../../src/engine/base/types";
import { renderProblem } from "../../../src/report/messages";
import { run } from "../../cli/helpers";
import type { Gpu } from "../../../src/engine/catalog/catalog-types";

const GPUS = restoreGpuCatalog(JSON.parse(readFileSync("models/gpus.json", "utf8")));

const sweep = { replicaOutputTokensPerSec: 1000 };
function plan(currency?: string): PlanFile {
  const p = {
    format: "capplan.plan/v1",
    workloads: [{ name: "chat", peakRps: 10, inputTokens: 500, outputTokens: 200 }],
    slo: [],
    skus: [
      { name: "L40S x1", gpu: "l40s", gpusPerReplica: 1, sweep },
      { name: "own", gpu: "h100-sxm", gpusPerReplica: 1, pricePerGpuHour: 2, sweep },
      { name: "no price known", gpu: "l4", gpusPerReplica: 1, pricePerGpuHour: "", sweep },
    ],
  } as unknown as PlanFile;
  if (currency) p.currency = currency;
  return p;
}
const L40S_EN =
  "L40S x1: price 1.09 USD per GPU-hour is the catalogue's indicative on-demand price for l40s (RunPod pricing, Secure Cloud (RunPod-operated data centres), on-demand, 1 GPU, 2026-09-25), not a quote: enter your own";
const L40S_ZH = "L40S x1：每 GPU 小时 1.09 美元是目录中 l40s 的参考按需价格";

describe("catalogue prices", () => {
  it("restores an indicative USD price with source and date for 7 of the 10 GPUs, without issues", () => {
    expect(GPUS.issues).toEqual([]);
    const priced = Object.fromEntries(
      GPUS.items.filter((g) => g.price).map((g) => [g.id, g.price!.usdPerGpuHour]),
    );
    expect(priced).toEqual({
      "h100-sxm": 3.49,
      "h100-pcie": 2.89,
      h200: 4.59,
      b200: 6.79,
      "a100-80gb": 1.59,
      l40s: 1.09,
      mi300x: 2.59,
    });
    const l40s = GPUS.items.find((g) => g.id === "l40s")!.price!;
    expect([l40s.source.url, l40s.source.retrieved]).toEqual([
      "https://www.runpod.io/pricing",
      "2026-09-25",
    ]);
  });

  it("refuses a price entry with a bad date, skipping the GPU with an issue", () => {
    const raw = JSON.parse(readFileSync("models/gpus.json", "utf8"));
    raw.gpus[0].priceSource.retrieved = "Sept 2026";
    const r = restoreGpuCatalog(raw);
    expect(r.items.some((g) => g.id === "h100-sxm")).toBe(false);
    expect(r.issues.map((i) => i.path)).toEqual(["gpus[0].priceSource.retrieved", "gpus[0]"]);
  });

  it("gives a default only in USD (or no currency), for a known GPU with a price", () => {
    expect(catalogPriceFor(GPUS.items, "l40s", "USD")).toEqual({
      gpu: "l40s",
      usdPerGpuHour: 1.09,
      source: expect.stringContaining("RunPod"),
      retrieved: "2026-09-25",
    });
    expect(catalogPriceFor(GPUS.items, "l40s", undefined)?.usdPerGpuHour).toBe(1.09);
    const none = [
      ["l40s", "EUR"],
      ["l4", "USD"],
      ["nosuch", "USD"],
    ].map(([gpu, currency]) => catalogPriceFor(GPUS.items, gpu, currency));
    expect(none).toEqual([null, null, null]);
  });

  it("fills only missing prices, records the default, and flags it while the price equals it", () => {
    const p = plan();
    expect(fillDefaultPrices(p, GPUS.items)).toEqual([0]);
    expect(p.skus.map((s) => s.pricePerGpuHour)).toEqual([1.09, 2, ""]);
    expect(p.skus[0]!.priceDefault?.gpu).toBe("l40s");
    const prices = [1.09, 2, null];
    const d = defaultedPrices(p, (i) => prices[i] ?? null);
    expect(d.map((x) => [x.index, x.sku])).toEqual([[0, "L40S x1"]]);
    const problem = defaultedProblem(d[0]!);
    expect(problem).toMatchObject({ code: "price.defaulted", path: "skus[0].pricePerGpuHour" });
    expect(priceMessages.en(problem)).toBe(L40S_EN);
    expect(renderProblem(problem, "zh")).toContain(L40S_ZH);
    // A price typed over the default is the planner's own.
    expect(defaultedPrices(p, () => 1.2)).toEqual([]);
    expect(fillDefaultPrices(plan("EUR"), GPUS.items)).toEqual([]);
  });
});

describe("capplan plan with a SKU naming a catalogue GPU and no price", () => {
  it("uses the catalogue price and warns with price.defaulted (exit 0); 2 GPUs × 1.09 = 2.18 per hour", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "capplan-price-"));
    const p = plan() as unknown as { skus: unknown[] };
    p.skus = p.skus.slice(0, 1);
    writeFileSync(join(dir, "p.json"), JSON.stringify(p));
    const r = await run("plan", join(dir, "p.json"), "--json");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    // 10 RPS × 200 output tokens ÷ 1,000 tok/s = 2 replicas of 1 GPU at 1.09 USD.
    expect(out.skus[0].pricePerGpuHour).toBe(1.09);
    expect(out.skus[0].costPerHour).toBeCloseTo(2.18, 10);
    expect(out.warnings).toContain(L40S_EN);
    expect(
      out.problems.map((x: { code: string; path?: string }) => [x.code, x.path]),
    ).toContainEqual(["price.defaulted", "skus[0].pricePerGpuHour"]);
    const zh = await run("plan", join(dir, "p.json"), "--lang", "zh");
    expect(zh.out).toContain(L40S_ZH);
  });
});

describe("boundaries and edge cases", () => {
  /**
   * Catalogue default prices (src/engine/catalog/price-default.ts, docs/trust.md "Defaulted prices"): which
   * currencies take a default, what counts as a missing price, which SKUs are filled, and the
   * tolerance by which a price in use still "is" its default (issue #15).
   */
  const src = { title: "Cloud list", url: "https://example.com/p", retrieved: "2026-01-02" };
  const GPUS = [
    { id: "a", name: "A", price: { usdPerGpuHour: 2.5, source: src } },
    { id: "b", name: "B" },
    { id: "c", name: "C", price: { usdPerGpuHour: 0, source: { ...src, title: "Free tier" } } },
  ] as unknown as Gpu[];
  const d = { gpu: "a", usdPerGpuHour: 2.5, source: "Cloud list", retrieved: "2026-01-02" };

  const planOf = (skus: unknown, currency?: unknown): PlanFile =>
    ({
      format: "capplan.plan/v1",
      workloads: [],
      slo: [],
      skus,
      ...(currency !== undefined ? { currency } : {}),
    }) as unknown as PlanFile;

  describe("catalogPriceFor", () => {
    // The plan's default currency is USD, so no currency and an empty one take a default too.
    it.each([
      ["a", "USD", d],
      ["a", undefined, d],
      ["a", "", d],
      // a catalogue price of 0 is a price (free tier), with its own source
      ["c", "USD", { ...d, gpu: "c", usdPerGpuHour: 0, source: "Free tier" }],
      // none in another currency, for no GPU id, an empty id, an unknown GPU or one without a price
      ["a", "EUR", null],
      ["a", "usd", null],
      [undefined, "USD", null],
      ["", "USD", null],
      ["zz", "USD", null],
      ["b", "USD", null],
    ])("GPU %j in %j → %j", (gpu, currency, want) => {
      expect(catalogPriceFor(GPUS, gpu, currency)).toEqual(want);
    });
  });

  describe("priceMissingIn", () => {
    // absent, null, empty or blank text are missing; a number (even 0) or other text is not
    it.each([
      [undefined, true],
      [{ name: "s" }, true],
      [{ name: "s", pricePerGpuHour: null }, true],
      [{ name: "s", pricePerGpuHour: "" }, true],
      [{ name: "s", pricePerGpuHour: "   " }, true],
      [{ name: "s", pricePerGpuHour: 0 }, false],
      [{ name: "s", pricePerGpuHour: 3 }, false],
      [{ name: "s", pricePerGpuHour: " 3 " }, false],
      [{ name: "s", pricePerGpuHour: "=gpu_hour" }, false],
    ])("%j → %s", (sku, missing) => {
      expect(priceMissingIn(sku as unknown as SkuDef | undefined)).toBe(missing);
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
      expect(skus.slice(2, 5)).toEqual([
        { name: "priced", gpu: "a", pricePerGpuHour: 7 },
        { name: "no price known", gpu: "b" },
        { name: "blank", gpu: "a", pricePerGpuHour: 2.5, priceDefault: d },
      ]);
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
    // Within 1e-9 of the default a price in use is still the default; exactly 1e-9 away or more
    // (either way) it is the planner's own. No price in use (null) is not a price of 0.
    const zero = planOf([{ name: "z", priceDefault: { ...d, usdPerGpuHour: 0 } }]);
    const s = planOf([{ name: "s", priceDefault: d }]);
    it.each([
      [zero, 0, [0]],
      [zero, 5e-10, [0]],
      [zero, -5e-10, [0]],
      [zero, 1e-9, []],
      [zero, -1e-9, []],
      [zero, null, []],
      [s, 2.5, [0]],
      [s, 1, []],
      [s, 4, []],
      [s, null, []],
    ])("%#: a price in use of %s → defaulted SKUs %j", (p, inUse, indices) => {
      const found = defaultedPrices(p, () => inUse);
      expect(found.map((x) => x.index)).toEqual(indices);
    });

    it("gives the SKU's index, name and default", () => {
      expect(defaultedPrices(s, () => 2.5)).toEqual([{ index: 0, sku: "s", default: d }]);
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

    it("asks the price of SKU i by its index; a plan without a SKU list has none", () => {
      const p = planOf([
        { name: "x", priceDefault: d },
        { name: "y", priceDefault: d },
      ]);
      expect(defaultedPrices(p, (i) => (i === 1 ? 2.5 : 9)).map((x) => x.sku)).toEqual(["y"]);
      expect(defaultedPrices(planOf(undefined), () => 2.5)).toEqual([]);
    });
  });

  describe("defaultedProblem", () => {
    it("is a warning at skus[i].pricePerGpuHour with the SKU, price, GPU, source and date in its text", () => {
      const p = defaultedProblem({ index: 3, sku: "L", default: d });
      expect(p).toMatchObject({
        code: "price.defaulted",
        severity: "warning",
        path: "skus[3].pricePerGpuHour",
      });
      expect(priceMessages.en(p)).toBe(
        "L: price 2.5 USD per GPU-hour is the catalogue's indicative on-demand price for a (Cloud list, 2026-01-02), not a quote: enter your own",
      );
    });
  });
});
