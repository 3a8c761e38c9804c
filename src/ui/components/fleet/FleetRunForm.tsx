/** The fleet run form: the SKU, the arrivals, the seed, and Run; with the setup's and the form's errors. */
import { createSignal, For, type JSX, Show } from "solid-js";
import { createStore } from "solid-js/store";
import type { Slo } from "../../../engine/base/types";
import type { FleetSetup } from "../../../engine/fleet/fleet-plan";
import type { Problem } from "../../../engine/base/problems";
import { renderProblem } from "../../../report/messages";
import { useWorkbook } from "../../state/context";
import { fleet, simulateFleet } from "../../state/fleet";
import { lang, t } from "../../state/i18n";
import { ArrivalsFieldset, NumField } from "./ArrivalsFieldset";
import { DEFAULT_REQUESTS, type FleetForm, fleetRun } from "./fleet-run-form";

/** The form for the SKU `sku` of `candidates`. */
export function FleetRunForm(props: {
  candidates: readonly string[];
  sku: string;
  onPick: (name: string) => void;
  setup: { ok: true; setup: FleetSetup } | { ok: false; problem: Problem } | null;
}): JSX.Element {
  const wb = useWorkbook();
  const [form, setForm] = createStore<FleetForm>({
    source: "poisson",
    rps: "",
    requests: String(DEFAULT_REQUESTS),
    seed: "1",
    rateScale: "1",
    traceFile: null,
  });
  const [formError, setFormError] = createSignal<string | null>(null);
  const setupProblem = () => (props.setup && !props.setup.ok ? props.setup.problem : null);
  const run = () => {
    setFormError(null);
    const s = props.setup;
    if (!s?.ok) return;
    const r = fleetRun(form, s.setup);
    if ("error" in r) return setFormError(t(r.error));
    // Plain copies: the worker gets structured clones, never store proxies.
    const slos = wb.computed().result.slo.filter((x) => x.maxMs !== null);
    void simulateFleet(s.setup.sku, {
      ...r,
      setup: JSON.parse(JSON.stringify(s.setup)),
      slos: JSON.parse(JSON.stringify(slos)) as Slo[],
    });
  };
  return (
    <>
      <div class="fleet-form">
        <label>
          {t("flSku")}{" "}
          <select
            data-testid="fleet-sku"
            value={props.sku}
            onChange={(e) => props.onPick(e.currentTarget.value)}
          >
            <For each={props.candidates}>{(s) => <option value={s}>{s}</option>}</For>
          </select>
        </label>
        <ArrivalsFieldset
          form={form}
          peakRps={props.setup?.ok ? props.setup.setup.peakRps : null}
          set={(k, v) => setForm(k, v as never)}
        />
        <NumField
          label={t("flSeed")}
          size={6}
          testId="fleet-seed"
          value={form.seed}
          onInput={(v) => setForm("seed", v)}
        />{" "}
        <button
          class="primary"
          data-testid="fleet-run"
          disabled={fleet.status === "running"}
          onClick={run}
        >
          {t("flRun")}
        </button>
      </div>
      <Show when={setupProblem()}>
        {(p) => (
          <p class="bad" data-testid="fleet-setup-error">
            {renderProblem(p(), lang())}
          </p>
        )}
      </Show>
      <Show when={formError()}>
        <p class="bad" data-testid="fleet-form-error">
          {formError()}
        </p>
      </Show>
    </>
  );
}
