/** Messages of team usage tables (src/import/usage.ts) and other importer-side readers (actuals, trace sessions). */
import type { Catalogue } from "../../engine/problems";

/** The catalogues of this family (registered through ./index.ts). */
export const usageCatalogues: readonly Catalogue[] = [];
