/**
 * The formula sheet (docs/plan-file.md): entries keyed by path (`cells.peak`, `skus[1].pricePerGpuHour`),
 * each a number, a numeric string or a formula `=expr` over cell names (name `peak` reads the entry
 * `cells.peak`). Evaluated in dependency order; cycles, unknown names and non-numeric results are
 * errors naming the path and the cause, and every entry that does not depend on an error still
 * computes. Edits re-evaluate only the edited entries and their transitive dependents.
 */
import { formulaMessages as F } from "./messages";
import { englishOf, textProblem, type Problem } from "../base/problems";
import type { FormulaError } from "./formula";
import { compiledFormula, readRaw, type CompiledFormula, type FormulaProblem } from "./formula";
import { cycleErrors } from "./cycle-errors";
import { withDependents } from "./graph";

type Parsed =
  | { kind: "number"; value: number }
  | { kind: "formula"; formula: CompiledFormula; deps: string[] }
  | { kind: "computed"; deps: string[] }
  | { kind: "error"; problem: FormulaProblem };

/**
 * The raw value of a computed entry (docs/formulas.md "Computed results"): a number the caller
 * computes outside the sheet (e.g. a SKU's operating throughput) from the entries `deps`. Formulas
 * read it by name like a cell; it takes part in cycle detection through `deps`, and its value is
 * set with {@link Sheet.setComputed} (until then it is an error that says why).
 */
export interface ComputedRaw {
  readonly computed: true;
  readonly deps: readonly string[];
  /** Why there is no value yet (the message of the error until a value is set). */
  readonly pending: string;
  /** `pending` as a value (docs/problems.md). */
  readonly pendingProblem?: Problem;
}

export function isComputedRaw(raw: unknown): raw is ComputedRaw {
  return (
    typeof raw === "object" &&
    raw !== null &&
    (raw as { computed?: unknown }).computed === true &&
    Array.isArray((raw as { deps?: unknown }).deps)
  );
}

/** The computed state of one entry. */
export interface EntryResult {
  value: number | null;
  error: FormulaError | null;
}

interface Stored extends EntryResult {
  /** The entry whose own problem causes this error (itself for a root error). */
  root: { path: string; kind: FormulaError["kind"]; message: string; problem: Problem } | null;
}

/** Options of a {@link Sheet}. */
export interface SheetOptions {
  /** Path of the entry a formula name reads; default `cells.<name>`. */
  pathOfName?: (name: string) => string;
  /**
   * Why a value is out of range at `path`, or null (plan fields: resolve-plan.ts `buildPlanSheet` gives
   * the field ranges of plan-fields.ts). A failed check makes the entry a `VALUE` error with
   * `outOfRange` set, so a formula yielding a negative peak RPS is an error on that field.
   */
  check?: (path: string, value: number) => string | Problem | null;
}

/** Path of the entry a formula name reads by default: `peak` → `cells.peak`. */
export function cellPath(name: string): string {
  return `cells.${name}`;
}

/** One entry: its raw value, how it reads, and its computed state. */
interface Entry extends Stored {
  raw: unknown;
  parsed: Parsed;
  /** Bookkeeping of the evaluation-order walk (Tarjan), valid while `visit` is the current walk. */
  visit: number;
  index: number;
  low: number;
  onStack: boolean;
}

const NO_DEPS: readonly string[] = [];

/** An incremental spreadsheet over plan paths. Never throws for bad input. */
export class Sheet {
  /** Entries by path, in insertion order. */
  private readonly entries = new Map<string, Entry>();
  private readonly readers = new Map<string, Set<string>>();
  private readonly pathOfName: (name: string) => string;
  private readonly check: ((path: string, value: number) => string | Problem | null) | undefined;
  /** Values of computed entries, set by {@link setComputed} (null: none, with the reason). */
  private readonly computedValues = new Map<
    string,
    { value: number | null; why: string; problem: Problem | null }
  >();
  private walk = 0;
  /** Insertion positions, built on demand by {@link order} and dropped when entries change. */
  private positions: Map<string, number> | null = null;

