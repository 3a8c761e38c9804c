/**
 * The run history on the Benchmarks sheet (docs/sweep.md "Archive and history"): the planner
 * picks an archive folder (`capplan sweep --archive DIR`) or its files; they are read by the
 * import worker, one sweep per file (never merged: each is a run), and `runHistory` (the same
 * code as `capplan history`) groups them by deployment, takes the metric at the load level every
 * run shares, and marks a run that regressed beyond the threshold. Shown as a chart and a table;
 * nothing is added to the plan.
 */
import { createMemo, createSignal, For, Show, type JSX } from "solid-js";
import { importInWorker, readFiles } from "../../import/browser";
import type { ImportIssue } from "../../import/types";
import type { Sweep } from "../../engine/base/types";
import { historyMetric, runHistory } from "../../report/history";
import { localizeIssue } from "../../report/messages";
import { deploymentName, historyChart, runLabel } from "../charts/history-chart";
import { fmtValue } from "../format";
import { lang } from "../state/i18n";
import { ChartCanvas } from "./ChartCanvas";
import { FilePicker } from "./FilePicker";

/** The metrics offered (the CLI's `--metric` accepts these and more). */
const METRICS = [
  "ttft.p99",
  "ttft.p50",
  "itl.p50",
  "itl.p99",
  "e2e.p99",
  "rps",
  "outputTokensPerSec",
];

const WORDS = {
  en: {
    title: "Run history",
    hint: "Pick an archive folder (capplan sweep --archive DIR) or its run files: each deployment's metric over its runs, a run that regressed from the one before marked ▲.",
    folder: "Pick archive folder…",
    files: "Pick run files…",
    metric: "Metric",
    threshold: "Threshold (%)",
    reading: "Reading {n} file(s)…",
    atConcurrency: (n: number) => `at concurrency ${n}`,
    atRate: (r: number) => `at ${r} req/s`,
    noLevel: "(no load level every run has)",
    date: "Date",
    run: "Run",
    value: "Value",
    change: "Change",
    regression: "▲ regression",
    verdictBad: (n: number, thr: number) =>
      `${n} deployment(s) regressed in the latest run (threshold ${thr} %).`,
    verdictOk: (thr: number) => `No regression in the latest runs (threshold ${thr} %).`,
    noRuns: "No runs in these files.",
  },
  zh: {
    title: "运行历史",
    hint: "选择归档文件夹（capplan sweep --archive DIR）或其中的运行文件：每个部署的指标随运行变化，比上一次退化的运行标记为 ▲。",
    folder: "选择归档文件夹…",
    files: "选择运行文件…",
    metric: "指标",
    threshold: "阈值（%）",
    reading: "正在读取 {n} 个文件…",
    atConcurrency: (n: number) => `（并发 ${n}）`,
    atRate: (r: number) => `（请求率 ${r} req/s）`,
    noLevel: "（没有所有运行共有的负载档位）",
    date: "日期",
    run: "运行",
    value: "数值",
    change: "变化",
    regression: "▲ 退化",
    verdictBad: (n: number, thr: number) => `${n} 个部署在最近一次运行中退化（阈值 ${thr} %）。`,
    verdictOk: (thr: number) => `最近的运行没有退化（阈值 ${thr} %）。`,
    noRuns: "这些文件中没有运行。",
  },
} as const;

