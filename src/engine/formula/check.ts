/**
 * Whitelist check of a parsed formula (docs/plan-file.md: formulas cannot reach functions that import,
 * define or evaluate code). Only numbers, names, `+ - * / ^ mod`, unary minus/plus, comparisons,
 * `and`/`or`/`not`, parentheses, `c ? a : b` and calls of {@link ALLOWED_FUNCTIONS} pass.
 */
import type { MathNode } from "mathjs";
import { formulaMessages as F } from "./messages";
import type { Problem } from "../base/problems";
import { ALLOWED_FUNCTIONS, ALLOWED_OPERATORS, DANGEROUS_FUNCTIONS } from "./math";

/** Structural view of a mathjs node (the published types describe each node class separately). */
interface RawNode {
  type: string;
  fn?: unknown;
  op?: string;
  args?: RawNode[];
  content?: RawNode;
  condition?: RawNode;
  trueExpr?: RawNode;
  falseExpr?: RawNode;
  conditionals?: string[];
  params?: RawNode[];
  name?: string;
  value?: unknown;
  toString(): string;
}

/** Result of {@link checkFormulaTree}: the names the formula reads, or why it is refused. */
export type CheckResult =
  | { ok: true; names: string[] }
  | { ok: false; kind: "FORBIDDEN" | "VALUE"; message: string; problem: Problem };

const FUNCTIONS = new Set(ALLOWED_FUNCTIONS);
const OPERATORS = new Set(ALLOWED_OPERATORS);
const DANGEROUS = new Set(DANGEROUS_FUNCTIONS);
const ALLOWED_LIST = ALLOWED_FUNCTIONS.join(", ");

class Refusal {
  constructor(
    readonly kind: "FORBIDDEN" | "VALUE",
    readonly problem: Problem,
  ) {}
}

function forbidden(problem: Problem): Refusal {
  return new Refusal("FORBIDDEN", problem);
}

function show(node: RawNode): string {
  const text = node.toString();
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

function functionRefusal(name: string): Refusal {
  return forbidden(F.problem("functionNotAllowed", { name, allowed: ALLOWED_LIST }));
}

function walk(node: RawNode, names: Set<string>): void {
  switch (node.type) {
    case "ConstantNode":
      if (typeof node.value === "number" || typeof node.value === "boolean") return;
      if (typeof node.value === "string")
        throw new Refusal("VALUE", F.problem("textNotNumber", { text: node.value }));
      throw new Refusal("VALUE", F.problem("constantNotNumber", { value: String(node.value) }));
    case "SymbolNode": {
      const name = String(node.name);
      if (DANGEROUS.has(name)) throw functionRefusal(name);
      if (FUNCTIONS.has(name)) throw forbidden(F.problem("isFunction", { name }));
      names.add(name);
      return;
    }
    case "ParenthesisNode":
      if (node.content) walk(node.content, names);
      return;
    case "ConditionalNode":
      for (const part of [node.condition, node.trueExpr, node.falseExpr])
        if (part) walk(part, names);
      return;
    case "OperatorNode": {
      const fn = String(node.fn);
      if (!OPERATORS.has(fn)) {
        throw forbidden(F.problem("operatorNotAllowed", { op: node.op ?? fn, fn }));
      }
      for (const arg of node.args ?? []) walk(arg, names);
      return;
    }
    case "RelationalNode":
      for (const c of node.conditionals ?? [])
        if (!OPERATORS.has(c)) throw forbidden(F.problem("comparisonNotAllowed", { op: c }));
      for (const p of node.params ?? []) walk(p, names);
      return;
    case "FunctionNode": {
      const fn = node.fn as RawNode | undefined;
      if (!fn || fn.type !== "SymbolNode")
        throw forbidden(F.problem("callNotAllowed", { call: show(node), allowed: ALLOWED_LIST }));
      const name = String(fn.name);
      if (!FUNCTIONS.has(name)) throw functionRefusal(name);
      for (const arg of node.args ?? []) walk(arg, names);
      return;
    }
    case "AccessorNode":
    case "IndexNode":
      throw forbidden(F.problem("accessNotAllowed", { text: show(node) }));
    case "AssignmentNode":
      throw forbidden(F.problem("assignmentNotAllowed", { text: show(node) }));
    case "FunctionAssignmentNode":
      throw forbidden(F.problem("definitionNotAllowed", { text: show(node) }));
    case "ArrayNode":
    case "RangeNode":
      throw forbidden(F.problem("matrixNotAllowed", { text: show(node) }));
    case "ObjectNode":
      throw forbidden(F.problem("objectNotAllowed", { text: show(node) }));
    case "BlockNode":
      throw forbidden(F.problem("oneExpression", {}));
    default:
      throw forbidden(F.problem("nodeNotAllowed", { type: node.type }));
  }
}

/** Walk a parsed formula and accept only whitelisted node types, operators and functions. */
export function checkFormulaTree(tree: MathNode): CheckResult {
  const names = new Set<string>();
  try {
    walk(tree as unknown as RawNode, names);
  } catch (e) {
    const [kind, problem] =
      e instanceof Refusal
        ? [e.kind, e.problem]
        : (["FORBIDDEN", F.problem("notChecked", { why: String(e) })] as const);
    return { ok: false, kind, message: F.en(problem), problem };
  }
  return { ok: true, names: [...names] };
}
