/**
 * The app's top bar: the title cell, undo/redo, New plan, Load example, Open/Save, share link,
 * recent plans and the language.
 */
import { For, type JSX } from "solid-js";
import { useWorkbook } from "../../state/context";
import { lang, setLang, t } from "../../state/i18n";
import { FilePicker } from "../FilePicker";

/** What the top bar's buttons do. */
export interface TopbarActions {
  examples: readonly string[];
  newPlan(): void;
  openExample(name: string): void;
  openFile(f: File): void;
  save(): void;
  shareLink(): void;
  recentOpen: boolean;
  toggleRecent(): void;
}

/** Undo and redo. */
function UndoRedo(): JSX.Element {
  const wb = useWorkbook();
  return (
    <span class="btn-group">
      <button
        data-testid="btn-undo"
        disabled={!wb.canUndo()}
        onClick={() => wb.undo()}
        title={t("undoHint")}
        aria-label={t("undo")}
      >
        ↶ {t("undo")}
      </button>
      <button
        data-testid="btn-redo"
        disabled={!wb.canRedo()}
        onClick={() => wb.redo()}
        title={t("redoHint")}
        aria-label={t("redo")}
      >
        ↷
      </button>
    </span>
  );
}

/** The top bar. */
export function Topbar(props: { actions: TopbarActions }): JSX.Element {
  const wb = useWorkbook();
  const a = () => props.actions;
  return (
    <header class="topbar">
      <h1 class="brand">capplan</h1>
      <input
        class="title-cell"
        data-testid="title-input"
        aria-label={t("planTitle")}
        value={wb.plan.title ?? ""}
        onChange={(e) => wb.setText("title", e.currentTarget.value)}
      />
      <div class="actions">
        <UndoRedo />
        <button data-testid="btn-new" onClick={() => a().newPlan()}>
          {t("newPlan")}
        </button>
        {/* An action menu: after a choice it shows "Load example…" again, so it never claims an example is open after New plan or edits. */}
        <select
          data-testid="example-select"
          aria-label={t("loadExample")}
          onChange={(e) => {
            const name = e.currentTarget.value;
            e.currentTarget.value = "";
            a().openExample(name);
          }}
          value=""
        >
          <option value="" disabled selected>
            {t("loadExample")}
          </option>
          <For each={a().examples}>{(n) => <option value={n}>{n}</option>}</For>
        </select>
        <FilePicker
          label={t("openPlan")}
          title={t("openPlanHint")}
          accept=".json,application/json"
          testId="plan-input"
          onFiles={(fs) => a().openFile(fs[0]!)}
        />
        <button data-testid="btn-save" onClick={() => a().save()}>
          {t("savePlan")}
        </button>
        <button data-testid="btn-share" onClick={() => a().shareLink()}>
          {t("shareLink")}
        </button>
        <button
          data-testid="btn-recent"
          aria-expanded={a().recentOpen}
          onClick={() => a().toggleRecent()}
        >
          {t("recentPlans")}
        </button>
        <button
          class="lang"
          data-testid="lang-toggle"
          lang={lang() === "en" ? "zh-CN" : "en"}
          onClick={() => setLang(lang() === "en" ? "zh" : "en")}
          title={t("language")}
        >
          {lang() === "en" ? "中文" : "EN"}
        </button>
      </div>
    </header>
  );
}