/** The run-history card. */
export function RunHistory(): JSX.Element {
  const w = () => WORDS[lang()];
  const [runs, setRuns] = createSignal<{ file: string; sweep: Sweep }[] | null>(null);
  const [errors, setErrors] = createSignal<ImportIssue[]>([]);
  const [reading, setReading] = createSignal(0);
  const [metricKey, setMetricKey] = createSignal("ttft.p99");
  const [thresholdText, setThresholdText] = createSignal("5");
  const threshold = () => {
    const v = Number(thresholdText());
    return Number.isFinite(v) && v >= 0 ? v : 5;
  };

  const load = async (files: File[]) => {
    setReading(files.length);
    setErrors([]);
    // One sweep per file: runs of one deployment must not merge into one (repeats) sweep.
    const res = await importInWorker(readFiles(files), { separate: true });
    setReading(0);
    if (!res.ok) {
      setErrors(res.errors);
      setRuns(null);
      return;
    }
    setRuns(res.sweeps.map((s) => ({ file: s.source.files[0] ?? s.label, sweep: s })));
  };

  const history = createMemo(() => {
    const r = runs();
    const m = historyMetric(metricKey());
    return r?.length && m ? runHistory(r, m, threshold(), null) : null;
  });
  const fmt = (v: number) => fmtValue(v, v >= 100 ? 0 : 2);
  const atText = (d: NonNullable<ReturnType<typeof history>>["deployments"][number]) =>
    !d.at
      ? w().noLevel
      : d.at.concurrency !== null
        ? w().atConcurrency(d.at.concurrency)
        : w().atRate(d.at.requestRate ?? 0);

  return (
    <section class="card run-history" data-testid="run-history">
      <h3>{w().title}</h3>
      <p class="muted">{w().hint}</p>
      <div class="history-controls">
        <FilePicker label={w().folder} folder testId="history-folder-input" onFiles={load} />
        <FilePicker label={w().files} multiple testId="history-file-input" onFiles={load} />
        <label>
          {w().metric}{" "}
          <select
            data-testid="history-metric"
            value={metricKey()}
            onChange={(e) => setMetricKey(e.currentTarget.value)}
          >
            <For each={METRICS}>{(m) => <option value={m}>{m}</option>}</For>
          </select>
        </label>
        <label>
          {w().threshold}{" "}
          <input
            data-testid="history-threshold"
            inputMode="decimal"
            size={4}
            value={thresholdText()}
            onInput={(e) => setThresholdText(e.currentTarget.value)}
          />
        </label>
      </div>
      <Show when={reading()}>
        <p class="muted">{w().reading.replace("{n}", String(reading()))}</p>
      </Show>
      <Show when={errors().length}>
        <ul class="errors" data-testid="history-errors">
          <For each={errors()}>{(e) => <li>{localizeIssue(e, lang())}</li>}</For>
        </ul>
      </Show>
      <Show when={runs() && !history()}>
        <p class="muted">{w().noRuns}</p>
      </Show>
      <Show when={history()}>
        {(h) => (
          <>
            <p
              data-testid="history-verdict"
              class={h().deployments.some((d) => d.regression) ? "bad" : ""}
            >
              {h().deployments.some((d) => d.regression)
                ? w().verdictBad(h().deployments.filter((d) => d.regression).length, h().threshold)
                : w().verdictOk(h().threshold)}
            </p>
            <div style={{ height: "260px" }}>
              <ChartCanvas
                config={historyChart(h(), h().metric, fmt)}
                testId="history-chart"
                label={`${w().title}: ${h().metric}`}
                pngName="run-history.png"
              />
            </div>
            <For each={h().deployments}>
              {(d) => (
                <table class="history-table" data-testid="history-table">
                  <caption>
                    {deploymentName(d)} · {h().metric} {atText(d)}
                  </caption>
                  <thead>
                    <tr>
                      <th class="left">{w().date}</th>
                      <th class="left">{w().run}</th>
                      <th class="num">{w().value}</th>
                      <th class="num">{w().change}</th>
                    </tr>
                  </thead>
                  <tbody>
                    <For each={d.runs}>
                      {(r) => (
                        <tr class={r.regression ? "regression" : ""}>
                          <td>{runLabel(r.date, "—")}</td>
                          <td>{r.file}</td>
                          <td class="num">{r.value === null ? "—" : fmt(r.value)}</td>
                          <td class="num">
                            {r.changePct === null
                              ? "—"
                              : `${r.changePct >= 0 ? "+" : ""}${fmtValue(r.changePct, 1)} %`}
                            {r.regression ? ` ${w().regression}` : ""}
                          </td>
                        </tr>
                      )}
                    </For>
                  </tbody>
                </table>
              )}
            </For>
          </>
        )}
      </Show>
    </section>
  );
}
