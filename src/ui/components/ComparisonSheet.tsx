/**
 * The GPU comparison sheet: SKUs as columns, metrics as rows (operating point and basis, binding
 * SLO, replicas, GPUs, costs, utilization, warnings); the cheapest feasible SKU highlighted;
 * infeasible SKUs explain which SLO fails and by how much; GPUs per replica and price editable;
 * bar charts of cost per 1M output tokens and monthly cost.
 */
import { createMemo, createSignal, Show, type JSX } from "solid-js";
import { planWords, type PlanWords } from "../../report/plan-output";
import type { Problem } from "../../engine/base/problems";
import { problemEnglish, renderProblem } from "../../report/messages";
import { fmtMoney, fmtMoneyAxis, fmtValue } from "../format";
import { costBarChart } from "../charts/cost-charts";
import { createComparisonRows } from "../state/comparison-rows";
import { useWorkbook } from "../state/context";
import { lang, t } from "../state/i18n";
import { ChartCanvas } from "./ChartCanvas";
import { Grid, type CellView } from "./Grid";
import { RecBanner } from "./TrustStatus";
import { LineagePanel } from "./LineagePanel";
import { FleetMix } from "./FleetMix";
import { comparisonPath, setLineagePath } from "../state/lineage";
import { recBasis } from "../state/trust";
import { intervalSentence, rangeText, WHATIF_WORDS } from "../state/uncertainty";
import { WhatIfPanel, type SelectedCell } from "./WhatIfPanel";

const EDITABLE = [
  { key: "gpusPerReplica", label: "gpusPerReplica" },
  { key: "pricePerGpuHour", label: "pricePerGpuHour" },
] as const;

