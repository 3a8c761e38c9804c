/**
 * The checks the plan file's validation (plan-file.ts `validatePlan`) is made of: a value in its
 * field's range (plan-fields.ts), how a value is described in a message, and the {@link Checker}
 * that collects issues and warnings with their paths (docs/plan-file.md).
 */
import { englishOf, textProblem, type Problem } from "../base/problems";
import { readNumericString } from "../formula/formula";
import { fieldRange, mayHaveRange } from "./plan-fields";
import { planFileMessages as P } from "./plan-file-messages";

/** One problem in a plan: where, what was expected, what was found. */
export interface PlanIssue {
  /** Path of the key, e.g. `skus[1].gpusPerReplica` (empty for the whole document). */
  path: string;
  expected: string;
  got: string;
  /** The English of {@link problem}. */
  message: string;
  /** The issue as a value (code `planFile.*`, docs/problems.md). */
  problem?: Problem;
}

const NUM_EXPECTED = "a number or a formula string starting with =";

function fmtLimit(n: number): string {
  // toExponential() writes the shortest digits (no trailing zeros) and, from 1e6 up, always "e+".
  return n >= 1e6 ? n.toExponential().replace("e+", "e") : String(n);
}

/** Why `value` is outside the range of the field at `path` (code `planFile.range`), or null. */
export function rangeIssue(path: string, value: number, currency = "USD"): Problem | null {
  const r = fieldRange(path, currency);
  if (!r) return null;
  const low = r.minExclusive ? value <= r.min : value < r.min;
  if (!low && value <= r.max) return null;
  return P.problem(
    "range",
    {
      exclusive: !!r.minExclusive,
      min: fmtLimit(r.min),
      max: fmtLimit(r.max),
      unit: r.unit,
      got: fmtLimit(value),
    },
    { path },
  );
}

/** The English of {@link rangeIssue}, or null. */
export function rangeProblem(path: string, value: number, currency = "USD"): string | null {
  const p = rangeIssue(path, value, currency);
  return p ? P.en(p) : null;
}
/** A JSON object of the plan. */
export type Obj = Record<string, unknown>;

/** A JSON object (not null, not an array). */
export function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Short description of a value for messages: `"four"`, `an object`, `missing`. */
export function describeValue(v: unknown): string {
  if (v === undefined) return "missing";
  if (v === null) return "null";
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === "object") return "an object";
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

/** Path of a record key: `.chat`, or `["my load"]` when the key is not an identifier. */
export function keyPath(base: string, key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)
    ? `${base}.${key}`
    : `${base}[${JSON.stringify(key)}]`;
}

/**
 * Collects a plan's issues (errors with their paths) and warnings while validatePlan walks it,
 * with the checks every part of the plan shares: a number in its field's range or a formula, a
 * non-empty string, one of a few words, an array of objects, names used once.
 */
export class Checker {
  readonly issues: PlanIssue[] = [];
  readonly warnings: string[] = [];
  readonly warningProblems: Problem[] = [];
  constructor(readonly currency: string) {}

  /** An issue at `path`: "expected …, got …", or `detail` (a problem, or words another module wrote). */
  issue(path: string, expected: string, value: unknown, detail?: Problem | string): void {
    const got = describeValue(value);
    const p =
      detail === undefined
        ? P.problem("expected", { expected, got })
        : typeof detail === "string"
          ? textProblem(detail, "error")
          : detail;
    const problem: Problem = { ...p, path };
    this.issues.push({ path, expected, got, message: englishOf(problem), problem });
  }

  warn(p: Problem): void {
    this.warningProblems.push(p);
    this.warnings.push(englishOf(p));
  }

  num(o: Obj, key: string, base: string, required: boolean): void {
    const v = o[key];
    // A finite number under a key no ranged field ends in (the path's text after its last "." is the
    // key's): nothing to check and no path text to build (a million sweep-point numbers in a large plan).
    if (
      typeof v === "number" &&
      Number.isFinite(v) &&
      !mayHaveRange(key.slice(key.lastIndexOf(".") + 1))
    )
      return;
    this.numAt(v, base ? `${base}.${key}` : key, required);
  }

  /** The value `v` at `path`: a number in the field's range or a formula string. */
  numAt(v: unknown, path: string, required: boolean): void {
    if (v === undefined) {
      if (required) this.issue(path, NUM_EXPECTED, v);
      return;
    }
    const n =
      typeof v === "number" && Number.isFinite(v)
        ? v
        : typeof v === "string"
          ? readNumericString(v)
          : null;
    if (n !== null) {
      const problem = rangeIssue(path, n, this.currency);
      if (problem) this.issue(path, "a value in range", v, problem);
      return;
    }
    if (typeof v === "string" && v.trim().startsWith("=")) return;
    this.issue(path, NUM_EXPECTED, v);
  }

  str(o: Obj, key: string, base: string, required: boolean): boolean {
    const v = o[key];
    if (v === undefined && !required) return false;
    if (typeof v === "string" && v !== "") return true;
    // A top-level key (`title`, `currency`) has no base: its path is the key, not `.title`.
    this.issue(base ? `${base}.${key}` : key, "a non-empty string", v);
    return false;
  }

  oneOf(o: Obj, key: string, base: string, values: readonly string[]): void {
    const v = o[key];
    if (v === undefined || (typeof v === "string" && values.includes(v))) return;
    this.issue(
      keyPath(base, key).replace(/^\./, ""),
      `one of ${values.map((x) => `"${x}"`).join(", ")}`,
      v,
    );
  }

  arrayOfObjects(v: unknown, path: string, what: string): Obj[] | null {
    if (!Array.isArray(v)) {
      this.issue(path, `an array of ${what}`, v);
      return null;
    }
    const out: Obj[] = [];
    v.forEach((item, i) => {
      if (isObj(item)) out.push(item);
      else this.issue(`${path}[${i}]`, `a ${what.replace(/s$/, "")} object`, item);
    });
    return out.length === v.length ? out : null;
  }

  duplicates(names: unknown[], path: (i: number) => string, what: string): void {
    const seen = new Map<string, number>();
    names.forEach((n, i) => {
      if (typeof n !== "string") return;
      const first = seen.get(n);
      if (first === undefined) seen.set(n, i);
      else
        this.issue(
          path(i),
          `a ${what} name not used before`,
          n,
          P.problem("duplicate", { what, name: n, at: path(first) }),
        );
    });
  }
}
