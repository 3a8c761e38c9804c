/**
 * The Traffic sheet (docs/traffic.md "In the app"): import a request trace by drop or pick (read
 * in the trace worker with progress), then its arrival rate over time at the chosen bin with the
 * peak and the p99 marked, the hour-of-day profile, the input / output length histograms, the
 * burstiness in one sentence, and the per-team / per-model breakdown. Numbers through Intl.
 */
import { FilePicker } from "./FilePicker";
import { createMemo, createSignal, For, Show, type JSX } from "solid-js";
import { unwrap } from "solid-js/store";
import type { LengthStats, TrafficGroup } from "../../engine/demand/traffic";
import { traceNumbers, type TracePeak } from "../../engine/demand/workload-trace";
import { TRACE_BINS, type TraceView } from "../../import/trace-session";
import type { ImportIssue } from "../../import/types";
import type { Problem } from "../../engine/base/problems";
import { localizeIssue, renderProblem } from "../../report/messages";
import {
  hourlyChart,
  lengthChart,
  rateChart,
  TRAFFIC_COLORS,
  weekdayChart,
  type TrafficChartWords,
} from "../charts/traffic-charts";
import { fmtValue } from "../format";
import { lang, t } from "../state/i18n";
import { burstSentence, traceSourceOf, useTraffic } from "../state/traffic";
import { useWorkbook } from "../state/context";
import { traceUsageRows, traceWorkloadDef, workloadNames } from "../state/trace-workload";
import { ChartCanvas } from "./ChartCanvas";
import { ScheduleSection } from "./ScheduleSection";
import { SECONDS_PER_DAY, SECONDS_PER_HOUR } from "../../engine/base/units";

/** A number for display ("—" when absent). */
const num = (v: number | null | undefined, digits = 2): string => fmtValue(v, digits);
/** A rate with its unit; three significant-ish decimals for small rates. */
const rps = (v: number | null | undefined): string =>
  v == null ? "—" : t("trRps", { v: num(v, v >= 100 ? 1 : v >= 10 ? 2 : 3) });

/** An import error in the chosen language: from its issue (with its problem) when there is one. */
function issueLine(issue: ImportIssue | undefined, english: string): string {
  return issue ? localizeIssue(issue, lang()) : english;
}

/**
 * A summary note in the chosen language, from its problem. A summary stored in a plan keeps its
 * English notes only (no problems, as plan files always have), so those show as written.
 */
function noteLine(problem: Problem<object> | undefined, english: string): string {
  return problem ? renderProblem(problem, lang()) : english;
}

function Progress(): JSX.Element {
  const { traffic } = useTraffic();
  const pct = () => {
    const p = traffic.progress;
    return p && p.total > 0 ? Math.round((100 * p.done) / p.total) : 0;
  };
  return (
    <div
      class="progress"
      data-testid="traffic-progress"
      role="progressbar"
      aria-valuenow={pct()}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div class="bar" style={{ width: `${pct()}%` }} />
    </div>
  );
}

function Stat(props: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}): JSX.Element {
  return (
    <div class="tr-stat" classList={{ strong: !!props.strong }}>
      <span class="tr-stat-label">{props.label}</span>
      <span class="tr-stat-value" data-testid={props.testId}>
        {props.value}
      </span>
    </div>
  );
}

function LengthRow(props: { label: string; l: LengthStats }): JSX.Element {
  return (
    <tr>
      <th scope="row">{props.label}</th>
      <td>{num(props.l.mean, 1)}</td>
      <td>{num(props.l.p50, 0)}</td>
      <td>{num(props.l.p90, 0)}</td>
      <td>{num(props.l.p95, 0)}</td>
      <td>{num(props.l.p99, 0)}</td>
      <td>{num(props.l.max, 0)}</td>
    </tr>
  );
}

