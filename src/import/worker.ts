/**
 * Import worker: reads the files and runs the import library (`importFiles`) off the main thread
 * so that large benchmark files do not freeze the workbook. Messages: `{ id, inputs, options }` in
 * (inputs are texts or `Blob`s; Blobs are read here, streamed and decoded as UTF-8);
 * `{ id, type: "progress", phase, done, total }` (bytes read, then parsing) and
 * `{ id, type: "result", result }` out.
 */
import { importFiles, type ImportInput, type ImportOptions, type ImportResult } from "./index";
import { bomEncoding, type Decoded } from "./decode";
import { issueOf } from "./messages/issue";
import { importMessages as M } from "./messages/pipeline";

/** A source as posted: text already in memory, or a Blob to read here. */
export type WorkerSource = ImportInput | { name: string; file: Blob; optional?: boolean };

/** A request to the worker. */
export interface ImportRequest {
  id: number;
  inputs: WorkerSource[];
  options?: ImportOptions;
}

/** A message from the worker. */
export type ImportReply =
  | { id: number; type: "progress"; phase: "read" | "parse"; done: number; total: number }
  | { id: number; type: "result"; result: ImportResult };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ImportRequest>) => void) | null;
  postMessage(m: ImportReply): void;
};

/** Progress messages at most this often (ms), so the main thread is not flooded. */
const PROGRESS_EVERY_MS = 50;

/**
 * Read a Blob as text in chunks, reporting bytes read: UTF-16 by its byte-order mark, else UTF-8,
 * else (bytes that are not valid UTF-8) Latin-1 / Windows-1252, as {@link decodeBytes} does.
 */
async function readBlob(
  file: Blob,
  onBytes: (n: number) => void,
): Promise<{ text: string; encoding: Decoded["encoding"] }> {
  const bom = bomEncoding(new Uint8Array(await file.slice(0, 3).arrayBuffer()));
  const encoding = bom === "utf-16le" || bom === "utf-16be" ? bom : "utf-8";
  const read = async (enc: Decoded["encoding"], report: boolean): Promise<string> => {
    const reader = file.stream().getReader();
    const decoder = new TextDecoder(enc, enc === "utf-8" ? { fatal: true, ignoreBOM: true } : {});
    const parts: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(decoder.decode(value, { stream: true }));
      if (report) onBytes(value.byteLength);
    }
    parts.push(decoder.decode());
    return parts.join("");
  };
  try {
    return { text: await read(encoding, true), encoding };
  } catch (e) {
    if (encoding !== "utf-8" || !(e instanceof TypeError)) throw e;
    return { text: await read("windows-1252", false), encoding: "windows-1252" };
  }
}

async function handle(req: ImportRequest): Promise<ImportResult> {
  const { id, inputs, options } = req;
  const total = inputs.reduce((n, s) => n + ("file" in s ? s.file.size : 0), 0);
  let done = 0;
  let last = 0;
  const texts: ImportInput[] = [];
  scope.postMessage({ id, type: "progress", phase: "read", done: 0, total });
  for (const s of inputs) {
    if (!("file" in s)) {
      texts.push(s);
      continue;
    }
    try {
      const { text, encoding } = await readBlob(s.file, (n) => {
        done += n;
        const now = performance.now();
        if (now - last >= PROGRESS_EVERY_MS) {
          last = now;
          scope.postMessage({ id, type: "progress", phase: "read", done, total });
        }
      });
      texts.push({
        name: s.name,
        text,
        ...(s.optional !== undefined ? { optional: s.optional } : {}),
        ...(encoding !== "utf-8" ? { encoding } : {}),
      });
    } catch (err) {
      return {
        ok: false,
        errors: [
          issueOf(
            s.name,
            "read",
            M.problem("readFailed", { error: err instanceof Error ? err.message : String(err) }),
          ),
        ],
      };
    }
  }
  scope.postMessage({ id, type: "progress", phase: "parse", done: 0, total });
  try {
    return importFiles(texts, options ?? {});
  } catch (err) {
    // importFiles never throws for bad input; this guards against a programming error.
    return {
      ok: false,
      errors: [
        issueOf(
          inputs[0]?.name ?? "(none)",
          "internal",
          M.problem("internal", { error: String(err) }),
        ),
      ],
    };
  }
}

scope.onmessage = (e) => {
  const { id } = e.data;
  void handle(e.data).then((result) => {
    scope.postMessage({ id, type: "progress", phase: "parse", done: 1, total: 1 });
    scope.postMessage({ id, type: "result", result });
  });
};
