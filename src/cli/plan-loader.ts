/**
 * Load a plan file for `capplan plan` / `report`: parse, validate, evaluate formulas, read the
 * sweep files it references (relative to the plan file), and compute the result.
 *
 * A plan may come from someone else (docs/security.md): its `file` references are confined to
 * the plan's folder tree and the working directory's tree (plus `--allow-path` folders), only
 * regular files are read, and the content of a file that was not recognised is never echoed.
 */
import { dirname, resolve } from "node:path";
import gpuCatalog from "../../models/gpus.json";
import llmCatalog from "../../models/llms.json";
import { restoreGpuCatalog, restoreLlmCatalog } from "../engine/catalog/catalog";
import { parsePlanText, validatePlan } from "../engine/plan/plan-file";
import {
  defaultedPrices,
  defaultedProblem,
  fillDefaultPrices,
} from "../engine/catalog/price-default";
import { textProblem } from "../engine/base/problems";
import { computePlan, type FileSweep, type PlanResult } from "../engine/plan/plan";
import { buildPlanSheet, computedSkus, resolvePlan } from "../engine/plan/resolve-plan";
import type { ResolvedPlan } from "../engine/plan/resolved-plan-types";
import type { PlanFile, RecommendBy } from "../engine/base/types";
import { formatIssue, importFiles, type ImportIssue } from "../import/index";
import type { Lang } from "../report/i18n";
import { localizeError, localizeIssue, localizeMessage, renderProblem } from "../report/messages";
import { cliFileMessages as F } from "../import/messages/usage";
import { workloadDefs } from "../engine/plan/plan-file";
import { DEFAULT_TRACE_BIN_SEC } from "../engine/demand/workload-trace";
import {
  CliError,
  ReadProblem,
  fsProblem,
  outsideConfinement,
  readInputs,
  readRegularFile,
  readStdin,
  realPathOf,
} from "./io";
import { readTraceFile } from "./trace-file";

export interface LoadedPlan {
  /** The plan file as written (formulas as text), for `capplan explain`. */
  plan: PlanFile;
  resolved: ResolvedPlan;
  result: PlanResult;
  /** Import warnings of sweep files, as printable lines. */
  importWarnings: string[];
  /** The sweeps the plan's `file` references resolved to (what-if tools recompute the plan with them). */
  files: ReadonlyMap<string, FileSweep>;
}

export interface LoadOptions {
  /** Extra folders `file` references may read (`--allow-path DIR`, repeatable). */
  allowPaths?: readonly string[] | undefined;
  /** Standard input, when the plan path is `-`. */
  stdin?: (() => string) | undefined;
  /** `--cheapest-by`: replaces the plan's `recommendBy` (docs/schedules.md). */
  cheapestBy?: RecommendBy | undefined;
  /** Working directory (default `process.cwd()`). */
  cwd?: string | undefined;
}

/** Every `file` reference of a plan with the key naming it (`skus[1].sweep.file`). */
export function fileRefs(plan: PlanFile): { file: string; key: string }[] {
  const out: { file: string; key: string }[] = [];
  const skus = Array.isArray(plan.skus) ? plan.skus : [];
  for (let i = 0; i < skus.length; i++) {
    const s = skus[i] as unknown as Record<string, unknown> | undefined;
    if (!s || typeof s !== "object") continue;
    const one = s.sweep as Record<string, unknown> | undefined;
    if (one && typeof one === "object" && typeof one.file === "string")
      out.push({ file: one.file, key: `skus[${i}].sweep.file` });
    const many = s.sweeps as Record<string, unknown> | undefined;
    if (many && typeof many === "object") {
      for (const [w, ref] of Object.entries(many)) {
        const r = ref as Record<string, unknown> | undefined;
        if (r && typeof r === "object" && typeof r.file === "string") {
          const k = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(w) ? `.${w}` : `[${JSON.stringify(w)}]`;
          out.push({ file: r.file, key: `skus[${i}].sweeps${k}.file` });
        }
      }
    }
  }
  return out;
}

/**
 * Read every workload `trace.file` of a plan (relative to the plan's folder, confined as sweep
 * files are) and return the plan with each summary stored inline under `trace.traffic`, as the
 * app stores it (docs/traffic.md): the engine never reads files. A trace that cannot be read is
 * bad input (CliError, exit 2); its bad rows are warnings.
 */
