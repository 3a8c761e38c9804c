/** src/import/formats/index.ts: the registry of format importers, in detection priority order. */
import { describe, expect, it } from "vitest";
import { FORMATS } from "../../../src/import/formats/index";

describe("FORMATS", () => {
  it("has one importer per id, capplan's own sweep output first and the generic tables last", () => {
    const ids = FORMATS.map((f) => f.id);
    expect([new Set(ids).size, ids[0]]).toEqual([ids.length, "capplan-sweep"]);
    expect(ids.slice(-2)).toEqual(["csv", "jsonl-records"]);
    expect(ids.indexOf("vllm")).toBeLessThan(ids.indexOf("sglang"));
  });
});
