/**
 * The Report sheet: the benchmark report (docs/report.md) of the current plan (the same text as
 * `capplan report`) in the UI language, to copy or download as `.md`; exports of the plan JSON
 * (readable by the CLI), the comparison table as CSV and the cost charts as PNG; and a
 * before/after view that compares two sweeps (`capplan compare`) with regressions marked. The
 * toolbar and the before/after view are in `./report/`.
 */
import { createMemo, type JSX, Show } from "solid-js";
import { reportMarkdown } from "../../report/report";
import { useWorkbook } from "../state/context";
import { lang, t } from "../state/i18n";
import { fileStem } from "../state/persist";
import { CostBars } from "./comparison/CostBars";
import { MarkdownView } from "./MarkdownView";
import { BeforeAfter } from "./report/BeforeAfter";
import { ReportToolbar } from "./report/ReportToolbar";

/** The Report sheet. */
export function ReportSheet(): JSX.Element {
  const wb = useWorkbook();
  const result = () => wb.computed().result;
  const md = createMemo(() => reportMarkdown(result(), lang()));
  return (
    <div class="report" data-testid="sheet-report">
      <ReportToolbar md={md()} />
      <div class="report-body">
        <article class="card report-text">
          <MarkdownView markdown={md()} testId="report-text" />
        </article>
        <aside class="report-side">
          <Show when={result().skus.length}>
            <div class="card">
              <h3>{t("charts")}</h3>
              <CostBars
                result={result()}
                testIdPrefix="report-"
                pngPrefix={`${fileStem(result().title)}-`}
              />
            </div>
          </Show>
        </aside>
      </div>
      <BeforeAfter />
    </div>
  );
}
