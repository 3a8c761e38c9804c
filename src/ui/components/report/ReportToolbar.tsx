/**
 * The Report sheet's toolbar: copy the report or download it as `.md` (both saying what is not
 * checked, docs/trust.md), and export the plan JSON, the comparison CSV and the workbook (.xlsx).
 */
import { createSignal, type JSX, Show } from "solid-js";
import { serializePlan } from "../../../engine/plan/plan-file";
import { planCsv } from "../../../report/plan-output";
import { planXlsx } from "../../../report/xlsx-export";
import { copyText } from "../../state/clipboard";
import { useWorkbook } from "../../state/context";
import { lang, t } from "../../state/i18n";
import { downloadBlob, downloadText, fileStem } from "../../state/persist";
import { exportWarning, withExportWarning } from "../../state/trust";
import { confirmExport } from "../TrustStatus";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The toolbar over the report text `md`. */
export function ReportToolbar(props: { md: string }): JSX.Element {
  const wb = useWorkbook();
  const result = () => wb.computed().result;
  const stem = () => fileStem(result().title);
  const [status, setStatus] = createSignal<string | null>(null);
  const [xlsxBusy, setXlsxBusy] = createSignal(false);
  // The workbook (docs/xlsx.md) carries the allocation: it asks like the allocation exports, and
  // its warnings go into the Assumptions sheet. exceljs loads on the first click (xlsx-write.ts).
  const exportXlsx = async () => {
    const warning = await confirmExport(wb, "allocation");
    if (warning === false) return;
    setXlsxBusy(true);
    try {
      const now = new Date();
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const bytes = await planXlsx(result(), {
        period: { start, days: 1 },
        plan: wb.snapshot(),
        lang: lang(),
        ...(warning ? { warnings: warning } : {}),
      });
      downloadBlob(`${stem()}.xlsx`, new Blob([bytes as BlobPart], { type: XLSX_TYPE }));
    } catch {
      setStatus(t("xlsxFailed"));
    } finally {
      setXlsxBusy(false);
    }
  };
  // A copied report says what is not checked, like the downloaded one (docs/trust.md).
  const copy = async () => {
    const text = withExportWarning(props.md, exportWarning(wb.trust(), lang()));
    setStatus((await copyText(text)) ? t("copied") : t("copyFailed"));
  };
  const download = async () => {
    const warning = await confirmExport(wb, "report");
    if (warning === false) return;
    const name = `${stem()}-report${lang() === "zh" ? ".zh" : ""}.md`;
    downloadText(name, withExportWarning(props.md, warning), "text/markdown;charset=utf-8");
  };
  return (
    <div class="toolbar">
      <button class="primary" data-testid="report-copy" onClick={() => void copy()}>
        {t("copyReport")}
      </button>
      <button data-testid="report-download" onClick={() => void download()}>
        {t("downloadMd")}
      </button>
      <span class="sep" />
      <button
        data-testid="export-plan"
        onClick={() =>
          downloadText(`${stem()}.json`, serializePlan(wb.snapshot()), "application/json")
        }
      >
        {t("exportPlanJson")}
      </button>
      <button
        data-testid="export-comparison"
        onClick={() =>
          downloadText(`${stem()}-comparison.csv`, planCsv(result()), "text/csv;charset=utf-8")
        }
      >
        {t("exportComparisonCsv")}
      </button>
      <button
        data-testid="export-xlsx"
        title={t("exportXlsxHint")}
        disabled={xlsxBusy()}
        onClick={() => void exportXlsx()}
      >
        {t("exportXlsx")}
      </button>
      <Show when={status()}>
        <span class="muted small" data-testid="copy-status">
          {status()}
        </span>
      </Show>
    </div>
  );
}
