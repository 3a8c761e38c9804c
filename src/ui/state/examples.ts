/**
 * Example plans (`models/examples/*.json`) for "Load example". Their SKU sweeps may be `file`
 * references to `fixtures/`; the browser cannot read those paths, so the referenced files are
 * loaded lazily (`import.meta.glob` with `?raw`, kept out of the initial bundle), imported in the
 * worker, and stored INLINE in the plan: the in-app plan is self-contained and saves as a plan the
 * CLI reads.
 */
import { validatePlan } from "../../engine/plan/plan-file";
import type { PlanFile, SweepRef } from "../../engine/base/types";
import { importInWorker, isSidecar } from "../../import/browser";
import { cliFileMessages as F } from "../../import/messages/usage";
import type { ImportIssue } from "../../import/types";
import type { Problem } from "../../engine/base/problems";
import { inlineSweep } from "./plan-edit";

const EXAMPLES = import.meta.glob<unknown>("/models/examples/*.json", { import: "default" });
const fixtures = () => import("./fixture-files").then((m) => m.FIXTURES);

/** The example opened on first start (the realistic multi-SKU plan, else the seed example). */
export const DEFAULT_EXAMPLE = "multi-sku";

/** Names of the bundled example plans (file names without `.json`). */
export function exampleNames(): string[] {
  return Object.keys(EXAMPLES)
    .map((k) => k.replace(/^.*\//, "").replace(/\.json$/, ""))
    .sort((a, b) => (a === DEFAULT_EXAMPLE ? -1 : b === DEFAULT_EXAMPLE ? 1 : a.localeCompare(b)));
}

/** Normalise `/models/examples/../../fixtures/x/` → `/fixtures/x/`. */
export function resolveRef(baseDir: string, ref: string): string {
  const parts = (ref.startsWith("/") ? ref : `${baseDir}/${ref}`).split("/");
  const out: string[] = [];
  for (const p of parts) {
    if (p === "" || p === ".") continue;
    if (p === "..") out.pop();
    else out.push(p);
  }
  return `/${out.join("/")}${ref.endsWith("/") ? "/" : ""}`;
}

/** Fixture files under a referenced path: the file itself, or every file of the folder. */
export function filesUnder(path: string, keys: readonly string[]): { key: string; name: string }[] {
  if (keys.includes(path)) return [{ key: path, name: path.replace(/^.*\//, "") }];
  const dir = path.endsWith("/") ? path : `${path}/`;
  return keys
    .filter((k) => k.startsWith(dir) && !isSidecar(k))
    .map((k) => ({ key: k, name: k.slice(dir.length) }));
}

/** A problem of reading a plan's sweep files: a problem value, or an import issue (with its problem); docs/problems.md. */
export type FileNote = Problem | ImportIssue;

async function inlineRef(ref: SweepRef, baseDir: string, problems: FileNote[]): Promise<SweepRef> {
  if (typeof ref.file !== "string") return ref;
  const path = resolveRef(baseDir, ref.file);
  const FIXTURES = await fixtures();
  const files = filesUnder(path, Object.keys(FIXTURES));
  // Not bundled (a plan written for the CLI): the reference stays, and the app asks for the files
  // (AttachFiles, docs/hosting.md) instead of showing empty charts.
  if (files.length === 0) return ref;
  const inputs = await Promise.all(
    files.map(async (f) => ({
      name: f.name,
      text: await FIXTURES[f.key]!(),
      optional: files.length > 1,
    })),
  );
  const res = await importInWorker(inputs);
  if (!res.ok || res.sweeps.length === 0) {
    problems.push(...(res.ok ? [F.problem("noSweep", { file: ref.file })] : res.errors));
    return ref;
  }
  if (res.sweeps.length > 1)
    problems.push(F.problem("manySweepsFirst", { file: ref.file, n: res.sweeps.length }));
  return inlineSweep(res.sweeps[0]!);
}

/** Replace every `file` sweep of a plan by the imported sweep, inline. Problems are returned, not thrown. */
export async function inlinePlanFiles(
  plan: PlanFile,
  baseDir: string,
): Promise<{ plan: PlanFile; problems: FileNote[] }> {
  const next = structuredClone(plan);
  const problems: FileNote[] = [];
  for (const sku of next.skus ?? []) {
    if (sku.sweep) sku.sweep = await inlineRef(sku.sweep, baseDir, problems);
    if (sku.sweeps)
      for (const k of Object.keys(sku.sweeps))
        sku.sweeps[k] = await inlineRef(sku.sweeps[k]!, baseDir, problems);
  }
  return { plan: next, problems };
}

/** Load a bundled example by name, with its file sweeps inlined. */
export async function loadExample(
  name: string,
): Promise<
  | { ok: true; plan: PlanFile; problems: FileNote[] }
  | { ok: false; problems: (FileNote | string)[] }
> {
  const key = `/models/examples/${name}.json`;
  const load = EXAMPLES[key] ?? EXAMPLES["/models/examples/seed.json"];
  if (!load) return { ok: false, problems: [F.problem("noExample", { name })] };
  const value = await load();
  const v = validatePlan(value);
  // A validation error with its path in front (`skus[0].x: …`, `skus[0].x：…` in Chinese).
  if (!v.ok)
    return {
      ok: false,
      problems: v.errors.map((e) =>
        e.problem ? { ...e.problem, subject: e.path } : `${e.path}: ${e.message}`,
      ),
    };
  const { plan, problems } = await inlinePlanFiles(v.plan, "/models/examples");
  return { ok: true, plan, problems };
}
