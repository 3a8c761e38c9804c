/**
 * Every catalogue of the importers' messages (docs/problems.md), registered by the report layer
 * (src/report/messages.ts). Each family keeps its catalogues in its own file here.
 */
import type { Catalogue } from "../../engine/base/problems";
import { pipelineCatalogues } from "./pipeline";
import { tableCatalogues } from "./table";
import { toolsCatalogues } from "./tools";
import { usageCatalogues } from "./usage";
import { sweepCatalogues } from "./sweep";

export const IMPORT_CATALOGUES: readonly Catalogue[] = [
  ...pipelineCatalogues,
  ...tableCatalogues,
  ...toolsCatalogues,
  ...usageCatalogues,
  ...sweepCatalogues,
];