  /** Build a sheet from `[path, raw]` entries and evaluate it. */
  constructor(entries: Iterable<readonly [string, unknown]> = [], options: SheetOptions = {}) {
    this.pathOfName = options.pathOfName ?? cellPath;
    this.check = options.check;
    this.setMany(entries);
  }

  /** Set one entry (add or replace) and return the paths recomputed, in evaluation order. */
  set(path: string, raw: unknown): string[] {
    return this.setMany([[path, raw]]);
  }

  /** Set several entries at once; returns the paths recomputed, in evaluation order. */
  setMany(entries: Iterable<readonly [string, unknown]>): string[] {
    // Filling an empty sheet: every entry is new, so the dirty set is the whole sheet.
    const fresh = this.entries.size === 0;
    const dirty = new Set<string>();
    for (const [path, raw] of entries) {
      const parsed = this.parse(raw);
      const e = this.entries.get(path);
      if (e) {
        this.detach(path, e);
        e.raw = raw;
        e.parsed = parsed;
      } else {
        this.entries.set(path, {
          raw,
          parsed,
          value: null,
          error: null,
          root: null,
          visit: 0,
          index: 0,
          low: 0,
          onStack: false,
        });
      }
      if (parsed.kind === "formula" || parsed.kind === "computed") this.attach(path, parsed.deps);
      dirty.add(path);
    }
    return this.recompute(dirty, fresh);
  }

  /**
   * Set the value of a computed entry (null with the reason when there is none) and recompute its
   * dependents; returns the paths recomputed. No-op (empty list) when the value is unchanged.
   */
  setComputed(path: string, value: number | null, reason: string | Problem = ""): string[] {
    // Compared by its English: a new problem object with the same text is no change.
    const why = typeof reason === "string" ? reason : englishOf(reason);
    const prev = this.computedValues.get(path);
    if (prev && Object.is(prev.value, value) && prev.why === why) return [];
    this.computedValues.set(path, {
      value,
      why,
      problem: typeof reason === "string" ? null : reason,
    });
    return this.entries.has(path) ? this.recompute(new Set([path]), false) : [];
  }

  /** Remove entries; their dependents recompute (they now read an unknown name). */
  remove(...paths: string[]): string[] {
    const dirty = new Set<string>();
    for (const path of paths) {
      const e = this.entries.get(path);
      if (!e) continue;
      this.detach(path, e);
      this.entries.delete(path);
      dirty.add(path);
    }
    return this.recompute(dirty, false);
  }

  /** True when the sheet has an entry at `path`. */
  has(path: string): boolean {
    return this.entries.has(path);
  }

  /** The raw value (number or string) stored at `path`, as given. */
  raw(path: string): unknown {
    return this.entries.get(path)?.raw;
  }

  /** Paths of all entries, in insertion order. */
  paths(): string[] {
    return [...this.entries.keys()];
  }

  /** Value and error of one entry (value null when absent or in error). */
  get(path: string): EntryResult {
    const r = this.entries.get(path);
    return r ? { value: r.value, error: r.error } : { value: null, error: null };
  }

  /** Value of one entry, null when absent or in error. */
  value(path: string): number | null {
    return this.entries.get(path)?.value ?? null;
  }

  /** Every entry's value (null for errors), keyed by path. */
  values(): Record<string, number | null> {
    const out: Record<string, number | null> = {};
    for (const [path, e] of this.entries) out[path] = e.value;
    return out;
  }

  /** All errors (root causes and entries depending on them), in entry order. */
  errors(): FormulaError[] {
    const out: FormulaError[] = [];
    for (const e of this.entries.values()) if (e.error) out.push(e.error);
    return out;
  }

  private parse(raw: unknown): Parsed {
    if (typeof raw === "number" && Number.isFinite(raw)) return { kind: "number", value: raw };
    if (isComputedRaw(raw)) return { kind: "computed", deps: [...raw.deps] };
    const reading = readRaw(raw);
    if (reading.kind === "number") return { kind: "number", value: reading.value };
    if (reading.kind === "invalid")
      return {
        kind: "error",
        problem: { kind: "VALUE", message: reading.message, problem: reading.problem },
      };
    const formula = compiledFormula(reading.expression);
    if (!formula.ok)
      return {
        kind: "error",
        problem: { kind: formula.kind, message: formula.message, problem: formula.problem },
      };
    return { kind: "formula", formula, deps: formula.names.map((n) => this.pathOfName(n)) };
  }

