/**
 * The import area of the Benchmarks sheet: drop files or a whole folder, pick files or a folder,
 * or paste text. Each import is listed with a progress bar, its errors (file, line, column) or
 * what it added, and — for ambiguous CSV headers — the column-mapping step.
 */
import { FilePicker } from "./FilePicker";
import { createSignal, For, Match, Show, Switch, type JSX } from "solid-js";
import type { Field } from "../../import/aliases";
import { localizeIssue, localizeNote } from "../../report/messages";
import { lang, t } from "../state/i18n";
import type { ImportJob, Imports } from "../state/imports";
import { fieldText } from "../state/column-map";

function Progress(props: { job: ImportJob }): JSX.Element {
  // Reading (bytes, in the worker) fills the bar to 90 %; parsing has no finer hook: indeterminate.
  const parsing = () => props.job.status === "parsing";
  const pct = () => {
    const p = props.job.progress;
    if (parsing()) return 90;
    if (!p || p.total === 0) return 0;
    return Math.round((90 * p.done) / p.total);
  };
  return (
    <div
      class="progress"
      data-testid="import-progress"
      data-phase={parsing() ? "parse" : "read"}
      classList={{ indeterminate: parsing() }}
      role="progressbar"
      aria-valuenow={pct()}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div class="bar" style={{ width: `${parsing() ? 100 : pct()}%` }} />
    </div>
  );
}

/**
 * The mapping step: every column of the header with what it will be read as; each ambiguous
 * column must be chosen (a meaning or "ignore") before importing, and the choice shown in the
 * select is exactly the one applied (docs/column-mapping.md).
 */
