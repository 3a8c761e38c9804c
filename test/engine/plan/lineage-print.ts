/** A compact, complete print of a lineage tree for whole-explanation assertions (test/engine/plan/lineage-*.test.ts). */
import {
  explainPath,
  type LineageContext,
  type LineageNode,
  type SweepSource,
} from "../../../src/engine/plan/lineage";
import { join } from "node:path";
import { loadPlan } from "../../../src/cli/plan-loader";
import { computePlan } from "../../../src/engine/plan/plan";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../../src/engine/base/types";

/** The plan's context as the CLI builds it (the file as written, resolved, computed). */
export function contextOf(plan: unknown): LineageContext {
  const p = plan as PlanFile;
  const resolved = resolvePlan(p);
  return { plan: p, resolved, result: computePlan(resolved) };
}

/** An example of models/examples/ as `capplan explain` loads it (its sweep folders imported). */
export function exampleContext(name: string): LineageContext {
  const { plan, resolved, result } = loadPlan(
    join(__dirname, "..", "..", "..", "models", "examples", `${name}.json`),
  );
  return { plan, resolved, result };
}

/**
 * One line per node, indented by depth: `path [kind] = value | f: formula | zh: … | p: plugged | raw: … | re: recomputed | cat: … | src: {…}`.
 * A computed node already printed with its inputs (same path) is printed again as `path = value (above)`.
 */
export function treeLines(node: LineageNode): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const walk = (n: LineageNode, d: number) => {
    const pad = "  ".repeat(d);
    if (n.inputs.length && seen.has(n.path)) {
      out.push(`${pad}${n.path} = ${n.value} (above)`);
      return;
    }
    seen.add(n.path);
    const bits = [`${pad}${n.path} [${n.kind}] = ${n.value}`];
    if (n.formula !== undefined) bits.push(`f: ${n.formula}`);
    if (n.formulaZh !== undefined) bits.push(`zh: ${n.formulaZh}`);
    if (n.plugged !== undefined) bits.push(`p: ${n.plugged}`);
    if (n.raw !== undefined) bits.push(`raw: ${n.raw}`);
    if (n.recomputed !== undefined) bits.push(`re: ${n.recomputed}`);
    if (n.catalogue !== undefined) bits.push(`cat: ${n.catalogue}`);
    if (n.source !== undefined) bits.push(`src: ${sourceText(n.source)}`);
    out.push(bits.join(" | "));
    n.inputs.forEach((c) => walk(c, d + 1));
  };
  walk(node, 0);
  return out;
}

/** A sweep source in one line: `label [files] format #point (load) key=… rows=file:line,… at=file:line`. */
function sourceText(s: SweepSource): string {
  const bits = [`${s.label} [${s.files.join(", ")}] ${s.format}`];
  if (s.pointIndex !== undefined) bits.push(`#${s.pointIndex}`);
  if (s.load !== undefined) bits.push(`(${s.load})`);
  if (s.key !== undefined) bits.push(`key=${s.key}`);
  if (s.points !== undefined)
    bits.push(
      `rows=${s.points.map((p) => `${p.file}${p.line !== undefined ? `:${p.line}` : ""}${p.record !== undefined ? `#${p.record}` : ""}`).join(",")}`,
    );
  if (s.file !== undefined || s.line !== undefined) bits.push(`at=${s.file}:${s.line}`);
  if (s.inPath !== undefined) bits.push(`inPath=${s.inPath}`);
  return bits.join(" ");
}

/** The answer for a path that names no number, as `explainLines` prints it. */
export const NO = (path: string) => [`error: ${path}: no number with a lineage at this path`];

/** The context of `plan` with its file and result deep-copied and then edited (a result no engine run gives). */
export function edited(plan: unknown, edit: (c: LineageContext) => void): LineageContext {
  const ctx = contextOf(plan);
  const c: LineageContext = {
    plan: structuredClone(ctx.plan),
    resolved: ctx.resolved,
    result: structuredClone(ctx.result),
  };
  edit(c);
  return c;
}

/** The tree of `path` in `ctx`, or the error text. */
export function explainLines(ctx: LineageContext, path: string): string[] {
  const a = explainPath(ctx, path);
  return a.ok ? treeLines(a.node) : [`error: ${a.error}`];
}

/**
 * The trees of several paths one after the other, a subtree printed before in full (same path, same
 * lines) printed again as `path = value (above)`: a stub stands for exactly the lines of that
 * path's first full print, so the assertion is the same as comparing every tree in full.
 */
export function explainAll(ctx: LineageContext, paths: readonly string[]): string[] {
  return collapseRepeats(paths.flatMap((p) => explainLines(ctx, p)));
}

const HEADER = /^( *)(.+?) \[(\w+)\] = (.*?)(?: \| .*)?$/;
const indentOf = (l: string) => l.length - l.trimStart().length;

/** `lines` with each repeat of an earlier subtree (a node with inputs) cut to its stub. */
export function collapseRepeats(lines: readonly string[]): string[] {
  const first = new Map<string, string>();
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    const line = lines[i] ?? "";
    const ind = indentOf(line);
    let j = i + 1;
    while (j < lines.length && indentOf(lines[j] ?? "") > ind) j++;
    const m = HEADER.exec(line);
    if (m && j > i + 1 && !line.trimStart().startsWith("ERROR")) {
      const [, , path = "", , value = ""] = m;
      const sig = lines
        .slice(i, j)
        .map((l) => l.slice(ind))
        .join("\n");
      if (first.get(path) === sig) {
        out.push(`${" ".repeat(ind)}${path} = ${value} (above)`);
        i = j;
        continue;
      }
      if (!first.has(path)) first.set(path, sig);
    }
    out.push(line);
    i++;
  }
  return out;
}
