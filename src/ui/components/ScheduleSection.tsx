/**
 * A workload's schedule on the Traffic sheet (docs/schedules.md "In the app"): type or paste 24
 * or 168 hourly rates, or take them from the workload's trace; then per SKU the replicas of every
 * interval and the cost of one period three ways (static on demand, autoscaled, reserved + on
 * demand with the best reserved count), side by side with the savings, and a chart of demand and
 * replicas over the period. The numbers are the engine's (`skus[].schedule`).
 */
import { createEffect, createMemo, createSignal, For, on, Show, type JSX } from "solid-js";
import type { ScheduleResult } from "../../engine/chain/schedule";
import type { ScheduleDef, WorkloadDef } from "../../engine/base/types";
import { renderProblem } from "../../report/messages";
import { englishOf } from "../../engine/base/problems";
import { scheduleChart, type ScheduleChartWords } from "../charts/schedule-chart";
import { fmtMoney, fmtValue } from "../format";
import { useWorkbook } from "../state/context";
import { lang, t } from "../state/i18n";
import { parseScheduleValues } from "../state/schedule-edit";
import { useTraffic } from "../state/traffic";
import { ChartCanvas } from "./ChartCanvas";
import { FieldInput } from "./FieldInput";
import { DAYS_PER_WEEK, SECONDS_PER_DAY, SECONDS_PER_HOUR } from "../../engine/base/units";

/** Seconds of an hourly interval: typed and pasted values are hours. */
const HOUR = SECONDS_PER_HOUR;

/** The period of a schedule in words: a day, a week, or its hours. */
function periodWord(s: Pick<ScheduleResult, "periodSec">): string {
  if (s.periodSec === SECONDS_PER_DAY) return t("schedPeriodDay");
  if (s.periodSec === DAYS_PER_WEEK * SECONDS_PER_DAY) return t("schedPeriodWeek");
  return t("schedPeriodHours", { n: fmtValue(s.periodSec / SECONDS_PER_HOUR, 1) });
}

/** A whole number ≥ 0 typed in a small field, or null. */
function wholeOrNull(text: string): number | null {
  const v = Number(text.trim());
  return text.trim() !== "" && Number.isInteger(v) && v >= 0 ? v : null;
}

