/**
 * The tornado's state: the SKU (picked, else the recommended one, else the first planned), the
 * result it shows, and the sensitivity and chart, computed when asked on a large plan.
 */
import { createMemo, createSignal } from "solid-js";
import { fmtNum } from "../../../engine/base/number-format";
import type { PlanResult } from "../../../engine/plan/plan-result";
import { type SensitivityOf, sensitivity } from "../../../engine/whatif/sensitivity";
import { tornadoChart } from "../../charts/tornado";
import { fmtMoney, fmtMoneyAxis, fmtValue } from "../../format";
import { lang } from "../../state/i18n";
import { isLargePlan } from "../../state/large-plan";
import { WHATIF_WORDS } from "../../state/uncertainty";
import type { Workbook } from "../../state/workbook";

/** The SKUs with a capacity (the ones a tornado can be drawn for), by index. */
export function plannedSkus(result: PlanResult): number[] {
  return result.skus.flatMap((s, i) => (s.capacity ? [i] : []));
}

/** The SKU the tornado shows: the pick if it is planned, else the recommended, else the first planned. */
export function tornadoSku(result: PlanResult, pick: number | null): number | null {
  if (pick !== null && result.skus[pick]?.capacity) return pick;
  const rec = result.skus.findIndex((s) => s.name === result.cheapest);
  return rec >= 0 ? rec : (plannedSkus(result)[0] ?? null);
}

/** The tornado's state. */
export function createSensitivity(wb: Workbook) {
  const result = () => wb.computed().result;
  const w = () => WHATIF_WORDS[lang()];
  const [skuPick, setSkuPick] = createSignal<number | null>(null);
  const [of, setOf] = createSignal<SensitivityOf>("costPerMonth");
  const skuIndex = () => tornadoSku(result(), skuPick());
  // An axis (given its ticks) in one money unit ($12K … $18K); tooltips to the cent.
  const format = (v: number, ticks?: readonly number[]) =>
    of() === "replicas"
      ? fmtValue(v, Number.isInteger(v) ? 0 : 1)
      : ticks
        ? fmtMoneyAxis(v, result().currency, lang(), ticks)
        : fmtMoney(v, result().currency, lang());
  // On a large plan the tornado is computed when asked, for the plan as it is then (large-plan.ts).
  const [askedAt, setAskedAt] = createSignal<number | null>(null);
  const waits = () => isLargePlan(result()) && askedAt() !== wb.revision();
  const sens = createMemo(() => {
    wb.revision();
    const i = skuIndex();
    if (i === null || waits()) return null;
    return sensitivity({ plan: wb.snapshot() }, { sku: result().skus[i]!.name, of: of() });
  });
  const chart = createMemo(() => {
    const s = sens();
    if (!s) return null;
    const pct = fmtNum(s.step * 100, 2);
    const title = w().tornadoTitle(s.sku.name, w().of[s.of], pct);
    return tornadoChart(s, { title, low: w().low(pct), high: w().high(pct) }, format);
  });
  return {
    planned: () => plannedSkus(result()),
    skuIndex,
    pickSku: setSkuPick,
    of,
    setOf,
    waits,
    run: () => setAskedAt(wb.revision()),
    sens,
    chart,
  };
}
