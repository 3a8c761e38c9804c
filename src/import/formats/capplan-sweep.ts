/**
 * `capplan sweep` output (docs/sweep.md): `{ "capplan": "sweep/1", "sweeps": [ … ] }`, each sweep
 * a normalized sweep with its `levels` and its per-request records (`requests`). Points are
 * computed from the records here, by {@link pointsFromRequests}, which the runner uses too: a
 * file read back gives the numbers the runner printed, with the importers' definitions (exact
 * percentiles, src/import/per-request.ts). A sweep without records keeps its stored points.
 */
import type { SweepMeta, SweepPoint } from "../../engine/base/types";
import { loadOrder } from "../../engine/curve/load";
import { RequestAggregator } from "../per-request";
import { sweepMessages as M } from "../messages/sweep";
import { addNote } from "../messages/issue";
import type { FileImportResult, FormatImporter, InputFile, PartialSweep } from "../types";
import { isObj, num, type Json } from "./common-json";

export const SWEEP_FILE_TAG = "sweep/1";

/** One request of a run. Times in ms: `start` on the run's clock, `chunks` after the send. */
export interface SweepRequest {
  concurrency: number | null;
  requestRate: number | null;
  start: number;
  end: number;
  outcome: string;
  /** Arrival of each event with content, ms after the send. */
  chunks?: number[];
  inputTokens?: number;
  outputTokens?: number;
  requestedInputTokens?: number;
  requestedOutputTokens?: number;
  /** False when the server sent no usage: the tokens are the requested input and the counted chunks. */
  usage?: boolean;
}

/** One load level of a run. */
export interface SweepLevel {
  concurrency: number | null;
  requestRate: number | null;
  /** Interrupted by Ctrl-C: only the requests completed before it. */
  partial?: boolean;
}

/** A point of a run: a normalized point with failures per outcome and the partial mark. */
export type RunPoint = SweepPoint & { failedByOutcome?: Record<string, number>; partial?: boolean };

type Load = { concurrency: number | null; requestRate: number | "inf" | null };
const same = (a: Load, b: Load) =>
  a.concurrency === b.concurrency && a.requestRate === b.requestRate;

/**
 * Points of a run from its request records, one per level (levels without a record are left
 * out): TTFT = the first content event, ITL = the gaps between content events, E2E = the last
 * one, TPOT and NTPOT per request (src/import/per-request.ts), rps over the level's span.
 */
export function pointsFromRequests(
  requests: readonly SweepRequest[],
  levels: readonly SweepLevel[],
): RunPoint[] {
  const agg = new RequestAggregator();
  const byOutcome = new Map<string, Record<string, number>>();
  for (const r of requests) {
    const ok = r.outcome === "ok";
    const c = r.chunks ?? [];
    const gaps: number[] = [];
    for (let i = 1; i < c.length; i++) gaps.push(c[i]! - c[i - 1]!);
    agg.add(r.concurrency, r.requestRate, {
      ok,
      ttftMs: c.length ? c[0] : undefined,
      e2eMs: c.length ? c[c.length - 1] : undefined,
      itlGapsMs: gaps,
      inputTokens: r.inputTokens,
      outputTokens: r.outputTokens,
      startMs: r.start,
      endMs: r.end,
    });
    if (!ok) {
      const key = `${r.concurrency}|${r.requestRate}`;
      const f = byOutcome.get(key) ?? {};
      f[r.outcome] = (f[r.outcome] ?? 0) + 1;
      byOutcome.set(key, f);
    }
  }
  const points: RunPoint[] = agg.finish();
  for (const p of points) {
    const f = byOutcome.get(`${p.concurrency}|${p.requestRate}`);
    if (f) p.failedByOutcome = f;
    if (levels.some((l) => l.partial && same(l, p))) p.partial = true;
  }
  return loadOrder(points).map((i) => points[i]!);
}

function readRequest(v: unknown): SweepRequest | null {
  if (!isObj(v)) return null;
  const start = num(v.start);
  const end = num(v.end);
  if (start === undefined || end === undefined || typeof v.outcome !== "string") return null;
  const conc = v.concurrency == null ? null : num(v.concurrency);
  const rate = v.requestRate == null ? null : num(v.requestRate);
  if (conc === undefined || rate === undefined) return null;
  const r: SweepRequest = { concurrency: conc, requestRate: rate, start, end, outcome: v.outcome };
  if (Array.isArray(v.chunks)) {
    const c = v.chunks.map(num);
    if (c.some((x) => x === undefined)) return null;
    r.chunks = c as number[];
  }
  for (const k of [
    "inputTokens",
    "outputTokens",
    "requestedInputTokens",
    "requestedOutputTokens",
  ] as const) {
    const x = num(v[k]);
    if (x !== undefined) r[k] = x;
  }
  if (typeof v.usage === "boolean") r.usage = v.usage;
  return r;
}

