/**
 * Never lose work: the start-up restore of the autosave and the data set aside when it cannot be
 * read. Pure except {@link readStorage}/{@link writeStorage}, which wrap `localStorage` (private
 * mode and full storage are reported, never thrown).
 *
 * Decision (an imported SKU has an empty price on purpose, so the in-app plan can fail
 * `validatePlan`): the autosave stores the plan exactly as it is, valid or not. On restore,
 * `restoreSaved` (src/share/saved.ts) decides; a plan it refuses ONLY because of empty number
 * fields (`""`, what the app itself writes for "not typed yet") is still loaded, since every such
 * cell shows `#VALUE` until typed. Anything else (not JSON, a foreign object, a newer schema, a
 * broken plan) is reported, and the raw text is set aside under {@link SET_ASIDE_KEY} (offered
 * for download until discarded) before the app starts on the default example.
 */
import { validatePlan } from "../../engine/plan/plan-file";
import type { PlanFile } from "../../engine/base/types";
import { depthProblem } from "../../share/limits";
import { migrateEnvelope } from "../../share/migrate";
import { restoreSaved } from "../../share/saved";

export { STORAGE_KEY } from "../../share/saved";

/** Where an unreadable autosave is kept (raw text) until the planner downloads or discards it. */
export const SET_ASIDE_KEY = "capplan.autosave.set-aside";

/** Outcome of {@link restoreAutosave}. */
export type AutosaveRestore =
  | { kind: "empty" }
  | { kind: "ok"; plan: PlanFile; migratedFrom?: number; savedAt: string }
  | { kind: "corrupt"; reason: string; raw: string };

/**
 * Restore the autosave text (see the module comment). `ok` plans may hold empty-string number
 * fields written by the app itself; `corrupt` carries the reason and the raw text. Never throws.
 */
export function restoreAutosave(raw: string | null): AutosaveRestore {
  const r = restoreSaved(raw);
  if (r.kind === "empty") return r;
  if (r.kind === "ok")
    return r.migratedFrom !== undefined
      ? { kind: "ok", plan: r.plan, savedAt: r.savedAt, migratedFrom: r.migratedFrom }
      : { kind: "ok", plan: r.plan, savedAt: r.savedAt };
  // Refused: load it anyway when the only problems are number fields left empty in the app.
  if (depthProblem(raw!, "")) return { kind: "corrupt", reason: r.reason, raw: r.raw };
  try {
    const m = migrateEnvelope(JSON.parse(raw!));
    if (m.ok) {
      const v = validatePlan(m.envelope.plan);
      if (!v.ok && v.errors.every((e) => e.got === '""' && e.path !== "")) {
        const base = {
          kind: "ok" as const,
          plan: m.envelope.plan as PlanFile,
          savedAt: m.envelope.savedAt,
        };
        return m.migratedFrom !== undefined ? { ...base, migratedFrom: m.migratedFrom } : base;
      }
    }
  } catch {
    // not JSON: the reason from restoreSaved says so
  }
  return { kind: "corrupt", reason: r.reason, raw: r.raw };
}

/** Read a storage key; null when absent or storage is unavailable. */
export function readStorage(key: string): string | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Write (or, with null, remove) a storage key; the error text when storage refuses (full, private mode). */
export function writeStorage(key: string, value: string | null): string | null {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** Offer text as a file download (plan JSON, CSV, Markdown, a set-aside save). */
export function downloadText(name: string, text: string, type: string): void {
  downloadBlob(name, new Blob([text], { type }));
}

/** Offer a blob as a file download. */
export function downloadBlob(name: string, blob: Blob): void {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** A file name from a plan title: `Seed worked example: 70B` → `seed-worked-example-70b`. */
export function fileStem(title: string | undefined): string {
  const s = (title ?? "")
    .normalize("NFKD")
    .replace(/[^\w\u4e00-\u9fff.-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase();
  return s.slice(0, 60) || "plan";
}

/** localStorage as a value: tests hand an in-memory one (or a full one) instead. */
export interface KeyValueStorage {
  read: (key: string) => string | null;
  /** Write (null: remove); the error text when the storage refuses. */
  write: (key: string, value: string | null) => string | null;
}

/** The browser's localStorage ({@link readStorage}, {@link writeStorage}). */
export const browserStorage: KeyValueStorage = { read: readStorage, write: writeStorage };
