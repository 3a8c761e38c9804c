/**
 * Locust `--csv=PREFIX` outputs (reference `locust.md`, `locust/stats.py`):
 * - `PREFIX_stats.csv`: one row per (Type, Name) plus `,Aggregated,`; response times in ms over the
 *   whole run. LLM locustfiles fire custom events (`STREAM,TTFT`, `STREAM,E2E`) whose response
 *   times are TTFT/E2E: they map to ttftMs/e2eMs; without an E2E row the POST row is the e2e.
 *   rps = `Requests/s − Failures/s` of the e2e row (successful completions; the Aggregated row
 *   would count TTFT and E2E events of one request twice). No user count in the file: the load
 *   level comes from the path or `--concurrency` (pipeline), else a warning says it is unknown.
 * - `PREFIX_stats_history.csv`: see {@link locustHistory}.
 * - `PREFIX_failures.csv` / `PREFIX_exceptions.csv` are recognised but are not results: they give
 *   no sweep, only a "skipped" note (so a Locust results folder imports cleanly); the failures
 *   are summarised in that note.
 */
import type { SweepPoint } from "../../engine/base/types";
import { parseCsv } from "../csv";
import { addNote, issueOf } from "../messages/issue";
import { locustMessages as M } from "./locust-messages";
import type { FileImportResult, FormatImporter, InputFile, PartialSweep } from "../types";
import { loadGivenOutside } from "./common-json";
import {
  bucketNote,
  cellNum,
  chooseEntries,
  entryKey,
  Header,
  percentilesOf,
  type Entry,
} from "./locust-common";
import { locustHistory } from "./locust-history";

const norm = (l: string) =>
  l
    .replace(/^\uFEFF/, "")
    .replace(/"/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

function kind(file: InputFile): "stats" | "failures" | "exceptions" | null {
  const first = file.firstLine();
  // A JSON document is never a Locust CSV; and the header patterns need only the line's start
  // (normalising a whole one-line JSON file per detection dominated importing 1,000 vLLM files).
  if (/^\uFEFF?\s*[{[]/.test(first)) return null;
  const l = norm(first.slice(0, 1000));
  if (
    /^(type|method),name,(request count|# requests),(failure count|# failures),(median response time|median response time)/.test(
      l,
    )
  )
    return "stats";
  if (/^method,name,error,occurrences/.test(l)) return "failures";
  if (/^count,message,traceback/.test(l)) return "exceptions";
  return null;
}

function parseStats(file: InputFile): FileImportResult {
  const t = parseCsv(file.text);
  if (t.rows.length < 2)
    return {
      ok: false,
      errors: [issueOf(file.name, "no-rows", M.problem("statsNoRows", {}), { line: 2 })],
    };
  const h = new Header(t.rows[0]!);
  const cType = h.col("Type", "Method");
  const cName = h.col("Name");
  const cCount = h.col("Request Count", "# requests");
  const cFail = h.col("Failure Count", "# failures");
  const cRps = h.col("Requests/s");
  const cFps = h.col("Failures/s");
  const cMed = h.col("Median Response Time");
  const cAvg = h.col("Average Response Time");
  const cMin = h.col("Min Response Time");
  const cMax = h.col("Max Response Time");
  for (const [c, n] of [
    [cName, "Name"],
    [cCount, "Request Count"],
  ] as const) {
    if (c < 0)
      return {
        ok: false,
        errors: [
          issueOf(file.name, "missing-column", M.problem("statsMissingColumn", { column: n }), {
            line: 1,
            column: n,
          }),
        ],
      };
  }
  const rows = new Map<string, string[]>();
  const entries: Entry[] = [];
  t.rows.slice(1).forEach((r) => {
    const e: Entry = {
      type: cType >= 0 ? (r[cType] ?? "").trim() : "",
      name: (r[cName] ?? "").trim(),
      requests: cellNum(r, cCount) ?? 0,
    };
    entries.push(e);
    rows.set(entryKey(e), r);
  });
  const { byMetric, rateEntry, notes } = chooseEntries(entries);
  const p: SweepPoint = { concurrency: null, requestRate: null };
  for (const [field, e] of byMetric) {
    const r = rows.get(entryKey(e))!;
    const s = percentilesOf(h, r);
    const mean = cellNum(r, cAvg);
    const min = cellNum(r, cMin);
    const max = cellNum(r, cMax);
    if (s.p50 === undefined) {
      const med = cellNum(r, cMed);
      if (med !== undefined) s.p50 = med;
    }
    if (mean !== undefined) s.mean = mean;
    if (min !== undefined) s.min = min;
    if (max !== undefined) s.max = max;
    if (Object.keys(s).length) p[field] = s;
  }
  if (rateEntry) {
    const r = rows.get(entryKey(rateEntry))!;
    const rps = cellNum(r, cRps);
    const fps = cellNum(r, cFps) ?? 0;
    if (rps !== undefined && rps - fps > 0) p.rps = rps - fps;
    const n = cellNum(r, cCount);
    const f = cellNum(r, cFail) ?? 0;
    if (n !== undefined) {
      p.completed = n - f;
      p.failed = f;
    }
  }
  const sweep: PartialSweep = {
    meta: { model: null, engine: null, gpu: null, gpuCount: null, date: null, tool: "locust" },
    points: [p],
    warnings: [],
  };
  for (const x of notes) addNote(sweep, x);
  addNote(sweep, bucketNote());
  if (!loadGivenOutside(file.name, undefined)) addNote(sweep, M.problem("statsNoUsers", {}));
  return { ok: true, value: { sweeps: [sweep], warnings: [] } };
}

function parseNotResult(file: InputFile, k: "failures" | "exceptions"): FileImportResult {
  let items: string[] = [];
  if (k === "failures") {
    const t = parseCsv(file.text);
    const h = new Header(t.rows[0] ?? []);
    const cM = h.col("Method"),
      cN = h.col("Name"),
      cE = h.col("Error"),
      cO = h.col("Occurrences");
    items = t.rows
      .slice(1)
      .map((r) => `${r[cO] ?? "?"} × ${r[cE] ?? "?"} on ${r[cM] ?? ""} ${r[cN] ?? ""}`.trim());
  }
  const problem = M.problem("notResult", {
    kind: k,
    count: items.length,
    items: items.slice(0, 5),
    more: items.length > 5,
  });
  return { ok: true, value: { sweeps: [], warnings: [issueOf(file.name, "skipped", problem)] } };
}

/** Locust `_stats.csv` (and the `_failures.csv` / `_exceptions.csv` written next to it, skipped). */
export const locustStats: FormatImporter = {
  id: "locust",
  title: "Locust --csv stats (PREFIX_stats.csv; _failures/_exceptions recognised and skipped)",
  versions: "Locust 1.4 – 2.46",
  detect(file) {
    const k = kind(file);
    return k === "stats" ? 0.95 : k ? 0.9 : 0;
  },
  parse(file) {
    const k = kind(file);
    if (k === "failures" || k === "exceptions") return parseNotResult(file, k);
    if (k !== "stats")
      return {
        ok: false,
        errors: [issueOf(file.name, "unknown-format", M.problem("notStats", {}), { line: 1 })],
      };
    return parseStats(file);
  },
};

/** Importers of Locust CSV outputs. */
export const locustImporters: FormatImporter[] = [locustStats, locustHistory];
