/**
 * The workbook store: the plan document (spec §6) in a Solid store, edited through path setters,
 * and the computed result (`computePlan(resolvePlan(plan))`) as a memo. Every edit recomputes
 * synchronously, through the incremental engine (`createPlanEngine`, issue #6 "Fast at scale"):
 * a change of single numbers (`setNumber` of a value or formula) re-evaluates only what depends on
 * them; any other change (structure, text, deletion, load, undo) updates the engine with the whole
 * plan. Both give the result of a fresh `computePlan(resolvePlan(plan))` (the engine's contract,
 * test/engine/incremental.test.ts). A rejected edit keeps the previous plan value and remembers
 * the typed text.
 * Every change (edit, import, deletion, load) is one undo step: a snapshot of the plan is taken
 * before the outermost change (solid-primitives `createUndoHistory` pattern, limit 100).
 */
import { batch, createMemo, createSignal, type Accessor } from "solid-js";
import { createStore, produce, reconcile, unwrap } from "solid-js/store";
import { cellNameProblem } from "../../engine/formula/math";
import { keyPath } from "../../engine/plan-file";
import { deleteAtPath, setAtPath } from "../../engine/plan-path";
import { createPlanEngine, type PlanEngine } from "../../engine/incremental";
import type { PlanResult } from "../../engine/plan";
import type { FormulaError, ResolvedPlan } from "../../engine/resolved";
import type { MetricKey, PlanFile, SkuDef, SloDef, Sweep, SweepPoint, WorkloadDef } from "../../engine/types";
import type { Sheet } from "../../engine/formula/sheet";
import { GPU_CATALOG } from "./catalog";
import { getAtPath, inlineSweep, rawText, readNumberEntry, skuFromSweep, uniqueName } from "./plan-edit";
import { trustState, type Rejection, type TrustState } from "./trust";

/** What one cell shows: the raw text, its value and its error (formula error or rejected input). */
export interface CellState {
  raw: string;
  value: number | null;
  error: { kind: string; message: string } | null;
}

/** Everything computed from the plan in one pass. */
export interface Computed {
  sheet: Sheet;
  resolved: ResolvedPlan;
  result: PlanResult;
  errorsByPath: Map<string, FormulaError>;
}

/** The workbook: the plan store, its computed result and the edit actions. */
export interface Workbook {
  plan: PlanFile;
  computed: Accessor<Computed>;
  /** State of a numeric cell at a plan path. */
  cell(path: string): CellState;
  /** Set a numeric field from typed text (number, `=formula`, empty = remove when optional). */
  setNumber(path: string, text: string, required?: boolean): boolean;
  /** Set a text field (names, GPU id, currency …). Empty text removes optional keys. */
  setText(path: string, text: string): void;
  /** Remember a rejected entry (enumerations) so the cell keeps what was typed. */
  reject(path: string, text: string, message: string): void;
  /** Entries typed but not taken (the plan kept its previous value). */
  rejections(): Rejection[];
  /** The trust state (docs/trust.md): drives the status bar, the banner and the export warnings. */
  trust: Accessor<TrustState>;
  setCell(name: string, text: string): boolean;
  renameCell(oldName: string, newName: string): boolean;
  removeCell(name: string): void;
  addWorkload(): void;
  removeWorkload(index: number): void;
  addSlo(): void;
  removeSlo(index: number): void;
  setSloMetric(index: number, metric: MetricKey): void;
  setRedundancyMode(mode: "factor" | "spare"): void;
  addSweeps(sweeps: Sweep[]): number[];
  replaceSweep(skuIndex: number, sweep: Sweep): void;
  removeSku(index: number): void;
  addPoint(sweepPath: string): void;
  removePoints(sweepPath: string, rows: number[]): void;
  /** Write a block of point values (rows beyond the end are added). */
  setPointBlock(sweepPath: string, row: number, fields: string[], block: string[][]): void;
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
  /** Replace the team usage rows (an imported usage table): one undo step. */
  setUsageRows(rows: { team: string; pool?: string; inputTokens: number; outputTokens: number }[]): void;
  /** Write a block of usage cells (team, pool, input, output from `col`); rows beyond the end are added. */
  setUsageBlock(row: number, col: number, block: string[][]): void;
  removeUsage(rows: number[]): void;
  /** Start a team allocation (spec §5) when the plan has none. */
  addTenants(): void;
  addPool(): void;
  removePool(index: number): void;
  undo(): void;
  redo(): void;
  canUndo: Accessor<boolean>;
  canRedo: Accessor<boolean>;
}

