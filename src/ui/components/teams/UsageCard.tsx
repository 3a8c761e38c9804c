/**
 * The Teams sheet's usage card: daily usage per team, editable, pasteable from a spreadsheet (a
 * block with a header row is imported like a CSV), or imported from a usage CSV.
 */
import { createSignal, type JSX, Show } from "solid-js";
import { useWorkbook } from "../../state/context";
import { t } from "../../state/i18n";
import { FilePicker } from "../FilePicker";
import { Grid } from "../Grid";
import { createUsageImport } from "./usage-import";
import { UsageImportMessage } from "./UsageImportMessage";
import { UsagePoolStep } from "./UsagePoolStep";
import { usageCell, usageColumns, usageRows } from "./usage-grid";

/** The usage card. */
export function UsageCard(): JSX.Element {
  const wb = useWorkbook();
  const usage = () => wb.plan.tenants?.usage ?? [];
  const [selected, setSelected] = createSignal(0);
  const imp = createUsageImport(wb);
  return (
    <section class="card">
      <div class="card-head">
        <h3>{t("teamUsage")}</h3>
        <span class="spacer" />
        <FilePicker
          label={t("importUsage")}
          accept=".csv,.tsv,.txt,text/csv"
          testId="usage-input"
          onFiles={(fs) => void imp.importFile(fs[0]!)}
        />
        <button
          disabled={!usage().length || selected() >= usage().length}
          data-testid="remove-usage"
          onClick={() => wb.removeUsage([selected()])}
        >
          {t("removeRow", { n: selected() + 1 })}
        </button>
      </div>
      <p class="muted small">{t("usageHint")}</p>
      <Show when={imp.poolStep()}>{(s) => <UsagePoolStep imp={imp} step={s()} />}</Show>
      <Show when={imp.message()}>
        {(m) => <UsageImportMessage m={m()} onDismiss={imp.dismiss} />}
      </Show>
      <Grid
        id="usage"
        label={t("teamUsage")}
        columns={usageColumns()}
        rows={usageRows(usage().length)}
        corner="#"
        cell={(r, c) => usageCell(wb, r, c)}
        onCommit={(r, c, raw) => wb.setUsageBlock(r, c, [[raw]])}
        onPasteBlock={(r, c, block) => imp.pasteBlock(r, c, block)}
        onSelect={(r) => setSelected(r)}
      />
    </section>
  );
}