function readTraces(
  plan: PlanFile,
  planPath: string,
  base: string,
  roots: readonly string[],
  warnings: string[],
  lang: Lang,
): PlanFile {
  const defs = workloadDefs(plan);
  if (!defs.some(({ def }) => typeof def.trace?.file === "string")) return plan;
  const out = structuredClone(plan);
  const problems: string[] = [];
  workloadDefs(out).forEach(({ def, path }) => {
    const t = def.trace;
    if (!t || typeof t.file !== "string") return;
    const key = `${path}.trace.file`;
    const full = resolve(base, t.file);
    const refusal = outsideConfinement({ roots, key }, full, t.file);
    if (refusal) return void problems.push(`${planPath}: ${renderProblem(refusal, lang)}`);
    const binSec = t.binSec ?? DEFAULT_TRACE_BIN_SEC;
    const res = readTraceFile(full, { baseSec: binSec });
    // Never echo the content of a file that is not a trace (a plan may point anywhere it may read).
    const shown = (line: string) =>
      line
        .split(full)
        .join(t.file!)
        .replace(/ \((?:found|keys): .*?\)(?=;|$)/, "")
        .replace(/（实际(?:列|键)：.*?）(?=；|$)/, "");
    // The reason only: the rows' details are `capplan traffic`'s to show.
    if (!res.ok)
      return void problems.push(
        `${planPath}: ${key}: ${shown(localizeIssue(res.errors[0]!, lang))}`,
      );
    for (const w of res.warnings) warnings.push(`${key}: ${shown(localizeIssue(w, lang))}`);
    const sum = res.acc.summary(binSec);
    if (!sum.ok)
      return void problems.push(
        `${planPath}: ${key}: ${t.file}: ${renderProblem(sum.problem, lang)}`,
      );
    // The plan stores the summary as plan files always have: English notes, no problems.
    const { problems: _, ...stored } = sum.value;
    t.traffic = stored;
  });
  if (problems.length) throw new CliError(problems);
  return out;
}

/**
 * An import error of an untrusted file, without any quoted content: the registry's "unrecognised
 * format" message used to quote the file's first line (a secret, for a plan pointing at one).
 */
