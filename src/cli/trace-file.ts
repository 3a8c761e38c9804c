/**
 * Stream a trace file from disk (or standard input) into a {@link TraceReader}: fixed-size
 * chunks decoded as UTF-8, so memory stays flat however long the file is (docs/traffic.md).
 * Only regular files are read (as everywhere in the CLI); devices and FIFOs are refused.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from "node:fs";
import { trafficMessages as T } from "../engine/demand/traffic-messages";
import { englishOf, type Problem } from "../engine/base/problems";
import { TraceReader, type TraceImport, type TraceReaderOptions } from "../import/trace";
import { fsProblem } from "./io";

/** Bytes read per chunk. */
const CHUNK = 4 << 20;

export interface TraceFileOptions extends TraceReaderOptions {
  /** Called after each chunk with (bytes read, file size or 0 when unknown). */
  onProgress?: ((bytes: number, total: number) => void) | undefined;
  /** Standard input as text (tests); without it, `-` reads file descriptor 0 in chunks. */
  stdin?: (() => string) | undefined;
}

/** Read and accumulate a trace; `path` `-` is standard input. Never throws for bad content or a missing file. */
export function readTraceFile(path: string, opts: TraceFileOptions = {}): TraceImport {
  const reader = new TraceReader(path, opts);
  if (path === "-" && opts.stdin) {
    reader.push(opts.stdin());
    return reader.finish();
  }
  let fd: number;
  let size = 0;
  try {
    if (path === "-") fd = 0;
    else {
      const st = statSync(path);
      if (!st.isFile())
        return problem(path, T.problem(st.isDirectory() ? "folder" : "notRegular", {}));
      fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
      const fst = fstatSync(fd);
      if (!fst.isFile()) {
        closeSync(fd);
        return problem(path, T.problem("notRegular", {}));
      }
      size = fst.size;
    }
  } catch (e) {
    return problem(path, fsProblem(e));
  }
  const decoder = new TextDecoder("utf-8");
  const buf = Buffer.allocUnsafe(CHUNK);
  let bytes = 0;
  let first = true;
  try {
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buf, 0, CHUNK, null);
      } catch (e) {
        const code = (e as { code?: unknown }).code;
        if (code === "EAGAIN") continue;
        if (code === "EOF") break;
        return problem(path, fsProblem(e));
      }
      if (n === 0) break;
      if (first) {
        first = false;
        if (looksBinary(buf.subarray(0, Math.min(n, 4096))))
          return problem(path, T.problem("binary", {}));
      }
      bytes += n;
      reader.push(decoder.decode(buf.subarray(0, n), { stream: true }));
      opts.onProgress?.(bytes, size);
    }
    reader.push(decoder.decode());
  } finally {
    if (fd !== 0) closeSync(fd);
  }
  return reader.finish();
}

function looksBinary(b: Uint8Array): boolean {
  for (let i = 0; i < b.length; i++) if (b[i] === 0) return true;
  return false;
}

function problem(file: string, message: string | Problem<object>): TraceImport {
  if (typeof message === "string") return { ok: false, errors: [{ file, code: "read", message }] };
  return {
    ok: false,
    errors: [{ file, code: "read", message: englishOf(message), problem: message }],
  };
}
