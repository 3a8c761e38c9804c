/**
 * Another tab saving the autosave (a `storage` event on its key): is it a different plan the
 * planner must choose about, or the same plan (this tab's own save echoed, or both tabs agree)?
 * See docs/persistence.md.
 */
import type { PlanFile } from "../../engine/base/types";
import { restoreAutosave } from "./persist";

/** A different plan saved by another tab, waiting for the planner's choice. */
export interface OtherTabVersion {
  plan: PlanFile;
  text: string;
  title: string;
  savedAt: string;
}

/** What another tab's save means for this tab. */
export type OtherTabSave =
  | { kind: "none" } // not a readable plan: ignored
  | { kind: "same" } // the plan this tab holds
  | { kind: "other"; plan: PlanFile; text: string; savedAt: string };

/** Read another tab's autosave text against this tab's plan (as JSON). */
export function readOtherTabSave(saved: string, current: () => string): OtherTabSave {
  const r = restoreAutosave(saved);
  if (r.kind !== "ok") return { kind: "none" };
  let text: string;
  try {
    text = JSON.stringify((JSON.parse(saved) as { plan: unknown }).plan);
  } catch {
    return { kind: "none" };
  }
  if (text === current()) return { kind: "same" };
  return { kind: "other", plan: r.plan, text, savedAt: r.savedAt };
}
