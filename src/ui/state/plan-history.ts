/**
 * Undo history of the plan (the solid-primitives `createUndoHistory` pattern over a store; see
 * docs/persistence.md for what survives a reload). Every change (edit, import, deletion, load) is
 * one step: the plan before the outermost change of a {@link PlanHistory.group}; nested changes (a
 * pasted block) fold into one step. A step made only of replaced numbers (typing in a cell) is
 * kept as patches (path, value before, value after) instead of a copy of the whole plan: no deep
 * copy per keystroke in a large workbook, and undo/redo of it go through the incremental engine.
 * Applying a step's patches gives exactly the plan it recorded.
 */
import { batch, createSignal, type Accessor } from "solid-js";
import { setAtPath } from "../../engine/plan/plan-path";
import type { PlanFile } from "../../engine/base/types";

/** Undo steps kept in memory (solid-primitives' createUndoHistory default). */
export const HISTORY_LIMIT = 100;

/** One replaced number or formula: enough to undo and redo it without a copy of the plan. */
export interface PlanPatch {
  path: string;
  before: number | string;
  after: number | string;
}

type Step = { kind: "plan"; plan: PlanFile } | { kind: "patch"; patches: PlanPatch[] };

/** What the history needs from the store it guards. */
export interface HistoryTarget {
  /** The current plan (read at once, not kept: the history copies it when it needs to). */
  current(): PlanFile;
  /** Replace the whole plan (a step that copied it). */
  restore(plan: PlanFile): void;
  /** Apply a patch step forwards (redo) or backwards (undo). */
  applyPatches(list: readonly PlanPatch[], back: boolean): void;
}

/** The undo history: group changes into steps, undo and redo them. */
export interface PlanHistory {
  /** Run `fn` as ONE undo step (only if it records a change). */
  group<T>(fn: () => T): T;
  /**
   * Note a change about to be made inside the current group: `patch` when it replaces one number
   * or formula by another, nothing for any other change (the plan as it is now is kept).
   */
  record(patch?: PlanPatch): void;
  undo(): void;
  redo(): void;
  /** Forget every step (start-up restore). */
  clear(): void;
  canUndo: Accessor<boolean>;
  canRedo: Accessor<boolean>;
}

/** Create the undo history of a plan store. */
export function createPlanHistory(target: HistoryTarget, limit = HISTORY_LIMIT): PlanHistory {
  const undoStack: Step[] = [];
  const redoStack: Step[] = [];
  const [hist, setHist] = createSignal({ undo: 0, redo: 0 });
  const sync = () => setHist({ undo: undoStack.length, redo: redoStack.length });
  let depth = 0;
  let before: PlanFile | null = null;
  let patches: PlanPatch[] | null = null;
  let changed = false;
  /** Keep the plan as it was when the outermost group began (patches so far reverted on a copy). */
  const fullBefore = (): void => {
    if (before) return;
    const copy = structuredClone(target.current());
    for (const x of [...(patches ?? [])].reverse()) setAtPath(copy, x.path, x.before);
    before = copy;
    patches = null;
  };
  const history: PlanHistory = {
    group(fn) {
      if (depth === 0) {
        before = null;
        patches = [];
        changed = false;
      }
      depth++;
      try {
        return batch(fn);
      } finally {
        depth--;
        if (depth === 0) {
          if (changed) {
            undoStack.push(
              before ? { kind: "plan", plan: before } : { kind: "patch", patches: patches ?? [] },
            );
            if (undoStack.length > limit) undoStack.shift();
            redoStack.length = 0;
            sync();
          }
          before = null;
          patches = null;
        }
      }
    },
    record(patch) {
      if (patch && patches) patches.push(patch);
      else fullBefore();
      changed = true;
    },
    undo() {
      const step = undoStack.pop();
      if (!step) return;
      if (step.kind === "patch") {
        target.applyPatches(step.patches, true);
        redoStack.push(step);
      } else {
        redoStack.push({ kind: "plan", plan: structuredClone(target.current()) });
        target.restore(step.plan);
      }
      sync();
    },
    redo() {
      const step = redoStack.pop();
      if (!step) return;
      if (step.kind === "patch") {
        target.applyPatches(step.patches, false);
        undoStack.push(step);
      } else {
        undoStack.push({ kind: "plan", plan: structuredClone(target.current()) });
        target.restore(step.plan);
      }
      sync();
    },
    clear() {
      undoStack.length = 0;
      redoStack.length = 0;
      sync();
    },
    canUndo: () => hist().undo > 0,
    canRedo: () => hist().redo > 0,
  };
  return history;
}
