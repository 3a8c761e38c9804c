/** In-memory stand-ins for IndexedDB's kept store and localStorage, for the persistence tests. */
import type { KeptStore, KeptStoreName } from "../../../src/ui/state/kept-store";
import type { KeyValueStorage } from "../../../src/ui/state/persist";

/** A kept store in memory; `failing` makes every call fail with that text (no IndexedDB). */
export function memoryKeptStore(failing: string | null = null) {
  const stores: Record<KeptStoreName, Map<number, object>> = {
    recent: new Map(),
    setAside: new Map(),
  };
  let next = 1;
  const calls: string[] = [];
  const store: KeptStore = {
    all: async <T>(name: KeptStoreName) => {
      calls.push(`all ${name}`);
      if (failing) return { ok: false as const, error: failing };
      return { ok: true as const, value: [...stores[name].values()] as T[] };
    },
    put: async (name, value) => {
      calls.push(`put ${name}`);
      if (failing) return { ok: false as const, error: failing };
      const id = value.id ?? next++;
      stores[name].set(id, { ...value, id });
      return { ok: true as const, id };
    },
    delete: async (name, ids) => {
      calls.push(`delete ${name} ${ids.join(",")}`);
      if (failing) return failing;
      for (const id of ids) stores[name].delete(id);
      return null;
    },
  };
  return { store, stores, calls };
}

/** localStorage in memory; `full` makes every write fail with that text. */
export function memoryStorage(init: Record<string, string> = {}, full: string | null = null) {
  const data = new Map(Object.entries(init));
  const storage: KeyValueStorage = {
    read: (k) => data.get(k) ?? null,
    write: (k, v) => {
      if (full && v !== null) return full;
      if (v === null) data.delete(k);
      else data.set(k, v);
      return null;
    },
  };
  return { storage, data };
}
