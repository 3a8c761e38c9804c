/** A capturing Io for in-process CLI tests. */
import { main } from "../../src/cli/main";
import type { Io } from "../../src/cli/io";

export interface Run {
  code: number;
  out: string;
  err: string;
  /** stderr split into non-empty lines. */
  errLines: string[];
}

/** Run `capplan <args>` in-process and capture stdout, stderr and the exit code. */
export async function run(...args: string[]): Promise<Run> {
  let out = "";
  let err = "";
  const io: Io = { out: (t) => void (out += t), err: (t) => void (err += t) };
  const code = await main(args, io);
  return { code, out, err, errLines: err.split("\n").filter((l) => l.trim() !== "") };
}

/** `run` with its arguments written as one line, split at spaces (no argument in these tests holds one). */
export const runLine = (line: string): Promise<Run> => run(...line.trim().split(/\s+/));
