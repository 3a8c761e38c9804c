/**
 * The Report sheet: the benchmark report (docs/report.md) of the current plan (the same text as `capplan report`)
 * in the UI language, to copy or download as `.md`; exports of the plan JSON (readable by the
 * CLI), the comparison table as CSV and the cost charts as PNG; and a before/after view that
 * compares two sweeps (`capplan compare`) with regressions marked.
 */
import { createMemo, createSignal, For, Show, type JSX } from "solid-js";
import { serializePlan } from "../../engine/plan/plan-file";
import type { Sweep } from "../../engine/base/types";
import { compareSweeps } from "../../report/compare";
import { compareMarkdown, compareSummary, REGRESSION_MARK } from "../../report/compare-table";
import { planCsv } from "../../report/plan-output";
import { planXlsx } from "../../report/xlsx-export";
import { fmtMoney, fmtMoneyAxis } from "../format";
import { reportMarkdown } from "../../report/report";
import { costBarChart } from "../charts/cost-charts";
import { useWorkbook } from "../state/context";
import { lang, t } from "../state/i18n";
import { copyText } from "../state/clipboard";
import { defaultComparePair } from "../state/compare-pair";
import { downloadBlob, downloadText, fileStem } from "../state/persist";
import { ChartCanvas } from "./ChartCanvas";
import { MarkdownView } from "./MarkdownView";
import { exportWarning, recBasis, withExportWarning } from "../state/trust";
import { confirmExport } from "./TrustStatus";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The Report sheet. */
export function ReportSheet(): JSX.Element {
  const wb = useWorkbook();
  const result = () => wb.computed().result;
  const md = createMemo(() => reportMarkdown(result(), lang()));
  const stem = () => fileStem(result().title);
  const [copied, setCopied] = createSignal<string | null>(null);
  const [xlsxBusy, setXlsxBusy] = createSignal(false);
  // The workbook (docs/xlsx.md) carries the allocation: it asks like the allocation exports, and
  // its warnings go into the Assumptions sheet. exceljs loads on the first click (xlsx-write.ts).
  const exportXlsx = async () => {
    const warning = await confirmExport(wb, "allocation");
    if (warning === false) return;
    setXlsxBusy(true);
    try {
      const now = new Date();
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const bytes = await planXlsx(result(), {
        period: { start, days: 1 },
        plan: wb.snapshot(),
        lang: lang(),
        ...(warning ? { warnings: warning } : {}),
      });
      downloadBlob(`${stem()}.xlsx`, new Blob([bytes as BlobPart], { type: XLSX_TYPE }));
    } catch {
      setCopied(t("xlsxFailed"));
    } finally {
      setXlsxBusy(false);
    }
  };
  // A copied report says what is not checked, like the downloaded one (docs/trust.md).
  const copy = async () =>
    setCopied(
      (await copyText(withExportWarning(md(), exportWarning(wb.trust(), lang()))))
        ? t("copied")
        : t("copyFailed"),
    );

  const rec = () => result().skus.findIndex((s) => s.name === result().cheapest);
  const bars = (pick: (i: number) => number | null | undefined) =>
    result().skus.map((s, i) => ({
      name: s.name,
      value: s.feasible === true ? (pick(i) ?? null) : null,
      recommended: i === rec(),
    }));
  const money = (v: number) => fmtMoney(v, result().currency, lang());
  const compact = (v: number, ticks?: readonly number[]) =>
    fmtMoneyAxis(v, result().currency, lang(), ticks);
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

  // Before/after: every sweep of the plan (SKU · workload).
  const sweeps = createMemo(() =>
    result().skus.flatMap((s) =>
      s.workloads
        .filter((w) => w.sweep)
        .map((w) => ({
          label: result().workloads.length > 1 ? `${s.name} · ${w.workload}` : s.name,
          sweep: w.sweep as Sweep,
          gpu: s.gpu ?? (w.sweep as Sweep).meta.gpu ?? null,
        })),
    ),
  );
  // Opens on a meaningful pair (same GPU and model), else asks to choose (src/ui/state/compare-pair.ts).
  const pair = createMemo(() =>
    defaultComparePair(sweeps().map((s) => ({ gpu: s.gpu, model: s.sweep.meta.model ?? null }))),
  );
  const [basePick, setBaseIdx] = createSignal<number | null>(null);
  const [candPick, setCandIdx] = createSignal<number | null>(null);
  const baseIdx = () => basePick() ?? pair()?.[0] ?? 0;
  const candIdx = () => candPick() ?? pair()?.[1] ?? -1;
  const [threshold, setThreshold] = createSignal(5);
  const compared = createMemo(() => {
    const a = sweeps()[baseIdx()];
    const b = sweeps()[candIdx()];
    if (!a || !b) return null;
    const r = compareSweeps(a.sweep, b.sweep, threshold());
    // The summary (last line of the compare text) is shown above the table, coloured.
    // The full list of regressions (long for different GPUs) goes into a collapsed section.
    const lines = compareMarkdown(a.sweep, b.sweep, r, lang()).trimEnd().split("\n").slice(0, -1);
    const first = lines.findIndex((l) => l.startsWith(`- ${REGRESSION_MARK}`));
    const md = (first > 0 ? lines.slice(0, first - 1) : lines).join("\n");
    const list =
      first > 0
        ? { title: lines[first - 1]!.replace(/[:：]\s*$/, ""), md: lines.slice(first).join("\n") }
        : null;
    return { r, md, list, summary: compareSummary(r, lang()) };
  });

  return (
    <div class="report" data-testid="sheet-report">
      <div class="toolbar">
        <button class="primary" data-testid="report-copy" onClick={() => void copy()}>
          {t("copyReport")}
        </button>
        <button
          data-testid="report-download"
          onClick={() => {
            void confirmExport(wb, "report").then((warning) => {
              if (warning !== false)
                downloadText(
                  `${stem()}-report${lang() === "zh" ? ".zh" : ""}.md`,
                  withExportWarning(md(), warning),
                  "text/markdown;charset=utf-8",
                );
            });
          }}
        >
          {t("downloadMd")}
        </button>
        <span class="sep" />
        <button
          data-testid="export-plan"
          onClick={() =>
            downloadText(`${stem()}.json`, serializePlan(wb.snapshot()), "application/json")
          }
        >
          {t("exportPlanJson")}
        </button>
        <button
          data-testid="export-comparison"
          onClick={() =>
            downloadText(`${stem()}-comparison.csv`, planCsv(result()), "text/csv;charset=utf-8")
          }
        >
          {t("exportComparisonCsv")}
        </button>
        <button
          data-testid="export-xlsx"
          title={t("exportXlsxHint")}
          disabled={xlsxBusy()}
          onClick={() => void exportXlsx()}
        >
          {t("exportXlsx")}
        </button>
        <Show when={copied()}>
          <span class="muted small" data-testid="copy-status">
            {copied()}
          </span>
        </Show>
      </div>
      <div class="report-body">
        <article class="card report-text">
          <MarkdownView markdown={md()} testId="report-text" />
        </article>
        <aside class="report-side">
          <Show when={result().skus.length}>
            <div class="card">
              <h3>{t("charts")}</h3>
              <ChartCanvas
                config={perM()}
                testId="report-chart-per-million"
                label={`${t("chartPerMillion")}. ${recBasis(result(), lang())}`}
                height={barHeight()}
                pngName={`${stem()}-cost-per-million.png`}
              />
              <ChartCanvas
                config={perMonth()}
                testId="report-chart-per-month"
                label={`${t("chartPerMonth")}. ${recBasis(result(), lang())}`}
                height={barHeight()}
                pngName={`${stem()}-cost-per-month.png`}
              />
            </div>
          </Show>
        </aside>
      </div>
      <section class="card" data-testid="before-after">
        <h3>{t("beforeAfter")}</h3>
        <Show
          when={sweeps().length >= 2}
          fallback={<p class="muted small">{t("needTwoSweeps")}</p>}
        >
          <div class="inline-fields">
            <label class="field">
              <span class="field-label">{t("baseline")}</span>
              <select
                data-testid="compare-base"
                value={baseIdx()}
                onChange={(e) => setBaseIdx(Number(e.currentTarget.value))}
              >
                <For each={sweeps()}>
                  {(s, i) => (
                    <option value={i()} selected={baseIdx() === i()}>
                      {s.label}
                    </option>
                  )}
                </For>
              </select>
            </label>
            <span aria-hidden="true">→</span>
            <label class="field">
              <span class="field-label">{t("candidate")}</span>
              <select
                data-testid="compare-cand"
                value={candIdx()}
                onChange={(e) => setCandIdx(Number(e.currentTarget.value))}
              >
                <option value={-1} disabled selected={candIdx() === -1}>
                  {t("chooseSweep")}
                </option>
                <For each={sweeps()}>
                  {(s, i) => (
                    <option value={i()} selected={candIdx() === i()}>
                      {s.label}
                    </option>
                  )}
                </For>
              </select>
            </label>
            <label class="field">
              <span class="field-label">{t("threshold")}</span>
              <input
                type="number"
                min="0"
                step="1"
                value={threshold()}
                data-testid="compare-threshold"
                style={{ width: "4.5em" }}
                onChange={(e) => {
                  const v = Number(e.currentTarget.value);
                  if (Number.isFinite(v) && v >= 0) setThreshold(v);
                }}
              />
              <span class="field-label">%</span>
            </label>
          </div>
          <Show
            when={compared()}
            fallback={
              <p class="muted small" data-testid="compare-pick">
                {t("comparePickHint")}
              </p>
            }
          >
            {(c) => (
              <>
                <p
                  class="compare-summary"
                  classList={{
                    bad: c().r.regressions.length > 0,
                    good: c().r.regressions.length === 0,
                  }}
                  data-testid="compare-summary"
                >
                  {c().summary}
                </p>
                <MarkdownView markdown={c().md} testId="compare-table" />
                <Show when={c().list}>
                  {(l) => (
                    <details class="regressions" data-testid="compare-regressions">
                      <summary>
                        {l().title} ({c().r.regressions.length})
                      </summary>
                      <MarkdownView markdown={l().md} />
                    </details>
                  )}
                </Show>
              </>
            )}
          </Show>
        </Show>
      </section>
    </div>
  );
}
