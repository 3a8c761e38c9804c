/** A capturing Io for in-process CLI tests, and temporary files for them. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../src/cli/main";
import type { Io } from "../../src/cli/io";

export interface Run {
  code: number;
  out: string;
  err: string;
  /** stderr split into non-empty lines. */
  errLines: string[];
}

/** `run` with `stdin` as the text of standard input (an argument `-` reads it). */
export async function runStdin(stdin: string | undefined, ...args: string[]): Promise<Run> {
  let out = "";
  let err = "";
  const io: Io = { out: (t) => void (out += t), err: (t) => void (err += t) };
  const code = await main(args, stdin === undefined ? io : { ...io, stdin: () => stdin });
  return { code, out, err, errLines: err.split("\n").filter((l) => l.trim() !== "") };
}

/** Run `capplan <args>` in-process and capture stdout, stderr and the exit code. */
export const run = (...args: string[]): Promise<Run> => runStdin(undefined, ...args);

/** `run` with its arguments written as one line, split at spaces (no argument in these tests holds one). */
export const runLine = (line: string): Promise<Run> => run(...line.trim().split(/\s+/));

/** A new empty folder under the system's temporary folder. */
export const tmpDir = (prefix = "capplan-"): string => mkdtempSync(join(tmpdir(), prefix));

/** `content` (a string as it is, anything else as JSON) written to `dir/name`; the file's path. */
export function writeTmp(content: unknown, name = "plan.json", dir = tmpDir()): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}