function readLevels(v: unknown): SweepLevel[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isObj).map((l) => ({
    concurrency: num(l.concurrency) ?? null,
    requestRate: num(l.requestRate) ?? null,
    ...(l.partial === true ? { partial: true } : {}),
  }));
}

function parseSweep(s: Json): PartialSweep {
  const meta = (isObj(s.meta) ? s.meta : {}) as Json;
  const out: PartialSweep = {
    meta: {
      ...meta,
      model: typeof meta.model === "string" ? meta.model : null,
      engine: typeof meta.engine === "string" ? meta.engine : null,
      gpu: typeof meta.gpu === "string" ? meta.gpu : null,
      gpuCount: num(meta.gpuCount) ?? null,
      date: typeof meta.date === "string" ? meta.date : null,
      tool: "capplan sweep",
    } as SweepMeta,
    points: [],
    warnings: Array.isArray(s.warnings) ? s.warnings.filter((w) => typeof w === "string") : [],
  };
  if (typeof s.label === "string") out.label = s.label;
  if (Array.isArray(s.requests)) {
    const reqs: SweepRequest[] = [];
    let bad = 0;
    for (const r of s.requests) {
      const x = readRequest(r);
      if (x) reqs.push(x);
      else bad++;
    }
    if (bad) addNote(out, M.problem("badRecords", { n: bad }));
    out.points = pointsFromRequests(reqs, readLevels(s.levels));
  } else if (Array.isArray(s.points)) {
    out.points = s.points.filter(isObj) as unknown as SweepPoint[];
  }
  return out;
}

function isSweepFile(v: unknown): v is Json {
  return isObj(v) && v.capplan === SWEEP_FILE_TAG && Array.isArray(v.sweeps);
}

export const capplanSweepImporter: FormatImporter = {
  id: "capplan-sweep",
  title: "capplan sweep (per-request records)",
  versions: "capplan sweep/1",
  detect(file: InputFile): number {
    if (!file.firstLine().trimStart().startsWith("{")) return 0;
    const j = file.json();
    return j.ok && isSweepFile(j.value) ? 1 : 0;
  },
  parse(file: InputFile): FileImportResult {
    const j = file.json();
    if (!j.ok) return { ok: false, errors: [j.issue] };
    if (!isSweepFile(j.value) || (j.value.sweeps as unknown[]).length === 0) {
      const p = M.problem("noSweeps", {});
      return {
        ok: false,
        errors: [{ file: file.name, code: "no-sweeps", message: M.en(p), problem: p }],
      };
    }
    const sweeps = (j.value.sweeps as unknown[]).filter(isObj).map(parseSweep);
    return { ok: true, value: { sweeps, warnings: [] } };
  },
};

export const LOCUST_RECORD_TAG = "locust-record/1";

/**
 * The per-request records a locustfile of `capplan sweep --locustfile` writes (one JSON object a
 * line, every worker's requests in one file on the master): one sweep, one point per level, with
 * the same definitions as a run of the runner. Requests marked `warmup` (sent while a level's
 * users were starting) are left out.
 */
export const capplanLocustRecordsImporter: FormatImporter = {
  id: "capplan-locust-records",
  title: "capplan sweep locustfile records (JSON lines)",
  versions: "locust-record/1 (Locust 2.x)",
  detect(file: InputFile): number {
    const first = file.firstLine();
    if (!first.startsWith("{") || !first.includes(LOCUST_RECORD_TAG)) return 0;
    try {
      return (JSON.parse(first) as Json).capplan === LOCUST_RECORD_TAG ? 1 : 0;
    } catch {
      return 0;
    }
  },
  parse(file: InputFile): FileImportResult {
    const j = file.jsonLines();
    if (!j.ok) return { ok: false, errors: [j.issue] };
    const reqs: SweepRequest[] = [];
    const workers = new Set<string>();
    let bad = 0;
    let model: string | null = null;
    for (const v of j.values) {
      if (isObj(v) && v.warmup === true) continue;
      const r = readRequest(v);
      if (!r) {
        bad++;
        continue;
      }
      reqs.push(r);
      const o = v as Json;
      if (typeof o.worker === "string") workers.add(o.worker);
      if (model === null && typeof o.model === "string") model = o.model;
    }
    const levels = [...new Set(reqs.map((r) => r.concurrency))].map((c) => ({
      concurrency: c,
      requestRate: null,
    }));
    const out: PartialSweep = {
      meta: {
        model,
        engine: null,
        gpu: null,
        gpuCount: null,
        date: reqs.length
          ? new Date(reqs.reduce((m, r) => Math.min(m, r.start), Infinity)).toISOString()
          : null,
        tool: "capplan sweep (Locust)",
        workers: workers.size,
      },
      points: pointsFromRequests(reqs, levels),
      warnings: [],
    };
    if (bad) addNote(out, M.problem("badRecords", { n: bad }));
    return { ok: true, value: { sweeps: [out], warnings: [] } };
  },
};

export const capplanSweepImporters: readonly FormatImporter[] = [
  capplanSweepImporter,
  capplanLocustRecordsImporter,
];
