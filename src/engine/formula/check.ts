/**
 * Whitelist check of a parsed formula (spec §6: formulas cannot reach functions that import,
 * define or evaluate code). Only numbers, names, `+ - * / ^ mod`, unary minus/plus, comparisons,
 * `and`/`or`/`not`, parentheses, `c ? a : b` and calls of {@link ALLOWED_FUNCTIONS} pass.
 */
import type { MathNode } from "mathjs";
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
  | { ok: false; kind: "FORBIDDEN" | "VALUE"; message: string };

const FUNCTIONS = new Set(ALLOWED_FUNCTIONS);
const OPERATORS = new Set(ALLOWED_OPERATORS);
const DANGEROUS = new Set(DANGEROUS_FUNCTIONS);
const ALLOWED_LIST = ALLOWED_FUNCTIONS.join(", ");

class Refusal {
  constructor(
    readonly kind: "FORBIDDEN" | "VALUE",
    readonly message: string,
  ) {}
}

function forbidden(message: string): Refusal {
  return new Refusal("FORBIDDEN", message);
}

function show(node: RawNode): string {
  const text = node.toString();
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

function functionRefusal(name: string): Refusal {
  return forbidden(`\`${name}\` is not allowed in formulas; allowed functions: ${ALLOWED_LIST}`);
}

function walk(node: RawNode, names: Set<string>): void {
  switch (node.type) {
    case "ConstantNode":
      if (typeof node.value === "number" || typeof node.value === "boolean") return;
      if (typeof node.value === "string") throw new Refusal("VALUE", `text ("${node.value}") is not a number`);
      throw new Refusal("VALUE", `\`${String(node.value)}\` is not a number`);
    case "SymbolNode": {
      const name = String(node.name);
      if (DANGEROUS.has(name)) throw functionRefusal(name);
      if (FUNCTIONS.has(name)) throw forbidden(`\`${name}\` is a function: call it as ${name}(…)`);
      names.add(name);
      return;
    }
    case "ParenthesisNode":
      if (node.content) walk(node.content, names);
      return;
    case "ConditionalNode":
      for (const part of [node.condition, node.trueExpr, node.falseExpr]) if (part) walk(part, names);
      return;
    case "OperatorNode": {
      const fn = String(node.fn);
      if (!OPERATORS.has(fn)) {
        throw forbidden(`operator \`${node.op ?? fn}\` (${fn}) is not allowed in formulas; use + - * / ^ mod, comparisons and ? :`);
      }
      for (const arg of node.args ?? []) walk(arg, names);
      return;
    }
    case "RelationalNode":
      for (const c of node.conditionals ?? []) if (!OPERATORS.has(c)) throw forbidden(`comparison \`${c}\` is not allowed`);
      for (const p of node.params ?? []) walk(p, names);
      return;
    case "FunctionNode": {
      const fn = node.fn as RawNode | undefined;
      if (!fn || fn.type !== "SymbolNode") throw forbidden(`calling \`${show(node)}\` is not allowed in formulas; allowed functions: ${ALLOWED_LIST}`);
      const name = String(fn.name);
      if (!FUNCTIONS.has(name)) throw functionRefusal(name);
      for (const arg of node.args ?? []) walk(arg, names);
      return;
    }
    case "AccessorNode":
    case "IndexNode":
      throw forbidden(`property or index access (\`${show(node)}\`) is not allowed in formulas`);
    case "AssignmentNode":
      throw forbidden(`assignment (\`${show(node)}\`) is not allowed in formulas; edit the cell instead`);
    case "FunctionAssignmentNode":
      throw forbidden(`defining a function (\`${show(node)}\`) is not allowed in formulas`);
    case "ArrayNode":
    case "RangeNode":
      throw forbidden(`matrices and ranges (\`${show(node)}\`) are not allowed in formulas`);
    case "ObjectNode":
      throw forbidden(`objects (\`${show(node)}\`) are not allowed in formulas`);
    case "BlockNode":
      throw forbidden("a formula is one expression: `;` and line breaks are not allowed");
    default:
      throw forbidden(`${node.type} is not allowed in formulas`);
  }
}

/** Walk a parsed formula and accept only whitelisted node types, operators and functions. */
export function checkFormulaTree(tree: MathNode): CheckResult {
  const names = new Set<string>();
  try {
    walk(tree as unknown as RawNode, names);
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, kind: e.kind, message: e.message };
    return { ok: false, kind: "FORBIDDEN", message: `formula could not be checked: ${String(e)}` };
  }
  return { ok: true, names: [...names] };
}
