/** Messages of the import pipeline (src/import/index.ts, input.ts, decode.ts, describe.ts, csv.ts, path-load.ts, repeats.ts): empty, binary, too large, unknown format, skipped and dropped files, repeats. */
import type { Catalogue } from "../../engine/problems";

/** The catalogues of this family (registered through ./index.ts). */
export const pipelineCatalogues: readonly Catalogue[] = [];
