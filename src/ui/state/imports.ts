/**
 * Import jobs of the Benchmarks sheet: read files / folders / pasted text, ask for a column mapping
 * when CSV headers are ambiguous, run the import in the worker with progress, and add the sweeps to
 * the workbook only when the whole import succeeds (a failed import changes nothing).
 */
import { createStore, produce } from "solid-js/store";
import type { Field } from "../../import/aliases";
import { importInWorker, readDrop, readFiles, type ImportProgress } from "../../import/browser";
import type { ImportInput } from "../../import/index";
import { formatIssue, type ImportIssue } from "../../import/types";
import { ambiguousColumns, applyColumnChoice, type AmbiguousColumn } from "./column-map";
import type { Workbook } from "./workbook";

/** One import as the sheet lists it. */
export interface ImportJob {
  id: number;
  files: string[];
  status: "reading" | "mapping" | "parsing" | "ok" | "error";
  progress: ImportProgress | null;
  errors: { file: string; text: string }[];
  warnings: string[];
  /** SKU indices the import added. */
  added: number[];
  /** Ambiguous columns waiting for the planner's choice (status "mapping"). */
  mapping: AmbiguousColumn[];
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

/** Create the import job list bound to a workbook. */
export function createImports(wb: Workbook): Imports {
  const [jobs, setJobs] = createStore<ImportJob[]>([]);
  const pending = new Map<number, ImportInput[]>();
  let next = 1;

  const update = (id: number, fn: (j: ImportJob) => void) =>
    setJobs(produce((js) => {
      const j = js.find((x) => x.id === id);
      if (j) fn(j);
    }));
  const issue = (i: ImportIssue) => ({ file: i.file, text: formatIssue(i) });

  const run = async (id: number, inputs: ImportInput[]) => {
    update(id, (j) => {
      j.status = "parsing";
      j.mapping = [];
    });
    const res = await importInWorker(inputs, {}, (p) => update(id, (j) => void (j.progress = p)));
    if (!res.ok) {
      update(id, (j) => {
        j.status = "error";
        j.errors = res.errors.map(issue);
      });
      return;
    }
    const added = wb.addSweeps(res.sweeps);
    update(id, (j) => {
      j.status = "ok";
      j.added = added;
      j.warnings = [...res.warnings.map(formatIssue), ...res.sweeps.flatMap((s) => s.warnings)];
    });
  };

  const start = async (names: string[], read: (onProgress: (p: ImportProgress) => void) => Promise<ImportInput[]>) => {
    const id = next++;
    setJobs(produce((js) => void js.unshift({ id, files: names, status: "reading", progress: null, errors: [], warnings: [], added: [], mapping: [] })));
    let inputs: ImportInput[];
    try {
      inputs = await read((p) => update(id, (j) => void (j.progress = p)));
    } catch (e) {
      update(id, (j) => {
        j.status = "error";
        j.errors = [{ file: names.join(", "), text: `${names.join(", ")}: could not be read (${e instanceof Error ? e.message : String(e)})` }];
      });
      return;
    }
    update(id, (j) => void (j.files = inputs.map((i) => i.name)));
    const single = inputs.length === 1 ? inputs[0]! : null;
    const amb = single ? ambiguousColumns(single.name, single.text) : [];
    if (amb.length) {
      pending.set(id, inputs);
      update(id, (j) => {
        j.status = "mapping";
        j.mapping = amb;
      });
      return;
    }
    await run(id, inputs);
  };

  return {
    jobs,
    importFiles: (files) => start(files.map((f) => f.name), (p) => readFiles(files, p)),
    importDrop: (dt) => start([...dt.files].map((f) => f.name), (p) => readDrop(dt, p)),
    importText: (text) => {
      const name = pastedName(text);
      return start([name], async () => [{ name, text }]);
    },
    async resolveMapping(id, choice) {
      const inputs = pending.get(id);
      if (!inputs?.[0]) return;
      pending.delete(id);
      await run(id, [{ ...inputs[0], text: applyColumnChoice(inputs[0].text, choice) }]);
    },
    dismiss(id) {
      pending.delete(id);
      setJobs((js) => js.filter((j) => j.id !== id));
    },
  };
}
