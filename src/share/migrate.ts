/**
 * Versions of the app's autosave envelope (browser storage) and the migrations between them.
 * The plan inside is always a `capplan.plan/v1` document (docs/plan-file.md); the envelope around it has
 * its own `schemaVersion`, so storage written by an older app can still be read.
 *
 * History:
 * - **v1** (early prototype format, kept so the migration path is exercised):
 *   `{ "schemaVersion": 1, "savedAt": "<ISO 8601>", "workbook": <plan> }` — no `app` tag, the
 *   plan under `workbook`.
 * - **v2** (current): `{ "app": "capplan", "schemaVersion": 2, "savedAt": "<ISO 8601>", "plan": <plan> }`.
 *
 * To add v3: bump {@link SCHEMA_VERSION}, add `MIGRATIONS[2]` (v2 → v3), and a test.
 */

/** The envelope version this app writes. */
export const SCHEMA_VERSION = 2;

/** The `app` tag of the current envelope. */
export const APP_TAG = "capplan";

/** The current envelope (v2). `plan` is checked with `validatePlan` by the caller. */
export interface SavedEnvelope {
  app: typeof APP_TAG;
  schemaVersion: typeof SCHEMA_VERSION;
  savedAt: string;
  plan: unknown;
}

type Obj = Record<string, unknown>;

/** A migration step: the envelope of version N → version N + 1, or why it cannot be migrated. */
type Step = (env: Obj) => { ok: true; env: Obj } | { ok: false; reason: string };

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Steps by source version: `MIGRATIONS[1]` turns v1 into v2. */
const MIGRATIONS: Record<number, Step> = {
  1: (env) => {
    if (!isObj(env.workbook))
      return { ok: false, reason: "schema 1 save without a workbook object" };
    const { workbook, schemaVersion: _v, ...rest } = env;
    return { ok: true, env: { ...rest, app: APP_TAG, schemaVersion: 2, plan: workbook } };
  },
};

/** Result of {@link migrateEnvelope}. */
export type MigrateResult =
  | { ok: true; envelope: SavedEnvelope; migratedFrom?: number }
  | { ok: false; reason: string };

/**
 * Bring a parsed save of any known version to the current envelope. Refuses objects that are not
 * capplan saves (no integer `schemaVersion`, or a foreign `app` tag), versions newer than this
 * app knows, and steps that fail. Does not validate the plan. Never throws.
 */
export function migrateEnvelope(value: unknown): MigrateResult {
  if (!isObj(value)) return { ok: false, reason: "not a capplan save (expected a JSON object)" };
  const v = value.schemaVersion;
  if (value.app !== undefined && value.app !== APP_TAG)
    return { ok: false, reason: `not a capplan save (app is ${JSON.stringify(value.app)})` };
  if (typeof v !== "number" || !Number.isInteger(v) || v < 1)
    return { ok: false, reason: "not a capplan save (no schemaVersion)" };
  if (v > SCHEMA_VERSION)
    return {
      ok: false,
      reason: `saved by a newer version of capplan (schema ${v}; this app reads up to ${SCHEMA_VERSION})`,
    };
  if (v === SCHEMA_VERSION && value.app !== APP_TAG)
    return { ok: false, reason: "not a capplan save (the app tag is missing)" };
  let env: Obj = value;
  for (let from = v; from < SCHEMA_VERSION; from++) {
    const step = MIGRATIONS[from];
    if (!step) return { ok: false, reason: `no migration from schema ${from}` };
    const r = step(env);
    if (!r.ok) return r;
    env = r.env;
  }
  if (!("plan" in env)) return { ok: false, reason: "the save has no plan" };
  const envelope: SavedEnvelope = {
    app: APP_TAG,
    schemaVersion: SCHEMA_VERSION,
    savedAt: typeof env.savedAt === "string" ? env.savedAt : "",
    plan: env.plan,
  };
  return v < SCHEMA_VERSION ? { ok: true, envelope, migratedFrom: v } : { ok: true, envelope };
}
