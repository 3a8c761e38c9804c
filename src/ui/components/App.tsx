/**
 * The app shell: top bar (title cell, undo/redo, New plan, Load example, Open/Save, share link,
 * language), sheet tabs (Benchmarks, Assumptions, GPU comparison, Teams, Report), and a status bar
 * (error count, autosave, recommendation). The store lives outside the error boundary, so a
 * rendering failure never loses the plan.
 *
 * Never lose work (docs/persistence.md, state in `../state/autosave.ts`): at start the autosave is
 * restored (an unreadable one is set aside and offered for download), then a share link in the URL
 * fragment is opened on top (the restored plan goes to Recent plans; undo also returns to it).
 * Only after that does the autosave start writing, on every change.
 */
import { createEffect, createSignal, ErrorBoundary, For, lazy, Match, onCleanup, onMount, Show, Suspense, Switch, type JSX } from "solid-js";
import { serializePlan, validatePlan } from "../../engine/plan-file";
import type { PlanFile } from "../../engine/types";
import { WorkbookContext } from "../state/context";
import { DEFAULT_EXAMPLE, exampleNames, inlinePlanFiles, loadExample } from "../state/examples";
import { AttachFiles } from "./AttachFiles";
import { lang, setLang, t } from "../state/i18n";
import { translateMessage } from "../../report/messages-zh";
import { checkPlanFile, type PlanProblem } from "../state/open-plan";
import { downloadText, fileStem } from "../state/persist";
import { createPersistence } from "../state/autosave";
import type { RecentEntry } from "../state/recent-plans";
import { OtherTabPrompt, RecentPlansPanel, SetAsideBanner } from "./PersistPanels";
import { emptyPlan } from "../state/plan-edit";
import { createWorkbook } from "../state/workbook";
import { loadChartJs } from "../charts/load-chart";
import { copyText } from "../state/clipboard";
import { BenchmarksSheet } from "./BenchmarksSheet";
import { goRequest } from "../state/navigate";
import { RecStatus, revealWhere, TrustStatus } from "./TrustStatus";

// Only the first sheet is in the initial bundle; the others (and Chart.js, the share-link codec)
// are fetched after start (see `preloadLater`) or when first opened.
const AssumptionsSheet = lazy(() => import("./AssumptionsSheet").then((m) => ({ default: m.AssumptionsSheet })));
const ComparisonSheet = lazy(() => import("./ComparisonSheet").then((m) => ({ default: m.ComparisonSheet })));
const TeamsSheet = lazy(() => import("./TeamsSheet").then((m) => ({ default: m.TeamsSheet })));
const ReportSheet = lazy(() => import("./ReportSheet").then((m) => ({ default: m.ReportSheet })));
const shareCodec = () => import("../../share/link");

/** Fetch the lazy sheets once the first one is on screen, so switching tabs never waits. */
function preloadLater(): void {
  const go = () => {
    for (const s of [ComparisonSheet, AssumptionsSheet, TeamsSheet, ReportSheet]) void s.preload();
  };
  const idle = (globalThis as { requestIdleCallback?: (f: () => void, o?: { timeout: number }) => void }).requestIdleCallback;
  if (idle) idle(go, { timeout: 1000 });
  else setTimeout(go, 200);
}

type SheetId = "benchmarks" | "assumptions" | "comparison" | "teams" | "report";

const isEditable = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));

