/**
 * `capplan explain <plan.json> <path> [--json]` (docs/lineage.md): how one number of
 * `capplan plan --json` was computed, step by step with the numbers plugged in, down to cells,
 * plan fields, catalogue entries and sweep points (file and line).
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import {
  explainPath,
  lineageNumber as N,
  lineageText,
  sweepLeaves,
  type LineageNode,
} from "../../engine/plan/lineage";
import type { PointSource } from "../../engine/base/types";
import type { Lang } from "../../report/i18n";
import { concurrencyFromPath } from "../../import/path-load";
import {
  ALLOW_PATH_OPTION,
  type CommandDef,
  LANG_OPTION,
  langFlag,
  parseOptions,
} from "../command";
import { CliError, type Io } from "../io";
import { loadPlan } from "../plan-loader";

/** Numbers written in a line of text (any notation). */
function numbersIn(line: string): number[] {
  return (line.match(/-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g) ?? []).map(Number);
}

/** Whether `x` is written as `v` (or as `v` in seconds or in ms: importers convert units). */
function writes(x: number, v: number): boolean {
  const close = (a: number, b: number) =>
    Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  return close(x, v) || close(x * 1000, v) || close(x / 1000, v);
}

/**
 * The file and line where a sweep value is written. Among the sweep's files, one whose content
 * also holds the point's load is preferred, and in it a line that holds both (a CSV row); else
 * the first line that holds the value.
 */
