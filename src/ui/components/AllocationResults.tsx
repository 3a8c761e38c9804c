/**
 * Results of the team cost allocation (docs/allocation.md): per pool, each team's weighted tokens, share,
 * cost per day and month, cost per 1M tokens, the idle line and a totals line that shows
 * conservation (teams + idle = pool cost, to the minor unit); team totals over pools; a stacked
 * bar or doughnut chart; exports of the allocation CSV and the FOCUS-style CSV.
 */
import { FilePicker } from "./FilePicker";
import { createMemo, createSignal, For, Show, type JSX } from "solid-js";
import { minorUnitDigits } from "../../engine/finops/money";
import { allocationCsv, allocationLines, type AllocationLine } from "../../report/allocation-csv";
import { focusCsv } from "../../report/focus";
import { planVsActual, readFocusCsv, type PlanVsActual } from "../../report/actuals";
import { renderProblem } from "../../report/messages";
import type { Problem } from "../../engine/base/problems";
import type { UiKey } from "../i18n";
import { fmtMoney, fmtValue } from "../format";
import { allocationBarChart, allocationDoughnut } from "../charts/alloc-charts";
import { useWorkbook } from "../state/context";
import { lang, t } from "../state/i18n";
import { downloadText, fileStem } from "../state/persist";
import { conservation, monthPeriod } from "../state/usage-edit";
import { ChartCanvas } from "./ChartCanvas";
import { confirmExport } from "./TrustStatus";
import { Grid, type CellView } from "./Grid";
import { LineagePanel } from "./LineagePanel";
import { allocationPath, setLineagePath, teamTotalPath } from "../state/lineage";

/** Teams per pool shown before "Show all" (ten pools of a hundred teams are still a thousand rows). */
export const POOL_ROW_LIMIT = 25;

