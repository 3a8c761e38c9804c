/**
 * Opening plans in the app: the start-up (restore the autosave, else the default example, then a
 * share link in the URL fragment on top), examples, plan files (checked first: a file with
 * problems never replaces the plan, one with only formula errors may be opened anyway), recent
 * plans and New plan. Every replacement keeps the current plan in Recent plans first
 * (docs/persistence.md). The notices it produces are shown under the tabs.
 */
import { createSignal } from "solid-js";
import type { Problem } from "../../engine/base/problems";
import type { PlanFile } from "../../engine/base/types";
import type { ImportIssue } from "../../import/types";
import { localizeIssue, renderProblem } from "../../report/messages";
import type { Lang } from "../../report/i18n";
import type { Persistence } from "./autosave";
import { DEFAULT_EXAMPLE, exampleNames, inlinePlanFiles, loadExample } from "./examples";
import { t } from "./i18n";
import { checkPlanFile, type PlanProblem } from "./open-plan";
import { emptyPlan } from "./plan-edit";
import type { RecentEntry } from "./recent-plans";
import type { Workbook } from "./workbook";

/**
 * A notice under the tabs: a text already in the app's language, a problem (docs/problems.md), or
 * an import issue of a sweep file (with its problem).
 */
export type Notice = string | Problem | ImportIssue;

/** A notice's text in `lang`. */
export function noticeText(n: Notice, lang: Lang): string {
  if (typeof n === "string") return n;
  return "params" in n ? renderProblem(n, lang) : localizeIssue(n, lang);
}

/** A plan file that could not be opened, with its problems (`openable`: only formula errors). */
export interface FileProblems {
  file: string;
  problems: PlanProblem[];
  openable: PlanFile | null;
}

/** Where example plans' `file` sweeps are fetched from. */
const EXAMPLES_BASE = "/models/examples";

export function createPlanOpener(wb: Pick<Workbook, "reset">, persist: Persistence) {
  const [loading, setLoading] = createSignal(true);
  const [notices, setNotices] = createSignal<Notice[]>([]);
  const [fileProblems, setFileProblems] = createSignal<FileProblems | null>(null);
  const examples = exampleNames();

  /** Replace the whole plan, keeping the current one in Recent plans first (see autosave.ts). */
  const replacePlan = async (
    plan: PlanFile,
    list: Notice[],
    pristine = false,
    reason: "share" | "replaced" = "replaced",
  ) => {
    const kept = await persist.replace(plan, reason, pristine);
    setNotices(kept ? [...list, kept] : list);
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
  const openFileChecked = async (f: File) => {
    const c = checkPlanFile(await f.text());
    if (!c.ok) return setFileProblems({ file: f.name, problems: c.problems, openable: c.openable });
    setFileProblems(null);
    const { plan, problems } = await inlinePlanFiles(c.plan, EXAMPLES_BASE);
    await replacePlan(plan, [t("opened", { file: f.name }), ...c.warningProblems, ...problems]);
  };
  const openFile = (f: File) =>
    openFileChecked(f).catch((e: unknown) =>
      setFileProblems({
        file: f.name,
        problems: [{ path: "", message: e instanceof Error ? e.message : String(e) }],
        openable: null,
      }),
    );
  const openAnyway = async () => {
    const fp = fileProblems();
    if (!fp?.openable) return;
    setFileProblems(null);
    const { plan, problems } = await inlinePlanFiles(fp.openable, EXAMPLES_BASE);
    await replacePlan(plan, [t("opened", { file: fp.file }), ...problems]);
  };
  const startUp = async (alongside: () => Promise<unknown>) => {
    const other = alongside();
    const restored = await persist.restore(
      () =>
        openExample(
          examples.includes(DEFAULT_EXAMPLE) ? DEFAULT_EXAMPLE : (examples[0] ?? "seed"),
          true,
        ),
      { migrated: (from) => t("migrated", { from }) },
    );
    if (restored.length) setNotices(restored);
    if (location.hash.includes("plan=")) {
      const hash = location.hash;
      history.replaceState(null, "", location.pathname + location.search);
      const d = await (await import("../../share/link")).decodePlanFromFragment(hash);
      if (d.ok) {
        const { plan, problems } = await inlinePlanFiles(d.plan, EXAMPLES_BASE);
        await replacePlan(
          plan,
          [t("sharedOpened"), ...(d.problems ?? d.warnings), ...problems],
          false,
          "share",
        );
      } else setNotices([t("shareFailed", { reason: d.reason })]);
    }
    await other;
  };
  /**
   * Start up; whatever the stored or linked data does, the app ends up usable (never stuck on
   * "Loading"). `alongside` starts at once and is awaited before loading ends (Chart.js).
   */
  const start = async (alongside: () => Promise<unknown> = async () => undefined) => {
    try {
      await startUp(alongside);
    } catch (e) {
      setNotices((n) => [
        ...n,
        t("startFailed", { reason: e instanceof Error ? e.message : String(e) }),
      ]);
    }
    setLoading(false);
  };
  return {
    examples,
    loading,
    notices,
    setNotices,
    fileProblems,
    dismissFileProblems: () => setFileProblems(null),
    start,
    openExample,
    openRecent,
    openFile,
    openAnyway,
    newPlan: () => replacePlan(emptyPlan(t("untitled")), [], true),
  };
}
