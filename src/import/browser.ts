/**
 * Browser side of importing: collect dropped/picked files and folders (relative paths kept so that
 * concurrency-from-path works, docs/metrics.md) and run the import in a Web Worker with progress.
 * Files are handed to the worker as `Blob`s and READ THERE (a File is cloned by reference; a
 * 50 MB string would be copied on the main thread), so the page stays responsive however large
 * the file. No solid-js here; the app's state layer calls these functions.
 */
import type { ImportInput, ImportOptions, ImportResult } from "./index";
import type { ImportReply, ImportRequest } from "./worker";
import { importableInFolder } from "./folder-rule";
import { issueOf } from "./messages/issue";
import { importMessages as M } from "./messages/pipeline";

/** Progress of one import: bytes read (in the worker), then parsing (no finer hook). */
export interface ImportProgress {
  phase: "read" | "parse";
  done: number;
  total: number;
}

/** A file still to be read: its path (as the import library names it) and its bytes. */
export interface FileSource {
  name: string;
  file: Blob;
  optional?: boolean;
}

/** What an import is given: text already in memory (paste, bundled fixtures) or a file to read. */
export type ImportSource = ImportInput | FileSource;

/** True when the source is a file still to be read. */
export function isFileSource(s: ImportSource): s is FileSource {
  return (s as FileSource).file !== undefined;
}

/** Files of a dropped folder that are never benchmark outputs: the rule the CLI uses too (docs/import.md "Folders"). */
export function isSidecar(name: string): boolean {
  return !importableInFolder(name);
}

/** Path of a picked file: `webkitRelativePath` (folder picker) or its name. */
export function filePath(f: File): string {
  const rel = (f as File & { webkitRelativePath?: string }).webkitRelativePath;
  return rel && rel !== "" ? rel : f.name;
}

function sources(files: readonly File[], paths: readonly string[]): FileSource[] {
  const folder = paths.some((p) => p.includes("/"));
  const keep = files
    .map((f, i) => ({ f, p: paths[i]! }))
    .filter((x) => !(folder && isSidecar(x.p)));
  return keep.map(({ f, p }) => ({ name: p, file: f, optional: folder && keep.length > 1 }));
}

/** Picked files (`<input type=file>` or folder input) as import sources; nothing is read yet. */
export function readFiles(files: readonly File[]): FileSource[] {
  return sources(files, files.map(filePath));
}

interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
  file?(ok: (f: File) => void, err: (e: unknown) => void): void;
  createReader?(): { readEntries(ok: (es: EntryLike[]) => void, err: (e: unknown) => void): void };
}

async function walk(entry: EntryLike, prefix: string, out: File[], paths: string[]): Promise<void> {
  if (entry.isFile && entry.file) {
    const f = await new Promise<File>((ok, err) => entry.file!(ok, err));
    out.push(f);
    paths.push(prefix + entry.name);
    return;
  }
  if (entry.isDirectory && entry.createReader) {
    const reader = entry.createReader();
    for (;;) {
      const batch = await new Promise<EntryLike[]>((ok, err) => reader.readEntries(ok, err));
      if (batch.length === 0) break;
      for (const e of batch) await walk(e, `${prefix}${entry.name}/`, out, paths);
    }
  }
}

/** A drop (files and whole folders) as import sources; folder files are optional. */
export async function readDrop(dt: DataTransfer): Promise<FileSource[]> {
  const files: File[] = [];
  const paths: string[] = [];
  const items = [...dt.items].filter((i) => i.kind === "file");
  const entries = items.map(
    (i) =>
      (i as DataTransferItem & { webkitGetAsEntry?(): EntryLike | null }).webkitGetAsEntry?.() ??
      null,
  );
  if (entries.length && entries.every((e) => e !== null)) {
    for (const e of entries) await walk(e!, "", files, paths);
  } else {
    for (const f of dt.files) {
      files.push(f);
      paths.push(filePath(f));
    }
  }
  return sources(files, paths);
}