/** Undo steps kept in memory (solid-primitives' createUndoHistory default). */
export const HISTORY_LIMIT = 100;

/** Fields of a usage row in grid column order. */
export const USAGE_FIELDS = ["team", "pool", "inputTokens", "outputTokens"] as const;

/** The user's locale for reading typed numbers (the browser's, not the UI language; docs/grid.md). */
function userLocale(): string | undefined {
  return typeof navigator !== "undefined" && navigator.language ? navigator.language : undefined;
}

function planDefs(p: PlanFile): WorkloadDef[] {
  if (!Array.isArray(p.workloads)) p.workloads = p.workload ? [p.workload] : [];
  delete p.workload;
  return p.workloads;
}

/** Create the workbook store around a plan. Call inside a reactive root. */
export function createWorkbook(initial: PlanFile): Workbook {
  const [plan, setPlan] = createStore<PlanFile>(structuredClone(initial));
  const [version, setVersion] = createSignal(0);
  const [rejected, setRejected] = createStore<Record<string, { raw: string; message: string }>>({});

  // Undo history (the createUndoHistory pattern over any store): the plan before each outermost
  // change; nested changes (a pasted block) fold into one step. A step made only of replaced
  // numbers (typing in a cell) is kept as patches (path, value before, value after) instead of a
  // copy of the whole plan: no deep copy per keystroke in a large workbook, and undo/redo of it go
  // through the incremental engine. Applying a step's patches gives exactly the plan it recorded.
  type Patch = { path: string; before: number | string; after: number | string };
  type Step = { kind: "plan"; plan: PlanFile } | { kind: "patch"; patches: Patch[] };
  const undoStack: Step[] = [];
  const redoStack: Step[] = [];
  const [hist, setHist] = createSignal({ undo: 0, redo: 0 });
  const syncHist = () => setHist({ undo: undoStack.length, redo: redoStack.length });
  let depth = 0;
  let before: PlanFile | null = null;
  let patches: Patch[] | null = null;
  let changed = false;
  /** Keep the plan as it was when the outermost group began (patches so far reverted on a copy). */
  const fullBefore = (): void => {
    if (before) return;
    const copy = structuredClone(unwrap(plan));
    for (const x of [...(patches ?? [])].reverse()) setAtPath(copy, x.path, x.before);
    before = copy;
    patches = null;
  };
  const group = <T,>(fn: () => T): T => {
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
          undoStack.push(before ? { kind: "plan", plan: before } : { kind: "patch", patches: patches ?? [] });
          if (undoStack.length > HISTORY_LIMIT) undoStack.shift();
          redoStack.length = 0;
          syncHist();
        }
        before = null;
        patches = null;
      }
    }
  };
  // Changes not yet given to the engine: single-number edits, or null once any other change came.
  let engine: PlanEngine | null = null;
  let edits: { path: string; raw: number | string }[] | null = null;
  const isEditValue = (v: unknown): v is number | string => typeof v === "number" || (typeof v === "string" && v.startsWith("="));
  const mutate = (fn: (p: PlanFile) => void, edit?: { path: string; raw: number | string }): void => {
    group(() => {
      const old = edit ? getAtPath(unwrap(plan), edit.path) : undefined;
      if (edit && patches && (typeof old === "number" || typeof old === "string")) patches.push({ path: edit.path, before: old, after: edit.raw });
      else fullBefore();
      setPlan(produce(fn));
      if (edit && edits) edits.push(edit);
      else edits = null;
      setVersion((v) => v + 1);
      changed = true;
    });
  };
  /** Apply a patch step forwards (redo) or backwards (undo). */
  const applyPatches = (list: readonly Patch[], back: boolean): void => {
    const order = back ? [...list].reverse() : list;
    batch(() => {
      setRejected(reconcile({}));
      setPlan(produce((p) => {
        for (const x of order) setAtPath(p, x.path, back ? x.before : x.after);
      }));
      for (const x of order) {
        const v = back ? x.before : x.after;
        if (edits && isEditValue(v)) edits.push({ path: x.path, raw: v });
        else edits = null;
      }
      setVersion((v) => v + 1);
    });
  };
  const replace = (next: PlanFile): void => {
    edits = null;
    batch(() => {
      setRejected(reconcile({}));
      setPlan(reconcile(next));
      setVersion((v) => v + 1);
    });
  };
  const tenants = (p: PlanFile) => (p.tenants ??= { method: "tokens", idle: "proportional", usage: [] });
  const clearRejected = (path: string): void => {
    if (rejected[path]) setRejected(produce((r) => delete r[path]));
  };

  const computed = createMemo<Computed>((prev) => {
    version();
    const p = unwrap(plan);
    const todo = edits;
    edits = [];
    if (!engine) engine = createPlanEngine(p);
    else if (todo === null) engine.update(p);
    else for (const e of todo) engine.edit(e.path, e.raw);
    const resolved = engine.resolved();
    const result = engine.result();
    const errorsByPath = prev && prev.resolved === resolved ? prev.errorsByPath : new Map(resolved.errors.map((e) => [e.path, e]));
    return { sheet: engine.sheet.sheet, resolved, result, errorsByPath };
  });

  const trust = createMemo(() => {
    version();
    return trustState({ plan: unwrap(plan), result: computed().result, rejected: Object.entries(rejected).map(([path, v]) => ({ path, raw: v.raw, message: v.message })) });
  });

  const wb: Workbook = {
    plan,
    computed,
    trust,
    cell(path) {
      const bad = rejected[path];
      if (bad) return { raw: bad.raw, value: null, error: { kind: "VALUE", message: bad.message } };
      const c = computed();
      version();
      const v = getAtPath(plan, path);
      const raw = rawText(v);
      if (!c.sheet.has(path)) return { raw, value: typeof v === "number" && Number.isFinite(v) ? v : null, error: null };
      const e = c.sheet.get(path);
      return { raw, value: e.value, error: e.error ? { kind: e.error.kind, message: e.error.message } : null };
    },
    setNumber(path, text, required = true) {
      const entry = readNumberEntry(text, required, { locale: userLocale(), percentField: /Pct$/.test(path) });
      if (!entry.ok) {
        setRejected(path, { raw: text, message: entry.message });
        return false;
      }
      batch(() => {
        clearRejected(path);
        const value = entry.value;
        if (value === undefined) mutate((p) => void deleteAtPath(p, path));
        else mutate((p) => void setAtPath(p, path, value), { path, raw: value });
      });
      return true;
    },
    setText(path, text) {
      batch(() => {
        clearRejected(path);
        mutate((p) => {
          if (text === "") deleteAtPath(p, path);
          else setAtPath(p, path, text);
        });
      });
    },
    reject(path, text, message) {
      setRejected(path, { raw: text, message });
    },
    rejections() {
      return Object.entries(rejected).map(([path, v]) => ({ path, raw: v.raw, message: v.message }));
    },
    setCell(name, text) {
      return wb.setNumber(keyPath("cells", name), text, true);
    },
    renameCell(oldName, newName) {
      const path = keyPath("cells", oldName);
      const problem = newName === oldName ? null : cellNameProblem(newName) ?? (plan.cells && newName in plan.cells ? `a cell named "${newName}" exists` : null);
      if (problem) {
        setRejected(`${path}#name`, { raw: newName, message: problem });
        return false;
      }
      batch(() => {
        clearRejected(`${path}#name`);
        mutate((p) => {
          const next: Record<string, number | string> = {};
          for (const [k, v] of Object.entries(p.cells ?? {})) next[k === oldName ? newName : k] = v;
          p.cells = next;
        });
      });
      return true;
    },
    removeCell(name) {
      mutate((p) => {
        if (p.cells) delete p.cells[name];
      });
    },
    addWorkload() {
      mutate((p) => {
        const defs = planDefs(p);
        defs.push({ name: uniqueName("workload", defs.map((d) => d.name ?? "")), peakRps: 1, inputTokens: 500, outputTokens: 200 });
      });
    },
    removeWorkload(index) {
      mutate((p) => {
        const defs = planDefs(p);
        const [gone] = defs.splice(index, 1);
        for (const s of p.skus) if (gone?.name && s.sweeps) delete s.sweeps[gone.name];
      });
    },
    addSlo() {
      mutate((p) => {
        (p.slo ??= []).push({ metric: "itl", stat: "p95", maxMs: 100 } satisfies SloDef);
      });
    },
    removeSlo(index) {
      mutate((p) => void p.slo?.splice(index, 1));
    },
    setSloMetric(index, metric) {
      mutate((p) => {
        const s = p.slo?.[index];
        if (s) s.metric = metric;
      });
    },
    setRedundancyMode(mode) {
      mutate((p) => {
        const f = (p.factors ??= {});
        const isSpare = typeof f.redundancy === "object" && f.redundancy !== null;
        if (mode === "spare" && !isSpare) f.redundancy = { spare: 1 };
        if (mode === "factor" && isSpare) f.redundancy = 1.2;
      });
    },
    addSweeps(sweeps) {
      const start = plan.skus.length;
      mutate((p) => {
        for (const s of sweeps) p.skus.push(skuFromSweep(s, GPU_CATALOG, p.skus.map((x) => x.name)));
      });
      return sweeps.map((_, i) => start + i);
    },
    replaceSweep(skuIndex, sweep) {
      mutate((p) => {
        const s: SkuDef | undefined = p.skus[skuIndex];
        if (!s) return;
        s.sweep = inlineSweep(sweep);
        delete s.sweeps;
      });
    },
    removeSku(index) {
      mutate((p) => void p.skus.splice(index, 1));
    },
    addPoint(sweepPath) {
      mutate((p) => {
        const ref = getAtPath(p, sweepPath) as { points?: SweepPoint[] } | undefined;
        if (!ref) return;
        const pts = (ref.points ??= []);
        const last = pts[pts.length - 1];
        pts.push({ concurrency: last?.concurrency != null ? last.concurrency * 2 : 1, requestRate: null });
      });
    },
    removePoints(sweepPath, rows) {
      mutate((p) => {
        const ref = getAtPath(p, sweepPath) as { points?: SweepPoint[] } | undefined;
        if (!ref?.points) return;
        ref.points = ref.points.filter((_, i) => !rows.includes(i));
      });
    },
    setPointBlock(sweepPath, row, fields, block) {
      group(() => {
        mutate((p) => {
          const ref = getAtPath(p, sweepPath) as { points?: SweepPoint[] } | undefined;
          if (!ref) return;
          const pts = (ref.points ??= []);
          while (pts.length < row + block.length) pts.push({ concurrency: null, requestRate: null });
        });
        block.forEach((cells, r) =>
          cells.forEach((text, c) => {
            const field = fields[c];
            if (field) wb.setNumber(`${sweepPath}.points[${row + r}].${field}`, text, false);
          }),
        );
      });
    },
    load(next) {
      group(() => {
        fullBefore();
        replace(structuredClone(next));
        changed = true;
      });
    },
    reset(next) {
      undoStack.length = 0;
      redoStack.length = 0;
      syncHist();
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
    setUsageRows(rows) {
      mutate((p) => {
        tenants(p).usage = rows.map((r) => ({ ...r }));
      });
    },
    setUsageBlock(row, col, block) {
      group(() => {
        mutate((p) => {
          const t = tenants(p);
          const pool = t.pools?.[0]?.name;
          while (t.usage.length < row + block.length) t.usage.push({ team: uniqueName("team", t.usage.map((u) => u.team)), ...(pool ? { pool } : {}), inputTokens: 0, outputTokens: 0 });
        });
        block.forEach((cells, r) =>
          cells.forEach((text, c) => {
            const field = USAGE_FIELDS[col + c];
            const path = `tenants.usage[${row + r}].${field}`;
            if (field === "team") {
              if (text.trim()) wb.setText(path, text.trim());
              else wb.reject(path, text, "a team name is required");
            } else if (field === "pool") wb.setText(path, text.trim());
            else if (field) wb.setNumber(path, text, true);
          }),
        );
      });
    },
    removeUsage(rows) {
      mutate((p) => {
        if (p.tenants) p.tenants.usage = p.tenants.usage.filter((_, i) => !rows.includes(i));
      });
    },
    addTenants() {
      mutate((p) => void tenants(p));
    },
    addPool() {
      mutate((p) => {
        const pools = (tenants(p).pools ??= []);
        pools.push({ name: uniqueName("pool", pools.map((x) => x.name)), costPerDay: 0 });
      });
    },
    removePool(index) {
      mutate((p) => {
        const pools = p.tenants?.pools;
        if (!pools) return;
        pools.splice(index, 1);
        if (!pools.length) delete p.tenants!.pools;
      });
    },
    undo() {
      const step = undoStack.pop();
      if (!step) return;
      if (step.kind === "patch") {
        applyPatches(step.patches, true);
        redoStack.push(step);
      } else {
        redoStack.push({ kind: "plan", plan: structuredClone(unwrap(plan)) });
        replace(step.plan);
      }
      syncHist();
    },
    redo() {
      const step = redoStack.pop();
      if (!step) return;
      if (step.kind === "patch") {
        applyPatches(step.patches, false);
        undoStack.push(step);
      } else {
        undoStack.push({ kind: "plan", plan: structuredClone(unwrap(plan)) });
        replace(step.plan);
      }
      syncHist();
    },
    canUndo: () => hist().undo > 0,
    canRedo: () => hist().redo > 0,
  };
  return wb;
}
