/**
 * CLI plumbing shared by the commands: output streams (injectable for tests), argument parsing
 * (node:util `parseArgs`), and reading input files and folders safely: only regular files, never
 * more bytes than the size limit (counted as read), symbolic links and devices inside folders
 * skipped with a warning, and optional confinement to a set of folders (docs/security.md).
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  statSync,
  type Stats,
} from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { parseArgs as nodeParseArgs } from "node:util";
import { englishOf, type Problem } from "../engine/base/problems";
import { importableInFolder } from "../import/folder-rule";
import { cliFileMessages as F, type FileKind } from "../import/messages/usage";
import type { Lang } from "../report/i18n";
import { renderProblem } from "../report/messages";
import { cliMessages as C } from "./messages";
import {
  MAX_FILE_BYTES,
  decodeBytes,
  tooLargeProblem,
  type Decoded,
  type ImportInput,
} from "../import/index";

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Transient progress text (stderr when it is a terminal); optional, ignored when absent. */
  progress?: ((text: string) => void) | undefined;
  /** Standard input as text (for `-`); defaults to reading file descriptor 0. */
  stdin?: (() => string) | undefined;
  /** A binary result (`plan --xlsx`); present only when `-o FILE` names where it goes. */
  outBytes?: ((bytes: Uint8Array) => void) | undefined;
}

export const processIo: Io = {
  out: (t) => void process.stdout.write(t),
  err: (t) => void process.stderr.write(t),
  progress: (t) => {
    if (process.stderr.isTTY) process.stderr.write(`\r\x1b[2K${t}`);
  },
};

/** A usage or input error: the CLI prints the lines to stderr and exits 2. */
export class CliError {
  /** `problems[i]`, when given, is line i as a value (code `cli.*`), printed in the language of `--lang`. */
  constructor(
    readonly lines: string[],
    readonly problems?: readonly (Problem | null)[],
  ) {}
}

/** A {@link CliError} of problems (each line is the English of one; `main` prints them in `--lang`). */
export function cliError(...problems: Problem[]): CliError {
  return new CliError(
    problems.map((p) => C.en(p)),
    problems,
  );
}

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
  /** Every value of each valued option, in order (for repeatable options such as `--allow-path`). */
  lists: Map<string, string[]>;
}

/**
 * Parse a command's arguments with node:util `parseArgs`: `--flag value`, `--flag=value`, boolean
 * `--flag`, `--` ending the options and `-` as an operand (standard input). `valued` lists options
 * that take a value, `booleans` those that do not; `short` maps one-letter aliases (`o` → `output`).
 * Anything else is a usage error (exit 2).
 */
export function parseArgs(
  args: readonly string[],
  valued: readonly string[],
  booleans: readonly string[],
  short: Readonly<Record<string, string>> = {},
): ParsedArgs {
  const options: Record<
    string,
    { type: "string" | "boolean"; short?: string; multiple?: boolean }
  > = {};
  for (const v of valued) options[v] = { type: "string", multiple: true };
  for (const b of booleans) options[b] = { type: "boolean" };
  for (const [s, long] of Object.entries(short)) if (options[long]) options[long]!.short = s;
  let parsed;
  try {
    parsed = nodeParseArgs({
      args: [...args],
      options,
      allowPositionals: true,
      strict: true,
      tokens: false,
    });
  } catch (e) {
    const p = usageProblem(e);
    throw p ? cliError(p) : new CliError([usageMessage(e)]);
  }
  const flags = new Map<string, string | true>();
  const lists = new Map<string, string[]>();
  for (const [k, v] of Object.entries(parsed.values)) {
    if (Array.isArray(v)) {
      if (v.length > 0) flags.set(k, String(v[v.length - 1]));
      lists.set(k, v.map(String));
    } else if (v === true) flags.set(k, true);
  }
  return { positional: parsed.positionals, flags, lists };
}