/**
 * The start of a source (its first `max` bytes of a file, decoded with any BOM kept as U+FEFF),
 * for sniffing a CSV header without reading a large file. `whole`: the head is the whole source.
 */
export async function readHead(
  s: ImportSource,
  max = 65536,
): Promise<{ text: string; whole: boolean }> {
  if (!isFileSource(s)) return { text: s.text.slice(0, max), whole: s.text.length <= max };
  const buf = await s.file.slice(0, max).arrayBuffer();
  return {
    text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(buf),
    whole: s.file.size <= max,
  };
}

/**
 * Replace `prefix` (a prefix of `readHead(s).text`) by `replacement` without reading the rest: a
 * file becomes a Blob of the replacement and a slice of the original bytes (nothing is copied).
 */
export function spliceHead(s: ImportSource, prefix: string, replacement: string): ImportSource {
  if (!isFileSource(s)) return { ...s, text: replacement + s.text.slice(prefix.length) };
  return {
    ...s,
    file: new Blob([replacement, s.file.slice(new TextEncoder().encode(prefix).length)]),
  };
}

let worker: Worker | null = null;
let nextId = 1;

function getWorker(): Worker | null {
  if (typeof Worker === "undefined") return null;
  if (!worker) {
    try {
      worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
    } catch {
      worker = null;
    }
  }
  return worker;
}

/** Read sources on this thread (no worker: unit tests, very old browsers). */
async function readHere(
  inputs: readonly ImportSource[],
  onProgress?: (p: ImportProgress) => void,
): Promise<ImportInput[]> {
  const total = inputs.reduce((n, s) => n + (isFileSource(s) ? s.file.size : 0), 0);
  let done = 0;
  const out: ImportInput[] = [];
  for (const s of inputs) {
    if (!isFileSource(s)) {
      out.push(s);
      continue;
    }
    const { decodeBytes } = await import("./decode");
    const { text, encoding } = decodeBytes(new Uint8Array(await s.file.arrayBuffer()));
    out.push({
      name: s.name,
      text,
      ...(s.optional !== undefined ? { optional: s.optional } : {}),
      ...(encoding !== "utf-8" ? { encoding } : {}),
    });
    done += s.file.size;
    onProgress?.({ phase: "read", done, total });
  }
  return out;
}

/**
 * Import sources in the worker (falls back to the main thread where workers are unavailable, e.g.
 * unit tests). Files are read in the worker, with `read` progress by bytes, then parsed (`parse`
 * progress). Resolves with the import result; never rejects for bad input.
 */
export function importInWorker(
  inputs: ImportSource[],
  options: ImportOptions = {},
  onProgress?: (p: ImportProgress) => void,
): Promise<ImportResult> {
  const w = getWorker();
  if (!w) {
    return readHere(inputs, onProgress).then(
      (texts) => import("./index").then((m) => m.importFiles(texts, options)),
      (e: unknown) => ({
        ok: false,
        errors: [
          issueOf(
            inputs[0]?.name ?? "(none)",
            "read",
            M.problem("readFailed", { error: e instanceof Error ? e.message : String(e) }),
          ),
        ],
      }),
    );
  }
  const id = nextId++;
  return new Promise((resolve) => {
    const done = (r: ImportResult): void => {
      w.removeEventListener("message", onMessage);
      w.removeEventListener("error", onError);
      resolve(r);
    };
    const onMessage = (e: MessageEvent<ImportReply>): void => {
      if (e.data.id !== id) return;
      if (e.data.type === "progress")
        onProgress?.({ phase: e.data.phase, done: e.data.done, total: e.data.total });
      else done(e.data.result);
    };
    const onError = (e: ErrorEvent): void => {
      worker = null;
      done({
        ok: false,
        errors: [
          issueOf(
            inputs[0]?.name ?? "(none)",
            "worker",
            M.problem("workerFailed", { error: e.message }),
          ),
        ],
      });
    };
    w.addEventListener("message", onMessage);
    w.addEventListener("error", onError);
    w.postMessage({ id, inputs, options } satisfies ImportRequest);
  });
}
