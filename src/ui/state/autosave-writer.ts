/**
 * The write of the autosave (docs/persistence.md): the plan into localStorage, unless the
 * autosave is held (another tab's version waits for the planner's choice, or an unreadable save
 * is kept only in the autosave key). Whatever cannot go into localStorage goes into the recent
 * plans instead, as one copy updated in place: this tab's copy while another tab's version waits,
 * the plan while localStorage is full. Until such a copy is confirmed stored, the work is
 * "unkept" (the page asks before it is closed).
 */
import type { PlanFile } from "../../engine/base/types";
import { serializeSaved } from "../../share/saved";
import { t } from "./i18n";
import { type KeyValueStorage, STORAGE_KEY } from "./persist";
import type { RecentEntry, RecentReason } from "./recent-plans";
import { createKeptCopy, type RecentKeeper } from "./recent-keeper";

/** A plan's title as the recent plans show it. */
export const titleOf = (p: PlanFile): string =>
  typeof p.title === "string" && p.title.trim() ? p.title : t("untitled");

/** A recent-plans entry for `plan`, kept now for `reason`. */
export function copyOf(plan: PlanFile, reason: RecentReason): Omit<RecentEntry, "id"> {
  return {
    title: titleOf(plan),
    keptAt: new Date().toISOString(),
    reason,
    text: JSON.stringify(plan),
  };
}

export interface AutosaveWriterDeps {
  view: () => PlanFile;
  storage: KeyValueStorage;
  keeper: Pick<RecentKeeper, "keep">;
  /** Another tab's version waits for the planner's choice. */
  otherTabWaits: () => boolean;
  /** An unreadable save kept only in the autosave key holds it. */
  heldBySetAside: () => boolean;
  /** A newer save is already asked for (a copy stored now is not the latest). */
  pending: () => boolean;
  setSaveError: (e: string | null) => void;
}

export type AutosaveWriter = ReturnType<typeof createAutosaveWriter>;

/** The autosave's writer (see the module comment). */
export function createAutosaveWriter(d: AutosaveWriterDeps) {
  const thisTab = createKeptCopy(d.keeper);
  const unsaved = createKeptCopy(d.keeper);
  let unkept = false;

  const keepCopy = (copy: ReturnType<typeof createKeptCopy>, reason: RecentReason) => {
    unkept = true;
    void copy.save(copyOf(d.view(), reason)).then((ok) => {
      if (ok && !d.pending()) unkept = false;
    });
  };

  /** Write the plan (see the module comment). */
  const write = (): void => {
    if (d.otherTabWaits()) {
      keepCopy(thisTab, "thisTab");
      d.setSaveError(t("autosaveHeldOtherTab"));
      return;
    }
    if (d.heldBySetAside()) {
      d.setSaveError(t("autosaveHeldSetAside"));
      return;
    }
    const failed = d.storage.write(STORAGE_KEY, serializeSaved(d.view(), new Date()));
    d.setSaveError(failed);
    if (failed) keepCopy(unsaved, "unsaved");
    else {
      unsaved.forget();
      unkept = false;
    }
  };

  return {
    write,
    /** This tab's copy in the recent plans while another tab's version waits. */
    thisTab,
    /** Edits not yet confirmed kept anywhere. */
    unkept: () => unkept,
  };
}
