import { describe, expect, it } from "vitest";
import {
  GPU_CATALOG,
  gpuCatalog,
  loadCatalogs,
  MEMORY_CATALOG,
  memoryCatalog,
} from "../../../src/ui/state/catalog";

describe("gpuCatalog", () => {
  it("is the bundled GPU catalogue, with the GPUs the pickers offer", () => {
    expect(gpuCatalog()).toBe(GPU_CATALOG);
    const ids = GPU_CATALOG.map((g) => g.id);
    expect(ids).toEqual(expect.arrayContaining(["h100-sxm", "l40s", "h200", "l4"]));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("memoryCatalog", () => {
  it("holds the GPUs and the models of the KV-memory estimate", () => {
    expect(memoryCatalog()).toBe(MEMORY_CATALOG);
    expect(MEMORY_CATALOG.gpus).toBe(GPU_CATALOG);
    expect(MEMORY_CATALOG.llms.length).toBeGreaterThan(0);
  });
});

describe("loadCatalogs", () => {
  it("resolves at once (the catalogues came with the module)", async () => {
    await expect(loadCatalogs()).resolves.toBeUndefined();
  });
});