/** node:util's parse errors that capplan words itself (unknown option, missing or extra value), as problems. */
function usageProblem(e: unknown): Problem | null {
  const msg = e instanceof Error ? e.message : String(e);
  const unknown = /Unknown option '([^']*)'/.exec(msg);
  if (unknown) return C.problem("unknownOption", { option: unknown[1]! });
  const needs = /Option '(?:-\w, )?(--[\w-]+)(?: <value>)?' argument missing/.exec(msg);
  if (needs) return C.problem("needsValue", { option: needs[1]! });
  const noValue = /Option '(--[\w-]+)' does not take an argument/.exec(msg);
  if (noValue) return C.problem("takesNoValue", { option: noValue[1]! });
  return null;
}

/** Any other parse error of node:util as one plain line (no error codes, no stack). */
function usageMessage(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.split("\n")[0]!.replace(/\. To specify a positional argument.*$/, "");
}

/** What a non-regular file is, for messages (`cliFile.notRegular`). */
function kindOf(st: Stats): FileKind {
  if (st.isDirectory()) return "folder";
  if (st.isFIFO()) return "fifo";
  if (st.isCharacterDevice() || st.isBlockDevice()) return "device";
  if (st.isSocket()) return "socket";
  if (st.isSymbolicLink()) return "symlink";
  return "other";
}

/** Thrown by {@link readRegularFile}: the message (the problem's English) names no content. */
export class ReadProblem {
  readonly message: string;
  constructor(readonly problem: Problem<object>) {
    this.message = englishOf(problem);
  }
}

/**
 * Read a regular file as UTF-8, at most `limit` bytes counted as read (a file that grows while
 * read, or whose size the file system misreports, still stops at the limit). Devices, FIFOs,
 * sockets and folders are refused without reading: opening uses O_NONBLOCK, so a FIFO cannot
 * block, and the opened descriptor is checked again.
 */
export function readRegularFile(full: string, limit = MAX_FILE_BYTES): string {
  return readRegularFileDecoded(full, limit).text;
}

/** {@link readRegularFile} with the encoding the bytes were decoded from (UTF-8, UTF-16 by BOM, Latin-1; docs/import.md). */
export function readRegularFileDecoded(full: string, limit = MAX_FILE_BYTES): Decoded {
  let fd: number;
  try {
    const st = statSync(full);
    if (!st.isFile()) throw new ReadProblem(F.problem("notRegular", { kind: kindOf(st) }));
    fd = openSync(full, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    if (e instanceof ReadProblem) throw e;
    throw new ReadProblem(fsProblem(e));
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new ReadProblem(F.problem("notRegular", { kind: kindOf(st) }));
    if (st.size > limit) throw new ReadProblem(tooLargeProblem(st.size));
    const chunks: Buffer[] = [];
    let total = 0;
    const chunk = 1 << 20;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(chunk, limit + 1 - total));
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch (e) {
        throw new ReadProblem(fsProblem(e));
      }
      if (n === 0) break;
      chunks.push(n === buf.length ? buf : buf.subarray(0, n));
      total += n;
      if (total > limit)
        throw new ReadProblem(F.problem("readOverLimit", { mib: limit / 2 ** 20 }));
    }
    return decodeBytes(Buffer.concat(chunks, total));
  } finally {
    closeSync(fd);
  }
}

/** A file-system error as a problem (`cliFile.fs`: a short phrase, no paths, no stack). */
export function fsProblem(e: unknown): Problem<{ code: string | null }> {
  const code = (e as { code?: unknown } | null)?.code;
  return F.problem("fs", { code: typeof code === "string" ? code : null });
}

/** Where reads are confined (docs/security.md): real paths of allowed folders, and the key to name. */
export interface Confinement {
  /** Real paths of the folders reads may reach (a path inside one of them is allowed). */
  roots: readonly string[];
  /** Plan key of the reference (`skus[1].sweep.file`), named in refusals. */
  key: string;
}