  private attach(path: string, deps: readonly string[]): void {
    for (const dep of deps) {
      let set = this.readers.get(dep);
      if (!set) this.readers.set(dep, (set = new Set()));
      set.add(path);
    }
  }

  private detach(path: string, e: Entry): void {
    if (e.parsed.kind !== "formula" && e.parsed.kind !== "computed") return;
    for (const dep of e.parsed.deps) {
      // attach made the set of every dep of an attached formula.
      const set = this.readers.get(dep)!;
      set.delete(path);
      if (set.size === 0) this.readers.delete(dep);
    }
  }

  private depsOf(path: string): readonly string[] {
    // Called for members of a loop and what they read within it: entries only, all formulas or computed.
    const p = this.entries.get(path)!.parsed;
    return p.kind === "formula" || p.kind === "computed" ? p.deps : NO_DEPS;
  }

  /**
   * Re-evaluate `dirty` and its transitive dependents in dependency order: strongly connected
   * components (iterative Tarjan, successors first), a component of several entries or a
   * self-reference being a cycle. Entries that read nothing in the affected set are components of
   * their own and are evaluated without the walk's bookkeeping.
   */
  private recompute(dirty: Set<string>, fresh: boolean): string[] {
    this.positions = null;
    const affected = fresh ? dirty : withDependents(dirty, (n) => this.readers.get(n) ?? NO_DEPS);
    if (!fresh) for (const path of affected) if (!this.entries.has(path)) affected.delete(path);
    // Successors for the shortest loop of a cycle's members (shortestCycle keeps to the members).
    const succ = (n: string): readonly string[] => this.depsOf(n);
    const walk = ++this.walk;
    const order: string[] = [];
    const stack: string[] = [];
    let next = 0;
    /** Successors of an entry within the affected set; none for numbers and input errors. */
    const succOf = (e: Entry): readonly string[] => {
      if (e.parsed.kind !== "formula" && e.parsed.kind !== "computed") return NO_DEPS;
      const deps = e.parsed.deps;
      let out: string[] | null = null;
      for (const d of deps) if (affected.has(d)) (out ??= []).push(d);
      return out ?? NO_DEPS;
    };
    const work: { node: string; e: Entry; i: number; succs: readonly string[] }[] = [];
    for (const root of affected) {
      const re = this.entries.get(root)!;
      if (re.visit === walk) continue;
      const rootSuccs = succOf(re);
      if (rootSuccs.length === 0) {
        re.visit = walk;
        this.evaluate(root, re);
        order.push(root);
        continue;
      }
      const visit = (n: string, e: Entry, succs: readonly string[]): void => {
        e.visit = walk;
        e.index = e.low = next++;
        e.onStack = true;
        stack.push(n);
        work.push({ node: n, e, i: 0, succs });
      };
      visit(root, re, rootSuccs);
      while (work.length > 0) {
        const top = work[work.length - 1]!;
        if (top.i < top.succs.length) {
          const w = top.succs[top.i++]!;
          const we = this.entries.get(w)!;
          if (we.visit !== walk) {
            const ws = succOf(we);
            if (ws.length === 0) {
              // A component of its own that closes immediately (Tarjan would push and pop it). It is never
              // on the stack, so its index and low link are never read.
              we.visit = walk;
              this.evaluate(w, we);
              order.push(w);
            } else visit(w, we, ws);
          } else if (we.onStack) top.e.low = Math.min(top.e.low, we.index);
          continue;
        }
        work.pop();
        const parent = work[work.length - 1];
        if (parent) parent.e.low = Math.min(parent.e.low, top.e.low);
        if (top.e.low === top.e.index) {
          const component: string[] = [];
          let w: string;
          do {
            w = stack.pop()!;
            this.entries.get(w)!.onStack = false;
            component.push(w);
          } while (w !== top.node);
          const first = component[0]!;
          if (component.length > 1 || top.succs.includes(first)) this.markCycle(component, succ);
          else this.evaluate(first, top.e);
          for (let k = component.length - 1; k >= 0; k--) order.push(component[k]!);
        }
      }
    }
    return order;
  }

