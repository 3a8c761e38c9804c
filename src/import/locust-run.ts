/**
 * One Locust run of a `capplan sweep --locustfile` locustfile, read as one sweep (docs/sweep.md
 * "Distributed load with Locust"): the workers' records file (`capplan-records.jsonl`) gives the
 * sweep (TTFT and ITL per request, with the runner's definitions), and Locust's `--csv PREFIX`
 * files beside it (`PREFIX_stats.csv`, `_stats_history.csv`, `_failures.csv`, `_exceptions.csv`)
 * are read with it instead of as a sweep of their own: Locust's request and failure counts of the
 * generation requests must agree with the records, and a warning says so when they do not.
 *
 * At the stop, the requests in flight may be counted by Locust and not recorded, or the other way
 * round (a user stopped between the two), so counts may differ by up to the last level's users.
 */
import type { Problem } from "../engine/base/problems";
import type { Sweep } from "../engine/base/types";
import { parseCsv } from "./csv";
import { LOCUST_RECORD_TAG } from "./formats/capplan-sweep";
import { addNote, issueOf } from "./messages/issue";
import { sweepMessages as M } from "./messages/sweep";
import type { ImportIssue } from "./types";

/** An input file: its name (path) and text. */
interface Named {
  name: string;
  text: string;
}

const dirOf = (path: string) => {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
};

/** The Locust `--csv` file kinds read with a records file, by their header. */
function locustKind(text: string): "stats" | "history" | "failures" | "exceptions" | null {
  const l = text
    .slice(0, 300)
    .replace(/^\uFEFF/, "")
    .replace(/"/g, "")
    .toLowerCase();
  if (/^type,name,request count,failure count,/.test(l)) return "stats";
  if (/^timestamp,user count,type,name,/.test(l)) return "history";
  if (/^method,name,error,occurrences/.test(l)) return "failures";
  if (/^count,message,traceback/.test(l)) return "exceptions";
  return null;
}

/** A records file: its first line starts `{"capplan":"locust-record/1",` (200 characters suffice). */
const isRecords = (text: string) => {
  const head = text
    .slice(0, 200)
    .replace(/^\uFEFF/, "")
    .trimStart();
  const nl = head.indexOf("\n");
  const first = nl < 0 ? head : head.slice(0, nl);
  return first.startsWith("{") && first.includes(`"${LOCUST_RECORD_TAG}"`);
};

/**
 * Which inputs belong to a records file's run: the Locust CSVs in the folder of a records file.
 * Returns, per records file, its Locust files; the caller imports the rest as usual.
 */
export function locustRunsOf<T extends Named>(inputs: readonly T[]): Map<string, T[]> {
  const runs = new Map<string, T[]>();
  const recordsDirs = new Map<string, string>();
  for (const i of inputs)
    if (isRecords(i.text) && !recordsDirs.has(dirOf(i.name))) {
      recordsDirs.set(dirOf(i.name), i.name);
      runs.set(i.name, []);
    }
  if (!runs.size) return runs;
  for (const i of inputs) {
    const rec = recordsDirs.get(dirOf(i.name));
    if (rec !== undefined && i.name !== rec && locustKind(i.text)) runs.get(rec)!.push(i);
  }
  return runs;
}

/** Counts of the records file: every record (warm-up ones too: Locust counts them), failures by outcome. */
function recordCounts(text: string): { requests: number; failed: Map<string, number> } {
  let requests = 0;
  const failed = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    let o: { capplan?: unknown; outcome?: unknown };
    try {
      o = JSON.parse(line) as typeof o;
    } catch {
      continue;
    }
    if (o?.capplan !== LOCUST_RECORD_TAG || typeof o.outcome !== "string") continue;
    requests++;
    if (o.outcome !== "ok") failed.set(o.outcome, (failed.get(o.outcome) ?? 0) + 1);
  }
  return { requests, failed };
}

/**
 * The outcome of a Locust failure text: the locustfile fails a response with `HTTP <status>` or
 * with the outcome's name, which Locust writes as `CatchResponseError('…')`; anything else (a
 * connection error raised outside the response) is "other".
 */
