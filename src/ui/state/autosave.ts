/**
 * Never lose work in the browser (docs/persistence.md): the autosave (localStorage, written after
 * every change), the recent plans and the set-aside saves (IndexedDB, `kept-store.ts`), and
 * several tabs on one plan (`storage` events).
 *
 * - Start-up: the autosave is restored; an unreadable one is first set aside in IndexedDB. When
 *   that fails (no room, no IndexedDB), the data stays where it is and the autosave is HELD
 *   (nothing is written over it) until the planner downloads or discards it.
 * - Replacing the whole plan (share link, Open plan, example, New plan, a recent plan) first keeps
 *   the current plan in the recent plans, unless it is an untouched example or empty plan.
 * - Another tab saving a different plan: this tab's copy goes to the recent plans at once, this
 *   tab stops writing the autosave, and the planner chooses: load the other tab's version, or keep
 *   this tab's (the other tab's version is then kept in the recent plans). Either way both copies
 *   survive.
 */
import { createEffect, createSignal, onCleanup } from "solid-js";
import { copyOf, createAutosaveWriter, titleOf } from "./autosave-writer";
import { browserKeptStore, type KeptStore } from "./kept-store";
import { type OtherTabVersion, readOtherTabSave } from "./other-tab";
import { browserStorage, type KeyValueStorage, restoreAutosave, STORAGE_KEY } from "./persist";
import { createPlanReplacer } from "./plan-replacer";
import { createRecentKeeper } from "./recent-keeper";
import { createSaveScheduler } from "./save-scheduler";
import { createSetAsides } from "./set-asides";
import type { Workbook } from "./workbook";

// The panels name these with the rest of the persistence.
export type { OtherTabVersion } from "./other-tab";
export type { SetAsideEntry } from "./set-asides";

export type Persistence = ReturnType<typeof createPersistence>;

/** Where persistence keeps things: the browser's by default, in-memory ones in tests. */
export interface PersistenceStores {
  kept?: KeptStore;
  storage?: KeyValueStorage;
}

/**
 * Listen to the page going away (write now, and let the browser ask when edits are not yet kept)
 * and to other tabs' saves, until the owner is disposed.
 */
function listenToPage(
  flush: () => void,
  unkept: () => boolean,
  onStorage: (e: StorageEvent) => void,
) {
  const onHide = () => {
    if (document.visibilityState === "hidden") flush();
  };
  // Edits kept only in memory (the IndexedDB copy not yet confirmed): let the browser ask first.
  const onBeforeUnload = (e: BeforeUnloadEvent) => {
    flush();
    if (unkept()) e.preventDefault();
  };
  window.addEventListener("beforeunload", onBeforeUnload);
  window.addEventListener("storage", onStorage);
  window.addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", onHide);
  onCleanup(() => {
    flush();
    window.removeEventListener("storage", onStorage);
    window.removeEventListener("beforeunload", onBeforeUnload);
    window.removeEventListener("pagehide", flush);
    document.removeEventListener("visibilitychange", onHide);
  });
}

/** Set up persistence for the workbook (call inside the App component). */
export function createPersistence(
  wb: Workbook,
  opts: { setSaveError: (e: string | null) => void } & PersistenceStores,
) {
  const storage = opts.storage ?? browserStorage;
  const [ready, setReady] = createSignal(false);
  const [otherTab, setOtherTab] = createSignal<OtherTabVersion | null>(null);
  const keeper = createRecentKeeper(opts.kept ?? browserKeptStore);
  const setAsides = createSetAsides(opts.kept ?? browserKeptStore, storage, () => {
    if (!held()) saves.now();
  });
  const held = () => otherTab() !== null || setAsides.holdsAutosave();
  const writer = createAutosaveWriter({
    view: wb.view,
    storage,
    keeper,
    otherTabWaits: () => otherTab() !== null,
    heldBySetAside: setAsides.holdsAutosave,
    pending: () => saves.pending(),
    setSaveError: opts.setSaveError,
  });
  const saves = createSaveScheduler(writer.write);
  createEffect(() => {
    wb.revision();
    if (ready()) saves.request();
  });

  const { markLoaded, keepCurrent, replace, openRecent } = createPlanReplacer(wb, keeper);

  /**
   * Restore the autosave into the workbook (an unreadable one is set aside first); otherwise open
   * the default (`openDefault`). Resolves to notices for the planner. Call once, before `start`.
   */
  const restore = async (
    openDefault: () => Promise<void>,
    notice: { migrated: (from: number) => string },
  ): Promise<string[]> => {
    await setAsides.load();
    void keeper.refresh();
    const found = restoreAutosave(storage.read(STORAGE_KEY));
    if (found.kind === "ok") {
      wb.reset(found.plan);
      markLoaded(false);
      return found.migratedFrom !== undefined ? [notice.migrated(found.migratedFrom)] : [];
    }
    if (found.kind === "corrupt") await setAsides.add(found.reason, found.raw);
    await openDefault();
    markLoaded(true);
    return [];
  };

  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_KEY || e.newValue === null || !ready()) return;
    const r = readOtherTabSave(e.newValue, () => JSON.stringify(wb.view()));
    if (r.kind === "none") return;
    if (r.kind === "same") {
      if (otherTab()) resolveOtherTab("mine");
      return;
    }
    const first = !otherTab();
    setOtherTab({ plan: r.plan, text: r.text, title: titleOf(r.plan), savedAt: r.savedAt });
    if (first) {
      writer.thisTab.forget();
      saves.now(); // keeps this tab's copy in the recent plans
    }
  };

  /** Load the other tab's version (`theirs`; this tab's copy stays in the recent plans) or keep this tab's (`mine`). */
  const resolveOtherTab = (choice: "theirs" | "mine") => {
    const o = otherTab();
    if (!o) return;
    if (choice === "theirs") {
      // This tab's copy is already in the recent plans (kept when the other version arrived).
      void writer.thisTab.save(copyOf(wb.view(), "thisTab"));
      setOtherTab(null);
      wb.load(o.plan);
      markLoaded(false);
    } else {
      void keeper.keep({
        title: o.title,
        keptAt: new Date().toISOString(),
        reason: "otherTab",
        text: o.text,
      });
      setOtherTab(null);
    }
    writer.thisTab.forget();
    opts.setSaveError(null);
    saves.now();
  };

  listenToPage(saves.flush, writer.unkept, onStorage);

  return {
    /** Start autosaving (after {@link restore} and any share link). */
    start: () => setReady(true),
    ready,
    restore,
    replace,
    markLoaded,
    keepCurrent,
    recent: keeper.recent,
    refreshRecent: keeper.refresh,
    openRecent,
    removeRecent: keeper.remove,
    setAsides: setAsides.list,
    setAsideDownloaded: setAsides.downloaded,
    discardSetAside: setAsides.discard,
    otherTab,
    resolveOtherTab,
    held,
  };
}
