/**
 * The workbook store: the plan document (docs/plan-file.md) in a Solid store, edited through path setters,
 * and the computed result (`computePlan(resolvePlan(plan))`) as a memo. Every edit recomputes
 * synchronously, through the incremental engine (`createPlanEngine`, issue #6 "Fast at scale"):
 * a change of single numbers (`setNumber` of a value or formula) re-evaluates only what depends on
 * them; any other change (structure, text, deletion, load, undo) updates the engine with the whole
 * plan. Both give the result of a fresh `computePlan(resolvePlan(plan))` (the engine's contract,
 * test/engine/incremental.test.ts). A rejected edit keeps the previous plan value and remembers
 * the typed text.
 * Every change (edit, import, deletion, load) is one undo step (`./plan-history.ts`). The edits of
 * each part of the plan are in `./edits/` and reach the store only through `mutate`.
 */
import { batch, createMemo, createSignal, type Accessor } from "solid-js";
import { createStore, produce, reconcile, unwrap } from "solid-js/store";
import { deleteAtPath, setAtPath } from "../../engine/plan/plan-path";
import { rangeIssue } from "../../engine/plan/plan-file";
import { englishOf, type Problem } from "../../engine/base/problems";
import type { PlanFile } from "../../engine/base/types";
import { getAtPath, rawText, readNumberEntry } from "./plan-edit";
import { trustState, type Rejection, type TrustState } from "./trust";
import { rowOf } from "./trust-where";
import { type Computed, createEngineFeed, placeholder } from "./engine-feed";
import { formulasReady } from "./formula-engine";
import { createPlanHistory, type PlanPatch } from "./plan-history";
import type { EditContext } from "./edits/context";
import { cellEdits, type CellEdits } from "./edits/cells";
import { assumptionEdits, type AssumptionEdits } from "./edits/assumptions";
import { skuEdits, type SkuEdits } from "./edits/skus";
import { tenantEdits, type TenantEdits } from "./edits/tenants";
import { trafficEdits, type TrafficEdits } from "./edits/traffic";

export type { Computed } from "./engine-feed";
export { HISTORY_LIMIT } from "./plan-history";
export { USAGE_FIELDS } from "./edits/tenants";

/** What one cell shows: the raw text, its value and its error (formula error or rejected input). */
export interface CellState {
  raw: string;
  value: number | null;
  /** `problem`: the error as a value (docs/problems.md), rendered in the app's language. */
  error: { kind: string; message: string; problem?: Problem | undefined } | null;
  /** The number as it was typed (`$2.99`, `50%`, `1.5k`) when that is how the cell shows it (docs/grid.md "Typed numbers"). */
  typed?: string;
}

/**
 * The workbook: the plan store, its computed result and the edit actions. The domain edits live
 * in `./edits/*` (cells, assumptions, SKUs, tenants, traffic), each a function of the store's
 * {@link EditContext}; add a new domain there and merge it here.
 */
export interface Workbook extends CellEdits, AssumptionEdits, SkuEdits, TenantEdits, TrafficEdits {
  plan: PlanFile;
  computed: Accessor<Computed>;
  /** State of a numeric cell at a plan path. */
  cell(path: string): CellState;
  /** Set a numeric field from typed text (number, `=formula`, empty = remove when optional). */
  setNumber(path: string, text: string, required?: boolean): boolean;
  /** Set a text field (names, GPU id, currency …). Empty text removes optional keys. */
  setText(path: string, text: string): void;
  /** Remember a rejected entry (enumerations) so the cell keeps what was typed; `why` is a problem or a text already in the app's language. */
  reject(path: string, text: string, why: string | Problem): void;
  /** Entries typed but not taken (the plan kept its previous value). */
  rejections(): Rejection[];
  /** The trust state (docs/trust.md): drives the status bar, the banner and the export warnings. */
  trust: Accessor<TrustState>;
  /** Replace the plan (open a file, an example, a share link): one undoable step. */
  load(plan: PlanFile): void;
  /** Replace the plan and forget the undo history (start-up restore). */
  reset(plan: PlanFile): void;
  /** A plain deep copy of the current plan (for saving). */
  snapshot(): PlanFile;
  /** The current plan itself, unwrapped, NOT a copy: read it at once (serialise), never keep or change it. */
  view(): PlanFile;
  /** Counter bumped by every change of the plan (autosave listens to it). */
  revision: Accessor<number>;
  /** Run several edits as ONE undo step (a paste, an import). */
  group<T>(fn: () => T): T;
  undo(): void;
  redo(): void;
  canUndo: Accessor<boolean>;
  canRedo: Accessor<boolean>;
}

