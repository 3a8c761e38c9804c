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
import {
  createEffect,
  createSignal,
  lazy,
  onMount,
  Show,
  Suspense,
  type Component,
  type JSX,
} from "solid-js";
import { serializePlan } from "../../engine/plan/plan-file";
import { WorkbookContext } from "../state/context";
import { AttachFiles } from "./AttachFiles";
import { t } from "../state/i18n";
import type { UiKey } from "../i18n";
import { downloadText, fileStem } from "../state/persist";
import { createPersistence } from "../state/autosave";
import { OtherTabPrompt, RecentPlansPanel, SetAsideBanner } from "./PersistPanels";
import { emptyPlan } from "../state/plan-edit";
import { createWorkbook } from "../state/workbook";
import { loadChartJs } from "../charts/load-chart";
import { formulasReady, startFormulaEngine } from "../state/formula-engine";
import { SheetTabs } from "./SheetTabs";
import { FileProblemsBanner, Notices, SharePanel } from "./app/Banners";
import { SheetView } from "./app/SheetView";
import { Topbar } from "./app/Topbar";
import { goRequest } from "../state/navigate";
import { ConfirmHost } from "./ConfirmDialog";
import { createUndoShortcuts } from "../state/shortcuts";
import { createPlanDrop } from "../state/plan-drop";
import { createShareAction } from "../state/share-action";
import { createPlanOpener } from "../state/plan-opener";

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
  const current = () => SHEETS.find((x) => x.id === sheet()) ?? SHEETS[0]!;
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
        <Topbar
          actions={{
            examples,
            newPlan: () => void opener.newPlan(),
            openExample: (name) => void opener.openExample(name),
            openFile: (f) => void opener.openFile(f),
            save,
            shareLink: () => void shareLink(),
            get recentOpen() {
              return recentOpen();
            },
            toggleRecent: () => {
              if (!recentOpen()) void persist.refreshRecent();
              setRecentOpen(!recentOpen());
            },
          }}
        />
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
            <FileProblemsBanner
              fp={fp()}
              onOpenAnyway={() => void opener.openAnyway()}
              onDismiss={opener.dismissFileProblems}
            />
          )}
        </Show>
        <Show when={share()}>{(sh) => <SharePanel sh={sh()} onDismiss={dismissShare} />}</Show>
        <Show when={notices().length}>
          <Notices notices={notices()} onDismiss={() => setNotices([])} />
        </Show>
        <AttachFiles />
        <SheetView id={sheet()} title={t(current().key)} component={current().component} />
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