/** The comparison sheet. */
export function ComparisonSheet(): JSX.Element {
  const wb = useWorkbook();
  const result = () => wb.computed().result;
  const words = (): PlanWords => planWords(lang());
  const comparisonRows = createComparisonRows();
  const table = createMemo(() => comparisonRows(result(), lang()));
  const rows = () => [
    { key: "gpu", label: t("gpu") },
    ...EDITABLE.map((e) => ({
      key: e.key,
      // A price row says its currency (the cells are plain numbers while edited).
      label: e.key === "pricePerGpuHour" ? `${t(e.label)} (${result().currency})` : t(e.label),
      class: "editable",
    })),
    ...table().map((r) => ({
      key: r.key,
      label: r.label,
      class: r.key === "reason" ? "reason" : "",
    })),
    // Error bars (docs/uncertainty.md): shown when any SKU has repeats.
    ...(result().skus.some((s) => s.interval)
      ? [{ key: "errorBars", label: WHATIF_WORDS[lang()].errorBars }]
      : []),
    { key: "warnings", label: t("warningsRow") },
  ];
  const [selected, setSelected] = createSignal<SelectedCell | null>(null);
  const columns = () =>
    result().skus.map((s, i) => ({
      key: `s${i}`,
      label: s.name,
      // A name shortened from a long sweep label keeps the whole label as its title.
      title: s.name.endsWith("…") ? (wb.plan.skus[i]?.sweep?.label ?? s.name) : s.name,
      numeric: true,
      width: "11em",
    }));
  const recIndex = () => result().skus.findIndex((s) => s.name === result().cheapest);
  const cell = (r: number, c: number): CellView => {
    const s = result().skus[c]!;
    if (r === 0) return { raw: "", display: s.gpu ?? "—", readOnly: true };
    if (r <= EDITABLE.length) {
      const path = `skus[${c}].${EDITABLE[r - 1]!.key}`;
      const v = wb.cell(path);
      const display =
        v.value === null
          ? v.raw
          : (v.typed ??
            (r === 2 ? fmtMoney(v.value, result().currency, lang()) : fmtValue(v.value, 2)));
      // A missing price is not the planner's error: the cell asks for one (docs/trust.md).
      if (r === 2 && v.raw.trim() === "")
        return { raw: "", display: t("needsPrice"), class: "needs", note: t("priceMissing") };
      return {
        raw: v.raw,
        display: v.raw.startsWith("=") ? `${display}` : display,
        error: v.error,
      };
    }
    const tr = table()[r - 1 - EDITABLE.length];
    if (tr) {
      const key = tr.key;
      const range = rangeText(s, key, lang(), result().currency);
      const text = (tr.cells[c] ?? "") + (range && text0(tr.cells[c]) ? `  (${range})` : "");
      const cls =
        key === "feasible"
          ? s.feasible === true
            ? "good"
            : s.feasible === false
              ? "bad"
              : "warn"
          : key === "reason" && text
            ? "bad wrap"
            : // A sentence (the operating point of several workloads, why a SKU is unchecked)
              // wraps inside its column on a narrow screen, so that every SKU's numbers stay in view.
              text.length > 18 && /[A-Za-z\u4e00-\u9fff]{3}/.test(text)
              ? "wrap-narrow"
              : "";
      return {
        raw: "",
        display: text,
        readOnly: true,
        class: cls,
        note: key === "reason" && text ? text : range ? WHATIF_WORDS[lang()].rangeNote : undefined,
      };
    }
    if (rows()[r]?.key === "errorBars") {
      const text = intervalSentence(s, lang());
      const straddles = (s.interval?.replicas[0] ?? 0) !== (s.interval?.replicas[1] ?? 0);
      return {
        raw: "",
        display: text,
        readOnly: true,
        class: straddles ? "warn wrap" : "wrap",
        note: s.intervalNote ? renderProblem(s.intervalNote, lang()) : text || undefined,
      };
    }
    // One note per distinct message (workloads sharing a sweep repeat its notes), each in the app's language.
    const texts = [...s.problems, ...s.errorProblems].map(problemEnglish);
    const seen = new Map<string, Problem>();
    [...s.problems, ...s.errorProblems].forEach((p, k) => {
      if (!seen.has(texts[k]!)) seen.set(texts[k]!, p);
    });
    const warns = [...seen.values()];
    return {
      raw: "",
      display: warns.length ? `⚠ ${warns.length}` : "",
      readOnly: true,
      note: warns.map((p) => renderProblem(p, lang())).join(" · ") || undefined,
      class: warns.length ? "warn" : "",
    };
  };
  const money = (v: number) => fmtMoney(v, result().currency, lang());
  const compact = (v: number, ticks?: readonly number[]) =>
    fmtMoneyAxis(v, result().currency, lang(), ticks);
  const bars = (pick: (i: number) => number | null | undefined) =>
    result().skus.map((s, i) => ({
      name: s.name,
      value: s.feasible === true ? (pick(i) ?? null) : null,
      recommended: i === recIndex(),
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

  return (
    <div class="compare" data-testid="sheet-comparison">
      <Show when={result().skus.length} fallback={<p class="empty">{t("noSkus")}</p>}>
        <RecBanner />
        <Grid
          id="cmp"
          label={t("gridComparison")}
          columns={columns()}
          rows={rows()}
          corner={words().metric}
          cell={cell}
          columnClass={(c) =>
            c === recIndex() ? "rec" : result().skus[c]?.feasible === false ? "infeasible" : ""
          }
          onSelect={(r, c) => {
            const path = comparisonPath(rows()[r]?.key ?? "", c);
            setLineagePath(path);
            // Goal seek starts from a computed cell (not an input, not a text row).
            const computed = path !== null && !EDITABLE.some((e) => rows()[r]?.key === e.key);
            setSelected(computed ? { path, label: rows()[r]!.label, sku: c } : null);
          }}
          onCommit={(r, c, raw) => {
            const e = EDITABLE[r - 1];
            if (e) wb.setNumber(`skus[${c}].${e.key}`, raw, true);
          }}
        />
        <LineagePanel />
        <div class="bars">
          <ChartCanvas
            config={perM()}
            testId="chart-per-million"
            label={`${t("chartPerMillion")}. ${recBasis(result(), lang())}`}
            height={barHeight()}
            pngName="cost-per-million.png"
          />
          <ChartCanvas
            config={perMonth()}
            testId="chart-per-month"
            label={`${t("chartPerMonth")}. ${recBasis(result(), lang())}`}
            height={barHeight()}
            pngName="cost-per-month.png"
          />
        </div>
        <Show when={result().skus.length > 1 && result().workloads.length > 0}>
          <FleetMix />
        </Show>
        <WhatIfPanel selected={selected} />
      </Show>
    </div>
  );
}

/** Whether a comparison cell shows a value (a range is written beside values only). */
function text0(v: string | undefined): boolean {
  return v !== undefined && v !== "" && v !== "—";
}
