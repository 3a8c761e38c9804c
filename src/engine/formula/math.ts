/**
 * The restricted mathjs instance that evaluates plan formulas (docs/plan-file.md: "Formulas cannot reach
 * mathjs functions that import, define or evaluate code").
 *
 * Built tree-shaken from `mathjs/number` (a mathjs pitfall: every operator and function
 * a formula may use needs its `*Dependencies`; they are listed in `./mathjs-kernel.ts`, which the
 * app loads lazily, see there). Defence in depth:
 * 1. the parser is captured once, then the dangerous functions on the instance (`import`,
 *    `parse`, `evaluate`, …) are overridden to throw (mathjs "more secure eval" pattern);
 * 2. every parsed tree is walked and only whitelisted node types, operators and function names
 *    are accepted (see `check.ts`) before it is compiled and evaluated.
 */
import { loadMathjsKernel, mathjsKernel } from "./mathjs-kernel";
import type { FactoryFunctionMap, MathNode } from "mathjs";
import { formulaMessages } from "./messages";
import type { Problem } from "../base/problems";

/** Functions a formula may call, in the order they are listed to users. */
export const ALLOWED_FUNCTIONS: readonly string[] = [
  "abs",
  "ceil",
  "exp",
  "floor",
  "log",
  "log10",
  "max",
  "mean",
  "min",
  "mod",
  "round",
  "sqrt",
  "sum",
];

/**
 * Operator implementations (mathjs `OperatorNode.fn` / `RelationalNode.conditionals` names) a
 * formula may use: arithmetic `+ - * / ^ mod`, unary `-`/`+`, comparisons and `and`/`or`/`not`.
 */
export const ALLOWED_OPERATORS: readonly string[] = [
  "add",
  "subtract",
  "multiply",
  "divide",
  "pow",
  "mod",
  "unaryMinus",
  "unaryPlus",
  "equal",
  "unequal",
  "smaller",
  "smallerEq",
  "larger",
  "largerEq",
  "and",
  "or",
  "not",
];

/** Functions that import, define or evaluate code; always refused, and disabled on the instance. */
export const DANGEROUS_FUNCTIONS: readonly string[] = [
  "import",
  "createUnit",
  "evaluate",
  "parse",
  "compile",
  "simplify",
  "derivative",
  "resolve",
  "reviver",
];

type MathInstance = ReturnType<NonNullable<ReturnType<typeof mathjsKernel>>["create"]>;

/**
 * The restricted instance, built on first use: building mathjs's factories costs several
 * milliseconds, which a `capplan` run whose plan has no formula need not pay (docs/import-speed.md).
 */
let instance: { math: MathInstance; parse: (expr: string) => MathNode } | null = null;

function restricted(): { math: MathInstance; parse: (expr: string) => MathNode } {
  if (instance) return instance;
  const kernel = mathjsKernel();
  // Only in the app, before its lazy mathjs chunk arrived (src/ui/state/formula-engine.ts waits
  // for it before the workbook is built); never in Node, where the kernel is a static import.
  if (!kernel) throw new Error("the formula engine is not loaded yet");
  const { create, ...dependencies } = kernel;
  // mathjs/number types each *Dependencies export as possibly undefined (an index signature);
  // every one is there at run time (a missing one throws when the instance is built).
  const math = create(dependencies as Record<string, FactoryFunctionMap>);
  // The parser, captured before the instance's `parse` is disabled.
  const parse = math.parse.bind(math) as (expr: string) => MathNode;
  // "More secure eval" (mathjs docs, expressions/security): replace the code-reaching functions.
  const overrides: Record<string, () => never> = {};
  for (const name of DANGEROUS_FUNCTIONS) overrides[name] = disabled(name);
  math.import(overrides, { override: true });
  instance = { math, parse };
  return instance;
}

function disabled(name: string): () => never {
  return () => {
    throw new Error(`${name} is disabled in formulas`);
  };
}

/** Parse an expression with the restricted instance's parser (throws on syntax errors). */
export function parseExpression(expr: string): MathNode {
  return restricted().parse(expr);
}

/** Words the parser reads as operators or constants, so they cannot name a cell. */
export const PARSER_KEYWORDS: readonly string[] = [
  "mod",
  "to",
  "in",
  "and",
  "or",
  "xor",
  "not",
  "end",
  "true",
  "false",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "__proto__",
  "constructor",
  "prototype",
];

const RESERVED = new Set([...ALLOWED_FUNCTIONS, ...DANGEROUS_FUNCTIONS, ...PARSER_KEYWORDS]);

/** Cell names: an identifier (letter or `_`, then letters, digits, `_`). */
export const CELL_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Why `name` cannot be a cell name (not an identifier, or a function/keyword), or null if it can. */
export function cellNameProblem(name: string): Problem | null {
  if (!CELL_NAME_PATTERN.test(name)) return formulaMessages.problem("invalidCellName", { name });
  if (RESERVED.has(name)) return formulaMessages.problem("reservedCellName", { name });
  return null;
}

/**
 * Resolves once formulas can be parsed: at once in Node; in the app, when its lazy mathjs chunk
 * has arrived (rejects when that chunk cannot be fetched).
 */
export async function loadFormulaEngine(): Promise<void> {
  await loadMathjsKernel();
}

/** True when formulas can be parsed now (always in Node; in the app once loaded). */
export function formulaEngineLoaded(): boolean {
  return mathjsKernel() !== null;
}

/** True once the restricted instance has been built (a formula was parsed); for tests. */
export function mathInstanceBuilt(): boolean {
  return instance !== null;
}

/** True when the instance's function `name` is disabled (throws when called); for tests and audits. */
export function isDisabledOnInstance(name: string): boolean {
  const fn = (restricted().math as unknown as Record<string, unknown>)[name];
  if (typeof fn !== "function") return fn === undefined;
  try {
    (fn as (...args: unknown[]) => unknown)("1 + 1");
    return false;
  } catch (e) {
    return e instanceof Error && e.message === `${name} is disabled in formulas`;
  }
}
