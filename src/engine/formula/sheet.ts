/**
 * The formula sheet (spec §6): entries keyed by path (`cells.peak`, `skus[1].pricePerGpuHour`),
 * each a number, a numeric string or a formula `=expr` over cell names (name `peak` reads the entry
 * `cells.peak`). Evaluated in dependency order; cycles, unknown names and non-numeric results are
 * errors naming the path and the cause, and every entry that does not depend on an error still
 * computes. Edits re-evaluate only the edited entries and their transitive dependents.
 */
import type { FormulaError } from "../resolved";
import { compileFormula, readRaw, type CompiledFormula, type FormulaProblem } from "./formula";
import { shortestCycle, stronglyConnected, withDependents } from "./graph";

type Parsed =
  | { kind: "number"; value: number }
  | { kind: "formula"; formula: CompiledFormula; deps: string[] }
  | { kind: "error"; problem: FormulaProblem };

/** The computed state of one entry. */
export interface EntryResult {
  value: number | null;
  error: FormulaError | null;
}

interface Stored extends EntryResult {
  /** The entry whose own problem causes this error (itself for a root error). */
  root: { path: string; kind: FormulaError["kind"]; message: string } | null;
}

/** Options of a {@link Sheet}. */
export interface SheetOptions {
  /** Path of the entry a formula name reads; default `cells.<name>`. */
  pathOfName?: (name: string) => string;
}

/** Path of the entry a formula name reads by default: `peak` → `cells.peak`. */
export function cellPath(name: string): string {
  return `cells.${name}`;
}

/** An incremental spreadsheet over plan paths. Never throws for bad input. */
export class Sheet {
  private readonly raws = new Map<string, unknown>();
  private readonly parsed = new Map<string, Parsed>();
  private readonly readers = new Map<string, Set<string>>();
  private readonly results = new Map<string, Stored>();
  private readonly pathOfName: (name: string) => string;

  /** Build a sheet from `[path, raw]` entries and evaluate it. */
  constructor(entries: Iterable<readonly [string, unknown]> = [], options: SheetOptions = {}) {
    this.pathOfName = options.pathOfName ?? cellPath;
    this.setMany(entries);
  }

  /** Set one entry (add or replace) and return the paths recomputed, in evaluation order. */
  set(path: string, raw: unknown): string[] {
    return this.setMany([[path, raw]]);
  }

  /** Set several entries at once; returns the paths recomputed, in evaluation order. */
  setMany(entries: Iterable<readonly [string, unknown]>): string[] {
    const dirty = new Set<string>();
    for (const [path, raw] of entries) {
      this.detach(path);
      this.raws.set(path, raw);
      this.parsed.set(path, this.parse(raw));
      this.attach(path);
      dirty.add(path);
    }
    return this.recompute(dirty);
  }

  /** Remove entries; their dependents recompute (they now read an unknown name). */
  remove(...paths: string[]): string[] {
    const dirty = new Set<string>();
    for (const path of paths) {
      if (!this.raws.has(path)) continue;
      this.detach(path);
      this.raws.delete(path);
      this.parsed.delete(path);
      this.results.delete(path);
      dirty.add(path);
    }
    return this.recompute(dirty);
  }

  /** True when the sheet has an entry at `path`. */
  has(path: string): boolean {
    return this.raws.has(path);
  }

  /** The raw value (number or string) stored at `path`, as given. */
  raw(path: string): unknown {
    return this.raws.get(path);
  }

  /** Paths of all entries, in insertion order. */
  paths(): string[] {
    return [...this.raws.keys()];
  }

  /** Value and error of one entry (value null when absent or in error). */
  get(path: string): EntryResult {
    const r = this.results.get(path);
    return r ? { value: r.value, error: r.error } : { value: null, error: null };
  }

  /** Value of one entry, null when absent or in error. */
  value(path: string): number | null {
    return this.results.get(path)?.value ?? null;
  }

  /** Every entry's value (null for errors), keyed by path. */
  values(): Record<string, number | null> {
    const out: Record<string, number | null> = {};
    for (const path of this.raws.keys()) out[path] = this.value(path);
    return out;
  }