function GroupTable(props: {
  title: string;
  groups: readonly TrafficGroup[];
  testId: string;
}): JSX.Element {
  return (
    <section class="card">
      <h3>{props.title}</h3>
      <div class="tr-table-wrap">
        <table class="tr-table" data-testid={props.testId}>
          <thead>
            <tr>
              <th scope="col">{t("trName")}</th>
              <th scope="col">{t("trRequests")}</th>
              <th scope="col">{t("trShare")}</th>
              <th scope="col">{t("trMeanRps")}</th>
              <th scope="col">{t("trPeak")}</th>
              <th scope="col">
                {t("trInput")} {t("trMean")}
              </th>
              <th scope="col">
                {t("trOutput")} {t("trMean")}
              </th>
              <th scope="col">{t("trDailyIn")}</th>
              <th scope="col">{t("trDailyOut")}</th>
            </tr>
          </thead>
          <tbody>
            <For each={props.groups}>
              {(g) => (
                <tr>
                  <th scope="row">{g.name}</th>
                  <td>{num(g.requests, 0)}</td>
                  <td>{num(g.share * 100, 1)} %</td>
                  <td>{num(g.meanRps, 3)}</td>
                  <td>{num(g.peakRps, 3)}</td>
                  <td>{num(g.inputTokens.mean, 1)}</td>
                  <td>{num(g.outputTokens.mean, 1)}</td>
                  <td>{num(g.dailyInputTokens, 0)}</td>
                  <td>{num(g.dailyOutputTokens, 0)}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The drop zone and the picker. */
function TraceDrop(): JSX.Element {
  const { traffic, importTrace, clearTrace } = useTraffic();
  const [over, setOver] = createSignal(false);
  return (
    <div
      class="dropzone"
      data-testid="traffic-dropzone"
      classList={{ over: over() }}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation(); // not a plan drop
        setOver(false);
        const src = e.dataTransfer ? traceSourceOf(e.dataTransfer.files) : null;
        if (src) void importTrace(src);
      }}
    >
      <span class="dz-text">{t("trDropHint")}</span>
      <FilePicker
        label={t("trPick")}
        accept=".csv,.tsv,.jsonl,.json,.txt,text/csv"
        testId="traffic-file-input"
        onFiles={(fs) => {
          const src = traceSourceOf(fs);
          if (src) void importTrace(src);
        }}
      />
      <Show when={traffic.view}>
        <button class="link" data-testid="traffic-clear" onClick={clearTrace}>
          {t("trClear")}
        </button>
      </Show>
    </div>
  );
}

/** The buttons that put the trace into the plan: a workload from it, and team usage from its team column. */
function PlanActions(props: { view: TraceView }): JSX.Element {
  const { setScheduleWorkload } = useTraffic();
  const wb = useWorkbook();
  const [peak, setPeak] = createSignal<TracePeak>("max");
  const [note, setNote] = createSignal<{ text: string; bad: boolean } | null>(null);
  const make = () => {
    // A plain copy, not the store's proxies (structuredClone refuses proxies).
    const v = unwrap(props.view);
    const r = traceWorkloadDef(v.name, v.summary, peak(), workloadNames(wb.view()));
    if (!r.ok)
      return setNote({ text: t(r.key, { bins: num(r.bins, 0), max: num(r.max, 0) }), bad: true });
    setScheduleWorkload(wb.addTraceWorkload(r.def));
    const n = traceNumbers(v.summary, peak());
    setNote({
      text: t("trWorkloadMade", {
        name: r.def.name ?? "",
        peak: num(n.peakRps, 3),
        mean: num(n.avgRps, 3),
        input: num(n.inputTokens, 1),
        output: num(n.outputTokens, 1),
        bin: num(v.summary.binSec, 0),
      }),
      bad: false,
    });
  };
  const fill = () => {
    const s = unwrap(props.view.summary);
    const rows = traceUsageRows(s, wb.view());
    if (!rows) return setNote({ text: t("trNoTeams"), bad: true });
    wb.setUsageRows(rows);
    setNote({
      text: t("trUsageFilled", {
        n: num(rows.length, 0),
        days: num(s.durationSec / SECONDS_PER_DAY, 3),
      }),
      bad: false,
    });
  };
  return (
    <section class="card" data-testid="traffic-actions">
      <h3>{t("trPlanActions")}</h3>
      <div class="tr-actions">
        <label class="field">
          <span class="field-label">{t("trPeakBasis")}</span>
          <select
            data-testid="traffic-peak-basis"
            value={peak()}
            onChange={(e) => setPeak(e.currentTarget.value === "p99" ? "p99" : "max")}
          >
            <option value="max">{t("trPeakMax")}</option>
            <option value="p99">{t("trPeakP99")}</option>
          </select>
        </label>
        <button class="primary" data-testid="traffic-make-workload" onClick={make}>
          {t("trMakeWorkload")}
        </button>
        <button
          data-testid="traffic-fill-usage"
          disabled={!props.view.summary.teams?.length}
          title={props.view.summary.teams?.length ? "" : t("trNoTeams")}
          onClick={fill}
        >
          {t("trFillUsage")}
        </button>
      </div>
      <Show when={note()}>
        {(n) => (
          <p
            class="small"
            classList={{ bad: n().bad, ok: !n().bad }}
            data-testid="traffic-action-note"
            role="status"
          >
            {n().text}
          </p>
        )}
      </Show>
    </section>
  );
}

/** The Traffic sheet. */
export function TrafficSheet(): JSX.Element {
  const { traffic, showStoredTrace, setTraceBin } = useTraffic();
  const wb = useWorkbook();
  /** Workloads of the plan whose trace summary is stored inline (shown when no file is open). */
  const storedTraces = () => {
    const defs = Array.isArray(wb.plan.workloads)
      ? wb.plan.workloads
      : wb.plan.workload
        ? [wb.plan.workload]
        : [];
    return defs.flatMap((d, index) =>
      d.trace?.traffic
        ? [
            {
              index,
              workload: d.name ?? `#${index + 1}`,
              file: d.trace.name ?? d.trace.file ?? d.name ?? "trace",
              summary: d.trace.traffic,
            },
          ]
        : [],
    );
  };
  const s = () => traffic.view?.summary ?? null;
  const words = (): TrafficChartWords => ({
    rateTitle: t("trRateTitle", { bin: num(traffic.view?.summary.binSec ?? traffic.binSec, 0) }),
    rate: t("trRate"),
    peak: t("trPeakLine"),
    p99: t("trP99Line"),
    hourTitle: traffic.view?.summary.relativeTime ? t("trHourTitleRel") : t("trHourTitle"),
    hourMean: t("trHourMean"),
    hourPeak: t("trHourPeak"),
    lengthTitle: "",
    requests: t("trChartRequests"),
    atLeast: (v) => t("trAtLeast", { v }),
    grouped: (n) => t("trRateGrouped", { n: num(n, 0) }),
  });
  const rateFmt = (v: number) => num(v, v >= 100 ? 0 : v >= 10 ? 1 : 2);
  const intFmt = (v: number) => num(v, 0);
  const rateCfg = createMemo(() => (s() ? rateChart(s()!, words(), rateFmt) : null));
  const hourCfg = createMemo(() =>
    s()?.hourly ? hourlyChart(s()!.hourly!, words(), rateFmt) : null,
  );
  const dayCfg = createMemo(() =>
    s()?.weekdays
      ? weekdayChart(
          s()!.weekdays!,
          t("schedDays").split(","),
          t("trWeekdayTitle"),
          words(),
          rateFmt,
        )
      : null,
  );
  const inCfg = createMemo(() =>
    traffic.view?.input
      ? lengthChart(
          traffic.view.input,
          TRAFFIC_COLORS.input,
          { ...words(), lengthTitle: t("trInputTitle") },
          intFmt,
        )
      : null,
  );
  const outCfg = createMemo(() =>
    traffic.view?.output
      ? lengthChart(
          traffic.view.output,
          TRAFFIC_COLORS.output,
          { ...words(), lengthTitle: t("trOutputTitle") },
          intFmt,
        )
      : null,
  );
  const duration = (sec: number) =>
    sec >= SECONDS_PER_HOUR
      ? `${t("trSeconds", { v: num(sec, 0) })} (${t("trHours", { v: num(sec / SECONDS_PER_HOUR, 1) })})`
      : t("trSeconds", { v: num(sec, 1) });

  return (
    <div class="traffic" data-testid="sheet-traffic">
      <section class="import-panel">
        <TraceDrop />
        <Show when={traffic.status === "reading"}>
          <div class="job" data-testid="traffic-job">
            <div class="job-head">
              <span class="job-files">{t("trReading", { file: traffic.file ?? "" })}</span>
              <Progress />
            </div>
          </div>
        </Show>
        <Show when={traffic.errors.length}>
          <div class="job" data-status="error" data-testid="traffic-errors">
            <span class="bad">{t("trFailed")}</span>
            <ul class="issues">
              <For each={traffic.errors}>
                {(e, i) => <li class="bad">{issueLine(traffic.issues[i()], e)}</li>}
              </For>
            </ul>
          </div>
        </Show>
      </section>
      <Show
        when={traffic.view}
        fallback={
          <Show when={traffic.status !== "reading"}>
            <div class="empty">
              <p>{t("trEmpty")}</p>
              <For each={storedTraces()}>
                {(w) => (
                  <button
                    data-testid={`traffic-show-stored-${w.index}`}
                    onClick={() => showStoredTrace(w.file, w.summary)}
                  >
                    {t("trShowStored", { workload: w.workload, file: w.file })}
                  </button>
                )}
              </For>
            </div>
          </Show>
        }
      >
        {(v) => (
          <>
            <section class="card">
              <div class="card-head">
                <h3 class="tr-file" data-testid="traffic-file">
                  {v().name}
                </h3>
                <span class="muted small" data-testid="traffic-format">
                  {traffic.stored
                    ? t("trStored")
                    : t("trFormat", { format: v().formatTitle, rows: num(v().rows, 0) })}
                </span>
                <Show when={v().badRows}>
                  <span class="warn small">{t("trBadRows", { n: num(v().badRows, 0) })}</span>
                </Show>
                <Show when={v().summary.failed}>
                  <span class="muted small">
                    {t("trFailedRows", { n: num(v().summary.failed, 0) })}
                  </span>
                </Show>
                <span class="spacer" />
                <label class="field">
                  <span class="field-label">{t("trBin")}</span>
                  <select
                    data-testid="traffic-bin"
                    disabled={traffic.stored}
                    title={traffic.stored ? t("trStoredBin") : undefined}
                    value={String(traffic.binSec)}
                    onChange={(e) => void setTraceBin(Number(e.currentTarget.value))}
                  >
                    <For each={TRACE_BINS}>
                      {(b) => (
                        <option value={String(b)}>{t("trBinOption", { n: num(b, 0) })}</option>
                      )}
                    </For>
                  </select>
                </label>
              </div>
              <div class="tr-stats">
                <Stat
                  label={t("trRequests")}
                  value={num(v().summary.requests, 0)}
                  testId="traffic-requests"
                />
                <Stat
                  label={t("trDuration")}
                  value={duration(v().summary.durationSec)}
                  testId="traffic-duration"
                />
                <Stat
                  label={t("trMeanRps")}
                  value={rps(v().summary.meanRps)}
                  testId="traffic-mean"
                />
                <Stat
                  label={t("trPeak")}
                  value={rps(v().summary.peakRps)}
                  testId="traffic-peak"
                  strong
                />
                <Stat label={t("trP99")} value={rps(v().summary.p99Rps)} testId="traffic-p99" />
                <Stat label={t("trP50")} value={rps(v().summary.p50Rps)} testId="traffic-p50" />
                <Stat
                  label={t("trPeakToMean")}
                  value={num(v().summary.peakToMean, 2)}
                  testId="traffic-ptm"
                />
                <Stat
                  label={t("trCv")}
                  value={num(v().summary.interarrivalCv, 2)}
                  testId="traffic-cv"
                />
              </div>
              <p class="tr-burst" data-testid="traffic-burst">
                {burstSentence(v().summary)}
              </p>
            </section>
            <div class="tr-charts">
              <figure class="chart tr-wide">
                <Show when={rateCfg()}>
                  {(c) => (
                    <ChartCanvas
                      config={c()}
                      testId="chart-traffic-rate"
                      label={words().rateTitle}
                      pngName="traffic-rate.png"
                      height={260}
                    />
                  )}
                </Show>
              </figure>
              <figure class="chart">
                <Show when={hourCfg()} fallback={<p class="muted small">{t("trNoHourly")}</p>}>
                  {(c) => (
                    <ChartCanvas
                      config={c()}
                      testId="chart-traffic-hourly"
                      label={words().hourTitle}
                      pngName="traffic-hourly.png"
                      height={220}
                    />
                  )}
                </Show>
              </figure>
              <Show when={dayCfg()}>
                {(c) => (
                  <figure class="chart">
                    <ChartCanvas
                      config={c()}
                      testId="chart-traffic-weekdays"
                      label={t("trWeekdayTitle")}
                      pngName="traffic-weekdays.png"
                      height={220}
                    />
                  </figure>
                )}
              </Show>
              <figure class="chart">
                <h4 class="tr-h4">{t("trLengths")}</h4>
                <div class="tr-table-wrap">
                  <table class="tr-table" data-testid="traffic-lengths">
                    <thead>
                      <tr>
                        <th />
                        <th scope="col">{t("trMean")}</th>
                        <th scope="col">P50</th>
                        <th scope="col">P90</th>
                        <th scope="col">P95</th>
                        <th scope="col">P99</th>
                        <th scope="col">{t("trMax")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      <LengthRow label={t("trInput")} l={v().summary.inputTokens} />
                      <LengthRow label={t("trOutput")} l={v().summary.outputTokens} />
                    </tbody>
                  </table>
                </div>
                <Show when={v().summary.aggregated}>
                  <p class="muted small">{t("trLengthsPerBin")}</p>
                </Show>
              </figure>
              <Show when={inCfg()}>
                {(c) => (
                  <figure class="chart">
                    <ChartCanvas
                      config={c()}
                      testId="chart-traffic-input"
                      label={t("trInputTitle")}
                      pngName="traffic-input.png"
                      height={200}
                    />
                  </figure>
                )}
              </Show>
              <Show when={outCfg()}>
                {(c) => (
                  <figure class="chart">
                    <ChartCanvas
                      config={c()}
                      testId="chart-traffic-output"
                      label={t("trOutputTitle")}
                      pngName="traffic-output.png"
                      height={200}
                    />
                  </figure>
                )}
              </Show>
            </div>
            <PlanActions view={v()} />
            <Show when={v().summary.teams?.length}>
              <GroupTable title={t("trTeams")} groups={v().summary.teams!} testId="traffic-teams" />
            </Show>
            <Show when={v().summary.models?.length}>
              <GroupTable
                title={t("trModels")}
                groups={v().summary.models!}
                testId="traffic-models"
              />
            </Show>
            <Show when={v().summary.notes.length || v().warnings.length}>
              <details class="issues-warn card">
                <summary>
                  {t("trNotes")} ({v().summary.notes.length + v().warnings.length})
                </summary>
                <ul>
                  <For each={v().summary.notes}>
                    {(n, i) => <li>{noteLine(v().summary.problems?.[i()], n)}</li>}
                  </For>
                  <For each={v().warnings}>{(w) => <li>{localizeIssue(w, lang())}</li>}</For>
                </ul>
              </details>
            </Show>
          </>
        )}
      </Show>
      <ScheduleSection />
    </div>
  );
}
