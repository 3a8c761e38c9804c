/** Plan vs actual from an imported FOCUS file (docs/focus.md): per pool, shared cost, team and total. */
import { createSignal, For, type JSX, Show } from "solid-js";
import type { Problem } from "../../../engine/base/problems";
import {
  type PlanVsActual as Comparison,
  planVsActual,
  readFocusCsv,
} from "../../../report/actuals";
import { renderProblem } from "../../../report/messages";
import { fmtMoney } from "../../format";
import { useWorkbook } from "../../state/context";
import { lang, t } from "../../state/i18n";
import { FilePicker } from "../FilePicker";
import { Grid } from "../Grid";
import { pvaCell, pvaColumns, pvaRows } from "./pva-rows";

type Outcome = { file: string; cmp: Comparison } | { file: string; errors: Problem[] };

/** A FOCUS file that could not be read or compared, with its problems. */
function PvaError(props: { file: string; errors: Problem[] }): JSX.Element {
  return (
    <div class="job" data-status="error" data-testid="pva-error">
      <span class="bad">
        {t("pvaFailed")}: {props.file}
      </span>
      <ul class="issues">
        <For each={props.errors}>{(e) => <li>{renderProblem(e, lang())}</li>}</For>
      </ul>
    </div>
  );
}

/** The comparison of a FOCUS file with the plan. */
function PvaResult(props: { file: string; cmp: Comparison }): JSX.Element {
  const c = props.cmp;
  const rows = pvaRows(c);
  return (
    <div data-testid="pva-result">
      <p class="muted small">
        {t("pvaPeriod", {
          file: props.file,
          start: c.period.start.slice(0, 10),
          end: c.period.end.slice(0, 10),
          days: c.period.days,
          n: c.charges,
          column: c.costColumn,
        })}
      </p>
      <For each={c.problems}>{(w) => <p class="warn small">{renderProblem(w, lang())}</p>}</For>
      <Grid
        id="pva"
        label={t("gridPlanVsActual")}
        columns={pvaColumns()}
        rows={rows.map((r) => ({
          key: r.key,
          label: r.label,
          class: r.key === "total" ? "total-row" : "",
        }))}
        corner=""
        cell={(r, col) => pvaCell(rows[r]!.line, col, c.currency, lang())}
      />
      <p class="muted small" data-testid="pva-unattributed">
        {t("pvaUnattributed", { amount: fmtMoney(c.unattributed, c.currency, lang()) })}
      </p>
    </div>
  );
}

/** The plan-vs-actual card: import a FOCUS file, see its variance against the plan. */
export function PlanVsActual(): JSX.Element {
  const wb = useWorkbook();
  const result = () => wb.computed().result;
  const [pva, setPva] = createSignal<Outcome | null>(null);
  const importFocus = async (f: File) => {
    const read = readFocusCsv(await f.text(), result().tenants?.pools.map((p) => p.name) ?? []);
    if (!read.ok) return setPva({ file: f.name, errors: read.problems });
    const cmp = planVsActual(result(), read);
    setPva("error" in cmp ? { file: f.name, errors: [cmp.problem] } : { file: f.name, cmp });
  };
  return (
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
        {(v) =>
          "errors" in v ? (
            <PvaError file={v.file} errors={v.errors} />
          ) : (
            <PvaResult file={v.file} cmp={v.cmp} />
          )
        }
      </Show>
    </div>
  );
}
