/**
 * The finance exports: the allocation CSV and the FOCUS-style CSV for a billing period. Exports
 * that would carry an unchecked or wrong number ask first and say so in the file (docs/trust.md):
 * the allocation CSV's warnings are in the dialog (a CSV starts with its header), the FOCUS
 * file's in its x_CapplanWarnings column.
 */
import { createSignal, type JSX, Show } from "solid-js";
import { allocationCsv } from "../../../report/allocation-csv";
import { focusCsv } from "../../../report/focus";
import { useWorkbook } from "../../state/context";
import { lang, t } from "../../state/i18n";
import { downloadText, fileStem } from "../../state/persist";
import { monthPeriod } from "../../state/usage-edit";
import { confirmExport } from "../TrustStatus";

/** The warnings of a confirmed export as FOCUS notes (the dialog's lines without its heading). */
export function focusWarnings(warning: readonly string[] | null | undefined): string[] {
  return warning ? warning.slice(1).map((l) => l.replace(/^- /, "")) : [];
}

/** The exports card. */
export function FinanceExports(): JSX.Element {
  const wb = useWorkbook();
  const result = () => wb.computed().result;
  const init = monthPeriod(new Date());
  const [start, setStart] = createSignal(init.start);
  const [days, setDays] = createSignal(String(init.days));
  const [exportMsg, setExportMsg] = createSignal<string | null>(null);
  const stem = () => fileStem(result().title);
  const exportAllocation = async () => {
    if ((await confirmExport(wb, "allocation")) === false) return;
    const csv = `\ufeff${allocationCsv(result(), lang())}`;
    downloadText(`${stem()}-allocation.csv`, csv, "text/csv;charset=utf-8");
  };
  const exportFocus = async () => {
    const period = { start: new Date(`${start()}T00:00:00Z`), days: Number(days()) };
    const check = focusCsv(result(), { period, plan: wb.snapshot() });
    if (!check.ok) return setExportMsg(`${t("focusFailed")}: ${check.reason}`);
    setExportMsg(null);
    const warning = await confirmExport(wb, "allocation");
    if (warning === false) return;
    const warnings = focusWarnings(warning);
    const r = focusCsv(result(), { period, plan: wb.snapshot(), warnings });
    if (r.ok) downloadText(`${stem()}-focus-${start()}.csv`, r.csv, "text/csv;charset=utf-8");
  };
  return (
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
  );
}
