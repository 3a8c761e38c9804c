/**
 * The app's `./catalog.ts` (swapped in by the `capplan-lazy-in-app` plugin of vite.config.ts): the
 * same functions, with the catalogues (about 8 KB of gzip) fetched as a lazy chunk on the first
 * `loadCatalogs()`, which the app awaits with the formula engine before it evaluates a plan
 * (./formula-engine.ts). Until then both catalogues are empty.
 */
import type { Gpu } from "../../engine/catalog/catalog";
import type { MemoryCatalog } from "../../engine/plan/plan-kv";

let gpus: readonly Gpu[] = [];
let memory: MemoryCatalog = { gpus: [], llms: [] };
let pending: Promise<void> | null = null;

/** The GPU catalogue (empty until loaded). */
export function gpuCatalog(): readonly Gpu[] {
  return gpus;
}

/** The catalogues of the KV-memory estimate (empty until loaded). */
export function memoryCatalog(): MemoryCatalog {
  return memory;
}

/** Start (or join) loading the catalogues; a failed fetch may be retried by the next call. */
export function loadCatalogs(): Promise<void> {
  pending ??= import("./catalog").then(
    (m) => {
      gpus = m.GPU_CATALOG;
      memory = m.MEMORY_CATALOG;
    },
    (e: unknown) => {
      pending = null;
      throw e;
    },
  );
  return pending;
}
