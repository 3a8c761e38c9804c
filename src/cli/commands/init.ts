/**
 * `capplan init [dir] [--example NAME] [--force]`: write a working example plan, with its sweeps
 * inline, so that a fresh install has something to run (`capplan plan <dir>/plan.json`) without the
 * repository. The example plans in `models/examples/` name their sweeps as `file` references
 * (`../../fixtures/...`); `init` imports those files once and stores the sweeps' points in the
 * plan, the way the app does, so the written plan depends on no other file. See docs/cli.md.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { PlanFile, Sweep, SweepRef } from "../../engine/base/types";
import { validatePlan } from "../../engine/plan/plan-file";
import { formatIssue, importFiles } from "../../import/index";
import { type CommandDef, parseOptions } from "../command";
import { CliError, cliError, readInputs, type Io } from "../io";
import { cliMessages as C } from "../messages";

/** The example written when none is named. */
export const DEFAULT_INIT_EXAMPLE = "multi-sku";

/**
 * The folder holding `models/examples/`: the package root. The bundle runs from `dist-cli/`, the
 * sources from `src/cli/commands/`; walk up from this module until it is found.
 */
export function packageRoot(from = dirname(fileURLToPath(import.meta.url))): string | null {
  for (let d = from, i = 0; i < 6; i++) {
    if (existsSync(join(d, "models", "examples"))) return d;
    const up = dirname(d);
    if (up === d) break;
    d = up;
  }
  return null;
}

/** Names of the example plans shipped in `models/examples/` (without `.json`). */
export function exampleNames(root: string): string[] {
  return readdirSync(join(root, "models", "examples"))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -".json".length))
    .sort();
}

/**
 * The inline reference for an imported sweep (the same fields the app stores). The points' sources
 * are left out: they name files relative to the example's folder, not to the plan written here.
 */
function inline(s: Sweep): SweepRef {
  const points = s.points.map(({ sources: _, ...p }) => p);
  return { label: s.label, meta: s.meta, source: s.source, points, warnings: s.warnings };
}

/**
 * The example plan `name` with every `file` sweep replaced by the imported sweep, inline.
 * Throws {@link CliError} when the example or one of its files cannot be used.
 */
export function inlineExample(root: string, name: string): PlanFile {
  const names = exampleNames(root);
  if (!names.includes(name)) throw cliError(C.problem("noExample", { name, names }));
  const planPath = join(root, "models", "examples", `${name}.json`);
  const valid = validatePlan(JSON.parse(readFileSync(planPath, "utf8")));
  if (!valid.ok)
    throw new CliError(
      valid.errors.map((e) => `${relative(root, planPath)}: ${e.path}: ${e.message}`),
    );
  const plan = structuredClone(valid.plan);
  const base = dirname(planPath);
  const cache = new Map<string, SweepRef>();
  const toInline = (ref: SweepRef): SweepRef => {
    if (typeof ref.file !== "string") return ref;
    const hit = cache.get(ref.file);
    if (hit) return hit;
    const r = importFiles(readInputs([ref.file], base));
    if (!r.ok) throw new CliError(r.errors.map((e) => `${name}: ${formatIssue(e)}`));
    if (r.sweeps.length !== 1)
      throw new CliError([`${name}: ${ref.file} holds ${r.sweeps.length} sweeps, expected one`]);
    const out = inline(r.sweeps[0]!);
    cache.set(ref.file, out);
    return out;
  };
  for (const sku of plan.skus ?? []) {
    if (sku.sweep) sku.sweep = toInline(sku.sweep);
    if (sku.sweeps)
      for (const k of Object.keys(sku.sweeps)) sku.sweeps[k] = toInline(sku.sweeps[k]!);
  }
  return plan;
}

/** `capplan init`: write the example plan. */
function initCommand(args: string[], io: Io): number {
  const { positional: positionals, flags } = parseOptions(command.options, args);
  const example = flags.get("example");
  const values = {
    example: typeof example === "string" ? example : undefined,
    force: flags.has("force"),
  };
  if (positionals.length > 1)
    throw new CliError([
      `init takes one folder, got ${positionals.length}`,
      `usage: capplan ${command.usage}`,
    ]);
  const root = packageRoot();
  if (!root)
    throw new CliError([
      "cannot find the example plans (models/examples) next to the program; reinstall capplan",
    ]);
  const name = values.example ?? DEFAULT_INIT_EXAMPLE;
  const plan = inlineExample(root, name);
  const text = JSON.stringify(plan, null, 2) + "\n";
  const dir = positionals[0] ?? ".";
  if (dir === "-") {
    io.out(text);
    return 0;
  }
  const file = join(dir, "plan.json");
  if (existsSync(dir) && !statSync(dir).isDirectory())
    throw new CliError([`${dir}: exists and is not a folder`]);
  if (existsSync(file) && !values.force)
    throw new CliError([`${file}: already exists (use --force to replace it)`]);
  try {
    mkdirSync(dir, { recursive: true });
    writeAtomically(file, text);
  } catch (e) {
    if (e instanceof CliError) throw e;
    const code = (e as { code?: unknown }).code;
    throw new CliError([`${file}: cannot write (${typeof code === "string" ? code : "error"})`]);
  }
  const skus = plan.skus?.length ?? 0;
  io.out(
    `wrote ${file}: the ${name} example, ${skus} GPU option${skus === 1 ? "" : "s"}, sweeps inline\n`,
  );
  io.out(`next: capplan plan ${file}\n`);
  return 0;
}

/** Write through a temporary file renamed into place, so a failed write leaves no half file. */
function writeAtomically(file: string, text: string): void {
  const tmp = join(dirname(file), `.plan.json.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      /* nothing to clean */
    }
    throw e;
  }
}

export const command: CommandDef = {
  usage: "init [dir|-] [--example NAME] [--force]",
  summary:
    "Write a working example plan to <dir>/plan.json (default: the current folder), its sweeps inline, ready for `capplan plan`; `-` prints it instead.",
  options: [
    {
      name: "example",
      value: "NAME",
      help: "which example plan (default multi-sku; the error for an unknown name lists them)",
    },
    { name: "force", help: "replace an existing <dir>/plan.json" },
  ],
  run: initCommand,
};
