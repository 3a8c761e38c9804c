/**
 * Import worker: runs the import library (`importFiles`) off the main thread so that large
 * benchmark files do not freeze the workbook. Messages: `{ id, inputs, options }` in;
 * `{ id, type: "progress", done, total }` and `{ id, type: "result", result }` out.
 */
import { importFiles, type ImportInput, type ImportOptions, type ImportResult } from "./index";

/** A request to the worker. */
export interface ImportRequest {
  id: number;
  inputs: ImportInput[];
  options?: ImportOptions;
}

/** A message from the worker. */
export type ImportReply =
  | { id: number; type: "progress"; done: number; total: number }
  | { id: number; type: "result"; result: ImportResult };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ImportRequest>) => void) | null;
  postMessage(m: ImportReply): void;
};

scope.onmessage = (e) => {
  const { id, inputs, options } = e.data;
  const total = inputs.reduce((n, f) => n + f.text.length, 0);
  scope.postMessage({ id, type: "progress", done: 0, total });
  let result: ImportResult;
  try {
    result = importFiles(inputs, options ?? {});
  } catch (err) {
    // importFiles never throws for bad input; this guards against a programming error.
    result = { ok: false, errors: [{ file: inputs[0]?.name ?? "(none)", code: "internal", message: String(err) }] };
  }
  scope.postMessage({ id, type: "progress", done: total, total });
  scope.postMessage({ id, type: "result", result });
};
