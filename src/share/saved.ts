/**
 * The app's autosave (browser storage): the plan (docs/plan-file.md) in a versioned envelope
 * (`migrate.ts`). Restoring never throws and never loses data: anything unusable comes back as
 * `corrupt` with the raw text, so the app can offer it for download before overwriting it.
 * Pure: the caller reads and writes storage and passes the clock.
 */
import { validatePlan } from "../engine/plan/plan-file";
import type { PlanFile } from "../engine/base/types";
import { depthProblem } from "./limits";
import { APP_TAG, migrateEnvelope, SCHEMA_VERSION, type SavedEnvelope } from "./migrate";

export { SCHEMA_VERSION } from "./migrate";

/** The storage key the app uses for the autosave. */
export const STORAGE_KEY = "capplan.autosave";

/** Result of {@link restoreSaved}. */
export type RestoreResult =
  | { kind: "empty" }
  | { kind: "ok"; plan: PlanFile; migratedFrom?: number; savedAt: string; warnings: string[] }
  | { kind: "corrupt"; reason: string; raw: string };

/**
 * Read the stored text: `empty` for nothing stored; `ok` with the plan (migrated from an older
 * envelope when `migratedFrom` is set); `corrupt` with a reason for invalid JSON, a foreign
 * object, a newer schema version, or a plan failing `validatePlan` (the reason names the first
 * paths, e.g. `plan.skus[0].gpusPerReplica: …`). Never throws.
 */
export function restoreSaved(raw: string | null): RestoreResult {
  if (raw === null || raw.trim() === "") return { kind: "empty" };
  const deep = depthProblem(raw, "the saved data");
  if (deep) return { kind: "corrupt", reason: deep, raw };
  let value: unknown;
  try {
    value = JSON.parse(raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw);
  } catch (e) {
    return {
      kind: "corrupt",
      reason: `the saved data is not JSON (${e instanceof Error ? e.message : String(e)})`,
      raw,
    };
  }
  const m = migrateEnvelope(value);
  if (!m.ok) return { kind: "corrupt", reason: m.reason, raw };
  const v = validatePlan(m.envelope.plan);
  if (!v.ok) {
    const shown = v.errors
      .slice(0, 3)
      .map((e) => `${e.path ? `plan.${e.path}` : "plan"}: ${e.message}`);
    const more = v.errors.length > 3 ? `; and ${v.errors.length - 3} more` : "";
    return {
      kind: "corrupt",
      reason: `the saved plan is not valid: ${shown.join("; ")}${more}`,
      raw,
    };
  }
  const base = {
    kind: "ok" as const,
    plan: v.plan,
    savedAt: m.envelope.savedAt,
    warnings: v.warnings,
  };
  return m.migratedFrom !== undefined ? { ...base, migratedFrom: m.migratedFrom } : base;
}

/**
 * The text to store for `plan`, saved at `now` (the caller passes the clock): compact JSON of
 * `{ app: "capplan", schemaVersion: 2, savedAt, plan }`. An invalid date gives `savedAt: ""`.
 * Never throws for a JSON-compatible plan.
 */
export function serializeSaved(plan: PlanFile, now: Date): string {
  const savedAt = Number.isFinite(now.getTime()) ? now.toISOString() : "";
  const env: SavedEnvelope = { app: APP_TAG, schemaVersion: SCHEMA_VERSION, savedAt, plan };
  return JSON.stringify(env);
}