/** The user's locale for reading typed numbers (the browser's, not the UI language; docs/grid.md). */
function userLocale(): string | undefined {
  return typeof navigator !== "undefined" && navigator.language ? navigator.language : undefined;
}

/** How typed text is read at a path: the user's locale; `…Pct` fields are in percent. */
function entryOptions(path: string) {
  return { locale: userLocale(), percentField: /Pct$/.test(path) };
}

/**
 * The typed text shown for the number `v` at `path` (`plan.display`), only while it still reads as
 * that number (an undo or a moved row leaves a stale text, which is then ignored).
 */
function typedText(plan: PlanFile, path: string, v: unknown): string | undefined {
  const d = plan.display;
  if (typeof v !== "number" || !d || !Object.hasOwn(d, path)) return undefined;
  const text = d[path];
  if (typeof text !== "string") return undefined;
  const again = readNumberEntry(text, true, entryOptions(path));
  return again.ok &&
    typeof again.value === "number" &&
    Math.abs(again.value - v) <= 1e-12 * Math.max(1, Math.abs(v))
    ? text
    : undefined;
}

/** A price typed over a catalogue default is the planner's own (src/engine/catalog/price-default.ts). */
function ownPrice(p: PlanFile, path: string): void {
  const i = rowOf(path, "pricePerGpuHour", "skus");
  if (i !== null) delete (p.skus[i] as { priceDefault?: unknown } | undefined)?.priceDefault;
}