export function outcomeOfLocustError(error: string): string {
  const m = /^CatchResponseError\((['"])(.*)\1\)$/.exec(error.trim());
  if (!m) return "other";
  const http = /^HTTP (\d{3})$/.exec(m[2]!);
  return http ? http[1]! : m[2]!;
}

/** Locust's counts of the generation requests (the `POST` rows), and failures by outcome. */
function locustCounts(files: readonly Named[]) {
  let requests: number | null = null;
  let failures: number | null = null;
  let byOutcome: Map<string, number> | null = null;
  for (const f of files) {
    const kind = locustKind(f.text);
    if (kind === "stats") {
      const t = parseCsv(f.text);
      for (const r of t.rows.slice(1)) {
        if (r[0] !== "POST") continue;
        requests = (requests ?? 0) + Number(r[2]);
        failures = (failures ?? 0) + Number(r[3]);
      }
    } else if (kind === "failures") {
      byOutcome = new Map();
      for (const r of parseCsv(f.text).rows.slice(1)) {
        if (r[0] !== "POST" || r.length < 4) continue;
        const k = outcomeOfLocustError(r[2]!);
        byOutcome.set(k, (byOutcome.get(k) ?? 0) + Number(r[3]));
      }
    }
  }
  return { requests, failures, byOutcome };
}

/**
 * Check the sweep of a records file against its Locust CSVs: adds the CSVs to its files, Locust's
 * counts to its meta (`locustRequests`, `locustFailures`), a note saying it was read with them,
 * and a warning (also in `warnings`) for each count the two disagree on beyond the in-flight slack.
 */
export function joinLocustRun(
  sweep: Sweep,
  records: Named,
  csvs: readonly Named[],
  warnings: ImportIssue[],
): void {
  if (!csvs.length) return;
  for (const c of csvs) if (!sweep.source.files.includes(c.name)) sweep.source.files.push(c.name);
  const rec = recordCounts(records.text);
  const loc = locustCounts(csvs);
  const concs = sweep.points.map((p) => p.concurrency ?? 0);
  const inFlight = concs.length ? concs[concs.length - 1]! : 0;
  const notes: { file: string; p: Problem }[] = [];
  const check = (what: string, locust: number, mine: number, file: string) => {
    if (Math.abs(locust - mine) > inFlight)
      notes.push({
        file,
        p: M.problem("locustDisagrees", { what, locust, records: mine, inFlight }),
      });
  };
  const recFailed = [...rec.failed.values()].reduce((a, b) => a + b, 0);
  const stats = csvs.find((c) => locustKind(c.text) === "stats");
  if (stats && loc.requests !== null && loc.failures !== null) {
    sweep.meta.locustRequests = loc.requests;
    sweep.meta.locustFailures = loc.failures;
    check("requests", loc.requests, rec.requests, stats.name);
    check("failures", loc.failures, recFailed, stats.name);
    addNote(
      sweep,
      M.problem("locustJoined", {
        files: csvs.map((c) => c.name.slice(dirOf(c.name).length + (dirOf(c.name) ? 1 : 0))),
        requests: loc.requests,
        failures: loc.failures,
      }),
    );
  }
  const failuresFile = csvs.find((c) => locustKind(c.text) === "failures");
  if (failuresFile && loc.byOutcome) {
    const other = loc.byOutcome.get("other") ?? 0;
    for (const k of new Set([...loc.byOutcome.keys(), ...rec.failed.keys()])) {
      if (k === "other") continue;
      // Failures Locust saw outside a response (connection errors) have no outcome name there.
      const mine = rec.failed.get(k) ?? 0;
      const theirs = loc.byOutcome.get(k) ?? 0;
      if (theirs < mine && mine - theirs <= other + inFlight) continue;
      check(k, theirs, mine, failuresFile.name);
    }
  }
  for (const n of notes) {
    addNote(sweep, n.p);
    warnings.push(issueOf(n.file, "locust-disagrees", n.p));
  }
}
