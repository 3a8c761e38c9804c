/**
 * Where a trace comes in: the drop zone and picker (a dropped trace is not a plan drop), the
 * reading job with its progress, and the errors of a trace that could not be read.
 */
import { createSignal, For, type JSX, Show } from "solid-js";
import type { ImportIssue } from "../../../import/types";
import { localizeIssue } from "../../../report/messages";
import { lang, t } from "../../state/i18n";
import { traceSourceOf, useTraffic } from "../../state/traffic";
import { FilePicker } from "../FilePicker";

/** An import error in the chosen language: from its issue (with its problem) when there is one. */
function issueLine(issue: ImportIssue | undefined, english: string): string {
  return issue ? localizeIssue(issue, lang()) : english;
}

/** The reading job's progress bar. */
function Progress(): JSX.Element {
  const { traffic } = useTraffic();
  const pct = () => {
    const p = traffic.progress;
    return p && p.total > 0 ? Math.round((100 * p.done) / p.total) : 0;
  };
  return (
    <div
      class="progress"
      data-testid="traffic-progress"
      role="progressbar"
      aria-valuenow={pct()}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div class="bar" style={{ width: `${pct()}%` }} />
    </div>
  );
}

/** The drop zone and the picker. */
function TraceDrop(): JSX.Element {
  const { traffic, importTrace, clearTrace } = useTraffic();
  const [over, setOver] = createSignal(false);
  const open = (files: ArrayLike<File>) => {
    const src = traceSourceOf(files);
    if (src) void importTrace(src);
  };
  return (
    <div
      class="dropzone"
      data-testid="traffic-dropzone"
      classList={{ over: over() }}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation(); // not a plan drop
        setOver(false);
        if (e.dataTransfer) open(e.dataTransfer.files);
      }}
    >
      <span class="dz-text">{t("trDropHint")}</span>
      <FilePicker
        label={t("trPick")}
        accept=".csv,.tsv,.jsonl,.json,.txt,text/csv"
        testId="traffic-file-input"
        onFiles={open}
      />
      <Show when={traffic.view}>
        <button class="link" data-testid="traffic-clear" onClick={clearTrace}>
          {t("trClear")}
        </button>
      </Show>
    </div>
  );
}

/** The import panel. */
export function TraceImportPanel(): JSX.Element {
  const { traffic } = useTraffic();
  return (
    <section class="import-panel">
      <TraceDrop />
      <Show when={traffic.status === "reading"}>
        <div class="job" data-testid="traffic-job">
          <div class="job-head">
            <span class="job-files">{t("trReading", { file: traffic.file ?? "" })}</span>
            <Progress />
          </div>
        </div>
      </Show>
      <Show when={traffic.errors.length}>
        <div class="job" data-status="error" data-testid="traffic-errors">
          <span class="bad">{t("trFailed")}</span>
          <ul class="issues">
            <For each={traffic.errors}>
              {(e, i) => <li class="bad">{issueLine(traffic.issues[i()], e)}</li>}
            </For>
          </ul>
        </div>
      </Show>
    </section>
  );
}