  /** All errors (root causes and entries depending on them), in entry order. */
  errors(): FormulaError[] {
    const out: FormulaError[] = [];
    for (const path of this.raws.keys()) {
      const e = this.results.get(path)?.error;
      if (e) out.push(e);
    }
    return out;
  }

  private parse(raw: unknown): Parsed {
    const reading = readRaw(raw);
    if (reading.kind === "number") return { kind: "number", value: reading.value };
    if (reading.kind === "invalid") return { kind: "error", problem: { kind: "VALUE", message: reading.message } };
    const formula = compileFormula(reading.expression);
    if (!formula.ok) return { kind: "error", problem: { kind: formula.kind, message: formula.message } };
    return { kind: "formula", formula, deps: formula.names.map((n) => this.pathOfName(n)) };
  }

  private attach(path: string): void {
    const p = this.parsed.get(path);
    if (p?.kind !== "formula") return;
    for (const dep of p.deps) {
      let set = this.readers.get(dep);
      if (!set) this.readers.set(dep, (set = new Set()));
      set.add(path);
    }
  }

  private detach(path: string): void {
    const p = this.parsed.get(path);
    if (p?.kind !== "formula") return;
    for (const dep of p.deps) {
      const set = this.readers.get(dep);
      set?.delete(path);
      if (set?.size === 0) this.readers.delete(dep);
    }
  }

  private depsOf(path: string): string[] {
    const p = this.parsed.get(path);
    return p?.kind === "formula" ? p.deps : [];
  }

  private recompute(dirty: Set<string>): string[] {
    const affected = withDependents(dirty, (n) => this.readers.get(n) ?? []);
    for (const path of affected) if (!this.raws.has(path)) affected.delete(path);
    for (const path of affected) this.results.delete(path);
    const succ = (n: string): string[] => this.depsOf(n).filter((d) => affected.has(d));
    const order: string[] = [];
    for (const component of stronglyConnected(affected, succ)) {
      const first = component[0]!;
      if (component.length > 1 || succ(first).includes(first)) this.markCycle(component, succ);
      else this.evaluate(first);
      order.push(...component.reverse());
    }
    return order;
  }

  private markCycle(component: string[], succ: (n: string) => string[]): void {
    const members = new Set(component);
    for (const path of component) {
      const cycle = shortestCycle(path, succ, members);
      const loop = [...cycle, path].join(" → ");
      const more = component.length > cycle.length ? ` (part of a loop of ${component.length} entries)` : "";
      const message = `circular reference: ${loop}${more}`;
      this.results.set(path, {
        value: null,
        error: { path, kind: "CYCLE", message, cycle },
        root: { path, kind: "CYCLE", message },
      });
    }
  }

  private evaluate(path: string): void {
    const p = this.parsed.get(path)!;
    if (p.kind === "number") {
      this.results.set(path, { value: p.value, error: null, root: null });
      return;
    }
    if (p.kind === "error") return this.fail(path, p.problem.kind, p.problem.message);
    const unknown = p.formula.names.filter((_, i) => !this.raws.has(p.deps[i]!));
    if (unknown.length > 0) {
      const list = unknown.map((n) => `\`${n}\``).join(", ");
      return this.fail(path, "NAME", `unknown name${unknown.length > 1 ? "s" : ""} ${list} in ${path} (no cell ${unknown.map((n) => this.pathOfName(n)).join(", ")})`);
    }
    const scope = new Map<string, number>();
    for (let i = 0; i < p.deps.length; i++) {
      const dep = this.results.get(p.deps[i]!);
      if (dep?.root) {
        const via = dep.root.path === p.deps[i] ? "" : ` (via ${p.deps[i]})`;
        const message = `depends on ${dep.root.path}${via}, which has an error: ${dep.root.message}`;
        this.results.set(path, { value: null, error: { path, kind: dep.root.kind, message }, root: dep.root });
        return;
      }
      scope.set(p.formula.names[i]!, dep?.value ?? NaN);
    }
    const r = p.formula.evaluate(scope);
    if (r.ok) this.results.set(path, { value: r.value, error: null, root: null });
    else this.fail(path, r.kind, r.message);
  }

  private fail(path: string, kind: FormulaError["kind"], message: string): void {
    this.results.set(path, { value: null, error: { path, kind, message }, root: { path, kind, message } });
  }
}
