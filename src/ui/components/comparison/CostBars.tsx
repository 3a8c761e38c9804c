/**
 * The two cost bar charts of a plan: cost per 1M output tokens and monthly cost, feasible SKUs
 * only, the recommended SKU marked. Shown on the comparison and on the report sheet.
 */
import { createMemo, type JSX } from "solid-js";
import type { PlanResult } from "../../../engine/plan/plan-result";
import { costBarChart } from "../../charts/cost-charts";
import { fmtMoney, fmtMoneyAxis } from "../../format";
import { lang, t } from "../../state/i18n";
import { recBasis } from "../../state/trust";
import { ChartCanvas } from "../ChartCanvas";

/** The charts; `testIdPrefix` and `pngPrefix` tell the copies on different sheets apart. */
export function CostBars(props: {
  result: PlanResult;
  testIdPrefix?: string;
  pngPrefix?: string;
}): JSX.Element {
  const result = () => props.result;
  const rec = () => result().skus.findIndex((s) => s.name === result().cheapest);
  const money = (v: number) => fmtMoney(v, result().currency, lang());
  const compact = (v: number, ticks?: readonly number[]) =>
    fmtMoneyAxis(v, result().currency, lang(), ticks);
  const bars = (pick: (i: number) => number | null | undefined) =>
    result().skus.map((s, i) => ({
      name: s.name,
      value: s.feasible === true ? (pick(i) ?? null) : null,
      recommended: i === rec(),
    }));
  const perM = createMemo(() =>
    costBarChart(
      bars((i) => result().skus[i]!.capacity?.costPerMillionOutputTokens),
      t("chartPerMillion"),
      // The axis in one style for all its ticks; a tooltip to the table's digits.
      (v, ticks) => (ticks ? compact(v, ticks) : money(v)),
      recBasis(result(), lang()),
    ),
  );
  const perMonth = createMemo(() =>
    costBarChart(
      bars((i) => result().skus[i]!.capacity?.costPerMonth),
      t("chartPerMonth"),
      compact,
      recBasis(result(), lang()),
    ),
  );
  const barHeight = () => Math.max(140, 60 + result().skus.length * 30);
  const testId = (name: string) => `${props.testIdPrefix ?? ""}${name}`;
  const png = (name: string) => `${props.pngPrefix ?? ""}${name}`;
  return (
    <>
      <ChartCanvas
        config={perM()}
        testId={testId("chart-per-million")}
        label={`${t("chartPerMillion")}. ${recBasis(result(), lang())}`}
        height={barHeight()}
        pngName={png("cost-per-million.png")}
      />
      <ChartCanvas
        config={perMonth()}
        testId={testId("chart-per-month")}
        label={`${t("chartPerMonth")}. ${recBasis(result(), lang())}`}
        height={barHeight()}
        pngName={png("cost-per-month.png")}
      />
    </>
  );
}
