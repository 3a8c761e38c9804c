/** Shared helpers of the importer tests: fixtures by path, and the real samples by tool. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { expect } from "vitest";
import type { Sweep } from "../../src/engine/base/types";
import {
  formatIssue,
  type ImportInput,
  type ImportIssue,
  importFiles,
  type ImportOptions,
} from "../../src/import/index";
import { makeInputFile } from "../../src/import/input";
import type { InputFile } from "../../src/import/types";

export const FIXTURES = join(__dirname, "../../fixtures");

/** Text of a fixture under fixtures/. */
export function fixture(rel: string): string {
  return readFileSync(join(FIXTURES, rel), "utf8");
}

/** An InputFile for a fixture, named by `name` (default: its path under fixtures/). */
export function fixtureFile(rel: string, name = rel): InputFile {
  return makeInputFile(name, fixture(rel));
}

/**
 * Every real sample (a fixture with a `.source.txt` sidecar, copied from
 * shared/research/formats/samples), as `{ tool, path }` with `tool` its top folder under fixtures/.
 */
export function realSamplePaths(): { tool: string; path: string }[] {
  const out: { tool: string; path: string }[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (e.endsWith(".source.txt")) {
        const path = relative(FIXTURES, p.slice(0, -".source.txt".length));
        out.push({ tool: path.split("/")[0]!, path });
      }
    }
  };
  walk(FIXTURES);
  return out;
}

/** The real samples of every tool but the excluded ones, as InputFiles named `<tool>/<file>`. */
export function foreignSamples(exclude: string[] = []): InputFile[] {
  return realSamplePaths()
    .filter((s) => !exclude.includes(s.tool))
    .map((s) => makeInputFile(s.path, fixture(s.path)));
}

/** The real samples of the given tools (fixtures/<tool>/…). */
export function samplesOf(tools: string[]): InputFile[] {
  return realSamplePaths()
    .filter((s) => tools.includes(s.tool))
    .map((s) => makeInputFile(s.path.split("/").pop()!, fixture(s.path)));
}

/** The sweeps of importing `inputs`; throws with the issues when the import fails. */
export function importOk(inputs: ImportInput[], options: ImportOptions = {}): Sweep[] {
  const r = importFiles(inputs, options);
  if (!r.ok) throw new Error(r.errors.map(formatIssue).join("\n"));
  return r.sweeps;
}

/** The errors of importing `inputs`, which must fail. */
export function importErrors(inputs: ImportInput[], options: ImportOptions = {}): ImportIssue[] {
  const r = importFiles(inputs, options);
  expect(r.ok, "the import should fail").toBe(false);
  return r.ok ? [] : r.errors;
}

/** The sweeps of one fixture imported on its own, named by its path under fixtures/ or `name`. */
export const importFixture = (rel: string, name = rel): Sweep[] =>
  importOk([{ name, text: fixture(rel) }]);

/** The one sweep of a fixture imported on its own (named by its path under fixtures/ or `name`). */
export function importOne(rel: string, name = rel): Sweep {
  const sweeps = importFixture(rel, name);
  expect(sweeps).toHaveLength(1);
  return sweeps[0]!;
}

/** Expect `a` within 1e-6 relative of `b`. */
export const close = (a: number | null | undefined, b: number) =>
  expect(Math.abs((a ?? Number.NaN) - b) / Math.abs(b)).toBeLessThan(1e-6);

/** A table column written as one string: `"a|b|c"` → ["a", "b", "c"]. */
export const words = <T extends string = string>(s: string): T[] => s.split("|") as T[];

/** Table rows `[name, value]` for every name of `names` (written as words), all with `value`. */
export const rows = <V>(names: string, value: V): [string, V][] =>
  words(names).map((n): [string, V] => [n, value]);
