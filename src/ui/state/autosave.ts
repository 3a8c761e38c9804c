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
import type { PlanFile } from "../../engine/base/types";
import { serializeSaved } from "../../share/saved";
import { t } from "./i18n";
import { keptAll, keptDelete, keptPut } from "./kept-store";
import { readStorage, restoreAutosave, SET_ASIDE_KEY, STORAGE_KEY, writeStorage } from "./persist";
import { planKeep, sortRecent, type RecentEntry, type RecentReason } from "./recent-plans";
import type { Workbook } from "./workbook";

/**
 * A save that could not be read. `where`: `idb` (kept in IndexedDB), `legacy` (under the old
 * localStorage key, IndexedDB unavailable), `autosave` (still only in the autosave key: the
 * autosave is held until it is downloaded or discarded).
 */
export interface SetAsideEntry {
  id?: number | undefined;
  reason: string;
  raw: string;
  at: string;
  where: "idb" | "legacy" | "autosave";
  /** Why it could not be kept in IndexedDB (for `autosave`). */
  keepError?: string | undefined;
  downloaded?: boolean | undefined;
}

/** A different plan saved by another tab, waiting for the planner's choice. */
export interface OtherTabVersion {
  plan: PlanFile;
  text: string;
  title: string;
  savedAt: string;
}

export type Persistence = ReturnType<typeof createPersistence>;

