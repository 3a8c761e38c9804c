/** The allocation chart: stacked bars per pool or a doughnut (auto: bars when there are several pools). */
import { createMemo, createSignal, type JSX } from "solid-js";
import type { AllocationLine } from "../../../report/allocation-csv";
import { allocationBarChart, allocationDoughnut } from "../../charts/alloc-charts";
import { fmtMoney, fmtValue } from "../../format";
import { lang, t } from "../../state/i18n";
import { ChartCanvas } from "../ChartCanvas";

type ChartKind = "auto" | "bar" | "doughnut";

/** The chart with its kind select. */
export function AllocationChart(props: {
  lines: readonly AllocationLine[];
  pools: number;
  currency: string;
  digits: number;
  pngName: string;
}): JSX.Element {
  const [chartKind, setChartKind] = createSignal<ChartKind>("auto");
  const kind = () =>
    chartKind() === "auto" ? (props.pools > 1 ? "bar" : "doughnut") : chartKind();
  const chart = createMemo(() => {
    const words = {
      title: t("chartAllocation", { currency: props.currency }),
      idle: t("idleCapacity"),
      others: (n: number) => t("otherTeams", { n: fmtValue(n, 0) }),
    };
    const fmt = (v: number) => fmtMoney(v, props.currency, lang());
    return kind() === "bar"
      ? allocationBarChart(props.lines, props.digits, words, fmt)
      : allocationDoughnut(props.lines, props.digits, words, fmt);
  });
  return (
    <figure class="chart">
      <figcaption>
        <span />
        <span class="controls">
          <select
            data-testid="alloc-chart-kind"
            aria-label={t("chartKind")}
            value={chartKind()}
            onChange={(e) => setChartKind(e.currentTarget.value as ChartKind)}
          >
            <option value="auto">{t("chartAuto")}</option>
            <option value="bar">{t("chartStacked")}</option>
            <option value="doughnut">{t("chartDoughnut")}</option>
          </select>
        </span>
      </figcaption>
      <ChartCanvas
        config={chart()}
        testId="chart-allocation"
        label={t("chartAllocation", { currency: props.currency })}
        height={280}
        pngName={props.pngName}
      />
    </figure>
  );
}