export function locateValue(
  files: readonly string[],
  base: string,
  value: number,
  load: number | null,
  read: (file: string) => string[] | null = linesReader(base),
): { file: string; line: number } | null {
  let withLoad: { file: string; line: number } | null = null;
  let any: { file: string; line: number } | null = null;
  for (const f of files) {
    const lines = read(f);
    if (!lines) continue;
    let first = -1;
    let loadSeen =
      load !== null && new RegExp(`(^|[^\\d.])${load}([^\\d.]|$)`).test(f.replace(/^.*[/\\]/, ""));
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

/** The lines of the files of one explanation (relative to `base`), read once; null when unreadable or huge. */
function linesReader(base: string): (file: string) => string[] | null {
  const cache = new Map<string, string[] | null>();
  return (f) => {
    let lines = cache.get(f);
    if (lines !== undefined) return lines;
    try {
      const full = resolve(base, f);
      lines =
        statSync(full).size > 64 * 1024 * 1024 ? null : readFileSync(full, "utf8").split(/\r?\n/);
    } catch {
      lines = null;
    }
    cache.set(f, lines);
    return lines;
  };
}

/**
 * The line of a point's value among the places the importer read the point from (its rows, or its
 * whole files): a row that writes the value, else the first line of a whole file that writes it,
 * else the point's first row (a median of repeats is written nowhere).
 */
function locateInPoint(
  sources: readonly PointSource[],
  value: number,
  load: number | null,
  read: (file: string) => string[] | null,
  key?: string,
): { file: string; line?: number } | null {
  if (key === "concurrency") {
    // A concurrency is written next to its name, or (GenAI-Perf's CSV) only in the run's path.
    for (const s of sources) {
      const lines = read(s.file) ?? [];
      const from = s.line !== undefined ? s.line - 1 : 0;
      const to = s.line !== undefined ? s.line : lines.length;
      for (let i = from; i < to; i++)
        if (/concurren/i.test(lines[i] ?? "") && numbersIn(lines[i]!).includes(value))
          return { file: s.file, line: i + 1 };
    }
    const byPath = sources.find((s) => concurrencyFromPath(s.file) === value);
    if (byPath) return { file: byPath.file };
  }
  for (const s of sources) {
    if (s.line === undefined) continue;
    const text = read(s.file)?.[s.line - 1];
    if (text !== undefined && numbersIn(text).some((x) => writes(x, value)))
      return { file: s.file, line: s.line };
  }
  const whole = sources.filter((s) => s.line === undefined).map((s) => s.file);
  const found = whole.length ? locateValue(whole, "", value, load, read) : null;
  if (found) return found;
  const row = sources.find((s) => s.line !== undefined);
  return row ? { file: row.file, line: row.line! } : null;
}

/**
 * Fill `source.file` and `source.line` of the tree's sweep values (files relative to `base`): from
 * the point's recorded sources (docs/lineage.md), else by searching the sweep's files.
 */
export function locateSweepLeaves(
  node: LineageNode,
  base: string,
  points: (label: string, index: number) => number | null,
): void {
  const read = linesReader(base);
  for (const leaf of sweepLeaves(node)) {
    const s = leaf.source!;
    if (leaf.value === null) continue;
    const load = s.pointIndex !== undefined ? points(s.label, s.pointIndex) : null;
    const at = s.points?.length
      ? locateInPoint(s.points, leaf.value, load, read, s.key)
      : locateValue(s.files, base, leaf.value, load, read);
    if (!at) continue;
    s.file = at.file;
    if (at.line !== undefined) s.line = at.line;
    else {
      delete s.line;
      s.inPath = true;
    }
  }
}

/** One line of the readable tree; a step's words in `lang` (`--lang`). */
export function describeNode(n: LineageNode, lang: Lang = "en"): string {
  const head = `${n.path} = ${N(n.value)}`;
  const words = lang === "zh" ? (n.formulaZh ?? n.formula) : n.formula;
  switch (n.kind) {
    case "computed":
      // A step without plugged numbers (an error bar's end) says its formula alone.
      return `${head}    ${words ?? ""}${n.plugged ? `: ${n.plugged}` : ""}`;
    case "cell":
    case "field":
      if (n.formula) return `${head}    ${n.kind} ${n.raw}: ${n.plugged}`;
      return `${head}    ${n.kind}${n.raw !== undefined ? ` (${n.raw})` : ""}${n.catalogue ? `, GPU ${n.catalogue} of the catalogue` : ""}`;
    case "sweepPoint": {
      const s = n.source!;
      const where = s.file
        ? s.inPath
          ? `${s.file} (in its path)`
          : `${s.file}:${s.line}`
        : s.files.join(", ");
      return `${head}    sweep "${s.label}" point ${s.pointIndex}${s.load ? ` (${s.load})` : ""} ${s.key ?? ""}, ${where}`;
    }
    case "sweep": {
      const s = n.source;
      return `${head}    ${words ?? "sweep"}${s ? `: "${s.label}" (${s.files.join(", ")})` : ""}`;
    }
    case "catalogue":
      return `${head}    catalogue ${n.catalogue ?? ""}`;
    case "constant":
      return `${head}    constant${words ? `: ${words}` : ""}`;
  }
}

function explainCommand(args: string[], io: Io): number {
  const { positional, flags, lists } = parseOptions(command.options, args);
  if (positional.length !== 2)
    throw new CliError([
      `usage: capplan ${command.usage}   (e.g. skus[0].replicas, tenants.teams[1].cost)`,
    ]);
  const [planPath, path] = positional as [string, string];
  const lang = langFlag(flags.get("lang"));
  const { plan, resolved, result, importWarnings } = loadPlan(planPath, lang, {
    allowPaths: lists.get("allow-path") ?? [],
    stdin: io.stdin,
  });
  for (const w of importWarnings) io.err(`warning: ${w}\n`);
  const answer = explainPath({ plan, resolved, result }, path);
  if (!answer.ok) throw new CliError([`${planPath}: ${answer.error}`]);
  const sweeps = new Map<
    string,
    { concurrency: number | null; requestRate: number | "inf" | null }[]
  >();
  for (const s of result.skus)
    for (const w of s.workloads) if (w.sweep) sweeps.set(w.sweep.label, w.sweep.points);
  locateSweepLeaves(answer.node, resolve(dirname(planPath)), (label, i) => {
    const p = sweeps.get(label)?.[i];
    return p ? (p.concurrency ?? (typeof p.requestRate === "number" ? p.requestRate : null)) : null;
  });
  if (flags.has("json")) io.out(JSON.stringify(answer.node, null, 2) + "\n");
  else io.out(lineageText(answer.node, (n) => describeNode(n, lang)) + "\n");
  return 0;
}

export const command: CommandDef = {
  usage: "explain <plan.json|-> <path> [--json] [--lang en|zh] [--allow-path DIR]...",
  summary:
    "How one number of `plan --json` was computed (e.g. skus[0].replicas, tenants.teams[1].cost): each step's formula with the numbers plugged in, down to cells, plan fields and sweep points (file and line).",
  options: [{ name: "json", help: "the same tree as JSON" }, LANG_OPTION, ALLOW_PATH_OPTION],
  run: explainCommand,
};
