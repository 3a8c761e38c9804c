/**
 * What every edit module gets from the workbook store (src/ui/state/workbook.ts): the plan (read
 * only: a Solid store), `mutate` to change it as one undo step, and the cell-level setters. An
 * edit module is a function of this context returning named actions; the workbook merges them.
 * To add edits for a new part of the plan, add a module here and merge it in `createWorkbook`.
 */
import type { PlanFile } from "../../../engine/base/types";
import type { Problem } from "../../../engine/base/problems";

/** The store's write access, handed to the edit modules. */
export interface EditContext {
  /** The plan in the store (reactive, read only: change it through `mutate`). */
  readonly plan: PlanFile;
  /** The plan itself, unwrapped (read at once, never keep or change it). */
  view(): PlanFile;
  /** Change the plan in `fn` (Immer-like draft): one undo step unless inside `group`. */
  mutate(fn: (p: PlanFile) => void): void;
  /** Run several edits as ONE undo step. */
  group<T>(fn: () => T): T;
  /** Set a numeric field from typed text (see Workbook.setNumber). */
  setNumber(path: string, text: string, required?: boolean): boolean;
  /** Set a text field (see Workbook.setText). */
  setText(path: string, text: string): void;
  /** Keep a rejected entry at `path` so the cell shows what was typed. */
  reject(path: string, text: string, why: string | Problem): void;
  /** Forget the rejected entry at `path`. */
  clearRejected(path: string): void;
}
