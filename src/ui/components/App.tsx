/**
 * The app shell: top bar (title cell, undo/redo, New plan, Load example, Open/Save, share link,
 * language), sheet tabs (Benchmarks, Assumptions, Traffic, GPU comparison, Teams, Report), and a status bar
 * (error count, autosave, recommendation). The store lives outside the error boundary, so a
 * rendering failure never loses the plan.
 *
 * Never lose work (docs/persistence.md, state in `../state/autosave.ts`): at start the autosave is
 * restored (an unreadable one is set aside and offered for download), then a share link in the URL
 * fragment is opened on top (the restored plan goes to Recent plans; undo also returns to it).
 * Only after that does the autosave start writing, on every change.
 */
import { FilePicker } from "./FilePicker";
import {
  createEffect,
  createSignal,
  ErrorBoundary,
  For,
  lazy,
  onMount,
  Show,
  Suspense,
  type Component,
  type JSX,
} from "solid-js";
import { Dynamic } from "solid-js/web";
import { serializePlan } from "../../engine/plan/plan-file";
import { WorkbookContext } from "../state/context";
import { AttachFiles } from "./AttachFiles";
import { lang, setLang, t } from "../state/i18n";
import type { UiKey } from "../i18n";
import { downloadText, fileStem } from "../state/persist";
import { createPersistence } from "../state/autosave";
import { OtherTabPrompt, RecentPlansPanel, SetAsideBanner } from "./PersistPanels";
import { emptyPlan } from "../state/plan-edit";
import { createWorkbook } from "../state/workbook";
import { loadChartJs } from "../charts/load-chart";
import { formulaEngineFailure, formulasReady, startFormulaEngine } from "../state/formula-engine";
import { SHEET_PANEL, SheetTabs, tabId } from "./SheetTabs";
import { goRequest } from "../state/navigate";
import { ConfirmHost } from "./ConfirmDialog";
import { createUndoShortcuts } from "../state/shortcuts";
import { createPlanDrop } from "../state/plan-drop";
import { createShareAction } from "../state/share-action";
import { planProblemText } from "../state/open-plan";
import { createPlanOpener, noticeText } from "../state/plan-opener";

// Only the first sheet is in the initial bundle; the others (and Chart.js, the share-link codec)
// are fetched after start (see `preloadLater`) or when first opened.
// Every sheet is a lazy chunk. The first one shown (Benchmarks) is fetched at start-up alongside
// the formula engine: it shows computed results, so it could not draw before the engine is in
// anyway, and the app shell (bar, tabs, status) paints without either (docs/performance.md).
const BenchmarksSheet = lazy(() =>
  import("./BenchmarksSheet").then((m) => ({ default: m.BenchmarksSheet })),
);
// The status bar reports on computed results, so it shows with the formula engine; lazy too.
const statusModule = () => import("./TrustStatus");
const TrustStatus = lazy(() => statusModule().then((m) => ({ default: m.TrustStatus })));
const RecStatus = lazy(() => statusModule().then((m) => ({ default: m.RecStatus })));
const AssumptionsSheet = lazy(() =>
  import("./AssumptionsSheet").then((m) => ({ default: m.AssumptionsSheet })),
);
const ComparisonSheet = lazy(() =>
  import("./ComparisonSheet").then((m) => ({ default: m.ComparisonSheet })),
);
const TeamsSheet = lazy(() => import("./TeamsSheet").then((m) => ({ default: m.TeamsSheet })));
const TrafficSheet = lazy(() =>
  import("./TrafficSheet").then((m) => ({ default: m.TrafficSheet })),
);
const FleetSheet = lazy(() => import("./FleetSheet").then((m) => ({ default: m.FleetSheet })));
const ReportSheet = lazy(() => import("./ReportSheet").then((m) => ({ default: m.ReportSheet })));

type SheetId =
  | "benchmarks"
  | "assumptions"
  | "traffic"
  | "comparison"
  | "fleet"
  | "teams"
  | "report";

/**
 * The sheets, in tab order: id (also `tab-<id>` test ids and `goRequest` targets), the tab's
 * i18n key and the component. A new sheet is one entry here (a lazy component).
 */
const SHEETS: { id: SheetId; key: UiKey; component: Component & { preload?: () => unknown } }[] = [
  { id: "benchmarks", key: "sheetBenchmarks", component: BenchmarksSheet },
  { id: "assumptions", key: "sheetAssumptions", component: AssumptionsSheet },
  { id: "traffic", key: "sheetTraffic", component: TrafficSheet },
  { id: "comparison", key: "sheetComparison", component: ComparisonSheet },
  { id: "fleet", key: "sheetFleet", component: FleetSheet },
  { id: "teams", key: "sheetTeams", component: TeamsSheet },
  { id: "report", key: "sheetReport", component: ReportSheet },
];

