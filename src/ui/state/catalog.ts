/**
 * The GPU catalogue (`models/gpus.json`) restored once for the app's GPU pickers, and the model
 * catalogue for KV memory. The app's build swaps this module for `./catalog-lazy.ts` (the
 * `capplan-lazy-in-app` plugin of vite.config.ts), which fetches it as a lazy chunk; read the
 * catalogues through `gpuCatalog()` / `memoryCatalog()`, which both modules export.
 */
import gpus from "../../../models/gpus.json";
import llms from "../../../models/llms.json";
import { restoreGpuCatalog, restoreLlmCatalog, type Gpu } from "../../engine/catalog/catalog";
import type { MemoryCatalog } from "../../engine/plan/plan-kv";

/** Every valid GPU of the catalogue (broken entries are skipped by the restore). */
export const GPU_CATALOG: readonly Gpu[] = restoreGpuCatalog(gpus).items;

/** The catalogues the KV-memory estimate reads (docs/memory.md): GPUs and models. */
export const MEMORY_CATALOG: MemoryCatalog = {
  gpus: GPU_CATALOG,
  llms: restoreLlmCatalog(llms).items,
};

/** The GPU catalogue (here: loaded with this module). */
export function gpuCatalog(): readonly Gpu[] {
  return GPU_CATALOG;
}

/** The catalogues of the KV-memory estimate (here: loaded with this module). */
export function memoryCatalog(): MemoryCatalog {
  return MEMORY_CATALOG;
}

/** Resolves once the catalogues are in (at once here). */
export function loadCatalogs(): Promise<void> {
  return Promise.resolve();
}
