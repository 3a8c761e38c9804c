/**
 * The workbook store: the plan document (spec §6) in a Solid store, edited through path setters,
 * and the computed result (`computePlan(resolvePlan(plan))`) as a memo. Every edit recomputes
 * synchronously; a rejected edit keeps the previous plan value and remembers the typed text.
 */
import { batch, createMemo, createSignal, type Accessor } from "solid-js";
import { createStore, produce, reconcile, unwrap } from "solid-js/store";
import { cellNameProblem } from "../../engine/formula/math";
import { keyPath } from "../../engine/plan-file";
import { deleteAtPath, setAtPath } from "../../engine/plan-path";
import { computePlan, type PlanResult } from "../../engine/plan";
import { buildPlanSheet, resolvePlan } from "../../engine/resolve";
import type { FormulaError, ResolvedPlan } from "../../engine/resolved";
import type { MetricKey, PlanFile, SkuDef, SloDef, Sweep, SweepPoint, WorkloadDef } from "../../engine/types";
import type { Sheet } from "../../engine/formula/sheet";
import { GPU_CATALOG } from "./catalog";
import { getAtPath, inlineSweep, rawText, readNumberEntry, skuFromSweep, uniqueName } from "./plan-edit";

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
  load(plan: PlanFile): void;
  /** A plain deep copy of the current plan (for saving). */
  snapshot(): PlanFile;
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

  const mutate = (fn: (p: PlanFile) => void): void => {
    batch(() => {
      setPlan(produce(fn));
      setVersion((v) => v + 1);
    });
  };
  const clearRejected = (path: string): void => {
    if (rejected[path]) setRejected(produce((r) => delete r[path]));
  };

  const computed = createMemo<Computed>(() => {
    version();
    const p = unwrap(plan);
    const sheet = buildPlanSheet(p);
    const resolved = resolvePlan(p, sheet);
    const result = computePlan(resolved);
    return { sheet, resolved, result, errorsByPath: new Map(resolved.errors.map((e) => [e.path, e])) };
  });

  const wb: Workbook = {
    plan,
    computed,
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
      const entry = readNumberEntry(text, required);
      if (!entry.ok) {
        setRejected(path, { raw: text, message: entry.message });
        return false;
      }
      batch(() => {
        clearRejected(path);
        mutate((p) => {
          if (entry.value === undefined) deleteAtPath(p, path);
          else setAtPath(p, path, entry.value);
        });
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
      batch(() => {
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
      batch(() => {
        setRejected(reconcile({}));
        setPlan(reconcile(structuredClone(next)));
        setVersion((v) => v + 1);
      });
    },
    snapshot() {
      return structuredClone(unwrap(plan));
    },
  };
  return wb;
}