/** Fetch the lazy sheets once the first one is on screen, so switching tabs never waits. */
function preloadLater(): void {
  const go = () => {
    for (const s of SHEETS) void s.component.preload?.();
  };
  const idle = (
    globalThis as { requestIdleCallback?: (f: () => void, o?: { timeout: number }) => void }
  ).requestIdleCallback;
  if (idle) idle(go, { timeout: 1000 });
  else setTimeout(go, 200);
}

/** The workbook application. */
export function App(): JSX.Element {
  const wb = createWorkbook(emptyPlan(t("untitled")));
  const [sheet, setSheet] = createSignal<SheetId>("benchmarks");
  const [ready, setReady] = createSignal(false);
  const [recentOpen, setRecentOpen] = createSignal(false);
  const [saveError, setSaveError] = createSignal<string | null>(null);
  const persist = createPersistence(wb, { setSaveError });
  const opener = createPlanOpener(wb, persist);
  const { loading, notices, setNotices, fileProblems, examples } = opener;
  const save = () =>
    downloadText(
      `${fileStem(wb.plan.title)}.json`,
      serializePlan(wb.snapshot()),
      "application/json",
    );
  const { share, shareLink, dismiss: dismissShare } = createShareAction(wb, save);

  onMount(async () => {
    // Chart.js, the formula engine and the first sheet are lazy but needed by the first screen:
    // start fetching them now, alongside the example.
    void BenchmarksSheet.preload();
    void TrustStatus.preload();
    await opener.start(() => Promise.all([loadChartJs(), startFormulaEngine()]));
    setReady(true);
    persist.start();
    preloadLater();
  });
  createUndoShortcuts(wb);
  createPlanDrop({
    plan: (f) => void opener.openFile(f),
    other: (f) => setNotices([t("dropPlanHint", { file: f.name })]),
  });

  // "Go to the cell" from the status bar or the banner (src/ui/state/navigate.ts).
  createEffect(() => {
    const r = goRequest();
    if (!r) return;
    setSheet(r.where.sheet);
    void statusModule().then((m) => m.revealWhere(r.where));
  });

  return (
    <WorkbookContext.Provider value={wb}>
      <div class="app" data-testid="app" data-loading={loading() ? "true" : "false"}>
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
            <button data-testid="btn-new" onClick={() => void opener.newPlan()}>
              {t("newPlan")}
            </button>
            {/* An action menu: after a choice it shows "Load example…" again, so it never claims an example is open after New plan or edits. */}
            <select
              data-testid="example-select"
              aria-label={t("loadExample")}
              onChange={(e) => {
                const name = e.currentTarget.value;
                e.currentTarget.value = "";
                void opener.openExample(name);
              }}
              value=""
            >
              <option value="" disabled selected>
                {t("loadExample")}
              </option>
              <For each={examples}>{(n) => <option value={n}>{n}</option>}</For>
            </select>
            <FilePicker
              label={t("openPlan")}
              title={t("openPlanHint")}
              accept=".json,application/json"
              testId="plan-input"
              onFiles={(fs) => void opener.openFile(fs[0]!)}
            />
            <button data-testid="btn-save" onClick={save}>
              {t("savePlan")}
            </button>
            <button data-testid="btn-share" onClick={() => void shareLink()}>
              {t("shareLink")}
            </button>
            <button
              data-testid="btn-recent"
              aria-expanded={recentOpen()}
              onClick={() => {
                if (!recentOpen()) void persist.refreshRecent();
                setRecentOpen(!recentOpen());
              }}
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
        <nav class="tabs" aria-label={t("sheetsNav")}>
          <SheetTabs sheets={SHEETS} current={sheet()} onSelect={setSheet} />
          <Show when={loading()}>
            <span class="loading" data-testid="loading">
              {t("loading")}
            </span>
          </Show>
        </nav>
        <OtherTabPrompt persist={persist} />
        <SetAsideBanner persist={persist} />
        <Show when={recentOpen()}>
          <RecentPlansPanel
            persist={persist}
            onOpen={(e) => void opener.openRecent(e)}
            onClose={() => setRecentOpen(false)}
          />
        </Show>
        <Show when={fileProblems()}>
          {(fp) => (
            <div class="banner bad" role="alert" data-testid="file-problems">
              <div>
                <strong>{t("fileProblemsTitle", { file: fp().file })}</strong>{" "}
                {t(fp().openable ? "fileProblemsFormula" : "fileProblemsBody")}
                <ul class="issues">
                  <For each={fp().problems}>
                    {(p) => (
                      <li>
                        <code>{p.path || fp().file}</code> {planProblemText(p, lang())}
                      </li>
                    )}
                  </For>
                </ul>
              </div>
              <div class="banner-actions">
                <Show when={fp().openable}>
                  <button data-testid="open-anyway" onClick={() => void opener.openAnyway()}>
                    {t("openAnyway")}
                  </button>
                </Show>
                <button class="link" onClick={opener.dismissFileProblems}>
                  {t("dismiss")}
                </button>
              </div>
            </div>
          )}
        </Show>
        <Show when={share()}>
          {(sh) => (
            <div class="banner" classList={{ bad: !sh().url }} data-testid="share-panel">
              <Show
                when={sh().url}
                fallback={
                  <div>
                    <Show
                      when={sh().problems.length}
                      fallback={
                        <span data-testid="share-too-long">
                          {t("shareTooLong", {
                            n: sh().length.toLocaleString(),
                            max: (sh().max ?? 0).toLocaleString(),
                          })}
                        </span>
                      }
                    >
                      <strong>{t("shareInvalid")}</strong>
                      <ul class="issues">
                        <For each={sh().problems}>
                          {(p) => (
                            <li>
                              <code>{p.path}</code> {planProblemText(p, lang())}
                            </li>
                          )}
                        </For>
                      </ul>
                    </Show>
                  </div>
                }
              >
                <div class="share-row">
                  <span>{sh().copied ? t("shareCopied") : t("shareReady")}</span>
                  <input
                    readonly
                    data-testid="share-url"
                    value={sh().url!}
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <span class="muted small">
                    {t("shareLength", { n: sh().length.toLocaleString() })}
                  </span>
                </div>
              </Show>
              <div class="banner-actions">
                <button class="link" onClick={dismissShare}>
                  {t("dismiss")}
                </button>
              </div>
            </div>
          )}
        </Show>
        <Show when={notices().length}>
          <div class="notices" data-testid="notices">
            <For each={notices()}>{(n) => <div>{noticeText(n, lang())}</div>}</For>
            <button class="link" onClick={() => setNotices([])}>
              {t("dismiss")}
            </button>
          </div>
        </Show>
        <AttachFiles />
        <main class="sheet">
          <ErrorBoundary
            fallback={(err, reset) => (
              <div class="crash" role="alert" data-testid="error-boundary">
                <h2>{t("crashTitle")}</h2>
                <p>{t("crashBody")}</p>
                <pre>{err instanceof Error ? err.message : String(err)}</pre>
                <button onClick={reset}>{t("tryAgain")}</button>
              </div>
            )}
          >
            <Show
              when={formulasReady()}
              fallback={
                <Show
                  when={formulaEngineFailure()}
                  fallback={
                    <p class="muted" data-testid="sheet-loading">
                      {t("loading")}
                    </p>
                  }
                >
                  {(why) => (
                    <div class="banner bad" role="alert" data-testid="boot-failed">
                      <span>{t("bootFailed", { reason: why() })}</span>
                      <button onClick={() => void startFormulaEngine()}>{t("tryAgain")}</button>
                    </div>
                  )}
                </Show>
              }
            >
              <Suspense
                fallback={
                  <p class="muted" data-testid="sheet-loading">
                    {t("loading")}
                  </p>
                }
              >
                <div role="tabpanel" id={SHEET_PANEL} aria-labelledby={tabId(sheet())}>
                  <Dynamic
                    component={(SHEETS.find((x) => x.id === sheet()) ?? SHEETS[0]!).component}
                  />
                </div>
              </Suspense>
            </Show>
          </ErrorBoundary>
        </main>
        <ConfirmHost />
        <footer class="statusbar">
          <Show when={formulasReady()}>
            <Suspense fallback={<span class="muted">{t("loading")}</span>}>
              <TrustStatus />
            </Suspense>
          </Show>
          <span
            data-testid="autosave-status"
            classList={{ bad: !!saveError(), muted: !saveError() }}
          >
            {saveError()
              ? t("autosaveFailed", { reason: saveError()! })
              : ready()
                ? t("autosaved")
                : ""}
          </span>
          <span class="sep" />
          <Show when={formulasReady()}>
            <Suspense>
              <RecStatus />
            </Suspense>
          </Show>
        </footer>
      </div>
    </WorkbookContext.Provider>
  );
}
