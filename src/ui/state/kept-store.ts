/**
 * The browser's IndexedDB database `capplan`, where copies of plans are kept: the recent plans
 * (`recent`) and the saves that could not be read (`setAside`). IndexedDB's quota is a share of
 * the disk, far above localStorage's ~5 M characters, so a set-aside copy fits even when
 * localStorage is full. Every function resolves to a value or an error text; nothing throws.
 * See docs/persistence.md.
 */

/** The object stores: each record has an auto-incremented numeric `id`. */
export type KeptStoreName = "recent" | "setAside";

const DB_NAME = "capplan";
const DB_VERSION = 1;

let opening: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  if (opening) return opening;
  opening = new Promise<IDBDatabase>((resolve, reject) => {
    try {
      const req = indexedDB.open(DB_NAME, DB_VERSION);
      req.onupgradeneeded = () => {
        const db = req.result;
        for (const name of ["recent", "setAside"] as const) {
          if (!db.objectStoreNames.contains(name))
            db.createObjectStore(name, { keyPath: "id", autoIncrement: true });
        }
      };
      req.onsuccess = () => {
        const db = req.result;
        // Another tab upgrading the schema: let it, and reopen next time.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        resolve(db);
      };
      req.onerror = () => reject(req.error ?? new Error("IndexedDB cannot be opened"));
      req.onblocked = () => reject(new Error("IndexedDB is blocked by another tab"));
    } catch (e) {
      reject(e);
    }
  });
  opening.catch(() => {
    opening = null;
  });
  return opening;
}

const message = (e: unknown) =>
  e instanceof Error
    ? e.message
    : e && typeof e === "object" && "message" in e
      ? String((e as { message: unknown }).message)
      : String(e);

/** Run one transaction on `store`; resolves when it has COMMITTED (so the data is on disk). */
function run<T>(
  store: KeptStoreName,
  mode: IDBTransactionMode,
  body: (s: IDBObjectStore) => IDBRequest | undefined,
): Promise<T> {
  return openDb().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(store, mode);
        let result: T;
        const req = body(tx.objectStore(store));
        if (req) req.onsuccess = () => (result = req.result as T);
        tx.oncomplete = () => resolve(result);
        tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
        tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
      }),
  );
}

/** All records of a store, in key order; `error` when the database is unavailable. */
export async function keptAll<T>(
  store: KeptStoreName,
): Promise<{ ok: true; value: T[] } | { ok: false; error: string }> {
  try {
    return { ok: true, value: await run<T[]>(store, "readonly", (s) => s.getAll()) };
  } catch (e) {
    return { ok: false, error: message(e) };
  }
}

/** Add or replace a record (with `id`: replace). Resolves to the record's id once committed. */
export async function keptPut(
  store: KeptStoreName,
  value: object & { id?: number | undefined },
): Promise<{ ok: true; id: number } | { ok: false; error: string }> {
  try {
    const v: { id?: number | undefined } = { ...value };
    if (v.id === undefined) delete v.id;
    return { ok: true, id: await run<number>(store, "readwrite", (s) => s.put(v)) };
  } catch (e) {
    return { ok: false, error: message(e) };
  }
}

/** Delete records by id; the error text, or null once committed. */
export async function keptDelete(
  store: KeptStoreName,
  ids: readonly number[],
): Promise<string | null> {
  if (!ids.length) return null;
  try {
    await run<undefined>(store, "readwrite", (s) => {
      for (const id of ids) s.delete(id);
    });
    return null;
  } catch (e) {
    return message(e);
  }
}

/** The three operations of the kept store, as a value: tests hand an in-memory one instead. */
export interface KeptStore {
  all: typeof keptAll;
  put: typeof keptPut;
  delete: typeof keptDelete;
}

/** The browser's IndexedDB database (this module). */
export const browserKeptStore: KeptStore = { all: keptAll, put: keptPut, delete: keptDelete };