/** True when `p` is `root` or inside it. */
export function isInside(p: string, root: string): boolean {
  const r = relative(root, p);
  return r === "" || (!r.startsWith("..") && !isAbsolute(r));
}

/** Real path of `p`, or of its nearest existing ancestor joined with the rest (for missing files). */
export function realPathOf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    const parent = resolve(p, "..");
    if (parent === p) return p;
    return join(realPathOf(parent), p.slice(parent.length + (parent.endsWith(sep) ? 0 : 1)));
  }
}

export interface ReadOptions {
  /** Skipped entries of folders (symbolic links, devices…), one printable line each (`skipped: …`, in `lang`). */
  warnings?: string[] | undefined;
  /** Language of the `warnings` lines (default English; docs/problems.md). */
  lang?: Lang | undefined;
  /** Confine reads to these folders; anything resolving outside is refused. */
  confine?: Confinement | undefined;
  /** Called as files are read: (files read, files in all, bytes read). */
  onProgress?: ((done: number, total: number, bytes: number) => void) | undefined;
  /** Standard input, for the operand `-`. */
  stdin?: (() => string) | undefined;
}

/** Read standard input (file descriptor 0) as UTF-8, at most the size limit. */
export function readStdin(limit = MAX_FILE_BYTES): string {
  const chunks: Buffer[] = [];
  let total = 0;
  const buf = Buffer.allocUnsafe(1 << 20);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (code === "EAGAIN") continue;
      if (code === "EOF") break;
      throw new ReadProblem(fsProblem(e));
    }
    if (n === 0) break;
    chunks.push(Buffer.from(buf.subarray(0, n)));
    total += n;
    if (total > limit) throw new ReadProblem(F.problem("stdinTooLarge", { mib: limit / 2 ** 20 }));
  }
  return Buffer.concat(chunks, total).toString("utf8");
}

/** The refusal of `p` (full path `full`) when it resolves outside the confinement roots, else null. */
export function outsideConfinement(c: Confinement, full: string, p: string): Problem | null {
  const real = realPathOf(full);
  return c.roots.some((r) => isInside(real, r)) ? null : outsideProblem(c, p);
}

/** `key: "p" is outside …` (the plan key as the problem's subject). */
function outsideProblem(c: Confinement, p: string): Problem {
  return F.problem("outside", { path: p }, { subject: c.key });
}

/**
 * Read files and folders into import inputs. Files inside a folder are `optional` (an
 * unrecognised one is skipped) and named by their path relative to the folder's parent, so that
 * `…-concurrency8/profile_export_genai_perf.csv` keeps its load level. `-` is standard input.
 * Symbolic links, devices, FIFOs and sockets inside a folder are skipped with a warning in
 * `opts.warnings`; named directly, a non-regular file is an error. Throws {@link CliError}.
 */
