/**
 * A single named numeric field outside a grid (SKU header: GPUs per replica, price). Commits on
 * Enter or blur; a rejected entry keeps the typed text and shows why; formulas are allowed.
 */
import { createEffect, createSignal, type JSX } from "solid-js";
import { fmtComputed } from "../format";
import { useWorkbook } from "../state/context";
import { lang } from "../state/i18n";
import { localizeError } from "../../report/messages";
import { errorCode } from "./Grid";

/** Props of {@link FieldInput}. */
export interface FieldInputProps {
  path: string;
  label: string;
  testId: string;
  required?: boolean;
  width?: string;
  /** Shown (amber, not as an error) while the field is empty: a value still needed, e.g. "needs a price". */
  needs?: string;
  /** Shown (amber, as the title) while the value is a default the planner did not type, e.g. a catalogue price. */
  defaulted?: string | undefined;
  /** The unit written after the input, e.g. the plan's currency beside a price (`USD`). */
  unit?: string;
}

/** A labelled numeric plan field. */
export function FieldInput(props: FieldInputProps): JSX.Element {
  const wb = useWorkbook();
  const cell = () => wb.cell(props.path);
  const [text, setText] = createSignal("");
  const [focused, setFocused] = createSignal(false);
  createEffect(() => {
    if (!focused()) setText(cell().raw);
  });
  const commit = () => {
    if (text() !== cell().raw) wb.setNumber(props.path, text(), props.required ?? true);
  };
  const missing = () => !!props.needs && cell().raw.trim() === "";
  const shown = () => {
    const c = cell();
    if (focused()) return text();
    if (missing()) return "";
    if (c.error) return `${errorCode(c.error.kind)} ${c.raw}`.trim();
    return c.raw.startsWith("=") ? fmtComputed(c.value) : c.raw;
  };
  return (
    <label
      class="field"
      classList={{
        bad: !!cell().error && !missing(),
        needs: missing(),
        defaulted: !!props.defaulted && !missing() && !cell().error,
        formula: cell().raw.startsWith("="),
      }}
      title={
        missing()
          ? props.needs
          : ((cell().error ? localizeError(cell().error!, lang()) : null) ??
            props.defaulted ??
            (cell().raw.startsWith("=") ? cell().raw : undefined))
      }
    >
      <span class="field-label">{props.label}</span>
      <input
        data-testid={props.testId}
        data-needs={missing() ? "true" : undefined}
        data-defaulted={props.defaulted && !missing() ? "true" : undefined}
        placeholder={missing() ? props.needs : undefined}
        value={shown()}
        style={props.width ? { width: props.width } : undefined}
        onFocus={() => {
          setText(cell().raw);
          setFocused(true);
        }}
        onInput={(e) => setText(e.currentTarget.value)}
        onBlur={() => {
          commit();
          setFocused(false);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") e.currentTarget.blur();
          if (e.key === "Escape") {
            setText(cell().raw);
            e.currentTarget.blur();
          }
        }}
      />
      {props.unit ? (
        <span class="field-unit" data-testid={`${props.testId}-unit`}>
          {props.unit}
        </span>
      ) : null}
    </label>
  );
}
