/** The GPU catalogue (`models/gpus.json`) restored once for the app's GPU pickers, and the model catalogue for KV memory. */
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
