/**
 * CLI plumbing shared by the commands: output streams (injectable for tests), argument parsing
 * and reading input files and folders.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { MAX_FILE_BYTES, tooLargeMessage, type ImportInput } from "../import/index";

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: Io = {
  out: t => process.stdout.write(t),
  err: t => process.stderr.write(t),
};

/** A usage or input error: the CLI prints the lines to stderr and exits 2. */
export class CliError {
  constructor(readonly lines: string[]) {}
}

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

/**
 * Parse `--flag value`, `--flag=value` and boolean `--flag`. `valued` lists flags that take a value.
 */
export function parseArgs(args: readonly string[], valued: readonly string[], booleans: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
      if (valued.includes(name)) {
        const v = eq > 0 ? a.slice(eq + 1) : args[++i];
        if (v === undefined) throw new CliError([`--${name} needs a value`]);
        flags.set(name, v);
      } else if (booleans.includes(name)) {
        flags.set(name, true);
      } else {
        throw new CliError([`unknown option ${a}`]);
      }
    } else positional.push(a);
  }
  return { positional, flags };
}

const SKIP = /(^|[/\\])\.|\.source\.txt$|^(README|LICENSE|NOTICE)(\.\w+)?$|\.(png|jpe?g|gif|svg|pdf|html?|pyc|zip|gz|tar|parquet|log)$/i;

/**
 * Read files and folders into import inputs. Files inside a folder are `optional` (an
 * unrecognised one is skipped) and named by their path relative to the folder's parent, so that
 * `…-concurrency8/profile_export_genai_perf.csv` keeps its load level.
 */
export function readInputs(paths: readonly string[], base = process.cwd()): ImportInput[] {
  const out: ImportInput[] = [];
  const problems: string[] = [];
  for (const p of paths) {
    const full = isAbsolute(p) ? p : join(base, p);
    let st;
    try {
      st = statSync(full);
    } catch {
      problems.push(`${p}: no such file or directory`);
      continue;
    }
    if (st.isDirectory()) {
      const files: string[] = [];
      const walk = (d: string) => {
        for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
          const q = join(d, e.name);
          if (e.isDirectory()) {
            if (!e.name.startsWith(".") && e.name !== "node_modules") walk(q);
          } else if (!SKIP.test(e.name)) files.push(q);
        }
      };
      walk(full);
      if (files.length === 0) problems.push(`${p}: folder holds no files to import`);
      for (const f of files) {
        const name = join(p, relative(full, f)).split(sep).join("/");
        const size = statSync(f).size;
        if (size > MAX_FILE_BYTES) problems.push(`${name}: ${tooLargeMessage(size)}`);
        else out.push({ name, text: readFileSync(f, "utf8"), optional: true });
      }
    } else if (st.size > MAX_FILE_BYTES) {
      problems.push(`${p}: ${tooLargeMessage(st.size)}`);
    } else {
      out.push({ name: p, text: readFileSync(full, "utf8") });
    }
  }
  if (problems.length) throw new CliError(problems);
  return out;
}
