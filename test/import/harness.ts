/**
 * A hang-proof runner for importer tests: the import library is bundled with esbuild and run in a
 * worker thread, so that a catastrophic regular expression or an endless loop is stopped after a
 * time budget and reported as a failure instead of freezing the test run.
 */
import { build } from "esbuild";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll } from "vitest";

const ROOT = join(__dirname, "..", "..");

/** What one input is put through in the worker. */
export interface Job {
  name: string;
  text: string;
  /** Also run every format's detect and parse on it (not only importFiles' choice). */
  everyFormat?: boolean;
  /** Also map the first line's cells (and the whole text as one header) with the alias table. */
  headers?: boolean;
}

/** The worker's answer: `thrown` lists exceptions that escaped (format id or "importFiles"). */
export interface Outcome {
  ok: boolean;
  thrown: string[];
  errors: string[];
  ms: number;
}

/** An outcome, or a job stopped over its budget, or a worker that crashed. */
type RunResult = Outcome | { hang: true; ms: number } | { crash: string };

const WORKER_SRC = `
import { parentPort } from "node:worker_threads";
import { importFiles, FORMATS, makeInputFile, formatIssue } from "./lib.mjs";
import { mapHeaders } from "./aliases.mjs";
parentPort.on("message", (job) => {
  const t0 = performance.now();
  const thrown = [];
  let res = null;
  try { res = importFiles([{ name: job.name, text: job.text }]); } catch (e) { thrown.push("importFiles: " + (e && e.stack || e)); }
  try { importFiles([{ name: job.name, text: job.text, optional: true }, { name: "b/" + job.name, text: job.text, optional: true }]); } catch (e) { thrown.push("importFiles(folder): " + (e && e.stack || e)); }
  if (job.everyFormat) {
    for (const f of FORMATS) {
      try { f.detect(makeInputFile(job.name, job.text)); } catch (e) { /* detect errors are caught by importFiles */ }
      try { f.parse(makeInputFile(job.name, job.text), {}); } catch (e) { thrown.push(f.id + ": " + (e && e.stack || e)); }
    }
  }
  if (job.headers) {
    try {
      const first = job.text.split("\\n", 1)[0];
      mapHeaders(first.split(/[,;\\t]/));
      mapHeaders([job.text.slice(0, 200000)]);
    } catch (e) { thrown.push("mapHeaders: " + (e && e.stack || e)); }
  }
  const errors = res && !res.ok ? res.errors.map(formatIssue) : [];
  parentPort.postMessage({ ok: !!(res && res.ok), thrown, errors, ms: performance.now() - t0 });
});
`;

let dir: string | null = null;

/** Bundle the import library once per test file. */
export async function bundle(): Promise<string> {
  if (dir) return dir;
  const d = mkdtempSync(join(tmpdir(), "capplan-import-"));
  for (const [src, out] of [
    ["index.ts", "lib.mjs"],
    ["aliases.ts", "aliases.mjs"],
  ] as const) {
    const options = { bundle: true, platform: "node", format: "esm", logLevel: "error" } as const;
    const entry = join(ROOT, "src/import", src);
    await build({ entryPoints: [entry], outfile: join(d, out), ...options });
  }
  writeFileSync(join(d, "worker.mjs"), WORKER_SRC);
  return (dir = d);
}

/** A worker that runs jobs one at a time; a job over its budget is stopped and reported. */
export class Runner {
  private w: Worker | null = null;
  constructor(private readonly d: string) {}
  private worker(): Worker {
    return (this.w ??= new Worker(join(this.d, "worker.mjs"), {
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    }));
  }
  run(job: Job, budgetMs: number): Promise<RunResult> {
    const w = this.worker();
    const t0 = performance.now();
    return new Promise((resolve) => {
      const done = (v: RunResult) => {
        clearTimeout(timer);
        w.off("message", onMsg);
        w.off("error", onErr);
        resolve(v);
      };
      const onMsg = (m: Outcome) => done(m);
      const onErr = (e: Error) => {
        this.w = null;
        done({ crash: String(e && e.stack) });
      };
      const timer = setTimeout(() => {
        void w.terminate();
        this.w = null;
        done({ hang: true, ms: performance.now() - t0 });
      }, budgetMs);
      w.on("message", onMsg);
      w.on("error", onErr);
      w.postMessage(job);
    });
  }
  async close(): Promise<void> {
    await this.w?.terminate();
    this.w = null;
  }
}

/** A runner for the tests of this file: started before them (bundling takes a while), closed after. */
export function useRunner(): { run: Runner["run"] } {
  let runner: Runner;
  beforeAll(async () => {
    runner = new Runner(await bundle());
  }, 120_000);
  afterAll(async () => {
    await runner.close();
  });
  return { run: (job, ms) => runner.run(job, ms) };
}
