/**
 * The recent plans as the app holds them: a signal of the list (newest first) over the kept
 * store's `recent` records, and the writes that keep or remove a copy. Writes go one at a time
 * (a refresh right after a keep must see it). The policy of what to keep and drop is
 * `recent-plans.ts`; when to keep is `autosave.ts`. See docs/persistence.md.
 */
import { createSignal } from "solid-js";
import type { KeptStore } from "./kept-store";
import { planKeep, sortRecent, type RecentEntry } from "./recent-plans";

/** A queue of async jobs run one after the other (a failed job does not stop the next). */
export function createSerial() {
  let chain: Promise<unknown> = Promise.resolve();
  return <T>(f: () => Promise<T>): Promise<T> => {
    const p = chain.then(f, f);
    chain = p.catch(() => undefined);
    return p;
  };
}

export type RecentKeeper = ReturnType<typeof createRecentKeeper>;

/** The recent plans in `store`. */
export function createRecentKeeper(store: KeptStore) {
  const [recent, setRecent] = createSignal<RecentEntry[]>([]);
  const serial = createSerial();

  /** Read the list again; the error text when the store cannot be read. */
  const refresh = async (): Promise<string | null> => {
    const all = await store.all<RecentEntry>("recent");
    if (all.ok) setRecent(sortRecent(all.value));
    return all.ok ? null : all.error;
  };

  /** Keep a copy (an entry with `id` replaces that record); resolves to its id, or the error text. */
  const keep = (entry: RecentEntry): Promise<{ id: number } | { error: string }> =>
    serial(async () => {
      const all = await store.all<RecentEntry>("recent");
      if (!all.ok) return { error: all.error };
      const { put, drop } = planKeep(all.value, entry);
      const r = await store.put("recent", put);
      if (!r.ok) return { error: r.error };
      await store.delete("recent", drop);
      await refresh();
      return { id: r.id };
    });

  /** Remove a copy from the list. */
  const remove = async (e: RecentEntry): Promise<void> => {
    if (e.id !== undefined) await serial(() => store.delete("recent", [e.id!]));
    await refresh();
  };

  return { recent, refresh, keep, remove };
}

/**
 * One copy of the plan in the recent plans that is updated in place while a condition lasts
 * (this tab's copy while another tab's version waits; the plan while localStorage is full).
 */
export function createKeptCopy(keeper: Pick<RecentKeeper, "keep">) {
  let id: number | undefined;
  /** Bumped by `forget`: a save still running from before does not bring its id back. */
  let generation = 0;
  return {
    /** Keep (or update) the copy; resolves to true once it is stored. */
    save: async (entry: Omit<RecentEntry, "id">): Promise<boolean> => {
      const g = generation;
      const r = await keeper.keep({ ...entry, id });
      if ("id" in r && g === generation) id = r.id;
      return "id" in r;
    },
    /** The next save starts a new copy. */
    forget: () => {
      id = undefined;
      generation++;
    },
    id: () => id,
  };
}
