/** The GPU catalogue (`models/gpus.json`) restored once for the app's GPU pickers. */
import gpus from "../../../models/gpus.json";
import { restoreGpuCatalog, type Gpu } from "../../engine/catalog/catalog";

/** Every valid GPU of the catalogue (broken entries are skipped by the restore). */
export const GPU_CATALOG: readonly Gpu[] = restoreGpuCatalog(gpus).items;