/** The schedule section (always shown: a schedule does not need a trace). */
export function ScheduleSection(): JSX.Element {
  const { scheduleWorkload, setScheduleWorkload } = useTraffic();
  const wb = useWorkbook();
  const defs = (): WorkloadDef[] =>
    Array.isArray(wb.plan.workloads)
      ? wb.plan.workloads
      : wb.plan.workload
        ? [wb.plan.workload]
        : [];
  const index = () => Math.min(Math.max(0, scheduleWorkload()), Math.max(0, defs().length - 1));
  const def = () => defs()[index()];
  const [text, setText] = createSignal("");
  const [minR, setMinR] = createSignal("1");
  const [lead, setLead] = createSignal("0");
  const [error, setError] = createSignal<string | null>(null);

  // Selecting a workload shows its schedule's values and settings, ready to edit.
  createEffect(
    on(index, () => {
      const s = def()?.schedule;
      setText(s?.rps && s.rps.every((v) => typeof v === "number") ? s.rps.join("\n") : "");
      setMinR(String(typeof s?.minReplicas === "number" ? s.minReplicas : 1));
      setLead(String(typeof s?.leadIntervals === "number" ? s.leadIntervals : 0));
      setError(null);
    }),
  );

  const settings = (): { minReplicas: number; leadIntervals: number } | null => {
    const m = wholeOrNull(minR());
    const l = wholeOrNull(lead());
    if (m === null)
      return (setError(t("schedBadValue", { index: t("schedMinReplicas"), text: minR() })), null);
    if (l === null)
      return (setError(t("schedBadValue", { index: t("schedLead"), text: lead() })), null);
    return { minReplicas: m, leadIntervals: l };
  };
  const apply = () => {
    const r = parseScheduleValues(
      text(),
      typeof navigator !== "undefined" ? navigator.language : undefined,
    );
    if (!r.ok)
      return setError(
        r.key === "schedBadCount"
          ? t(r.key, { n: fmtValue(r.n, 0) })
          : t(r.key, { index: r.index, text: r.text }),
      );
    const s = settings();
    if (!s) return;
    setError(null);
    wb.setSchedule(index(), { intervalSec: HOUR, rps: r.values, ...s } satisfies ScheduleDef);
  };
  const fromTrace = () => {
    const s = settings();
    if (!s) return;
    setError(null);
    wb.setSchedule(index(), { intervalSec: HOUR, fromTrace: true, ...s } satisfies ScheduleDef);
  };

  const result = () => wb.computed().result;
  const rows = createMemo(
    () =>
      result()
        .skus.map((sku, i) => ({
          i,
          name: sku.name,
          s: (sku as { schedule?: ScheduleResult | null }).schedule ?? null,
        }))
        .filter((r) => r.s !== null) as { i: number; name: string; s: ScheduleResult }[],
  );
  /** Problems of the schedules (plan errors with their path, warnings and SKU errors that name a schedule). */
  const problems = createMemo(() => {
    const about = (x: string) => /schedule|reserved/i.test(x);
    // Each with its problem (docs/problems.md), rendered in the app's language.
    const plan = result()
      .errors.map((e) => ({ path: e.path, message: englishOf(e.problem), problem: e.problem }))
      .filter((e) => about(e.path) || about(e.message));
    const warnings = result().problems.map((p) => ({
      path: "",
      message: englishOf(p),
      problem: p,
    }));
    const skuErrors = result().skus.flatMap((s) =>
      s.errorProblems.map((p) => ({ path: "", message: englishOf(p), problem: p })),
    );
    const rest = [...warnings, ...skuErrors].filter((x) => about(x.message));
    const seen = new Set<string>();
    return [...plan, ...rest].filter(
      (p) => !seen.has(p.path + p.message) && !!seen.add(p.path + p.message),
    );
  });
  const [skuPick, setSkuPick] = createSignal<number | null>(null);
  const chartRow = () =>
    rows().find((r) => r.i === skuPick()) ??
    rows().find((r) => r.name === result().cheapest) ??
    rows()[0] ??
    null;
  const money = (v: number | null | undefined) => fmtMoney(v, result().currency, lang());
  // A saving shown only when there is one (autoscaled never costs more than static).
  const pct = (f: number | null | undefined) =>
    f == null || !Number.isFinite(f) || f < 0.0005
      ? ""
      : t("schedSaves", { pct: `${fmtValue(f * 100, 1)} %` });
  const words = (sku: string): ScheduleChartWords => ({
    title: t("schedChartTitle", { sku }),
    demand: t("schedDemand"),
    replicas: t("schedReplicas"),
    staticFleet: t("schedStaticFleet"),
    reserved: t("schedReservedLine"),
    rpsAxis: t("schedRpsAxis"),
    replicasAxis: t("schedReplicasAxis"),
    days: t("schedDays").split(","),
  });
  const chart = createMemo(() => {
    const r = chartRow();
    return r ? scheduleChart(r.s, words(r.name), (v) => fmtValue(v, v >= 10 ? 0 : 2)) : null;
  });
  const current = () => {
    const s = def()?.schedule;
    if (!s) return t("schedNone");
    if (s.fromTrace)
      return t("schedFromTraceNow", {
        interval: fmtValue(typeof s.intervalSec === "number" ? s.intervalSec : HOUR, 0),
      });
    return t("schedValues", {
      n: fmtValue(s.rps?.length ?? 0, 0),
      interval: fmtValue(typeof s.intervalSec === "number" ? s.intervalSec : HOUR, 0),
    });
  };

  return (
    <section class="card sched" data-testid="schedule-section">
      <h3>{t("schedTitle")}</h3>
      <p class="muted small">{t("schedIntro")}</p>
      <div class="tr-actions">
        <label class="field">
          <span class="field-label">{t("schedWorkload")}</span>
          <select
            data-testid="sched-workload"
            value={String(index())}
            onChange={(e) => setScheduleWorkload(Number(e.currentTarget.value))}
          >
            <For each={defs()}>
              {(d, i) => <option value={String(i())}>{d.name ?? `#${i() + 1}`}</option>}
            </For>
          </select>
        </label>
        <span class="small" data-testid="sched-current">
          {current()}
        </span>
      </div>
      <div class="sched-edit">
        <textarea
          data-testid="sched-text"
          rows={4}
          aria-label={t("schedPaste")}
          placeholder={t("schedPaste")}
          value={text()}
          onInput={(e) => setText(e.currentTarget.value)}
        />
        <div class="sched-controls">
          <label class="field">
            <span class="field-label">{t("schedMinReplicas")}</span>
            <input
              data-testid="sched-min"
              size={4}
              inputmode="numeric"
              value={minR()}
              onInput={(e) => setMinR(e.currentTarget.value)}
            />
          </label>
          <label class="field">
            <span class="field-label">{t("schedLead")}</span>
            <input
              data-testid="sched-lead"
              size={4}
              inputmode="numeric"
              value={lead()}
              onInput={(e) => setLead(e.currentTarget.value)}
            />
          </label>
          <button
            class="primary"
            data-testid="sched-apply"
            disabled={!defs().length || !text().trim()}
            onClick={apply}
          >
            {t("schedApply")}
          </button>
          <button
            data-testid="sched-from-trace"
            disabled={!def()?.trace}
            title={def()?.trace ? t("schedFromTraceHint") : t("schedNoTrace")}
            onClick={fromTrace}
          >
            {t("schedFromTrace")}
          </button>
          <Show when={def()?.schedule}>
            <button
              class="link"
              data-testid="sched-remove"
              onClick={() => wb.setSchedule(index(), null)}
            >
              {t("schedRemove")}
            </button>
          </Show>
        </div>
      </div>
      <Show when={error()}>
        {(e) => (
          <p class="bad small" role="alert" data-testid="sched-error">
            {e()}
          </p>
        )}
      </Show>
      <Show when={problems().length}>
        <div class="problems" data-testid="sched-problems">
          <strong>{t("schedProblems")}</strong>
          <ul class="issues">
            <For each={problems()}>
              {(p) => (
                <li>
                  <Show when={p.path}>
                    <code>{p.path}</code>{" "}
                  </Show>
                  {p.problem ? renderProblem(p.problem, lang()) : p.message}
                </li>
              )}
            </For>
          </ul>
        </div>
      </Show>
      <Show when={rows().length}>
        <div class="tr-table-wrap">
          <table class="tr-table sched-table" data-testid="sched-table">
            <thead>
              <tr>
                <th scope="col">{t("schedSku")}</th>
                <th scope="col">{t("schedStaticReplicas")}</th>
                <th scope="col">{t("schedStatic")}</th>
                <th scope="col">{t("schedAutoscaled")}</th>
                <th scope="col">{t("schedReservedPrice")}</th>
                <th scope="col">{t("schedReserved")}</th>
                <th scope="col">{t("schedBlended")}</th>
              </tr>
            </thead>
            <tbody>
              <For each={rows()}>
                {(r) => (
                  <tr
                    data-testid={`sched-row-${r.i}`}
                    classList={{ rec: r.name === result().cheapest }}
                  >
                    <th scope="row">{r.name}</th>
                    <td data-testid={`sched-static-replicas-${r.i}`}>
                      {fmtValue(r.s.staticReplicas, 0)}
                    </td>
                    <td data-testid={`sched-static-${r.i}`}>{money(r.s.staticCost)}</td>
                    <td>
                      <span data-testid={`sched-autoscaled-${r.i}`}>
                        {money(r.s.autoscaledCost)}
                      </span>{" "}
                      <span class="good small">{pct(r.s.savings.autoscaledFraction)}</span>
                    </td>
                    <td class="sched-price">
                      <FieldInput
                        path={`skus[${r.i}].reservedPricePerGpuHour`}
                        label=""
                        testId={`sched-reserved-price-${r.i}`}
                        required={false}
                        width="6em"
                        unit={wb.plan.currency ?? "USD"}
                      />
                    </td>
                    <td data-testid={`sched-reserved-${r.i}`}>
                      {r.s.reservedReplicas === null ? (
                        <span class="muted">{t("schedNoReservedPrice")}</span>
                      ) : (
                        fmtValue(r.s.reservedReplicas, 0)
                      )}
                    </td>
                    <td>
                      <span data-testid={`sched-blended-${r.i}`}>
                        {r.s.blendedCost === null ? "—" : money(r.s.blendedCost)}
                      </span>{" "}
                      <span class="good small">{pct(r.s.savings.blendedFraction)}</span>
                    </td>
                  </tr>
                )}
              </For>
            </tbody>
          </table>
        </div>
        <p class="muted small">{t("schedCostsPer", { period: periodWord(rows()[0]!.s) })}</p>
        <div class="tr-actions">
          <label class="field">
            <span class="field-label">{t("schedRecommendBy")}</span>
            <select
              data-testid="sched-recommend-by"
              value={wb.plan.recommendBy ?? "peak"}
              onChange={(e) =>
                wb.setText(
                  "recommendBy",
                  e.currentTarget.value === "peak" ? "" : e.currentTarget.value,
                )
              }
            >
              <option value="peak">{t("schedByPeak")}</option>
              <option value="static">{t("schedByStatic")}</option>
              <option value="autoscaled">{t("schedByAutoscaled")}</option>
              <option value="blended">{t("schedByBlended")}</option>
            </select>
          </label>
          <label class="field">
            <span class="field-label">{t("schedSku")}</span>
            <select
              data-testid="sched-sku"
              value={String(chartRow()?.i ?? "")}
              onChange={(e) => setSkuPick(Number(e.currentTarget.value))}
            >
              <For each={rows()}>{(r) => <option value={String(r.i)}>{r.name}</option>}</For>
            </select>
          </label>
        </div>
        <figure class="chart sched-chart">
          <Show when={chart()}>
            {(c) => (
              <ChartCanvas
                config={c()}
                testId="chart-schedule"
                label={t("schedChartTitle", { sku: chartRow()?.name ?? "" })}
                pngName="schedule.png"
                height={260}
              />
            )}
          </Show>
        </figure>
      </Show>
    </section>
  );
}
