/**
 * The saves that could not be read, set aside until the planner downloads or discards them
 * (docs/persistence.md). An unreadable autosave is kept in IndexedDB before anything can write
 * over it; when IndexedDB refuses, it stays in the autosave key and HOLDS the autosave (nothing is
 * written over it) until it is downloaded or discarded. A set-aside written by an earlier version
 * under one localStorage key is moved into IndexedDB at start-up.
 */
import { createSignal } from "solid-js";
import type { KeptStore } from "./kept-store";
import { type KeyValueStorage, SET_ASIDE_KEY } from "./persist";

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

/** The entry a legacy set-aside text stands for (its JSON fields, or the text itself). */
export function legacyEntry(text: string): SetAsideEntry {
  try {
    const v = JSON.parse(text) as { reason?: unknown; raw?: unknown; at?: unknown };
    if (typeof v.raw === "string")
      return {
        reason: String(v.reason ?? ""),
        raw: v.raw,
        at: String(v.at ?? ""),
        where: "legacy",
      };
  } catch {
    // not JSON: keep the text itself
  }
  return { reason: "", raw: text, at: "", where: "legacy" };
}

export type SetAsides = ReturnType<typeof createSetAsides>;

/**
 * The set-aside saves in `store` and `storage`. `released` runs when an entry that held the
 * autosave stops holding it (downloaded or discarded), so the autosave can be written again.
 */
export function createSetAsides(store: KeptStore, storage: KeyValueStorage, released: () => void) {
  const [list, setList] = createSignal<SetAsideEntry[]>([]);

  /** Read them at start-up (moving a legacy one into IndexedDB). */
  const load = async (): Promise<void> => {
    const found: SetAsideEntry[] = [];
    const legacy = storage.read(SET_ASIDE_KEY);
    if (legacy) {
      const e = legacyEntry(legacy);
      const r = await store.put("setAside", { reason: e.reason, raw: e.raw, at: e.at } as object);
      if (r.ok) storage.write(SET_ASIDE_KEY, null);
      else found.push(e);
    }
    const all = await store.all<SetAsideEntry>("setAside");
    if (all.ok)
      for (const v of all.value)
        found.push({ id: v.id, reason: v.reason, raw: v.raw, at: v.at, where: "idb" });
    setList(found);
  };

  /** Set aside an unreadable autosave BEFORE anything can overwrite it. */
  const add = async (reason: string, raw: string): Promise<void> => {
    if (list().some((s) => s.raw === raw)) return; // already kept (an earlier start-up)
    const at = new Date().toISOString();
    const r = await store.put("setAside", { reason, raw, at } as object);
    const entry: SetAsideEntry = r.ok
      ? { id: r.id, reason, raw, at, where: "idb" }
      : { reason, raw, at, where: "autosave", keepError: r.error };
    setList([...list(), entry]);
  };

  /** True while an entry kept only in the autosave key has not been downloaded. */
  const holdsAutosave = () => list().some((s) => s.where === "autosave" && !s.downloaded);

  /** The planner downloaded an entry: one kept only in the autosave no longer holds it. */
  const downloaded = (e: SetAsideEntry): void => {
    if (e.where !== "autosave") return;
    setList(list().map((s) => (s === e ? { ...s, downloaded: true } : s)));
    released();
  };

  /** The planner discarded an entry: it is deleted wherever it was kept. */
  const discard = async (e: SetAsideEntry): Promise<void> => {
    if (e.where === "idb" && e.id !== undefined) await store.delete("setAside", [e.id]);
    if (e.where === "legacy") storage.write(SET_ASIDE_KEY, null);
    setList(list().filter((s) => s !== e));
    released();
  };

  return { list, load, add, holdsAutosave, downloaded, discard };
}