/** Set up persistence for the workbook (call inside the App component). */
export function createPersistence(
  wb: Workbook,
  opts: { setSaveError: (e: string | null) => void },
) {
  const [ready, setReady] = createSignal(false);
  const [recent, setRecent] = createSignal<RecentEntry[]>([]);
  const [setAsides, setSetAsides] = createSignal<SetAsideEntry[]>([]);
  const [otherTab, setOtherTab] = createSignal<OtherTabVersion | null>(null);
  /** The current plan is an untouched example / empty plan as of `revision` (not worth keeping). */
  let baseline = { pristine: true, revision: -1 };
  /** The recent entry holding this tab's copy while another tab's version waits. */
  let thisTabId: number | undefined;
  /** The recent entry holding the plan while the autosave does not fit in localStorage. */
  let unsavedId: number | undefined;
  /** Edits of this tab not yet confirmed kept anywhere (asks before the page is closed). */
  let unkept = false;

  const heldBySetAside = () => setAsides().some((s) => s.where === "autosave" && !s.downloaded);
  const held = () => otherTab() !== null || heldBySetAside();

  // One write at a time to IndexedDB (a refresh after a keep must see it).
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(f: () => Promise<T>): Promise<T> => {
    const p = chain.then(f, f);
    chain = p.catch(() => undefined);
    return p;
  };

  const refreshRecent = async () => {
    const all = await keptAll<RecentEntry>("recent");
    if (all.ok) setRecent(sortRecent(all.value));
    return all.ok ? null : all.error;
  };

  /** Keep a copy in the recent plans; resolves to its id, or the error text. */
  const keep = (entry: RecentEntry): Promise<{ id: number } | { error: string }> =>
    serial(async () => {
      const all = await keptAll<RecentEntry>("recent");
      if (!all.ok) return { error: all.error };
      const { put, drop } = planKeep(all.value, entry);
      const r = await keptPut("recent", put);
      if (!r.ok) return { error: r.error };
      await keptDelete("recent", drop);
      await refreshRecent();
      return { id: r.id };
    });

  const titleOf = (p: PlanFile) =>
    typeof p.title === "string" && p.title.trim() ? p.title : t("untitled");
  const worthKeeping = () => !baseline.pristine || wb.revision() !== baseline.revision;

  /** Keep the current plan (if it is the planner's work) before it is replaced; an error text, or null. */
  const keepCurrent = async (reason: RecentReason): Promise<string | null> => {
    if (!worthKeeping()) return null;
    const p = wb.view();
    const r = await keep({
      title: titleOf(p),
      keptAt: new Date().toISOString(),
      reason,
      text: JSON.stringify(p),
    });
    return "error" in r ? r.error : null;
  };

  /** Mark the plan just loaded as the planner's (`pristine: false`) or an untouched example/new plan. */
  const markLoaded = (pristine: boolean) => {
    baseline = { pristine, revision: wb.revision() };
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

  // ---- set-aside saves -------------------------------------------------------------------------

  const loadSetAsides = async () => {
    const list: SetAsideEntry[] = [];
    // A set-aside written by an earlier version under one localStorage key: move it to IndexedDB.
    const legacy = readStorage(SET_ASIDE_KEY);
    if (legacy) {
      let e: SetAsideEntry = { reason: "", raw: legacy, at: "", where: "legacy" };
      try {
        const v = JSON.parse(legacy) as { reason?: unknown; raw?: unknown; at?: unknown };
        if (typeof v.raw === "string")
          e = {
            reason: String(v.reason ?? ""),
            raw: v.raw,
            at: String(v.at ?? ""),
            where: "legacy",
          };
      } catch {
        // not JSON: keep the text itself
      }
      const r = await keptPut("setAside", { reason: e.reason, raw: e.raw, at: e.at } as object);
      if (r.ok) writeStorage(SET_ASIDE_KEY, null);
      else list.push(e);
    }
    const all = await keptAll<SetAsideEntry>("setAside");
    if (all.ok)
      list.push(
        ...all.value.map((v) => ({
          id: v.id,
          reason: v.reason,
          raw: v.raw,
          at: v.at,
          where: "idb" as const,
        })),
      );
    setSetAsides(list);
  };

  /** Set aside an unreadable autosave BEFORE anything can overwrite it. */
  const setAsideCorrupt = async (reason: string, raw: string) => {
    if (setAsides().some((s) => s.raw === raw)) return; // already kept (an earlier start-up)
    const at = new Date().toISOString();
    const r = await keptPut("setAside", { reason, raw, at } as object);
    const entry: SetAsideEntry = r.ok
      ? { id: r.id, reason, raw, at, where: "idb" }
      : { reason, raw, at, where: "autosave", keepError: r.error };
    setSetAsides([...setAsides(), entry]);
  };

  const releaseIfFree = () => {
    if (!held()) {
      savePending = true;
      flushSave();
    }
  };

  /** The planner downloaded a set-aside save: an unkept one no longer holds the autosave. */
  const setAsideDownloaded = (e: SetAsideEntry) => {
    if (e.where !== "autosave") return;
    setSetAsides(setAsides().map((s) => (s === e ? { ...s, downloaded: true } : s)));
    releaseIfFree();
  };

  const discardSetAside = async (e: SetAsideEntry) => {
    if (e.where === "idb" && e.id !== undefined) await keptDelete("setAside", [e.id]);
    if (e.where === "legacy") writeStorage(SET_ASIDE_KEY, null);
    setSetAsides(setAsides().filter((s) => s !== e));
    releaseIfFree();
  };

  // ---- start-up ---------------------------------------------------------------------------------

  /**
   * Restore the autosave into the workbook; otherwise open the default (`openDefault`). Resolves
   * to notices for the planner. Call once, before {@link start}.
   */
  const restore = async (
    openDefault: () => Promise<void>,
    notice: { migrated: (from: number) => string },
  ): Promise<string[]> => {
    await loadSetAsides();
    void refreshRecent();
    const found = restoreAutosave(readStorage(STORAGE_KEY));
    if (found.kind === "ok") {
      wb.reset(found.plan);
      markLoaded(false);
      return found.migratedFrom !== undefined ? [notice.migrated(found.migratedFrom)] : [];
    }
    if (found.kind === "corrupt") await setAsideCorrupt(found.reason, found.raw);
    await openDefault();
    markLoaded(true);
    return [];
  };

  // ---- autosave --------------------------------------------------------------------------------

  // The write runs in a task of its own after the change has been painted (a large plan takes tens
  // of ms to serialise) and is flushed at once if the page goes away.
  let savePending = false;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  function flushSave() {
    if (!savePending) return;
    savePending = false;
    clearTimeout(saveTimer);
    if (otherTab()) {
      // Another tab's version waits for a choice: this tab's copy goes to the recent plans only.
      const p = wb.view();
      unkept = true;
      void keep({
        id: thisTabId,
        title: titleOf(p),
        keptAt: new Date().toISOString(),
        reason: "thisTab",
        text: JSON.stringify(p),
      }).then((r) => {
        if ("id" in r) {
          thisTabId = r.id;
          if (!savePending) unkept = false;
        }
      });
      opts.setSaveError(t("autosaveHeldOtherTab"));
      return;
    }
    if (heldBySetAside()) {
      opts.setSaveError(t("autosaveHeldSetAside"));
      return;
    }
    const failed = writeStorage(STORAGE_KEY, serializeSaved(wb.view(), new Date()));
    opts.setSaveError(failed);
    if (failed) {
      // localStorage is full: keep the plan in IndexedDB (Recent plans) instead, one entry updated.
      const p = wb.view();
      unkept = true;
      void keep({
        id: unsavedId,
        title: titleOf(p),
        keptAt: new Date().toISOString(),
        reason: "unsaved",
        text: JSON.stringify(p),
      }).then((r) => {
        if ("id" in r) {
          unsavedId = r.id;
          if (!savePending) unkept = false;
        }
      });
    } else {
      unsavedId = undefined;
      unkept = false;
    }
  }
  createEffect(() => {
    wb.revision();
    if (!ready() || savePending) return;
    savePending = true;
    // After the next frame is painted: a task queued right away would run before that frame and
    // delay the edit's paint by the serialisation and storage write (~30 ms for a large plan).
    requestAnimationFrame(() => {
      if (savePending) saveTimer = setTimeout(flushSave, 0);
    });
  });

  // ---- several tabs ------------------------------------------------------------------------------

  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_KEY || e.newValue === null || !ready()) return;
    const r = restoreAutosave(e.newValue);
    if (r.kind !== "ok") return;
    let text: string;
    try {
      text = JSON.stringify((JSON.parse(e.newValue) as { plan: unknown }).plan);
    } catch {
      return;
    }
    if (text === JSON.stringify(wb.view())) {
      // The same plan (this tab's own save echoed, or both tabs agree): nothing to choose.
      if (otherTab()) resolveOtherTab("mine");
      return;
    }
    const first = !otherTab();
    setOtherTab({ plan: r.plan, text, title: titleOf(r.plan), savedAt: r.savedAt });
    if (first) {
      thisTabId = undefined;
      savePending = true;
      flushSave(); // keeps this tab's copy in the recent plans
    }
  };

  /** Load the other tab's version (`theirs`; this tab's copy stays in the recent plans) or keep this tab's (`mine`). */
  const resolveOtherTab = (choice: "theirs" | "mine") => {
    const o = otherTab();
    if (!o) return;
    if (choice === "theirs") {
      // This tab's copy is already in the recent plans (kept when the other version arrived).
      const p = wb.view();
      void keep({
        id: thisTabId,
        title: titleOf(p),
        keptAt: new Date().toISOString(),
        reason: "thisTab",
        text: JSON.stringify(p),
      });
      setOtherTab(null);
      wb.load(o.plan);
      markLoaded(false);
    } else {
      void keep({
        title: o.title,
        keptAt: new Date().toISOString(),
        reason: "otherTab",
        text: o.text,
      });
      setOtherTab(null);
    }
    thisTabId = undefined;
    opts.setSaveError(null);
    savePending = true;
    flushSave();
  };

  const onHide = () => {
    if (document.visibilityState === "hidden") flushSave();
  };
  // Edits kept only in memory (the IndexedDB copy not yet confirmed): let the browser ask first.
  const onBeforeUnload = (e: BeforeUnloadEvent) => {
    flushSave();
    if (unkept) e.preventDefault();
  };
  window.addEventListener("beforeunload", onBeforeUnload);
  window.addEventListener("storage", onStorage);
  window.addEventListener("pagehide", flushSave);
  document.addEventListener("visibilitychange", onHide);
  onCleanup(() => {
    flushSave();
    window.removeEventListener("storage", onStorage);
    window.removeEventListener("beforeunload", onBeforeUnload);
    window.removeEventListener("pagehide", flushSave);
    document.removeEventListener("visibilitychange", onHide);
  });

  // ---- recent plans ------------------------------------------------------------------------------

  /** Open a recent plan (the current one is kept first); a notice when it cannot be opened. */
  const openRecent = async (e: RecentEntry): Promise<string | null> => {
    // The copy is the planner's own plan: read it like the autosave (empty cells allowed).
    const r = restoreAutosave(`{"app":"capplan","schemaVersion":2,"savedAt":"","plan":${e.text}}`);
    if (r.kind !== "ok")
      return t("recentUnreadable", { reason: r.kind === "corrupt" ? r.reason : "empty" });
    return replace(r.plan, "replaced");
  };

  const removeRecent = async (e: RecentEntry) => {
    if (e.id !== undefined) await serial(() => keptDelete("recent", [e.id!]));
    await refreshRecent();
  };

  return {
    /** Start autosaving (after {@link restore} and any share link). */
    start: () => setReady(true),
    ready,
    restore,
    replace,
    markLoaded,
    keepCurrent,
    recent,
    refreshRecent,
    openRecent,
    removeRecent,
    setAsides,
    setAsideDownloaded,
    discardSetAside,
    otherTab,
    resolveOtherTab,
    held,
  };
}
