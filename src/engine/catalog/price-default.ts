/**
 * Default prices from the GPU catalogue (docs/trust.md "Defaulted prices"). A SKU whose price is
 * missing and whose `gpu` names a catalogue GPU with an indicative on-demand price (USD, with its
 * source and date; `models/gpus.json`) may take that price, but never silently: the SKU records
 * it as `priceDefault` beside the price, and while the price in use equals it, the trust state of
 * the app says "defaulted price" (never green) and `capplan plan` warns with `price.defaulted`.
 * Typing any other price makes it the planner's own. Only plans in USD take a default (no
 * exchange rates are made up).
 */
import type { Gpu } from "./catalog-types";
import { defineMessages, message } from "../base/problems";
import type { PlanFile, PriceDefault, SkuDef } from "../base/types";

export type { PriceDefault } from "../base/types";

export const priceMessages = defineMessages("price", {
  defaulted: message({
    severity: "warning",
    en: (p: { sku: string; price: number; gpu: string; source: string; retrieved: string }) =>
      `${p.sku}: price ${p.price} USD per GPU-hour is the catalogue's indicative on-demand price for ${p.gpu} (${p.source}, ${p.retrieved}), not a quote: enter your own`,
    zh: (p) =>
      `${p.sku}：每 GPU 小时 ${p.price} 美元是目录中 ${p.gpu} 的参考按需价格（${p.source}，${p.retrieved}），不是报价：请填写实际价格`,
  }),
});

/** The catalogue default for a GPU id in a plan currency, or null (no such GPU, no price, not USD). */
export function catalogPriceFor(
  gpus: readonly Gpu[],
  gpuId: string | undefined,
  currency: string | undefined,
): PriceDefault | null {
  if (!gpuId || (currency !== undefined && currency !== "" && currency !== "USD")) return null;
  const g = gpus.find((x) => x.id === gpuId);
  if (!g?.price) return null;
  return {
    gpu: g.id,
    usdPerGpuHour: g.price.usdPerGpuHour,
    source: g.price.source.title,
    retrieved: g.price.source.retrieved,
  };
}

/** True when a SKU has no price yet (absent, null or empty text, as a new SKU starts). */
export function priceMissingIn(sku: SkuDef | undefined): boolean {
  const v = (sku as { pricePerGpuHour?: unknown } | undefined)?.pricePerGpuHour;
  return v === undefined || v === null || (typeof v === "string" && v.trim() === "");
}

/**
 * Fill the missing price of every SKU whose GPU has a catalogue default (the CLI before
 * validation; the app when a GPU is picked): sets `pricePerGpuHour` and `priceDefault`. Returns
 * the indices filled. `plan` is changed in place.
 */
export function fillDefaultPrices(plan: PlanFile, gpus: readonly Gpu[]): number[] {
  const filled: number[] = [];
  if (!Array.isArray(plan.skus)) return filled;
  plan.skus.forEach((s, i) => {
    if (typeof s !== "object" || s === null || !priceMissingIn(s)) return;
    const d = catalogPriceFor(gpus, s.gpu, plan.currency);
    if (!d) return;
    s.pricePerGpuHour = d.usdPerGpuHour;
    s.priceDefault = d;
    filled.push(i);
  });
  return filled;
}

/** A SKU priced by its catalogue default. */
export interface DefaultedPrice {
  index: number;
  sku: string;
  default: PriceDefault;
}

/**
 * The SKUs whose price in use (`priceOf(i)`, the resolved price) is still their recorded
 * catalogue default: a price typed over it is the planner's own, whatever `priceDefault` says.
 */
export function defaultedPrices(
  plan: PlanFile,
  priceOf: (i: number) => number | null,
): DefaultedPrice[] {
  const out: DefaultedPrice[] = [];
  (Array.isArray(plan.skus) ? plan.skus : []).forEach((s, i) => {
    const d = s?.priceDefault;
    if (!d || typeof d.usdPerGpuHour !== "number") return;
    const p = priceOf(i);
    if (p !== null && Math.abs(p - d.usdPerGpuHour) < 1e-9)
      out.push({ index: i, sku: typeof s.name === "string" ? s.name : `skus[${i}]`, default: d });
  });
  return out;
}

/** The `price.defaulted` warning of one defaulted SKU (path `skus[i].pricePerGpuHour`). */
export function defaultedProblem(d: DefaultedPrice) {
  return priceMessages.problem(
    "defaulted",
    {
      sku: d.sku,
      price: d.default.usdPerGpuHour,
      gpu: d.default.gpu,
      source: d.default.source,
      retrieved: d.default.retrieved,
    },
    { path: `skus[${d.index}].pricePerGpuHour` },
  );
}
