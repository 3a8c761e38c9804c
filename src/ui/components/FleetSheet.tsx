/**
 * The Fleet sheet (docs/simulate.md "In the app"): per SKU, the fleet simulated on the SKU's own
 * curve under Poisson arrivals at the plan's peak rate or a replayed trace, in the fleet worker
 * with progress. A table of P50/P99 TTFT and E2E, queued share and utilization against the replica
 * count, with the formula's replicas and the fewest replicas meeting the SLOs marked; the
 * arrivals' burstiness beside them, and a sentence when bursts, not the mean rate, decide the
 * fleet. The same seed gives the numbers of `capplan simulate`.
 */
import { createMemo, createSignal, For, Show, type JSX } from "solid-js";
import type { LengthSpec } from "../../engine/fleet/arrivals";
import { fleetSetup } from "../../engine/fleet/fleet-plan";
import type { FleetSeriesRow } from "../../engine/fleet/fleet-series";
import type { Slo } from "../../engine/base/types";
import { localizeIssue, renderProblem } from "../../report/messages";
import { burstDecides } from "../../report/simulate-text";
import { fmtValue } from "../format";
import { FilePicker } from "./FilePicker";
import { useWorkbook } from "../state/context";
import { fleet, simulateFleet } from "../state/fleet";
import type { ArrivalSpec } from "../state/fleet-run";
import { lang, t } from "../state/i18n";

const num = (v: number | null | undefined, d = 1) => fmtValue(v, d);
const pct = (v: number | null | undefined) => (v == null ? "—" : `${fmtValue(v * 100, 1)} %`);
/** Requests per run when the arrivals are Poisson (as `capplan simulate` without --requests). */
const DEFAULT_REQUESTS = 100_000;

function Progress(): JSX.Element {
  const value = () => {
    const p = fleet.progress;
    return p && p.total > 0 ? Math.round((100 * p.done) / p.total) : 0;
  };
  return (
    <div
      class="progress"
      data-testid="fleet-progress"
      role="progressbar"
      aria-label={t("flRunning")}
      aria-valuenow={value()}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div class="bar" style={{ width: `${value()}%` }} />
    </div>
  );
}