/** The allocation results, chart and exports. */
export function AllocationResults(): JSX.Element {
  const wb = useWorkbook();
  const result = () => wb.computed().result;
  const cur = () => result().currency;
  const digits = () => minorUnitDigits(cur());
  const lines = createMemo(() => allocationLines(result()));
  const method = (): "tokens" | "output" | "weighted" => {
    const m = wb.plan.tenants?.method;
    return m === "output" || m === "weighted" ? m : "tokens";
  };
  const pools = () => [...new Set(lines().map((l) => l.pool))];
  const checks = createMemo(() => conservation(lines()));
  const money = (minor: number) => fmtMoney(minor / 10 ** digits(), cur(), lang());

  const cols = () => [
    { key: "inputTokens", label: t("inputTokensDay"), numeric: true },
    { key: "outputTokens", label: t("outputTokensDay"), numeric: true },
    { key: "weightedTokens", label: t("weightedTokensDay"), numeric: true },
    { key: "share", label: t("share"), numeric: true },
    { key: "day", label: t("costPerDay"), numeric: true },
    { key: "month", label: t("costPerMonth"), numeric: true },
    // Per input + output token (method tokens), per output token, or per weighted token: said in the label,
    // since the GPU comparison's "Cost / 1M output tokens" is per output token only.
    {
      key: "perM",
      label: t(`costPerMTokens_${method()}`),
      numeric: true,
      title: t("costPerMTokensHint", { method: t(`method_${method()}`) }),
    },
    { key: "perMIn", label: t("costPerMInput"), numeric: true, title: t("costPerMInputHint") },
    { key: "perMOut", label: t("costPerMOutput"), numeric: true, title: t("costPerMOutputHint") },
  ];
  const rowKey = (l: AllocationLine) =>
    l.kind === "team" ? l.team! : l.kind === "idle" ? "__idle" : "__total";
  const rowLabel = (l: AllocationLine) =>
    l.kind === "team" ? l.team! : l.kind === "idle" ? t("idleCapacity") : t("total");
  const cellOf = (l: AllocationLine, c: number): CellView => {
    const n = (x: number | null) => fmtValue(x, 0);
    const texts = [
      n(l.inputTokens),
      n(l.outputTokens),
      n(l.weightedTokens),
      l.share === null ? "—" : `${fmtValue(l.share * 100, 2)} %`,
      money(l.costPerDayMinor),
      money(l.costPerMonthMinor),
      fmtMoney(l.costPerMillionTokens, cur(), lang()),
      fmtMoney(l.costPerMillionInputTokens, cur(), lang()),
      fmtMoney(l.costPerMillionOutputTokens, cur(), lang()),
    ];
    return { raw: "", display: texts[c] ?? "", readOnly: true, class: c === 4 ? "money" : "" };
  };

  const [chartKind, setChartKind] = createSignal<"auto" | "bar" | "doughnut">("auto");
  const kind = () =>
    chartKind() === "auto" ? (pools().length > 1 ? "bar" : "doughnut") : chartKind();
  const chart = createMemo(() => {
    const words = {
      title: t("chartAllocation", { currency: cur() }),
      idle: t("idleCapacity"),
      others: (n: number) => t("otherTeams", { n: fmtValue(n, 0) }),
    };
    const fmt = (v: number) => fmtMoney(v, cur(), lang());
    return kind() === "bar"
      ? allocationBarChart(lines(), digits(), words, fmt)
      : allocationDoughnut(lines(), digits(), words, fmt);
  });

  // Teams + idle + unallocated shared = pools + shared costs, over the whole allocation (docs/allocation.md).
  const whole = createMemo(() => {
    const tr = result().tenants;
    if (!tr) return null;
    const d = digits();
    const m = (x: number) => Math.round(x * 10 ** d);
    const teams = tr.teams.reduce((a, x) => a + m(x.totalRounded), 0);
    const idle = tr.pools.reduce((a, p) => a + m(p.idleRounded), 0);
    const unalloc = tr.shared.reduce((a, x) => a + m(x.unallocatedRounded), 0);
    const total =
      tr.pools.reduce((a, p) => a + m(p.costRounded), 0) +
      tr.shared.reduce((a, x) => a + m(x.costRounded), 0);
    return {
      teams,
      idle,
      unalloc,
      parts: teams + idle + unalloc,
      total,
      ok: teams + idle + unalloc === total,
    };
  });
  const showTotals = () => pools().length > 1 || (result().tenants?.shared.length ?? 0) > 0;
  const totalCols = () => [
    { key: "own", label: t("ownCost"), numeric: true },
    { key: "shared", label: t("sharedCostDay"), numeric: true },
    { key: "total", label: t("totalCostDay"), numeric: true },
    { key: "perMIn", label: t("costPerMInput"), numeric: true, title: t("costPerMInputHint") },
    { key: "perMOut", label: t("costPerMOutput"), numeric: true, title: t("costPerMOutputHint") },
  ];
  const totalCell = (r: number, c: number): CellView => {
    const x = result().tenants!.teams[r]!;
    const v =
      [
        x.costRounded,
        x.sharedCostRounded,
        x.totalRounded,
        x.costPerMillionInputTokens,
        x.costPerMillionOutputTokens,
      ][c] ?? null;
    return {
      raw: "",
      display: fmtMoney(v, cur(), lang()),
      readOnly: true,
      class: c === 2 ? "money" : "",
    };
  };

  // Plan vs actual from an imported FOCUS file (docs/focus.md).
  const [pva, setPva] = createSignal<
    { file: string; cmp: PlanVsActual } | { file: string; errors: Problem[] } | null
  >(null);
  const importFocus = async (f: File) => {
    const read = readFocusCsv(await f.text(), result().tenants?.pools.map((p) => p.name) ?? []);
    if (!read.ok) return setPva({ file: f.name, errors: read.problems });
    const cmp = planVsActual(result(), read);
    setPva("error" in cmp ? { file: f.name, errors: [cmp.problem] } : { file: f.name, cmp });
  };
  const pvaRows = (c: PlanVsActual) => [
    ...c.pools.map((l) => ({
      key: `pool:${l.name}`,
      label: t("pvaPool", { name: l.name }),
      line: l,
    })),
    ...c.shared.map((l) => ({
      key: `shared:${l.name}`,
      label: t("pvaShared", { name: l.name }),
      line: l,
    })),
    ...c.teams.map((l) => ({ key: `team:${l.name}`, label: l.name, line: l })),
    { key: "total", label: t("pvaTotal"), line: c.total },
  ];

  const init = monthPeriod(new Date());
  const [start, setStart] = createSignal(init.start);
  const [days, setDays] = createSignal(String(init.days));
  const [exportMsg, setExportMsg] = createSignal<string | null>(null);
  const stem = () => fileStem(result().title);
  // Exports that would carry an unchecked or wrong number ask first and say so in the file (docs/trust.md).
  // A CSV starts with its header (docs/trust.md): the allocation CSV's warnings are in the dialog,
  // the FOCUS file's in its x_CapplanWarnings column.
  const exportAllocation = async () => {
    const warning = await confirmExport(wb, "allocation");
    if (warning === false) return;
    downloadText(
      `${stem()}-allocation.csv`,
      `\ufeff${allocationCsv(result(), lang())}`,
      "text/csv;charset=utf-8",
    );
  };
  const exportFocus = async () => {
    const period = { start: new Date(`${start()}T00:00:00Z`), days: Number(days()) };
    const check = focusCsv(result(), { period, plan: wb.snapshot() });
    if (!check.ok) return setExportMsg(`${t("focusFailed")}: ${check.reason}`);
    setExportMsg(null);
    const warning = await confirmExport(wb, "allocation");
    if (warning === false) return;
    const r = focusCsv(result(), {
      period,
      plan: wb.snapshot(),
      warnings: warning ? warning.slice(1).map((l) => l.replace(/^- /, "")) : [],
    });
    if (r.ok) downloadText(`${stem()}-focus-${start()}.csv`, r.csv, "text/csv;charset=utf-8");
  };

  return (
    <Show when={lines().length} fallback={<p class="empty">{t("noAllocation")}</p>}>
      <section class="card" data-testid="alloc-results">
        <h3>{t("allocResults")}</h3>
        <For each={pools()}>
          {(pool, i) => {
            const [all, setAll] = createSignal(false);
            const poolLines = createMemo(() => lines().filter((l) => l.pool === pool));
            const teamCount = () => poolLines().filter((l) => l.kind === "team").length;
            // The first POOL_ROW_LIMIT teams, then the idle and total lines (always shown), unless asked for all.
            const mine = createMemo(() => {
              const ls = poolLines();
              if (all() || teamCount() <= POOL_ROW_LIMIT) return ls;
              return [
                ...ls.filter((l) => l.kind === "team").slice(0, POOL_ROW_LIMIT),
                ...ls.filter((l) => l.kind !== "team"),
              ];
            });
            const check = () => checks()[i()];
            // Teams + idle = pool cost holds even when usage rows were not placed (their teams are simply
            // missing): then the check is not green and says so (docs/trust.md).
            const unplaced = () =>
              new Set(
                result()
                  .errors.filter((e) => e.path.startsWith("tenants.usage["))
                  .map((e) => /^tenants\.usage\[(\d+)\]/.exec(e.path)![1]),
              ).size;
            return (
              <div class="pool-result">
                <h4>{t("poolHeading", { name: pool })}</h4>
                <Grid
                  id={`alloc-${i()}`}
                  label={t("poolHeading", { name: pool })}
                  columns={cols()}
                  rows={mine().map((l) => ({
                    key: rowKey(l),
                    label: rowLabel(l),
                    class: l.kind === "total" ? "total-row" : l.kind === "idle" ? "idle-row" : "",
                  }))}
                  corner={t("team")}
                  cell={(r, c) => cellOf(mine()[r]!, c)}
                  onSelect={(r, c) => {
                    const l = mine()[r];
                    setLineagePath(l ? allocationPath(result(), l, c) : null);
                  }}
                />
                <Show when={!all() && teamCount() > POOL_ROW_LIMIT}>
                  <p class="rows-limited">
                    {t("rowsShown", {
                      shown: fmtValue(POOL_ROW_LIMIT, 0),
                      n: fmtValue(teamCount(), 0),
                    })}{" "}
                    <button onClick={() => setAll(true)}>
                      {t("showAllRows", { n: fmtValue(teamCount(), 0) })}
                    </button>
                  </p>
                </Show>
                <Show when={check()}>
                  {(k) => (
                    <p
                      class="conservation"
                      classList={{
                        good: k().ok && !unplaced(),
                        warn: k().ok && !!unplaced(),
                        bad: !k().ok,
                      }}
                      data-testid={`conservation-${i()}`}
                      data-ok={k().ok ? "true" : "false"}
                      data-unplaced={unplaced()}
                    >
                      {k().ok ? (unplaced() ? "⚠ " : "✓ ") : "✗ "}
                      {t("conservation", {
                        parts: money(k().partsMinor),
                        total: money(k().totalMinor),
                        month: money(k().totalMonthMinor),
                      })}
                      <Show when={unplaced()}>
                        {" "}
                        — {t("conservationUnplaced", { n: unplaced() })}
                      </Show>
                    </p>
                  )}
                </Show>
              </div>
            );
          }}
        </For>
        <Show when={showTotals()}>
          <h4>
            {(result().tenants?.shared.length ?? 0) > 0 ? t("teamTotalsShared") : t("teamTotals")}
          </h4>
          <Grid
            id="team-totals"
            label={t("teamTotals")}
            columns={totalCols()}
            rows={(result().tenants?.teams ?? []).map((x) => ({ key: x.name, label: x.name }))}
            corner={t("team")}
            cell={totalCell}
            onSelect={(r, c) =>
              setLineagePath(
                c === 0
                  ? teamTotalPath(r)
                  : `tenants.teams[${r}].${["cost", "sharedCost", "total", "costPerMillionInputTokens", "costPerMillionOutputTokens"][c] ?? "cost"}`,
              )
            }
          />
        </Show>
        <Show when={(result().tenants?.shared.length ?? 0) > 0}>
          <h4>{t("sharedLines")}</h4>
          <Grid
            id="shared-lines"
            label={t("sharedLines")}
            columns={[
              { key: "split", label: t("sharedSplit") },
              { key: "cost", label: t("sharedCost"), numeric: true },
              { key: "unallocated", label: t("unallocated"), numeric: true },
            ]}
            rows={(result().tenants?.shared ?? []).map((x) => ({ key: x.name, label: x.name }))}
            corner={t("sharedName")}
            cell={(r, c) => {
              const x = result().tenants!.shared[r]!;
              const text =
                [
                  t(`sharedSplit_${x.split}` as UiKey),
                  fmtMoney(x.costRounded, cur(), lang()),
                  fmtMoney(x.unallocatedRounded, cur(), lang()),
                ][c] ?? "";
              return { raw: "", display: text, readOnly: true };
            }}
            onSelect={(r, c) =>
              setLineagePath(`tenants.shared[${r}].${c === 2 ? "unallocated" : "cost"}`)
            }
          />
        </Show>
        <Show when={whole()}>
          {(k) => (
            <p
              class="conservation"
              classList={{ good: k().ok, bad: !k().ok }}
              data-testid="conservation-all"
              data-ok={k().ok ? "true" : "false"}
            >
              {k().ok ? "✓ " : "✗ "}
              {t("conservationAll", {
                teams: money(k().teams),
                idle: money(k().idle),
                unalloc: money(k().unalloc),
                parts: money(k().parts),
                total: money(k().total),
              })}
            </p>
          )}
        </Show>
        <LineagePanel />
        <div class="alloc-bottom">
          <figure class="chart">
            <figcaption>
              <span />
              <span class="controls">
                <select
                  data-testid="alloc-chart-kind"
                  aria-label={t("chartKind")}
                  value={chartKind()}
                  onChange={(e) =>
                    setChartKind(e.currentTarget.value as "auto" | "bar" | "doughnut")
                  }
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
              label={t("chartAllocation", { currency: cur() })}
              height={280}
              pngName={`${stem()}-allocation.png`}
            />
          </figure>
          <div class="exports">
            <h4>{t("exportFinance")}</h4>
            <button data-testid="export-allocation" onClick={exportAllocation}>
              {t("exportAllocationCsv")}
            </button>
            <p class="muted small">{t("exportAllocationHint")}</p>
            <div class="inline-fields">
              <label class="field">
                <span class="field-label">{t("periodStart")}</span>
                <input
                  type="date"
                  data-testid="focus-start"
                  value={start()}
                  onChange={(e) => setStart(e.currentTarget.value)}
                />
              </label>
              <label class="field">
                <span class="field-label">{t("periodDays")}</span>
                <input
                  type="number"
                  min="1"
                  max="366"
                  data-testid="focus-days"
                  value={days()}
                  style={{ width: "5em" }}
                  onChange={(e) => setDays(e.currentTarget.value)}
                />
              </label>
            </div>
            <button data-testid="export-focus" onClick={exportFocus}>
              {t("exportFocusCsv")}
            </button>
            <p class="muted small">{t("exportFocusHint")}</p>
            <Show when={exportMsg()}>
              <p class="bad small" data-testid="focus-error">
                {exportMsg()}
              </p>
            </Show>
          </div>
        </div>
        <div class="plan-vs-actual" data-testid="plan-vs-actual">
          <div class="card-head">
            <h4>{t("planVsActual")}</h4>
            <span class="spacer" />
            <FilePicker
              label={t("importFocus")}
              accept=".csv,text/csv"
              testId="focus-input"
              onFiles={(fs) => void importFocus(fs[0]!)}
            />
          </div>
          <p class="muted small">{t("importFocusHint")}</p>
          <Show when={pva()} keyed>
            {(v) => {
              if ("errors" in v)
                return (
                  <div class="job" data-status="error" data-testid="pva-error">
                    <span class="bad">
                      {t("pvaFailed")}: {v.file}
                    </span>
                    <ul class="issues">
                      <For each={v.errors}>{(e) => <li>{renderProblem(e, lang())}</li>}</For>
                    </ul>
                  </div>
                );
              const c = v.cmp;
              const rows = pvaRows(c);
              const pct = (x: number | null) =>
                x === null ? "—" : `${x > 0 ? "+" : ""}${fmtValue(x * 100, 1)} %`;
              return (
                <div data-testid="pva-result">
                  <p class="muted small">
                    {t("pvaPeriod", {
                      file: v.file,
                      start: c.period.start.slice(0, 10),
                      end: c.period.end.slice(0, 10),
                      days: c.period.days,
                      n: c.charges,
                      column: c.costColumn,
                    })}
                  </p>
                  <For each={c.problems}>
                    {(w) => <p class="warn small">{renderProblem(w, lang())}</p>}
                  </For>
                  <Grid
                    id="pva"
                    label={t("gridPlanVsActual")}
                    columns={[
                      { key: "planned", label: t("pvaPlanned"), numeric: true },
                      { key: "actual", label: t("pvaActual"), numeric: true },
                      { key: "variance", label: t("pvaVariance"), numeric: true },
                      { key: "pct", label: t("pvaVariancePct"), numeric: true },
                    ]}
                    rows={rows.map((r) => ({
                      key: r.key,
                      label: r.label,
                      class: r.key === "total" ? "total-row" : "",
                    }))}
                    corner=""
                    cell={(r, col) => {
                      const l = rows[r]!.line;
                      const text =
                        [
                          fmtMoney(l.planned, c.currency, lang()),
                          fmtMoney(l.actual, c.currency, lang()),
                          `${l.variance > 0 ? "+" : ""}${fmtMoney(l.variance, c.currency, lang())}`,
                          pct(l.variancePct),
                        ][col] ?? "";
                      return {
                        raw: "",
                        display: text,
                        readOnly: true,
                        class:
                          col === 2 && l.variance !== 0 ? (l.variance > 0 ? "over" : "under") : "",
                      };
                    }}
                  />
                  <p class="muted small" data-testid="pva-unattributed">
                    {t("pvaUnattributed", { amount: fmtMoney(c.unattributed, c.currency, lang()) })}
                  </p>
                </div>
              );
            }}
          </Show>
        </div>
      </section>
    </Show>
  );
}