export function readInputs(
  paths: readonly string[],
  base = process.cwd(),
  opts: ReadOptions = {},
): ImportInput[] {
  const out: ImportInput[] = [];
  const problems: Problem[] = [];
  // The file a problem is about as its subject (`a.json: …`, `a.json：…` in Chinese).
  const at = (file: string, cause: Problem<object>): Problem => ({
    ...(cause as Problem),
    subject: file,
  });
  const skipped = (p: Problem): void =>
    void opts.warnings?.push(`skipped: ${renderProblem(p, opts.lang ?? "en")}`);
  const c = opts.confine;
  const confined = (full: string, p: string): boolean => {
    if (!c) return true;
    const real = realPathOf(full);
    if (c.roots.some((r) => isInside(real, r))) return true;
    problems.push(outsideProblem(c, p));
    return false;
  };
  // First list every file, then read them (so progress knows the total).
  const todo: { full: string; name: string; optional: boolean }[] = [];
  for (const p of paths) {
    if (p === "-" && !c) {
      try {
        out.push({ name: "-", text: (opts.stdin ?? readStdin)() });
      } catch (e) {
        problems.push(at("-", e instanceof ReadProblem ? e.problem : fsProblem(e)));
      }
      continue;
    }
    const full = isAbsolute(p) ? p : join(base, p);
    let st;
    try {
      st = statSync(full);
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (c && !confined(full, p)) continue;
      problems.push(at(p, F.problem("fs", { code: code === "ELOOP" ? "ELOOP" : "ENOENT" })));
      continue;
    }
    if (!confined(full, p)) continue;
    if (st.isDirectory()) {
      const files: string[] = [];
      const rootReal = realPathOf(full);
      const walk = (d: string) => {
        let entries;
        try {
          entries = readdirSync(d, { withFileTypes: true });
        } catch (e) {
          problems.push(at(display(p, full, d), fsProblem(e)));
          return;
        }
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const e of entries) {
          const q = join(d, e.name);
          if (e.isDirectory()) {
            if (!e.name.startsWith(".") && e.name !== "node_modules") walk(q);
            continue;
          }
          if (!importableInFolder(relative(full, q).split(sep).join("/"))) continue;
          if (e.isFile()) {
            files.push(q);
            continue;
          }
          const shown = display(p, full, q);
          if (e.isSymbolicLink()) {
            // Follow a link only to a regular file inside the folder (or the confinement roots).
            let target: Stats | null = null;
            let why: "loop" | "dangling" | "leaves" | "to" | null = null;
            try {
              target = statSync(q);
            } catch (err) {
              why = (err as { code?: unknown }).code === "ELOOP" ? "loop" : "dangling";
            }
            if (target && !target.isFile()) why = "to";
            if (target && target.isFile()) {
              const real = realPathOf(q);
              const roots = c ? c.roots : [rootReal];
              if (!isInside(real, rootReal) && !roots.some((r) => isInside(real, r)))
                why = "leaves";
            }
            if (why === null) files.push(q);
            else
              skipped(
                F.problem("linkNotFollowed", {
                  file: shown,
                  why,
                  kind: target && why === "to" ? kindOf(target) : null,
                }),
              );
            continue;
          }
          let what: FileKind = "other";
          try {
            what = kindOf(lstatSync(q));
          } catch {
            /* keep the generic phrase */
          }
          skipped(F.problem("notRead", { file: shown, kind: what }));
        }
      };
      walk(full);
      if (files.length === 0) problems.push(at(p, F.problem("folderEmpty", {})));
      for (const f of files)
        todo.push({
          full: f,
          name: join(p, relative(full, f)).split(sep).join("/"),
          optional: true,
        });
    } else {
      todo.push({ full, name: p, optional: false });
    }
  }
  let bytes = 0;
  todo.forEach((f, i) => {
    try {
      const { text, encoding } = readRegularFileDecoded(f.full);
      bytes += text.length;
      const enc = encoding === "utf-8" ? {} : { encoding };
      out.push(
        f.optional
          ? { name: f.name, text, optional: true, ...enc }
          : { name: f.name, text, ...enc },
      );
    } catch (e) {
      const why = e instanceof ReadProblem ? e.problem : fsProblem(e);
      // A file of a folder that cannot be read is skipped; one over the size limit stops the import.
      const overLimit = why.code === "import.tooLarge" || why.code === "cliFile.readOverLimit";
      if (f.optional && !overLimit) skipped(at(f.name, why));
      else problems.push(at(f.name, why));
    }
    opts.onProgress?.(i + 1, todo.length, bytes);
  });
  if (problems.length)
    throw new CliError(
      problems.map((p) => englishOf(p)),
      problems,
    );
  return out;
}

/** A path inside folder operand `p` (full path `full`) as the user would write it. */
function display(p: string, full: string, q: string): string {
  return join(p, relative(full, q)).split(sep).join("/");
}
