/** src/share/migrate.ts: autosave envelopes of any known version brought to the current one. */
import { describe, expect, it } from "vitest";
import { migrateEnvelope } from "../../src/share/migrate";

describe("migrateEnvelope", () => {
  const plan = { version: "capplan.plan/v1" };
  it.each([
    [
      { schemaVersion: 1, savedAt: "t", workbook: plan },
      {
        ok: true,
        envelope: { app: "capplan", schemaVersion: 2, savedAt: "t", plan },
        migratedFrom: 1,
      },
    ],
    [
      { app: "capplan", schemaVersion: 2, plan },
      { ok: true, envelope: { app: "capplan", schemaVersion: 2, savedAt: "", plan } },
    ],
    [
      { schemaVersion: 1, savedAt: "x" },
      { ok: false, reason: "schema 1 save without a workbook object" },
    ],
    [
      { schemaVersion: 2, plan },
      { ok: false, reason: "not a capplan save (the app tag is missing)" },
    ],
    [
      { app: "capplan", schemaVersion: 2 },
      { ok: false, reason: "the save has no plan" },
    ],
    [
      { app: "capplan", schemaVersion: 1.5 },
      { ok: false, reason: "not a capplan save (no schemaVersion)" },
    ],
    [null, { ok: false, reason: "not a capplan save (expected a JSON object)" }],
  ])("%j → %j", (value, result) => expect(migrateEnvelope(value)).toEqual(result));
});