function SeriesTable(props: {
  rows: FleetSeriesRow[];
  simulated: number;
  formula: number | null;
  forSlo: number | null;
}): JSX.Element {
  const mark = (r: number) =>
    [
      r === props.formula ? t("flMarkFormula") : "",
      r === props.forSlo ? t("flMarkSlo") : "",
      r === props.simulated && r !== props.formula ? t("flMarkSimulated") : "",
    ]
      .filter(Boolean)
      .join(" · ");
  return (
    <div class="tr-table-wrap">
      <table class="tr-table" data-testid="fleet-series">
        <thead>
          <tr>
            <th scope="col">{t("flReplicas")}</th>
            <th scope="col">P50 TTFT</th>
            <th scope="col">P99 TTFT</th>
            <th scope="col">P50 E2E</th>
            <th scope="col">P99 E2E</th>
            <th scope="col">{t("flQueued")}</th>
            <th scope="col">{t("flUtilization")}</th>
            <th scope="col">{t("flSlos")}</th>
            <th scope="col">{t("flMark")}</th>
          </tr>
        </thead>
        <tbody>
          <For each={props.rows}>
            {(r) => (
              <tr
                data-testid={`fleet-row-${r.replicas}`}
                classList={{
                  rec: r.replicas === props.forSlo,
                  formula: r.replicas === props.formula,
                }}
              >
                <th scope="row">{r.replicas}</th>
                <td>{num(r.ttftMs?.p50)}</td>
                <td>{num(r.ttftMs?.p99)}</td>
                <td>{num(r.e2eMs?.p50, 0)}</td>
                <td>{num(r.e2eMs?.p99, 0)}</td>
                <td>{pct(r.queuedShare)}</td>
                <td>{pct(r.utilization)}</td>
                <td classList={{ bad: r.slosHold === false }}>
                  {r.slosHold === null ? "—" : r.slosHold ? t("flYes") : t("flNo")}
                </td>
                <td class="muted small">{mark(r.replicas)}</td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </div>
  );
}

/** The Fleet sheet. */
export function FleetSheet(): JSX.Element {
  const wb = useWorkbook();
  const result = () => wb.computed().result;
  const candidates = createMemo(() =>
    result().skus.filter((s) => s.workloads.some((w) => (w.sweep?.points.length ?? 0) > 0)),
  );
  const [skuName, setSkuName] = createSignal<string | null>(null);
  const sku = () => {
    const c = candidates();
    return (
      c.find((s) => s.name === skuName()) ?? c.find((s) => s.name === result().cheapest) ?? c[0]
    );
  };
  const setup = createMemo(() => {
    const s = sku();
    return s ? fleetSetup(result(), s) : null;
  });
  const peakRps = () => {
    const s = setup();
    return s?.ok ? s.setup.peakRps : null;
  };
  const [source, setSource] = createSignal<"poisson" | "trace">("poisson");
  const [rps, setRps] = createSignal("");
  const [requests, setRequests] = createSignal(String(DEFAULT_REQUESTS));
  const [seed, setSeed] = createSignal("1");
  const [rateScale, setRateScale] = createSignal("1");
  const [traceFile, setTraceFile] = createSignal<File | null>(null);
  const [formError, setFormError] = createSignal<string | null>(null);

  const run = () => {
    setFormError(null);
    const s = setup();
    if (!s?.ok) return;
    const st = s.setup;
    const replicas = st.formulaReplicas;
    if (replicas === null) return setFormError(t("flNoReplicas"));
    if (st.slots === null) return setFormError(t("flNoSlots"));
    const seedN = Number(seed());
    if (!Number.isSafeInteger(seedN)) return setFormError(t("flBadSeed"));
    let arrivals: ArrivalSpec;
    if (source() === "trace") {
      const f = traceFile();
      const scale = Number(rateScale());
      if (!f) return setFormError(t("flNoTrace"));
      if (!(scale > 0)) return setFormError(t("flBadScale"));
      arrivals = { kind: "trace", name: f.name, file: f, rateScale: scale };
    } else {
      const r = rps().trim() === "" ? st.peakRps : Number(rps());
      const n = Number(requests());
      if (r == null || !(r > 0)) return setFormError(t("flBadRate"));
      if (!Number.isInteger(n) || n < 1 || n > 5_000_000) return setFormError(t("flBadRequests"));
      const fixed = (x: number | null): LengthSpec => ({
        kind: "fixed",
        tokens: Math.round(x ?? 1),
      });
      arrivals = {
        kind: "poisson",
        rps: r,
        requests: n,
        input: fixed(st.inputTokens),
        output: fixed(st.outputTokens),
      };
    }
    // Plain copies: the worker gets structured clones, never store proxies.
    const slos = JSON.parse(JSON.stringify(result().slo.filter((x) => x.maxMs !== null))) as Slo[];
    void simulateFleet(st.sku, {
      setup: JSON.parse(JSON.stringify(st)),
      arrivals,
      replicas,
      slots: st.slots,
      seed: seedN,
      slos,
    });
  };
  const outcome = () => (fleet.outcome && fleet.sku === sku()?.name ? fleet.outcome : null);

  return (
    <div class="traffic" data-testid="sheet-fleet">
      <section class="card">
        <h3>{t("flTitle")}</h3>
        <p class="muted small">{t("flIntro")}</p>
        <Show
          when={candidates().length}
          fallback={<p data-testid="fleet-empty">{t("flNoCurve")}</p>}
        >
          <div class="fleet-form">
            <label>
              {t("flSku")}{" "}
              <select
                data-testid="fleet-sku"
                value={sku()?.name ?? ""}
                onChange={(e) => setSkuName(e.currentTarget.value)}
              >
                <For each={candidates()}>{(s) => <option value={s.name}>{s.name}</option>}</For>
              </select>
            </label>
            <fieldset>
              <legend>{t("flArrivals")}</legend>
              <label>
                <input
                  type="radio"
                  name="fleet-source"
                  checked={source() === "poisson"}
                  onChange={() => setSource("poisson")}
                  data-testid="fleet-poisson"
                />{" "}
                {t("flPoisson")}
              </label>{" "}
              <label>
                {t("flRate")}{" "}
                <input
                  class="num"
                  size={7}
                  data-testid="fleet-rps"
                  placeholder={num(peakRps(), 2)}
                  value={rps()}
                  onInput={(e) => setRps(e.currentTarget.value)}
                />
              </label>{" "}
              <label>
                {t("flRequests")}{" "}
                <input
                  class="num"
                  size={8}
                  data-testid="fleet-requests"
                  value={requests()}
                  onInput={(e) => setRequests(e.currentTarget.value)}
                />
              </label>
              <br />
              <label>
                <input
                  type="radio"
                  name="fleet-source"
                  checked={source() === "trace"}
                  onChange={() => setSource("trace")}
                  data-testid="fleet-trace"
                />{" "}
                {t("flTrace")}
              </label>{" "}
              {/* A button in the app's language (the browser's own file input speaks the
                  browser's: "Choose File · No file chosen" on a Chinese sheet). */}
              <FilePicker
                label={t("trPick")}
                testId="fleet-trace-file"
                onFiles={(fs) => {
                  setTraceFile(fs[0]!);
                  setSource("trace");
                }}
              />{" "}
              <Show when={traceFile()}>
                {(f) => (
                  <span class="muted" data-testid="fleet-trace-name">
                    {f().name}
                  </span>
                )}
              </Show>{" "}
              <label>
                {t("flRateScale")}{" "}
                <input
                  class="num"
                  size={4}
                  data-testid="fleet-rate-scale"
                  value={rateScale()}
                  onInput={(e) => setRateScale(e.currentTarget.value)}
                />
              </label>
            </fieldset>
            <label>
              {t("flSeed")}{" "}
              <input
                class="num"
                size={6}
                data-testid="fleet-seed"
                value={seed()}
                onInput={(e) => setSeed(e.currentTarget.value)}
              />
            </label>{" "}
            <button
              class="primary"
              data-testid="fleet-run"
              disabled={fleet.status === "running"}
              onClick={run}
            >
              {t("flRun")}
            </button>
          </div>
          <Show when={setup() && !setup()!.ok}>
            <p class="bad" data-testid="fleet-setup-error">
              {(() => {
                const s = setup();
                return s && !s.ok ? renderProblem(s.problem, lang()) : "";
              })()}
            </p>
          </Show>
          <Show when={formError()}>
            <p class="bad" data-testid="fleet-form-error">
              {formError()}
            </p>
          </Show>
        </Show>
        <Show when={fleet.status === "running"}>
          <div class="job" data-testid="fleet-job">
            <span>{fleet.stage === "read" ? t("flReading") : t("flRunning")}</span>
            <Progress />
          </div>
        </Show>
      </section>
      <Show when={outcome()}>
        {(o) => (
          <Show
            when={o().ok ? o() : null}
            fallback={
              <section class="card" data-testid="fleet-error">
                <ul class="issues">
                  {(() => {
                    const x = o();
                    if (x.ok) return null;
                    return [
                      ...(x.problem ? [renderProblem(x.problem, lang())] : []),
                      ...(x.issues ?? []).map((i) => localizeIssue(i, lang())),
                    ].map((l) => <li class="bad">{l}</li>);
                  })()}
                </ul>
              </section>
            }
          >
            {(ok) => {
              const r = () => ok() as Extract<ReturnType<typeof o>, { ok: true }>;
              const a = () => r().answer;
              return (
                <section class="card" data-testid="fleet-result">
                  <div class="tr-stats">
                    <div class="tr-stat strong">
                      <span class="tr-stat-label">{t("flFormula")}</span>
                      <span class="tr-stat-value" data-testid="fleet-formula">
                        {a().formulaReplicas ?? "—"}
                      </span>
                    </div>
                    <div class="tr-stat strong">
                      <span class="tr-stat-label">{t("flForSlo")}</span>
                      <span class="tr-stat-value" data-testid="fleet-for-slo">
                        {a().replicasForSlo ??
                          (a().searchedUpTo === null
                            ? t("flNoSlo")
                            : t("flNone", { n: a().searchedUpTo! }))}
                      </span>
                    </div>
                    <div class="tr-stat">
                      <span class="tr-stat-label">{t("flCv")}</span>
                      <span class="tr-stat-value" data-testid="fleet-cv">
                        {num(a().arrivals.interarrivalCv, 2)}
                      </span>
                    </div>
                    <div class="tr-stat">
                      <span class="tr-stat-label">{t("flMeanRps")}</span>
                      <span class="tr-stat-value" data-testid="fleet-mean-rps">
                        {num(a().arrivals.meanRps, 2)}
                      </span>
                    </div>
                    <div class="tr-stat">
                      <span class="tr-stat-label">{t("flAt", { n: a().replicas })}</span>
                      <span class="tr-stat-value" data-testid="fleet-p99-ttft">
                        P99 TTFT {num(a().ttftMs?.p99)} ms
                      </span>
                    </div>
                  </div>
                  <p class="muted small" data-testid="fleet-basis">
                    {t("flBasis", {
                      sku: a().sku,
                      slots: a().slots,
                      n: num(a().requests, 0),
                      seed: a().seed,
                      source: a().arrivals.source === "trace" ? t("flTrace") : t("flPoisson"),
                    })}
                  </p>
                  <Show when={burstDecides(a())}>
                    <p class="warn" data-testid="fleet-burst">
                      {t("flBurst", { cv: num(a().arrivals.interarrivalCv, 1) })}
                    </p>
                  </Show>
                  <SeriesTable
                    rows={r().rows}
                    simulated={a().replicas}
                    formula={a().formulaReplicas}
                    forSlo={a().replicasForSlo}
                  />
                  <Show when={a().problems.length}>
                    <ul class="issues muted small" data-testid="fleet-notes">
                      <For each={a().problems}>{(p) => <li>{renderProblem(p, lang())}</li>}</For>
                    </ul>
                  </Show>
                </section>
              );
            }}
          </Show>
        )}
      </Show>
    </div>
  );
}
