/**
 * `capplan explain <plan.json> <path> [--json]` (docs/lineage.md): how one number of
 * `capplan plan --json` was computed, step by step with the numbers plugged in, down to cells,
 * plan fields, catalogue entries and sweep points (file and line).
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { explainPath, lineageNumber as N, lineageText, sweepLeaves, type LineageNode } from "../../engine/lineage";
import { CliError, parseArgs, type Io } from "../io";
import { loadPlan } from "../plan-loader";

const USAGE = "usage: capplan explain <plan.json|-> <path> [--json] [--allow-path DIR]...   (e.g. skus[0].replicas, tenants.teams[1].cost)";

/** Numbers written in a line of text (any notation). */
function numbersIn(line: string): number[] {
  return (line.match(/-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g) ?? []).map(Number);
}

/** Whether `x` is written as `v` (or as `v` in seconds or in ms: importers convert units). */
function writes(x: number, v: number): boolean {
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  return close(x, v) || close(x * 1000, v) || close(x / 1000, v);
}

/**
 * The file and line where a sweep value is written. Among the sweep's files, one whose content
 * also holds the point's load is preferred, and in it a line that holds both (a CSV row); else
 * the first line that holds the value.
 */
export function locateValue(files: readonly string[], base: string, value: number, load: number | null): { file: string; line: number } | null {
  let withLoad: { file: string; line: number } | null = null;
  let any: { file: string; line: number } | null = null;
  for (const f of files) {
    let text: string;
    try {
      const full = resolve(base, f);
      if (statSync(full).size > 64 * 1024 * 1024) continue;
      text = readFileSync(full, "utf8");
    } catch {
      continue;
    }
    const lines = text.split(/\r?\n/);
    let first = -1;
    let loadSeen = load !== null && new RegExp(`(^|[^\\d.])${load}([^\\d.]|$)`).test(f.replace(/^.*[/\\]/, ""));
    for (let i = 0; i < lines.length; i++) {
      const ns = numbersIn(lines[i]!);
      const hasValue = ns.some((x) => writes(x, value));
      const hasLoad = load !== null && ns.includes(load);
      if (hasValue && hasLoad) return { file: f, line: i + 1 };
      if (hasLoad) loadSeen = true;
      if (hasValue && first < 0) first = i;
    }
    if (first >= 0) {
      if (loadSeen && !withLoad) withLoad = { file: f, line: first + 1 };
      if (!any) any = { file: f, line: first + 1 };
    }
  }
  return withLoad ?? any;
}

/** Fill `source.file` and `source.line` of the tree's sweep values (files relative to `base`). */
export function locateSweepLeaves(node: LineageNode, base: string, points: (label: string, index: number) => number | null): void {
  for (const leaf of sweepLeaves(node)) {
    const s = leaf.source!;
    if (leaf.value === null) continue;
    const load = s.pointIndex !== undefined ? points(s.label, s.pointIndex) : null;
    const at = locateValue(s.files, base, leaf.value, load);
    if (at) {
      s.file = at.file;
      s.line = at.line;
    }
  }
}

/** One line of the readable tree. */
export function describeNode(n: LineageNode): string {
  const head = `${n.path} = ${N(n.value)}`;
  switch (n.kind) {
    case "computed":
      return `${head}    ${n.formula ?? ""}: ${n.plugged ?? ""}`;
    case "cell":
    case "field":
      if (n.formula) return `${head}    ${n.kind} ${n.raw}: ${n.plugged}`;
      return `${head}    ${n.kind}${n.raw !== undefined ? ` (${n.raw})` : ""}${n.catalogue ? `, GPU ${n.catalogue} of the catalogue` : ""}`;
    case "sweepPoint": {
      const s = n.source!;
      const where = s.file ? `${s.file}:${s.line}` : s.files.join(", ");
      return `${head}    sweep "${s.label}" point ${s.pointIndex}${s.load ? ` (${s.load})` : ""} ${s.key ?? ""}, ${where}`;
    }
    case "sweep": {
      const s = n.source;
      return `${head}    ${n.formula ?? "sweep"}${s ? `: "${s.label}" (${s.files.join(", ")})` : ""}`;
    }
    case "catalogue":
      return `${head}    catalogue ${n.catalogue ?? ""}`;
    case "constant":
      return `${head}    constant`;
  }
}

export function explainCommand(args: string[], io: Io): number {
  const { positional, flags, lists } = parseArgs(args, ["allow-path"], ["json"]);
  if (positional.length !== 2) throw new CliError([USAGE]);
  const [planPath, path] = positional as [string, string];
  const { plan, resolved, result, importWarnings } = loadPlan(planPath, "en", { allowPaths: lists.get("allow-path") ?? [], stdin: io.stdin });
  for (const w of importWarnings) io.err(`warning: ${w}\n`);
  const answer = explainPath({ plan, resolved, result }, path);
  if (!answer.ok) throw new CliError([`${planPath}: ${answer.error}`]);
  const sweeps = new Map<string, { concurrency: number | null; requestRate: number | "inf" | null }[]>();
  for (const s of result.skus) for (const w of s.workloads) if (w.sweep) sweeps.set(w.sweep.label, w.sweep.points);
  locateSweepLeaves(answer.node, resolve(dirname(planPath)), (label, i) => {
    const p = sweeps.get(label)?.[i];
    return p ? p.concurrency ?? (typeof p.requestRate === "number" ? p.requestRate : null) : null;
  });
  if (flags.has("json")) io.out(JSON.stringify(answer.node, null, 2) + "\n");
  else io.out(lineageText(answer.node, describeNode) + "\n");
  return 0;
}
