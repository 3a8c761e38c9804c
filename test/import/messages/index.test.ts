/** src/import/messages/index.ts: every importer catalogue, registered once by the report layer. */
import { describe, expect, it } from "vitest";
import { IMPORT_CATALOGUES } from "../../../src/import/messages/index";
import { pipelineCatalogues } from "../../../src/import/messages/pipeline";
import { sweepCatalogues } from "../../../src/import/messages/sweep";
import { tableCatalogues } from "../../../src/import/messages/table";
import { toolsCatalogues } from "../../../src/import/messages/tools";
import { usageCatalogues } from "../../../src/import/messages/usage";

describe("IMPORT_CATALOGUES", () => {
  it("holds each family's catalogues once, with one domain each", () => {
    const families = [pipelineCatalogues, tableCatalogues, toolsCatalogues, usageCatalogues];
    expect(IMPORT_CATALOGUES).toEqual([...families.flat(), ...sweepCatalogues]);
    const domains = IMPORT_CATALOGUES.map((c) => c.domain);
    expect(new Set(domains).size).toBe(domains.length);
    expect(domains).toEqual(expect.arrayContaining(["import", "table", "vllm", "usage", "sweep"]));
  });
});