function safeIssue(i: ImportIssue): ImportIssue {
  if (/\(first line: /.test(i.message))
    return { ...i, message: i.message.replace(/ \(first line: .*?\)(;|$)/, "$1") };
  return i;
}

/**
 * An import warning of a plan's sweep file as a line in `lang`: rendered from its problem, unless
 * {@link safeIssue} had to cut quoted content out of it (then its English, without the content).
 */
function safeLine(w: ImportIssue, lang: Lang): string {
  const safe = safeIssue(w);
  if (safe.message !== w.message || !w.problem) return formatIssue(safe);
  return localizeIssue(w, lang);
}

/**
 * Load and compute a plan file; throws {@link CliError} (exit 2) when the file cannot be used.
 * The error lines and `importWarnings` are in `lang`; the result keeps the engine's English.
 */
export function loadPlan(planPath: string, lang: Lang = "en", opts: LoadOptions = {}): LoadedPlan {
  const cwd = opts.cwd ?? process.cwd();
  let text: string;
  try {
    text = planPath === "-" ? (opts.stdin ?? readStdin)() : readRegularFile(resolve(cwd, planPath));
  } catch (e) {
    const why = e instanceof ReadProblem ? e.problem : fsProblem(e);
    const params = why.params as { code?: unknown; kind?: unknown };
    const shown =
      why.code === "cliFile.fs" && params.code === "ENOENT"
        ? F.problem("noSuchPlan", {})
        : why.code === "cliFile.notRegular" && params.kind === "folder"
          ? F.problem("planIsFolder", {})
          : why;
    throw new CliError([`${planPath}: ${renderProblem(shown, lang)}`]);
  }
  const parsed = parsePlanText(text, planPath);
  if (!parsed.ok)
    throw new CliError(
      parsed.errors.map(
        (e) => `${planPath}: ${e.path ? e.path + ": " : ""}${localizeError(e, lang)}`,
      ),
    );
  // A SKU naming a catalogue GPU without a price takes its indicative price, flagged below.
  if (typeof parsed.value === "object" && parsed.value !== null)
    fillDefaultPrices(parsed.value as PlanFile, restoreGpuCatalog(gpuCatalog).items);
  const valid = validatePlan(parsed.value);
  if (!valid.ok)
    throw new CliError(
      valid.errors.map((e) => `${planPath}: ${e.path}: ${localizeError(e, lang)}`),
    );
  const base = planPath === "-" ? resolve(cwd) : resolve(cwd, dirname(planPath));
  const roots = [
    realPathOf(base),
    realPathOf(resolve(cwd)),
    ...(opts.allowPaths ?? []).map((p) => realPathOf(resolve(cwd, p))),
  ];
  // Refuse references that leave the allowed folders before reading anything.
  const refs = fileRefs(valid.plan);
  const keyOf = new Map<string, string>();
  for (const r of refs) if (!keyOf.has(r.file)) keyOf.set(r.file, r.key);
  const importWarnings: string[] = [];
  // Traces first: a workload's numbers come from its trace (docs/traffic.md).
  const read = readTraces(valid.plan, planPath, base, roots, importWarnings, lang);
  const plan = opts.cheapestBy !== undefined ? { ...read, recommendBy: opts.cheapestBy } : read;
  const sheet = buildPlanSheet(plan);
  const resolved = resolvePlan(plan, sheet);
  // Literal numbers were range-checked by validation; formula results by the sheet (resolve-plan.ts
  // `rangeCheck`, the same check the app shows on the field): both refuse the plan here.
  const outOfRange = resolved.errors
    .filter((e) => e.outOfRange)
    .map((e) => `${planPath}: ${e.path}: ${localizeError(e, lang)}`);
  if (outOfRange.length) throw new CliError(outOfRange);
  const files = new Map<string, FileSweep>();
  const refusals: string[] = [];
  for (const sku of resolved.skus) {
    for (const ref of Object.values(sku.sweeps)) {
      if (ref.kind !== "file" || files.has(ref.file)) continue;
      let inputs;
      const skipped: string[] = [];
      try {
        // Names stay relative to the plan file (as written in it), so load levels in paths are read.
        inputs = readInputs([ref.file], base, {
          confine: { roots, key: keyOf.get(ref.file) ?? "file" },
          warnings: skipped,
          lang,
        });
      } catch (e) {
        const lines = e instanceof CliError ? e.lines : [String(e)];
        // A refusal to read outside the allowed folders stops the plan (in `lang`); other read errors are the SKU's (English, in the result).
        if (e instanceof CliError && e.problems?.some((p) => p?.code === "cliFile.outside")) {
          e.problems.forEach((p, i) =>
            refusals.push(`${planPath}: ${p ? renderProblem(p, lang) : lines[i]}`),
          );
        }
        // The SKU's error is the line as written (a read problem names its file as its subject,
        // and a SKU's error takes the SKU as its subject).
        files.set(ref.file, { ok: false, problems: lines.map((l) => textProblem(l, "error")) });
        continue;
      }
      for (const s of skipped) importWarnings.push(s.replace(/^skipped: /, ""));
      const r = importFiles(inputs);
      if (!r.ok)
        files.set(ref.file, {
          ok: false,
          problems: r.errors.map((i) => textProblem(formatIssue(safeIssue(i)), "error")),
        });
      else if (r.sweeps.length !== 1) {
        const p = F.problem("holdsSweeps", { file: ref.file, n: r.sweeps.length });
        files.set(ref.file, { ok: false, problems: [p] });
      } else {
        files.set(ref.file, { ok: true, sweep: r.sweeps[0]! });
        for (const w of r.warnings)
          if (w.code !== "skipped") importWarnings.push(safeLine(w, lang));
        // A file of the folder that could not be read: the sweep says it lacks that level (never silent; docs/trust.md).
        const lost = new Set(r.fileErrors.map((fe) => fe.file));
        for (const w of r.sweeps[0]!.warnings)
          if ([...lost].some((f) => w.startsWith(`${f}:`) || w.startsWith(`${f} `)))
            importWarnings.push(localizeMessage(w, lang, r.sweeps[0]!.problems));
      }
    }
  }
  if (refusals.length) throw new CliError(refusals);
  // Formulas that read a SKU's computed throughput (`<id>_tok_s`) need the sweeps: resolve again with them.
  const final = computedSkus(plan).size ? resolvePlan(plan, sheet, files) : resolved;
  // KV memory (docs/memory.md) reads the catalogues; only SKUs that name a model use them.
  const memory = {
    gpus: restoreGpuCatalog(gpuCatalog).items,
    llms: restoreLlmCatalog(llmCatalog).items,
  };
  const result = computePlan(final, files, memory);
  // A price the catalogue filled in is a warning of the plan (text, Markdown, JSON), with its code.
  for (const d of defaultedPrices(plan, (i) => final.skus[i]?.pricePerGpuHour ?? null)) {
    const p = defaultedProblem(d);
    result.problems.push(p);
  }
  return { plan, resolved: final, result, importWarnings, files };
}
