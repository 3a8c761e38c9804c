/**
 * Replacing the whole plan (share link, Open plan, example, New plan, a recent plan) keeps the
 * current one in the recent plans first, unless it is an untouched example or empty plan: the
 * planner's work is never lost to a plan opened over it (docs/persistence.md).
 */
import type { PlanFile } from "../../engine/base/types";
import { copyOf } from "./autosave-writer";
import { t } from "./i18n";
import { restoreAutosave } from "./persist";
import type { RecentEntry, RecentReason } from "./recent-plans";
import type { RecentKeeper } from "./recent-keeper";
import type { Workbook } from "./workbook";

/** The plan replacer of `wb`, keeping copies with `keeper`. */
export function createPlanReplacer(
  wb: Pick<Workbook, "view" | "revision" | "load">,
  keeper: Pick<RecentKeeper, "keep">,
) {
  /** The current plan is an untouched example / empty plan as of `revision` (not worth keeping). */
  let baseline = { pristine: true, revision: -1 };
  const worthKeeping = () => !baseline.pristine || wb.revision() !== baseline.revision;

  /** Mark the plan just loaded as the planner's (`pristine: false`) or an untouched example/new plan. */
  const markLoaded = (pristine: boolean) => {
    baseline = { pristine, revision: wb.revision() };
  };

  /** Keep the current plan (if it is the planner's work) before it is replaced; an error text, or null. */
  const keepCurrent = async (reason: RecentReason): Promise<string | null> => {
    if (!worthKeeping()) return null;
    const r = await keeper.keep(copyOf(wb.view(), reason));
    return "error" in r ? r.error : null;
  };

  /**
   * Replace the whole plan (one undo step), keeping the current one in the recent plans first.
   * Resolves to a notice when the current plan could not be kept (Undo still returns to it).
   */
  const replace = async (
    plan: PlanFile,
    reason: RecentReason,
    pristine = false,
  ): Promise<string | null> => {
    const err = await keepCurrent(reason);
    wb.load(plan);
    markLoaded(pristine);
    return err ? t("keepFailed", { reason: err }) : null;
  };

  /** Open a recent plan (the current one is kept first); a notice when it cannot be opened. */
  const openRecent = async (e: RecentEntry): Promise<string | null> => {
    // The copy is the planner's own plan: read it like the autosave (empty cells allowed).
    const r = restoreAutosave(`{"app":"capplan","schemaVersion":2,"savedAt":"","plan":${e.text}}`);
    if (r.kind !== "ok")
      return t("recentUnreadable", { reason: r.kind === "corrupt" ? r.reason : "empty" });
    return replace(r.plan, "replaced");
  };

  return { markLoaded, keepCurrent, replace, openRecent };
}