/** The workbook application. */
export function App(): JSX.Element {
  const wb = createWorkbook(emptyPlan(t("untitled")));
  const [sheet, setSheet] = createSignal<SheetId>("benchmarks");
  const [loading, setLoading] = createSignal(true);
  const [ready, setReady] = createSignal(false);
  const [notices, setNotices] = createSignal<string[]>([]);
  const [fileProblems, setFileProblems] = createSignal<{ file: string; problems: PlanProblem[]; openable: PlanFile | null } | null>(null);
  const [recentOpen, setRecentOpen] = createSignal(false);
  const [share, setShare] = createSignal<{ url: string | null; length: number; max?: number; copied: boolean; problems: string[] } | null>(null);
  const [saveError, setSaveError] = createSignal<string | null>(null);
  const persist = createPersistence(wb, { setSaveError });
  const examples = exampleNames();
  /** Replace the whole plan, keeping the current one in Recent plans first (see autosave.ts). */
  const replacePlan = async (plan: PlanFile, notices: string[], pristine = false, reason: "share" | "replaced" = "replaced") => {
    const kept = await persist.replace(plan, reason, pristine);
    setNotices(kept ? [...notices, kept] : notices);
  };

  const openExample = async (name: string, initial = false) => {
    if (!initial) setLoading(true);
    const r = await loadExample(name);
    if (r.ok && initial) wb.reset(r.plan);
    if (r.ok && !initial) await replacePlan(r.plan, r.problems, true);
    else setNotices(r.problems);
    if (!initial) setLoading(false);
  };
  const openRecent = async (e: RecentEntry) => {
    const problem = await persist.openRecent(e);
    setNotices(problem ? [problem] : [t("opened", { file: e.title })]);
  };

  onMount(async () => {
    // Whatever the stored or linked data does, the app ends up usable (never stuck on "Loading").
    try {
      await startUp();
    } catch (e) {
      setNotices((n) => [...n, t("startFailed", { reason: e instanceof Error ? e.message : String(e) })]);
    }
    setLoading(false);
    setReady(true);
    persist.start();
    preloadLater();
  });
  const startUp = async () => {
    // Chart.js is lazy but needed by the first sheet: start fetching it now, alongside the example.
    const chartJs = loadChartJs();
    const restored = await persist.restore(() => openExample(examples.includes(DEFAULT_EXAMPLE) ? DEFAULT_EXAMPLE : examples[0] ?? "seed", true), { migrated: (from) => t("migrated", { from }) });
    if (restored.length) setNotices(restored);
    if (location.hash.includes("plan=")) {
      const hash = location.hash;
      history.replaceState(null, "", location.pathname + location.search);
      const d = await (await shareCodec()).decodePlanFromFragment(hash);
      if (d.ok) {
        const { plan, problems } = await inlinePlanFiles(d.plan, "/models/examples");
        await replacePlan(plan, [t("sharedOpened"), ...d.warnings, ...problems], false, "share");
      } else setNotices([t("shareFailed", { reason: d.reason })]);
    }
    await chartJs;
  };

  const openFile = (f: File) => openFileChecked(f).catch((e: unknown) => setFileProblems({ file: f.name, problems: [{ path: "", message: e instanceof Error ? e.message : String(e) }], openable: null }));
  const openFileChecked = async (f: File) => {
    const c = checkPlanFile(await f.text());
    if (!c.ok) return setFileProblems({ file: f.name, problems: c.problems, openable: c.openable });
    setFileProblems(null);
    const { plan, problems } = await inlinePlanFiles(c.plan, "/models/examples");
    await replacePlan(plan, [t("opened", { file: f.name }), ...c.warnings, ...problems]);
  };
  const openAnyway = async () => {
    const fp = fileProblems();
    if (!fp?.openable) return;
    setFileProblems(null);
    const { plan, problems } = await inlinePlanFiles(fp.openable, "/models/examples");
    await replacePlan(plan, [t("opened", { file: fp.file }), ...problems]);
  };
  const save = () => downloadText(`${fileStem(wb.plan.title)}.json`, serializePlan(wb.snapshot()), "application/json");

  const shareLink = async () => {
    const plan = wb.snapshot();
    const v = validatePlan(plan);
    if (!v.ok) return setShare({ url: null, length: 0, copied: false, problems: v.errors.map((e) => `${e.path}: ${e.message}`) });
    const base = location.origin + location.pathname;
    const codec = await shareCodec();
    const enc = await codec.encodePlanToFragment(plan, { baseUrl: base });
    if (enc.tooLong) {
      save();
      return setShare({ url: null, length: enc.length, max: codec.MAX_URL_LENGTH, copied: false, problems: [] });
    }
    const url = base + enc.fragment;
    setShare({ url, length: enc.length, copied: await copyText(url), problems: [] });
  };

  // Undo / redo from the keyboard (text fields keep their own undo).
  const onKey = (e: KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || isEditable(e.target)) return;
    const k = e.key.toLowerCase();
    if (k === "z") {
      e.preventDefault();
      if (e.shiftKey) wb.redo();
      else wb.undo();
    } else if (k === "y") {
      e.preventDefault();
      wb.redo();
    }
  };
  // A plan file dropped anywhere outside the benchmark drop zone opens as a plan.
  const onDragOver = (e: DragEvent) => {
    if (e.dataTransfer?.types.includes("Files")) e.preventDefault();
  };
  const onDrop = (e: DragEvent) => {
    if (e.defaultPrevented || !e.dataTransfer?.files.length) return;
    e.preventDefault();
    const f = e.dataTransfer.files[0]!;
    if (/\.json$/i.test(f.name)) void openFile(f);
    else setNotices([t("dropPlanHint", { file: f.name })]);
  };
  window.addEventListener("keydown", onKey);
  window.addEventListener("dragover", onDragOver);
  window.addEventListener("drop", onDrop);
  onCleanup(() => {
    window.removeEventListener("keydown", onKey);
    window.removeEventListener("dragover", onDragOver);
    window.removeEventListener("drop", onDrop);
  });

  // "Go to the cell" from the status bar or the banner (src/ui/state/navigate.ts).
  createEffect(() => {
    const r = goRequest();
    if (!r) return;
    setSheet(r.where.sheet);
    revealWhere(r.where);
  });
  const tabs: { id: SheetId; key: "sheetBenchmarks" | "sheetAssumptions" | "sheetComparison" | "sheetTeams" | "sheetReport" }[] = [
    { id: "benchmarks", key: "sheetBenchmarks" },
    { id: "assumptions", key: "sheetAssumptions" },
    { id: "comparison", key: "sheetComparison" },
    { id: "teams", key: "sheetTeams" },
    { id: "report", key: "sheetReport" },
  ];

  return (
    <WorkbookContext.Provider value={wb}>
      <div class="app" data-testid="app" data-loading={loading() ? "true" : "false"}>
        <header class="topbar">
          <span class="brand" aria-hidden="true">capplan</span>
          <input
            class="title-cell"
            data-testid="title-input"
            aria-label={t("planTitle")}
            value={wb.plan.title ?? ""}
            onChange={(e) => wb.setText("title", e.currentTarget.value)}
          />
          <div class="actions">
            <span class="btn-group">
              <button data-testid="btn-undo" disabled={!wb.canUndo()} onClick={() => wb.undo()} title={t("undoHint")} aria-label={t("undo")}>↶ {t("undo")}</button>
              <button data-testid="btn-redo" disabled={!wb.canRedo()} onClick={() => wb.redo()} title={t("redoHint")} aria-label={t("redo")}>↷</button>
            </span>
            <button data-testid="btn-new" onClick={() => void replacePlan(emptyPlan(t("untitled")), [], true)}>{t("newPlan")}</button>
            {/* An action menu: after a choice it shows "Load example…" again, so it never claims an example is open after New plan or edits. */}
            <select data-testid="example-select" aria-label={t("loadExample")} onChange={(e) => {
              const name = e.currentTarget.value;
              e.currentTarget.value = "";
              void openExample(name);
            }} value="">
              <option value="" disabled selected>{t("loadExample")}</option>
              <For each={examples}>{(n) => <option value={n}>{n}</option>}</For>
            </select>
            <label class="btn" title={t("openPlanHint")}>
              {t("openPlan")}
              <input type="file" accept=".json,application/json" hidden data-testid="plan-input" onChange={(e) => {
                const f = e.currentTarget.files?.[0];
                e.currentTarget.value = "";
                if (f) void openFile(f);
              }} />
            </label>
            <button data-testid="btn-save" onClick={save}>{t("savePlan")}</button>
            <button data-testid="btn-share" onClick={() => void shareLink()}>{t("shareLink")}</button>
            <button data-testid="btn-recent" aria-expanded={recentOpen()} onClick={() => {
              if (!recentOpen()) void persist.refreshRecent();
              setRecentOpen(!recentOpen());
            }}>{t("recentPlans")}</button>
            <button class="lang" data-testid="lang-toggle" onClick={() => setLang(lang() === "en" ? "zh" : "en")} title={t("language")}>
              {lang() === "en" ? "中文" : "EN"}
            </button>
          </div>
        </header>
        <nav class="tabs" role="tablist">
          <For each={tabs}>
            {(tab) => (
              <button role="tab" aria-selected={sheet() === tab.id} data-testid={`tab-${tab.id}`} classList={{ active: sheet() === tab.id }} onClick={() => setSheet(tab.id)}>
                {t(tab.key)}
              </button>
            )}
          </For>
          <Show when={loading()}>
            <span class="loading" data-testid="loading">{t("loading")}</span>
          </Show>
        </nav>
        <OtherTabPrompt persist={persist} />
        <SetAsideBanner persist={persist} />
        <Show when={recentOpen()}>
          <RecentPlansPanel persist={persist} onOpen={(e) => void openRecent(e)} onClose={() => setRecentOpen(false)} />
        </Show>
        <Show when={fileProblems()}>
          {(fp) => (
            <div class="banner bad" role="alert" data-testid="file-problems">
              <div>
                <strong>{t("fileProblemsTitle", { file: fp().file })}</strong> {t(fp().openable ? "fileProblemsFormula" : "fileProblemsBody")}
                <ul class="issues">
                  <For each={fp().problems}>{(p) => <li><code>{p.path || fp().file}</code> {translateMessage(p.message, lang())}</li>}</For>
                </ul>
              </div>
              <div class="banner-actions">
                <Show when={fp().openable}>
                  <button data-testid="open-anyway" onClick={() => void openAnyway()}>{t("openAnyway")}</button>
                </Show>
                <button class="link" onClick={() => setFileProblems(null)}>{t("dismiss")}</button>
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
                    <Show when={sh().problems.length} fallback={<span data-testid="share-too-long">{t("shareTooLong", { n: sh().length.toLocaleString(), max: (sh().max ?? 0).toLocaleString() })}</span>}>
                      <strong>{t("shareInvalid")}</strong>
                      <ul class="issues"><For each={sh().problems}>{(p) => <li>{translateMessage(p, lang())}</li>}</For></ul>
                    </Show>
                  </div>
                }
              >
                <div class="share-row">
                  <span>{sh().copied ? t("shareCopied") : t("shareReady")}</span>
                  <input readonly data-testid="share-url" value={sh().url!} onFocus={(e) => e.currentTarget.select()} />
                  <span class="muted small">{t("shareLength", { n: sh().length.toLocaleString() })}</span>
                </div>
              </Show>
              <div class="banner-actions">
                <button class="link" onClick={() => setShare(null)}>{t("dismiss")}</button>
              </div>
            </div>
          )}
        </Show>
        <Show when={notices().length}>
          <div class="notices" data-testid="notices">
            <For each={notices()}>{(n) => <div>{translateMessage(n, lang())}</div>}</For>
            <button class="link" onClick={() => setNotices([])}>{t("dismiss")}</button>
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
            <Suspense fallback={<p class="muted" data-testid="sheet-loading">{t("loading")}</p>}>
            <Switch>
              <Match when={sheet() === "benchmarks"}>
                <BenchmarksSheet />
              </Match>
              <Match when={sheet() === "assumptions"}>
                <AssumptionsSheet />
              </Match>
              <Match when={sheet() === "comparison"}>
                <ComparisonSheet />
              </Match>
              <Match when={sheet() === "teams"}>
                <TeamsSheet />
              </Match>
              <Match when={sheet() === "report"}>
                <ReportSheet />
              </Match>
            </Switch>
            </Suspense>
          </ErrorBoundary>
        </main>
        <footer class="statusbar">
          <TrustStatus />
          <span data-testid="autosave-status" classList={{ bad: !!saveError(), muted: !saveError() }}>
            {saveError() ? t("autosaveFailed", { reason: saveError()! }) : ready() ? t("autosaved") : ""}
          </span>
          <span class="sep" />
          <RecStatus />
        </footer>
      </div>
    </WorkbookContext.Provider>
  );
}
