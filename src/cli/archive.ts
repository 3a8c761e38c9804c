/**
 * Reading a run archive (`capplan sweep --archive DIR`, docs/sweep.md): its `.json` files, one
 * sweep per file (runs are never merged as repeats). Shared by `capplan history` and by
 * `capplan import`, whose report of an archived run compares it with the run before.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Sweep } from "../engine/base/types";
import { importFiles } from "../import/index";
import { formatIssue } from "../import/types";
import { ReadProblem, readRegularFile } from "./io";

/** The `.json` file names of an archive folder, sorted; throws the fs error when it is not a readable folder. */
export function archiveNames(dir: string): string[] {
  if (!statSync(dir).isDirectory()) throw Object.assign(new Error(), { code: "ENOTDIR" });
  return readdirSync(dir)
    .filter((n) => n.endsWith(".json"))
    .sort();
}

/** The runs of the named files of `dir`, and one line per file that cannot be read or imported. */
export function readRuns(
  dir: string,
  names: readonly string[],
): { runs: { file: string; sweep: Sweep }[]; problems: string[] } {
  const runs: { file: string; sweep: Sweep }[] = [];
  const problems: string[] = [];
  for (const name of names) {
    let text: string;
    try {
      // Regular files only, size-limited: an archive may hold what anyone put there.
      text = readRegularFile(join(dir, name));
    } catch (e) {
      problems.push(`${name}: cannot read (${e instanceof ReadProblem ? e.message : "error"})`);
      continue;
    }
    const r = importFiles([{ name, text }], { separate: true });
    if (!r.ok) {
      for (const i of r.errors) problems.push(formatIssue(i));
      continue;
    }
    for (const sweep of r.sweeps) runs.push({ file: name, sweep });
  }
  return { runs, problems };
}
