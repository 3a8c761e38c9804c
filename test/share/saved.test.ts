import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../src/engine/base/types";
import { restoreSaved, SCHEMA_VERSION, serializeSaved } from "../../src/share/saved";

const seed = (): PlanFile =>
  JSON.parse(
    readFileSync(new URL("../../models/examples/seed.json", import.meta.url), "utf8"),
  ) as PlanFile;
const NOW = new Date("2025-06-01T08:30:00.000Z");

describe("saved state", () => {
  it("writes the v2 envelope and restores it", () => {
    const text = serializeSaved(seed(), NOW);
    expect(SCHEMA_VERSION).toBe(2);
    expect(JSON.parse(text)).toEqual({
      app: "capplan",
      schemaVersion: 2,
      savedAt: "2025-06-01T08:30:00.000Z",
      plan: seed(),
    });
    expect(restoreSaved(text)).toEqual({
      kind: "ok",
      plan: seed(),
      savedAt: "2025-06-01T08:30:00.000Z",
      warnings: [],
    });
  });

  it("is empty when nothing is stored", () => {
    expect(restoreSaved(null)).toEqual({ kind: "empty" });
    expect(restoreSaved("  ")).toEqual({ kind: "empty" });
  });

  it("migrates a v1 save (plan under workbook, no app tag)", () => {
    const v1 = JSON.stringify({
      schemaVersion: 1,
      savedAt: "2024-12-31T23:59:00.000Z",
      workbook: seed(),
    });
    expect(restoreSaved(v1)).toEqual({
      kind: "ok",
      plan: seed(),
      savedAt: "2024-12-31T23:59:00.000Z",
      warnings: [],
      migratedFrom: 1,
    });
  });

  it("returns corrupt JSON with the raw text", () => {
    const raw = '{"app":"capplan","schemaVersion":2,"plan":{';
    const r = restoreSaved(raw);
    expect(r.kind).toBe("corrupt");
    expect(r.kind === "corrupt" && r.raw).toBe(raw);
    expect(r.kind === "corrupt" && r.reason).toMatch(/^the saved data is not JSON \(/);
  });

  it("refuses foreign objects and newer schema versions", () => {
    expect(restoreSaved('{"theme":"dark"}')).toEqual({
      kind: "corrupt",
      reason: "not a capplan save (no schemaVersion)",
      raw: '{"theme":"dark"}',
    });
    expect(restoreSaved("[1,2]")).toMatchObject({
      kind: "corrupt",
      reason: "not a capplan save (expected a JSON object)",
    });
    expect(restoreSaved('{"app":"other","schemaVersion":2,"plan":{}}')).toMatchObject({
      kind: "corrupt",
      reason: 'not a capplan save (app is "other")',
    });
    const newer = JSON.stringify({ app: "capplan", schemaVersion: 3, savedAt: "", plan: seed() });
    expect(restoreSaved(newer)).toEqual({
      kind: "corrupt",
      reason: "saved by a newer version of capplan (schema 3; this app reads up to 2)",
      raw: newer,
    });
  });

  it("names the path of a plan that fails validation", () => {
    const plan = seed();
    (plan.skus[0] as unknown as Record<string, unknown>).gpusPerReplica = "four";
    const raw = JSON.stringify({ app: "capplan", schemaVersion: 2, savedAt: "", plan });
    const r = restoreSaved(raw);
    expect(r).toEqual({
      kind: "corrupt",
      reason:
        'the saved plan is not valid: plan.skus[0].gpusPerReplica: expected a number or a formula string starting with =, got "four"',
      raw,
    });
  });

  it("never throws on an invalid date", () => {
    expect(JSON.parse(serializeSaved(seed(), new Date("nope"))).savedAt).toBe("");
  });
});