function Mapping(props: { job: ImportJob; imports: Imports }): JSX.Element {
  // Column index → chosen candidate index, "" = ignore; absent = not chosen yet.
  const [choice, setChoice] = createSignal<ReadonlyMap<number, string>>(new Map());
  const pending = () => props.job.mapping.filter((a) => !choice().has(a.index)).length;
  const apply = () => {
    const out = new Map<number, Field | null>();
    for (const a of props.job.mapping) {
      const v = choice().get(a.index);
      out.set(a.index, v === undefined || v === "" ? null : a.candidates[Number(v)]!.field);
    }
    void props.imports.resolveMapping(props.job.id, out);
  };
  const columns = () =>
    props.job.columns.length
      ? props.job.columns
      : props.job.mapping.map((a) => ({
          index: a.index,
          column: a.column,
          status: "ambiguous" as const,
          field: null,
          candidates: a.candidates.map((c) => c.field),
        }));
  return (
    <div class="mapping" data-testid="column-mapping">
      <p>{t("mappingIntro")}</p>
      <table class="map-table">
        <thead>
          <tr>
            <th scope="col">{t("mappingColumn")}</th>
            <th scope="col">{t("mappingReadAs")}</th>
          </tr>
        </thead>
        <tbody>
          <For each={columns()}>
            {(c) => (
              <tr data-testid={`map-row-${c.index}`} data-status={c.status}>
                <td>
                  <code>{c.column}</code>
                </td>
                <td>
                  <Switch>
                    <Match when={c.status === "ambiguous"}>
                      <select
                        data-testid={`map-${c.index}`}
                        aria-label={c.column}
                        classList={{ unchosen: !choice().has(c.index) }}
                        value={choice().get(c.index) ?? "?"}
                        onChange={(e) => {
                          const v = e.currentTarget.value;
                          setChoice((m) => new Map(m).set(c.index, v));
                        }}
                      >
                        <option value="?" disabled>
                          {t("mappingChoose")}
                        </option>
                        <For each={c.candidates}>
                          {(f, i) => <option value={String(i())}>{fieldText(f, lang())}</option>}
                        </For>
                        <option value="">{t("mappingIgnore")}</option>
                      </select>
                    </Match>
                    <Match when={c.status === "mapped" && c.field}>
                      {(f) => <span>{fieldText(f(), lang())}</span>}
                    </Match>
                    <Match when={c.status === "duplicate"}>
                      <span class="muted">{t("mappingDuplicate")}</span>
                    </Match>
                    <Match when={c.status === "unknown"}>
                      <span class="muted">{t("mappingUnknown")}</span>
                    </Match>
                  </Switch>
                </td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
      <div class="map-actions">
        <button
          class="primary"
          data-testid="mapping-apply"
          disabled={pending() > 0}
          onClick={apply}
        >
          {t("mappingApply")}
        </button>
        <Show when={pending() > 0}>
          <span class="warn small" data-testid="mapping-pending">
            {t("mappingPending", { n: pending() })}
          </span>
        </Show>
      </div>
    </div>
  );
}

/** The drop zone, pickers, paste box and job list. */
export function ImportPanel(props: {
  imports: Imports;
  skuName: (i: number) => string;
}): JSX.Element {
  const [over, setOver] = createSignal(false);
  const [pasteOpen, setPasteOpen] = createSignal(false);
  const [pasteText, setPasteText] = createSignal("");
  return (
    <section class="import-panel">
      <div
        class="dropzone"
        data-testid="dropzone"
        classList={{ over: over() }}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (e.dataTransfer) void props.imports.importDrop(e.dataTransfer);
        }}
      >
        <span class="dz-text">{t("dropHint")}</span>
        <FilePicker
          label={t("pickFiles")}
          multiple
          testId="file-input"
          onFiles={(fs) => void props.imports.importFiles(fs)}
        />
        <FilePicker
          label={t("pickFolder")}
          folder
          testId="folder-input"
          onFiles={(fs) => void props.imports.importFiles(fs)}
        />
        <button data-testid="btn-paste" onClick={() => setPasteOpen(!pasteOpen())}>
          {t("pasteText")}
        </button>
      </div>
      <Show when={pasteOpen()}>
        <div class="paste-box">
          <textarea
            data-testid="paste-area"
            rows={5}
            placeholder={t("pastePlaceholder")}
            value={pasteText()}
            onInput={(e) => setPasteText(e.currentTarget.value)}
          />
          <button
            class="primary"
            data-testid="paste-import"
            disabled={!pasteText().trim()}
            onClick={() => {
              void props.imports.importText(pasteText());
              setPasteText("");
              setPasteOpen(false);
            }}
          >
            {t("importPasted")}
          </button>
        </div>
      </Show>
      <ul class="jobs">
        <For each={props.imports.jobs}>
          {(job) => (
            <li
              class="job"
              data-testid="import-job"
              data-status={job.status}
              data-dropped={job.dropped.length ? "true" : undefined}
            >
              <div class="job-head">
                <span class="job-files" title={job.files.join("\n")}>
                  {job.files.length === 1 ? job.files[0] : t("nFiles", { n: job.files.length })}
                </span>
                <Switch>
                  <Match when={job.status === "reading" || job.status === "parsing"}>
                    <Progress job={job} />
                  </Match>
                  <Match when={job.status === "ok" && job.dropped.length}>
                    <span class="warn" data-testid="import-dropped">
                      {t("importedDropped", {
                        skus: job.added.map(props.skuName).join(", "),
                        n: job.dropped.length,
                      })}
                    </span>
                  </Match>
                  <Match when={job.status === "ok"}>
                    <span class="ok" data-testid="import-ok">
                      {t("importedInto", { skus: job.added.map(props.skuName).join(", ") })}
                    </span>
                  </Match>
                  <Match when={job.status === "error"}>
                    <span class="bad">{t("importFailed")}</span>
                  </Match>
                  <Match when={job.status === "mapping"}>
                    <span class="warn">{t("mappingNeeded")}</span>
                  </Match>
                </Switch>
                <button
                  class="link"
                  onClick={() => props.imports.dismiss(job.id)}
                  aria-label={t("dismiss")}
                >
                  ×
                </button>
              </div>
              <Show when={job.status === "mapping"}>
                <Mapping job={job} imports={props.imports} />
              </Show>
              <Show when={job.dropped.length}>
                <ul class="issues dropped" data-testid="import-dropped-list">
                  <For each={job.dropped}>
                    {(e) => (
                      <li class="warn" data-testid="import-dropped-file">
                        {localizeIssue(e, lang())}
                      </li>
                    )}
                  </For>
                </ul>
              </Show>
              <Show when={job.errors.length}>
                <ul class="issues">
                  <For each={job.errors}>
                    {(e) => (
                      <li class="bad" data-testid="import-error">
                        {localizeIssue(e, lang())}
                      </li>
                    )}
                  </For>
                </ul>
              </Show>
              <Show when={job.warnings.length}>
                <details class="issues-warn">
                  <summary>{t("nWarnings", { n: job.warnings.length })}</summary>
                  <ul>
                    <For each={job.warnings}>
                      {(w) => <li data-testid="import-note">{localizeNote(w, lang())}</li>}
                    </For>
                  </ul>
                </details>
              </Show>
            </li>
          )}
        </For>
      </ul>
    </section>
  );
}
