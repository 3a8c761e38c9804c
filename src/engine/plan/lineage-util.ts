/**
 * Small helpers the lineage builders share (lineage.ts, lineage-tenants.ts): how a number is
 * written in a step, reading a path of the plan, a step's words in both languages, and sums over
 * nodes that follow the engine's arithmetic (absent counts as NaN).
 */
import { fmtNum } from "../base/number-format";
import { lineageMessages, type LineageCode } from "./lineage-messages";
import type { LineageNode } from "./lineage-types";

/** A number in the chain's plugged-in formulas: up to 4 decimals, small numbers in 4 significant digits. */
export function lineageNumber(x: number | null | undefined): string {
  // null, undefined and NaN go to fmtNum, which writes n/a (as ±Infinity, they are not below 0.01).
  if (typeof x === "number" && x !== 0 && Math.abs(x) < 0.01)
    return x.toPrecision(4).replace(/\.?0+e/, "e");
  return fmtNum(x ?? Number.NaN, 4);
}

/** A step's words: its formula in English and in Chinese. */
export type Words = Pick<LineageNode, "formula" | "formulaZh">;

export const N = lineageNumber;

/** A finite number (Number.isFinite does not coerce: a string or null is not one). */
export function num(v: unknown): v is number {
  return Number.isFinite(v);
}

/** Split `a.b[2].c` into keys and indices. */
export function parseLineagePath(path: string): (string | number)[] | null {
  const out: (string | number)[] = [];
  const re = /(?:^|\.)([A-Za-z_$][\w$]*)|\[(\d+)\]/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < path.length) {
    re.lastIndex = at;
    m = re.exec(path);
    if (!m) return null; // sticky (y): a match starts at `at`, or there is none
    out.push(m[1] !== undefined ? m[1] : Number(m[2]));
    at = re.lastIndex;
  }
  return out.length ? out : null;
}

export function get(obj: unknown, keys: readonly (string | number)[]): unknown {
  let v = obj;
  for (const k of keys) {
    // Own keys only: `constructor` or `toString` is no value of the plan or the result.
    if (v === null || typeof v !== "object" || !Object.hasOwn(v, k)) return undefined;
    v = (v as Record<string | number, unknown>)[k];
  }
  return v;
}

/**
 * The words of lineage step `code` (lineage-messages.ts) in both languages. Both are always given:
 * every lineage message has Chinese words of its own (lineage-util.test.ts checks each).
 */
export function words(code: LineageCode, params: Record<string, unknown> = {}): Words {
  const p = lineageMessages.problem(code, params as never);
  const en = lineageMessages.render(p, "en")!;
  return { formula: en, formulaZh: lineageMessages.render(p, "zh")! };
}

/** The path text of keys below a node: `["a", 2, "b"]` → `.a[2].b`. */
export function pathOf(keys: readonly (string | number)[]): string {
  return keys.map((k) => (typeof k === "number" ? `[${k}]` : `.${k}`)).join("");
}

/**
 * A node's value for a recomputation that follows the engine's formula: NaN when absent, so the
 * result is NaN (absent in `explain --json` as in `plan --json`) without a guard per operand.
 */
export function val(n: LineageNode): number {
  return n.value ?? Number.NaN;
}

/** Σ of the nodes' values (a missing value counts as NaN, as in {@link val}). */
export function sumOf(nodes: readonly LineageNode[]): number {
  return nodes.reduce((a, n) => a + val(n), 0);
}

/** The plugged-in parts `n₁ + n₂ + …`. */
export function plus(nodes: readonly LineageNode[]): (LineageNode | string)[] {
  return nodes.flatMap((n, i) => (i ? [" + ", n] : [n]));
}

/** A number of the result as `plan --json` shows it: NaN and ±Infinity are absent (null). */
export function finite(x: number | null): number | null {
  return num(x) ? x : null;
}

export function mul(a: number | null | undefined, b: number | null | undefined): number | null {
  return num(a) && num(b) ? a * b : null;
}
