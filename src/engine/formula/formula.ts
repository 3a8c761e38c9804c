/**
 * One formula: parse with the restricted instance, check against the whitelist, compile, and
 * evaluate to a finite number (spec §6). Errors are values, never exceptions.
 */
import type { FormulaError } from "../resolved";
import { checkFormulaTree } from "./check";
import { parseExpression } from "./math";

/** Error kind and message, without the path (the sheet adds it). */
export type FormulaProblem = { kind: FormulaError["kind"]; message: string };

/** Outcome of an evaluation: a finite number, or a problem. */
export type EvalResult = { ok: true; value: number } | ({ ok: false } & FormulaProblem);

/** A checked, compiled formula: the names it reads and an evaluator over their values. */
export interface CompiledFormula {
  ok: true;
  /** The expression without the leading `=`. */
  expression: string;
  /** Cell names the formula reads, in order of first use. */
  names: string[];
  evaluate(scope: ReadonlyMap<string, number>): EvalResult;
}

/** Longest formula accepted (deeply nested input could exhaust the parser's stack). */
export const MAX_FORMULA_LENGTH = 10_000;

interface Evaluable {
  evaluate(scope: Map<string, number>): unknown;
}

/** Check that an evaluation result is a finite number (spec §6: non-numeric results are errors). */
export function numericResult(value: unknown): EvalResult {
  if (typeof value === "number") {
    if (Number.isFinite(value)) return { ok: true, value };
    const why = Number.isNaN(value) ? "NaN (e.g. 0/0 or sqrt of a negative number)" : `${value} (division by zero?)`;
    return { ok: false, kind: "VALUE", message: `result is ${why}, not a finite number` };
  }
  if (typeof value === "boolean") return { ok: false, kind: "VALUE", message: `result is ${value}, not a number (use c ? a : b)` };
  return { ok: false, kind: "VALUE", message: `result is not a number (${typeof value})` };
}

/** Compile a formula expression (without the leading `=`). */
export function compileFormula(expression: string): CompiledFormula | ({ ok: false } & FormulaProblem) {
  if (expression.trim() === "") return { ok: false, kind: "PARSE", message: "empty formula after =" };
  if (expression.length > MAX_FORMULA_LENGTH) {
    return { ok: false, kind: "PARSE", message: `formula longer than ${MAX_FORMULA_LENGTH} characters` };
  }
  let tree;
  try {
    tree = parseExpression(expression);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return { ok: false, kind: "PARSE", message: `syntax error: ${message}` };
  }
  const checked = checkFormulaTree(tree);
  if (!checked.ok) return { ok: false, kind: checked.kind, message: checked.message };
  let code: Evaluable;
  try {
    code = tree.compile() as Evaluable;
  } catch (e) {
    return { ok: false, kind: "PARSE", message: `cannot compile: ${e instanceof Error ? e.message : String(e)}` };
  }
  return {
    ok: true,
    expression,
    names: checked.names,
    evaluate(scope) {
      const vars = new Map<string, number>();
      for (const name of checked.names) {
        const v = scope.get(name);
        if (v === undefined) return { ok: false, kind: "NAME", message: `unknown name \`${name}\`` };
        vars.set(name, v);
      }
      try {
        return numericResult(code.evaluate(vars));
      } catch (e) {
        return { ok: false, kind: "VALUE", message: e instanceof Error ? e.message : String(e) };
      }
    },
  };
}

/** How a raw plan value reads: a number, a formula (text after `=`), or not a number. */
export type RawReading =
  | { kind: "number"; value: number }
  | { kind: "formula"; expression: string }
  | { kind: "invalid"; message: string };

const NUMERIC = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Read a numeric string such as "20", "1,500", "1e7" or "-0.5"; null when it is not one. */
export function readNumericString(text: string): number | null {
  const t = text.trim();
  if (t === "" || !/\d/.test(t) || !NUMERIC.test(t)) return null;
  const v = Number(t.replace(/,/g, ""));
  return Number.isFinite(v) ? v : null;
}

/** Classify a raw plan value (spec §6: a number, or a formula string starting with `=`). */
export function readRaw(raw: unknown): RawReading {
  if (typeof raw === "number") {
    return Number.isFinite(raw) ? { kind: "number", value: raw } : { kind: "invalid", message: `${raw} is not a finite number` };
  }
  if (typeof raw === "string") {
    const t = raw.trim();
    if (t.startsWith("=")) return { kind: "formula", expression: t.slice(1) };
    const v = readNumericString(t);
    if (v !== null) return { kind: "number", value: v };
    return { kind: "invalid", message: `${JSON.stringify(raw)} is not a number (formulas start with =)` };
  }
  const got = raw === null ? "null" : Array.isArray(raw) ? "an array" : typeof raw;
  return { kind: "invalid", message: `expected a number or a formula string starting with =, got ${got}` };
}
