/** The arrivals of a fleet run: Poisson at a rate (the plan's peak by default), or a replayed trace. */
import { type JSX, Show } from "solid-js";
import { fmtValue } from "../../format";
import { t } from "../../state/i18n";
import { FilePicker } from "../FilePicker";
import type { FleetForm } from "./fleet-run-form";

/** A small number field of the form. */
export function NumField(props: {
  label: string;
  testId: string;
  size: number;
  value: string;
  placeholder?: string;
  onInput: (v: string) => void;
}): JSX.Element {
  return (
    <label>
      {props.label}{" "}
      <input
        class="num"
        size={props.size}
        data-testid={props.testId}
        placeholder={props.placeholder}
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
    </label>
  );
}

/** The arrivals fieldset; `set` changes one field of the form. */
export function ArrivalsFieldset(props: {
  form: FleetForm;
  peakRps: number | null;
  set: <K extends keyof FleetForm>(key: K, value: FleetForm[K]) => void;
}): JSX.Element {
  const f = () => props.form;
  return (
    <fieldset>
      <legend>{t("flArrivals")}</legend>
      <label>
        <input
          type="radio"
          name="fleet-source"
          checked={f().source === "poisson"}
          onChange={() => props.set("source", "poisson")}
          data-testid="fleet-poisson"
        />{" "}
        {t("flPoisson")}
      </label>{" "}
      <NumField
        label={t("flRate")}
        size={7}
        testId="fleet-rps"
        placeholder={fmtValue(props.peakRps, 2)}
        value={f().rps}
        onInput={(v) => props.set("rps", v)}
      />{" "}
      <NumField
        label={t("flRequests")}
        size={8}
        testId="fleet-requests"
        value={f().requests}
        onInput={(v) => props.set("requests", v)}
      />
      <br />
      <label>
        <input
          type="radio"
          name="fleet-source"
          checked={f().source === "trace"}
          onChange={() => props.set("source", "trace")}
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
          props.set("traceFile", fs[0]!);
          props.set("source", "trace");
        }}
      />{" "}
      <Show when={f().traceFile}>
        {(file) => (
          <span class="muted" data-testid="fleet-trace-name">
            {file().name}
          </span>
        )}
      </Show>{" "}
      <NumField
        label={t("flRateScale")}
        size={4}
        testId="fleet-rate-scale"
        value={f().rateScale}
        onInput={(v) => props.set("rateScale", v)}
      />
    </fieldset>
  );
}
