/**
 * Import jobs of the Benchmarks sheet: files / folders / pasted text, ask for a column mapping
 * when CSV headers are ambiguous (only the first 64 KiB of a file is read here, for the header),
 * run the import in the worker with progress (files are read there, never on the main thread), and
 * add the sweeps to the workbook only when the whole import succeeds (a failed import changes
 * nothing).
 */
import { createStore, produce } from "solid-js/store";
import type { Field } from "../../import/aliases";
import { importNotes, type ImportNote } from "../../import/notes";
import { firstRecord } from "../../import/csv";
import { issueOf } from "../../import/messages/issue";
import { importMessages } from "../../import/messages/pipeline";
import {
  importInWorker,
  isFileSource,
  readDrop,
  readFiles,
  readHead,
  spliceHead,
  type ImportProgress,
  type ImportSource,
} from "../../import/browser";
import type { ImportIssue } from "../../import/types";
import {
  ambiguousColumns,
  applyColumnChoice,
  columnViews,
  type AmbiguousColumn,
  type ColumnView,
} from "./column-map";
import type { Workbook } from "./workbook";

/** One import as the sheet lists it. */
export interface ImportJob {
  id: number;
  files: string[];
  status: "reading" | "mapping" | "parsing" | "ok" | "error";
  progress: ImportProgress | null;
  /** Why the import failed (status "error"), each with its problem (shown with src/report/messages.ts `localizeIssue`). */
  errors: ImportIssue[];
  /** Files of a folder that could not be read (status "ok"): the sweeps lack their levels; shown, never folded away. */
  dropped: ImportIssue[];
  /** The import's notes, each once (folded away; shown with `localizeNote`). */
  warnings: ImportNote[];
  /** SKU indices the import added. */
  added: number[];
  /** Ambiguous columns waiting for the planner's choice (status "mapping"). */
  mapping: AmbiguousColumn[];
  /** Every column of the header and how it is read (status "mapping"). */
  columns: ColumnView[];
}

/** The import jobs and the actions that start them. */
export interface Imports {
  jobs: ImportJob[];
  importFiles(files: File[]): Promise<void>;
  importDrop(dt: DataTransfer): Promise<void>;
  importText(text: string): Promise<void>;
  /** Finish the mapping step: `choice` maps column index → field (null = ignore). */
  resolveMapping(id: number, choice: Map<number, Field | null>): Promise<void>;
  dismiss(id: number): void;
}

/** Name for pasted text, by its shape (detection itself is by content). */
export function pastedName(text: string): string {
  const head = text.trimStart();
  if (head.startsWith("{") || head.startsWith("[")) return "pasted.json";
  if (head.startsWith("|")) return "pasted.md";
  return head.split(/\r?\n/, 1)[0]!.includes("\t") ? "pasted.tsv" : "pasted.csv";
}

/**
 * A source with its CSV header rewritten by the planner's column choice: only the header line is
 * rewritten; a file's remaining bytes are reused as they are (a Blob slice, nothing read).
 */
export async function withColumnChoice(
  src: ImportSource,
  choice: ReadonlyMap<number, Field | null>,
): Promise<ImportSource> {
  const head = await readHead(src);
  // Leading blank lines and the header record (applyColumnChoice rewrites the first CSV record,
  // which a quoted line break may carry over several lines).
  const bom = head.text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const prefix = head.text.slice(0, bom + firstRecord(head.text).end);
  if (prefix.length === head.text.length && !head.whole) {
    // A header longer than the sniffed head: rewrite the whole text (rare; read here).
    const text = isFileSource(src) ? await src.file.text() : src.text;
    return {
      name: src.name,
      text: applyColumnChoice(text, choice),
      ...(src.optional !== undefined ? { optional: src.optional } : {}),
    };
  }
  return spliceHead(src, prefix, applyColumnChoice(prefix, choice));
}

/** Create the import job list bound to a workbook. */
export function createImports(wb: Workbook): Imports {
  const [jobs, setJobs] = createStore<ImportJob[]>([]);
  const pending = new Map<number, ImportSource[]>();
  let next = 1;

  const update = (id: number, fn: (j: ImportJob) => void) =>
    setJobs(
      produce((js) => {
        const j = js.find((x) => x.id === id);
        if (j) fn(j);
      }),
    );

  const onProgress = (id: number) => (p: ImportProgress) =>
    update(id, (j) => {
      j.progress = p;
      j.status = p.phase === "read" ? "reading" : "parsing";
    });

  const run = async (id: number, inputs: ImportSource[]) => {
    update(id, (j) => {
      j.status = inputs.some(isFileSource) ? "reading" : "parsing";
      j.mapping = [];
      j.columns = [];
    });
    const res = await importInWorker(inputs, {}, onProgress(id));
    if (!res.ok) {
      update(id, (j) => {
        j.status = "error";
        j.errors = res.errors;
      });
      return;
    }
    const added = wb.addSweeps(res.sweeps);
    // A dropped file's note is in `dropped` (shown at once); the folded notes keep the rest.
    const dropped = res.fileErrors;
    const lost = new Set(res.fileErrors.map((f) => f.file));
    update(id, (j) => {
      j.status = "ok";
      j.added = added;
      j.dropped = dropped;
      j.warnings = importNotes(res).filter(
        (w) => ![...lost].some((f) => w.text.startsWith(`${f}:`) || w.text.startsWith(`${f} `)),
      );
    });
  };

  const start = async (names: string[], read: () => ImportSource[] | Promise<ImportSource[]>) => {
    const id = next++;
    setJobs(
      produce(
        (js) =>
          void js.unshift({
            id,
            files: names,
            status: "reading",
            progress: null,
            errors: [],
            dropped: [],
            warnings: [],
            added: [],
            mapping: [],
            columns: [],
          }),
      ),
    );
    let inputs: ImportSource[];
    let amb: AmbiguousColumn[] = [];
    let cols: ColumnView[] = [];
    try {
      inputs = await read();
      const single = inputs.length === 1 ? inputs[0]! : null;
      const head = single ? (await readHead(single)).text : "";
      amb = single ? ambiguousColumns(single.name, head) : [];
      if (amb.length) cols = columnViews(single!.name, head);
    } catch (e) {
      update(id, (j) => {
        j.status = "error";
        j.errors = [
          issueOf(
            names.join(", "),
            "read",
            importMessages.problem("readFailed", {
              error: e instanceof Error ? e.message : String(e),
            }),
          ),
        ];
      });
      return;
    }
    update(id, (j) => void (j.files = inputs.map((i) => i.name)));
    if (amb.length) {
      pending.set(id, inputs);
      update(id, (j) => {
        j.status = "mapping";
        j.mapping = amb;
        j.columns = cols;
      });
      return;
    }
    await run(id, inputs);
  };

  return {
    jobs,
    importFiles: (files) =>
      start(
        files.map((f) => f.name),
        () => readFiles(files),
      ),
    importDrop: (dt) =>
      start(
        [...dt.files].map((f) => f.name),
        () => readDrop(dt),
      ),
    importText: (text) => {
      const name = pastedName(text);
      return start([name], () => [{ name, text }]);
    },
    async resolveMapping(id, choice) {
      const src = pending.get(id)?.[0];
      if (!src) return;
      pending.delete(id);
      await run(id, [await withColumnChoice(src, choice)]);
    },
    dismiss(id) {
      pending.delete(id);
      setJobs((js) => js.filter((j) => j.id !== id));
    },
  };
}
