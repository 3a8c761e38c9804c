/**
 * src/ui/state/catalog-lazy.ts, the app's twin of catalog.ts: empty catalogues until loaded, then
 * the very catalogues the static module restores.
 */
import { describe, expect, it } from "vitest";
import * as eager from "../../../src/ui/state/catalog";
import { gpuCatalog, loadCatalogs, memoryCatalog } from "../../../src/ui/state/catalog-lazy";

describe("gpuCatalog / memoryCatalog / loadCatalogs (lazy)", () => {
  it("are empty before loading, then the static module's catalogues", async () => {
    expect(gpuCatalog()).toEqual([]);
    expect(memoryCatalog()).toEqual({ gpus: [], llms: [] });
    await loadCatalogs();
    expect(gpuCatalog()).toBe(eager.GPU_CATALOG);
    expect(memoryCatalog()).toBe(eager.MEMORY_CATALOG);
    expect(gpuCatalog().some((g) => g.id === "h100-sxm")).toBe(true);
  });
});

describe("gpuCatalog / memoryCatalog / loadCatalogs (static)", () => {
  it("are there at once", async () => {
    expect(eager.gpuCatalog()).toBe(eager.GPU_CATALOG);
    expect(eager.memoryCatalog()).toBe(eager.MEMORY_CATALOG);
    await expect(eager.loadCatalogs()).resolves.toBeUndefined();
  });
});
