/**
 * Browser side of importing: read dropped/picked files and folders (relative paths kept so that
 * concurrency-from-path works, spec §2) and run the import in a Web Worker with progress.
 * No solid-js here; the app's state layer calls these functions.
 */
import type { ImportInput, ImportOptions, ImportResult } from "./index";
import type { ImportReply, ImportRequest } from "./worker";

/** Progress of one import: bytes read from disk, then parsing in the worker. */
export interface ImportProgress {
  phase: "read" | "parse";
  done: number;
  total: number;
}

/** Files that are never benchmark outputs (provenance sidecars, scripts, notes). */
export function isSidecar(name: string): boolean {
  return /\.source\.txt$|(^|\/)README(\.md)?$|\.(py|sh|md|png|jpe?g|gif|svg)$|(^|\/)\.[^/]*$/i.test(name);
}

/** Path of a picked file: `webkitRelativePath` (folder picker) or its name. */
export function filePath(f: File): string {
  const rel = (f as File & { webkitRelativePath?: string }).webkitRelativePath;
  return rel && rel !== "" ? rel : f.name;
}

/** Read picked files (`<input type=file>` or folder input) as import inputs, with read progress. */
export async function readFiles(files: readonly File[], onProgress?: (p: ImportProgress) => void): Promise<ImportInput[]> {
  const folder = files.some((f) => filePath(f).includes("/"));
  const chosen = files.filter((f) => !(folder && isSidecar(filePath(f))));
  const total = chosen.reduce((n, f) => n + f.size, 0);
  let done = 0;
  const out: ImportInput[] = [];
  for (const f of chosen) {
    const text = await f.text();
    done += f.size;
    onProgress?.({ phase: "read", done, total });
    out.push({ name: filePath(f), text, optional: folder && files.length > 1 });
  }
  return out;
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

/** Read a drop (files and whole folders) as import inputs; folder files are optional. */
export async function readDrop(dt: DataTransfer, onProgress?: (p: ImportProgress) => void): Promise<ImportInput[]> {
  const files: File[] = [];
  const paths: string[] = [];
  const items = [...dt.items].filter((i) => i.kind === "file");
  const entries = items.map((i) => (i as DataTransferItem & { webkitGetAsEntry?(): EntryLike | null }).webkitGetAsEntry?.() ?? null);
  if (entries.length && entries.every((e) => e !== null)) {
    for (const e of entries) await walk(e!, "", files, paths);
  } else {
    for (const f of dt.files) {
      files.push(f);
      paths.push(filePath(f));
    }
  }
  const folder = paths.some((p) => p.includes("/"));
  const keep = files.map((f, i) => ({ f, p: paths[i]! })).filter((x) => !(folder && isSidecar(x.p)));
  const total = keep.reduce((n, x) => n + x.f.size, 0);
  let done = 0;
  const out: ImportInput[] = [];
  for (const { f, p } of keep) {
    out.push({ name: p, text: await f.text(), optional: folder && keep.length > 1 });
    done += f.size;
    onProgress?.({ phase: "read", done, total });
  }
  return out;
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

/**
 * Import inputs in the worker (falls back to the main thread where workers are unavailable, e.g.
 * unit tests). Resolves with the import result; never rejects for bad input.
 */
export function importInWorker(inputs: ImportInput[], options: ImportOptions = {}, onProgress?: (p: ImportProgress) => void): Promise<ImportResult> {
  const w = getWorker();
  if (!w) return import("./index").then((m) => m.importFiles(inputs, options));
  const id = nextId++;
  return new Promise((resolve) => {
    const onMessage = (e: MessageEvent<ImportReply>): void => {
      if (e.data.id !== id) return;
      if (e.data.type === "progress") onProgress?.({ phase: "parse", done: e.data.done, total: e.data.total });
      else {
        w.removeEventListener("message", onMessage);
        resolve(e.data.result);
      }
    };
    const onError = (e: ErrorEvent): void => {
      w.removeEventListener("message", onMessage);
      w.removeEventListener("error", onError);
      worker = null;
      resolve({ ok: false, errors: [{ file: inputs[0]?.name ?? "(none)", code: "worker", message: `the import worker failed: ${e.message}` }] });
    };
    w.addEventListener("message", onMessage);
    w.addEventListener("error", onError);
    w.postMessage({ id, inputs, options } satisfies ImportRequest);
  });
}