  /** Mark a strongly connected component as a cycle (cycle-errors.ts says what each member reads). */
  private markCycle(component: string[], succ: (n: string) => readonly string[]): void {
    for (const m of cycleErrors(component, succ, (p) => this.order(p)))
      this.store(m.path, null, m.error, m.root);
  }

  /** Position of an entry in insertion order (for picking a cycle's first member). */
  private order(path: string): number {
    if (!this.positions) {
      this.positions = new Map();
      let i = 0;
      for (const p of this.entries.keys()) this.positions.set(p, i++);
    }
    return this.positions.get(path) ?? Number.MAX_SAFE_INTEGER;
  }

  private store(
    path: string,
    value: number | null,
    error: FormulaError | null,
    root: Stored["root"],
  ): void {
    const e = this.entries.get(path)!;
    e.value = value;
    e.error = error;
    e.root = root;
  }

  private evaluate(path: string, e: Entry): void {
    const p = e.parsed;
    if (p.kind === "number") {
      if (this.outOfRange(path, p.value)) return;
      e.value = p.value;
      e.error = null;
      e.root = null;
      return;
    }
    if (p.kind === "error") return this.fail(path, p.problem.kind, p.problem.problem);
    if (p.kind === "computed") {
      // An error in what it is computed from is its error; else the value set by setComputed.
      for (const d of p.deps) {
        const dep = this.entries.get(d);
        if (dep?.root) return this.inherit(path, dep.root, d);
      }
      const c = this.computedValues.get(path);
      if (c && Number.isFinite(c.value)) return this.store(path, c.value, null, null);
      const raw = e.raw as ComputedRaw;
      return this.fail(
        path,
        "VALUE",
        c?.why
          ? (c.problem ?? textProblem(c.why, "error"))
          : (raw.pendingProblem ?? textProblem(raw.pending, "error")),
      );
    }
    const unknown = p.formula.names.filter((_, i) => !this.entries.has(p.deps[i]!));
    if (unknown.length > 0) {
      return this.fail(
        path,
        "NAME",
        F.problem("unknownNames", {
          names: unknown,
          at: path,
          paths: unknown.map((n) => this.pathOfName(n)),
        }),
      );
    }
    const scope = new Map<string, number>();
    for (let i = 0; i < p.deps.length; i++) {
      // Every dep is an entry (unknown names were refused above), evaluated before this one.
      const dep = this.entries.get(p.deps[i]!)!;
      if (dep.root) return this.inherit(path, dep.root, p.deps[i]!);
      scope.set(p.formula.names[i]!, dep.value ?? NaN);
    }
    const r = p.formula.evaluate(scope);
    if (!r.ok) this.fail(path, r.kind, r.problem);
    else if (!this.outOfRange(path, r.value)) this.store(path, r.value, null, null);
  }

  /** True (and the entry made an error) when the sheet's range check refuses `value` at `path`. */
  private outOfRange(path: string, value: number): boolean {
    const why = this.check?.(path, value);
    if (!why) return false;
    const problem: Problem =
      typeof why === "string" ? textProblem(why, "error", path) : { ...why, path };
    const message = englishOf(problem);
    this.store(
      path,
      null,
      { path, kind: "VALUE", message, outOfRange: true, problem },
      { path, kind: "VALUE", message, problem },
    );
    return true;
  }

  private fail(path: string, kind: FormulaError["kind"], cause: Problem): void {
    const problem: Problem = { ...cause, path };
    const message = englishOf(problem);
    this.store(path, null, { path, kind, message, problem }, { path, kind, message, problem });
  }

  /** `path` reads `dep` (directly, or via it when the root is elsewhere), whose root has an error. */
  private inherit(path: string, root: NonNullable<Stored["root"]>, dep: string): void {
    const { path: _, ...cause } = root.problem;
    const problem = F.problem(
      "dependsOn",
      { root: root.path, via: root.path === dep ? null : dep, cause },
      { path },
    );
    this.store(path, null, { path, kind: root.kind, message: F.en(problem), problem }, root);
  }
}