/** A number typed with a unit or separators keeps its text for display (docs/grid.md); null forgets it. */
function showTyped(p: PlanFile, path: string, typed: string | null): void {
  if (typed !== null) {
    const d = (p.display ??= {});
    Object.defineProperty(d, path, {
      value: typed,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else if (p.display && Object.hasOwn(p.display, path)) {
    delete p.display[path];
    if (Object.keys(p.display).length === 0) delete p.display;
  }
}

type RejectedEntries = Record<string, { raw: string; message: string; problem?: Problem }>;

/**
 * What the cell at `path` shows: a rejected entry as typed, else the plan's value (as typed when
 * it was typed with a unit) with the sheet's value and error when the sheet has the cell.
 */
function cellOf(
  plan: PlanFile,
  rejected: RejectedEntries,
  computed: () => Computed,
  path: string,
): CellState {
  const bad = rejected[path];
  if (bad)
    return {
      raw: bad.raw,
      value: null,
      error: { kind: "VALUE", message: bad.message, problem: bad.problem },
    };
  const c = computed();
  const v = getAtPath(plan, path);
  const typed = typedText(plan, path, v);
  const raw = typed ?? rawText(v);
  const shown = typed !== undefined ? { typed } : {};
  if (!c.sheet.has(path))
    return {
      raw,
      value: typeof v === "number" && Number.isFinite(v) ? v : null,
      error: null,
      ...shown,
    };
  const e = c.sheet.get(path);
  const error = e.error
    ? { kind: e.error.kind, message: e.error.message, problem: e.error.problem }
    : null;
  return { raw, value: e.value, error, ...shown };
}

/**
 * The plan in a Solid store with its undo history: `mutate` changes it as one undo step, `replace`
 * swaps it whole; every change bumps `version` and tells the engine feed what changed. The
 * rejected entries live beside it (a change of the plan forgets them).
 */
function createPlanStore(initial: PlanFile) {
  const [plan, setPlan] = createStore<PlanFile>(structuredClone(initial));
  const [version, setVersion] = createSignal(0);
  const [rejected, setRejected] = createStore<RejectedEntries>({});
  const feed = createEngineFeed();
  const replace = (next: PlanFile): void => {
    feed.changed();
    batch(() => {
      setRejected(reconcile({}));
      setPlan(reconcile(next));
      setVersion((v) => v + 1);
    });
  };
  const history = createPlanHistory({
    current: () => unwrap(plan),
    restore: replace,
    applyPatches(list, back) {
      const order = back ? [...list].reverse() : list;
      batch(() => {
        setRejected(reconcile({}));
        setPlan(
          produce((p) => {
            for (const x of order) setAtPath(p, x.path, back ? x.before : x.after);
          }),
        );
        for (const x of order) feed.patched(x.path, back ? x.before : x.after);
        setVersion((v) => v + 1);
      });
    },
  });
  const group = history.group;
  /** Change the plan as one undo step; `edit` when the change replaces one number or formula. */
  const mutate = (
    fn: (p: PlanFile) => void,
    edit?: { path: string; raw: number | string },
  ): void => {
    group(() => {
      const old = edit ? getAtPath(unwrap(plan), edit.path) : undefined;
      const patch: PlanPatch | undefined =
        edit && (typeof old === "number" || typeof old === "string")
          ? { path: edit.path, before: old, after: edit.raw }
          : undefined;
      history.record(patch);
      setPlan(produce(fn));
      if (edit) feed.edited(edit.path, edit.raw);
      else feed.changed();
      setVersion((v) => v + 1);
    });
  };
  const clearRejected = (path: string): void => {
    if (rejected[path]) setRejected(produce((r) => delete r[path]));
  };

  return {
    plan,
    version,
    rejected,
    setRejected,
    feed,
    history,
    group,
    mutate,
    replace,
    clearRejected,
  };
}

/** Create the workbook store around a plan. Call inside a reactive root. */
export function createWorkbook(initial: PlanFile): Workbook {
  const {
    plan,
    version,
    rejected,
    setRejected,
    feed,
    history,
    group,
    mutate,
    replace,
    clearRejected,
  } = createPlanStore(initial);

  const computed = createMemo<Computed>((prev) => {
    version();
    // Until the lazy formula engine is in (./formula-engine.ts) nothing is evaluated: the views
    // that show results wait for it; the edits made meanwhile reach the engine when it is built.
    if (!formulasReady()) return prev ?? placeholder();
    return feed.compute(unwrap(plan), prev);
  });

  const trust = createMemo(() => {
    version();
    return trustState({ plan: unwrap(plan), result: computed().result, rejected: rejectionList() });
  });

  const setNumber = (path: string, text: string, required = true): boolean => {
    const entry = readNumberEntry(text, required, entryOptions(path));
    if (!entry.ok) {
      setRejected(path, { raw: text, message: entry.message, problem: entry.problem });
      return false;
    }
    // A typed number outside the field's range is refused here, as validation refuses it in a plan
    // file; a formula's result is checked by the sheet (resolve-plan.ts `rangeCheck`) on the field.
    const outOfRange =
      typeof entry.value === "number"
        ? rangeIssue(path, entry.value, plan.currency || "USD")
        : null;
    if (outOfRange) {
      setRejected(path, { raw: text, message: englishOf(outOfRange), problem: outOfRange });
      return false;
    }
    batch(() => {
      clearRejected(path);
      const value = entry.value;
      const typed = typeof value === "number" && text.trim() !== String(value) ? text.trim() : null;
      const write = (p: PlanFile) => {
        if (value === undefined) deleteAtPath(p, path);
        else setAtPath(p, path, value);
        ownPrice(p, path);
        showTyped(p, path, typed);
      };
      mutate(write, value === undefined ? undefined : { path, raw: value });
    });
    return true;
  };
  const setText = (path: string, text: string): void => {
    batch(() => {
      clearRejected(path);
      mutate((p) => {
        if (text === "") deleteAtPath(p, path);
        else setAtPath(p, path, text);
      });
    });
  };
  const reject = (path: string, text: string, why: string | Problem): void => {
    setRejected(
      path,
      typeof why === "string"
        ? { raw: text, message: why }
        : { raw: text, message: englishOf(why), problem: why },
    );
  };
  /** The rejected entries with their problems (when they have one). */
  function rejectionList(): Rejection[] {
    return Object.entries(rejected).map(([path, v]) =>
      v.problem
        ? { path, raw: v.raw, message: v.message, problem: v.problem }
        : { path, raw: v.raw, message: v.message },
    );
  }
  const ctx: EditContext = {
    plan,
    view: () => unwrap(plan),
    mutate: (fn) => mutate(fn),
    group,
    setNumber,
    setText,
    reject,
    clearRejected,
  };

  return {
    plan,
    computed,
    trust,
    cell(path) {
      const read = () => {
        const c = computed();
        version();
        return c;
      };
      return cellOf(plan, rejected, read, path);
    },
    setNumber,
    setText,
    reject,
    rejections() {
      return rejectionList();
    },
    ...cellEdits(ctx),
    ...assumptionEdits(ctx),
    ...skuEdits(ctx),
    ...tenantEdits(ctx),
    ...trafficEdits(ctx),
    load(next) {
      group(() => {
        history.record();
        replace(structuredClone(next));
      });
    },
    reset(next) {
      history.clear();
      replace(structuredClone(next));
    },
    snapshot() {
      return structuredClone(unwrap(plan));
    },
    view() {
      return unwrap(plan);
    },
    revision: version,
    group,
    undo: history.undo,
    redo: history.redo,
    canUndo: history.canUndo,
    canRedo: history.canRedo,
  };
}
