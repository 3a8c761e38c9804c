/**
 * The Benchmarks sheet: import (drop / pick / paste), the overlaid charts, and one editable grid per
 * sweep. Pasting text anywhere on the sheet outside a grid imports it as a new sweep.
 */
import { createMemo, createSignal, For, Index, Show, type JSX } from "solid-js";
import { keyPath } from "../../engine/plan/plan-file";
import type { SkuWorkloadResult } from "../../engine/plan/plan";
import { fmtValue } from "../format";
import { SERIES_COLORS, type ChartSeries } from "../charts/sweep-charts";
import { useWorkbook } from "../state/context";
import { t } from "../state/i18n";
import { createImports } from "../state/imports";
import { ImportPanel } from "./ImportPanel";
import { SweepCard } from "./SweepCard";
import { SweepCharts } from "./SweepCharts";
import { FieldInput } from "./FieldInput";
import { RunHistory } from "./RunHistory";

interface Entry {
  skuIndex: number;
  path: string;
  workload: string | null;
  color: string;
}

/** The Benchmarks sheet. */
export function BenchmarksSheet(): JSX.Element {
  const wb = useWorkbook();
  const imports = createImports(wb);
  const [focus, setFocus] = createSignal(0);

  const entries = createMemo<Entry[]>(() => {
    wb.computed();
    const out: Entry[] = [];
    wb.plan.skus.forEach((s, i) => {
      const color = SERIES_COLORS[i % SERIES_COLORS.length]!;
      if (s.sweep?.points)
        out.push({ skuIndex: i, path: `skus[${i}].sweep`, workload: null, color });
      for (const [w, ref] of Object.entries(s.sweeps ?? {}))
        if (ref.points)
          out.push({ skuIndex: i, path: keyPath(`skus[${i}].sweeps`, w), workload: w, color });
    });
    return out;
  });
  const given = createMemo(() => {
    wb.computed();
    return wb.plan.skus.flatMap((s, i) =>
      s.sweep && s.sweep.replicaOutputTokensPerSec != null ? [{ i, name: s.name }] : [],
    );
  });
  const resultOf = (e: Entry): SkuWorkloadResult | null => {
    const r = wb.computed().result.skus[e.skuIndex];
    if (!r) return null;
    return (
      (e.workload ? r.workloads.find((w) => w.workload === e.workload) : r.workloads[0]) ?? null
    );
  };
  const series = (): ChartSeries[] =>
    entries().map((e, k) => {
      const r = resultOf(e);
      const op = r?.operatingPoint;
      return {
        name: `${wb.plan.skus[e.skuIndex]?.name ?? ""}${e.workload ? ` · ${e.workload}` : ""}`,
        color: e.color,
        points: structuredClone(r?.sweep?.points ?? []),
        zones: [...(r?.zones ?? [])],
        op: op
          ? {
              load: op.concurrency ?? (typeof op.requestRate === "number" ? op.requestRate : null),
              outputTokensPerSec: op.outputTokensPerSec,
            }
          : null,
        focused: k === Math.min(focus(), entries().length - 1),
      };
    });

  return (
    <div
      class="bench"
      data-testid="sheet-benchmarks"
      onPaste={(e) => {
        const text = e.clipboardData?.getData("text/plain") ?? "";
        const target = e.target as HTMLElement;
        if (!text.trim() || target.closest("input, textarea, .grid")) return;
        e.preventDefault();
        void imports.importText(text);
      }}
    >
      <ImportPanel imports={imports} skuName={(i) => wb.plan.skus[i]?.name ?? `#${i + 1}`} />
      <Show
        when={entries().length}
        fallback={
          <p class="empty" data-testid="no-sweeps">
            {t("noSweeps")}
          </p>
        }
      >
        <SweepCharts series={series} />
      </Show>
      <div class="legend-zones muted">
        <span class="zchip zone-idle">{t("zone_idle")}</span>
        <span class="zchip zone-linear">{t("zone_linear")}</span>
        <span class="zchip zone-saturated">{t("zone_saturated")}</span>
        <span>◆ {t("operatingPoint")}</span>
        <span>{t("zoneHint")}</span>
      </div>
      <Index each={entries()}>
        {(e, k) => (
          <SweepCard
            skuIndex={e().skuIndex}
            sweepPath={e().path}
            workload={e().workload}
            color={e().color}
            focused={k === focus()}
            onFocus={() => setFocus(k)}
            result={resultOf(e())}
          />
        )}
      </Index>
      <Show when={given().length}>
        <section class="card">
          <h3>{t("givenCapacity")}</h3>
          <For each={given()}>
            {(g) => (
              <div class="given-row">
                <strong>{g.name}</strong>
                <FieldInput
                  path={`skus[${g.i}].sweep.replicaOutputTokensPerSec`}
                  label={t("replicaTps")}
                  testId={`given-${g.i}`}
                  width="7em"
                />
                <span class="muted">
                  {fmtValue(wb.computed().result.skus[g.i]?.capacity?.replicas ?? null, 0)}{" "}
                  {t("replicasWord")}
                </span>
              </div>
            )}
          </For>
        </section>
      </Show>
      <RunHistory />
    </div>
  );
}
