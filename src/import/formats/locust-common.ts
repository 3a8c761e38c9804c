/**
 * Shared pieces of the Locust importers (reference `locust.md`): header lookup, which row
 * (Type,Name entry) carries which canonical metric, and statistics from a row's
 * percentile columns (`50%` … `99.99%`, response times in ms, bucket-rounded by Locust).
 */
import type { Problem } from "../../engine/base/problems";
import type { MetricField, Stats } from "../../engine/base/types";
import { locustMessages as M } from "./locust-messages";
import { normHeader, readNumber } from "../csv";

/** Column lookup by normalised header name. */
export class Header {
  private idx = new Map<string, number>();
  readonly percentileCols: { col: number; q: number }[] = [];
  constructor(readonly cells: string[]) {
    cells.forEach((c, i) => {
      const k = normHeader(c);
      if (!this.idx.has(k)) this.idx.set(k, i);
      const m = /^\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(c);
      if (m) this.percentileCols.push({ col: i, q: Number(m[1]) });
    });
  }
  /** Index of the first header among `names` present, or -1. */
  col(...names: string[]): number {
    for (const n of names) {
      const i = this.idx.get(normHeader(n));
      if (i !== undefined) return i;
    }
    return -1;
  }
}

/** A number cell; absent (`N/A`, empty, unparsable) → undefined. */
export function cellNum(row: string[], col: number): number | undefined {
  if (col < 0) return undefined;
  const r = readNumber(row[col]);
  return r.kind === "number" && Number.isFinite(r.value) ? r.value : undefined;
}

/** Stat key of a Locust percentile column: 50 → `p50`, 99.9 → `p99.9`; 100 → null (use max). */
export function percentileStat(q: number): string | null {
  if (q >= 100) return null;
  return `p${Number(q.toFixed(3))}`;
}

/** The percentile statistics of one row (`50%` … `99.99%`), ms. */
export function percentilesOf(h: Header, row: string[]): Stats {
  const out: Stats = {};
  for (const { col, q } of h.percentileCols) {
    const key = percentileStat(q);
    const v = cellNum(row, col);
    if (key && v !== undefined) out[key] = v;
  }
  return out;
}

/** Which canonical metric a custom Locust entry name stands for (LLM locustfiles fire e.g. `STREAM,TTFT`). */
export function metricOfName(name: string): MetricField | null {
  const n = name.toLowerCase();
  if (/\b(ttft|time[ _-]?to[ _-]?first[ _-]?token|first[ _-]?token)\b/.test(n)) return "ttftMs";
  if (/\b(tpot|time[ _-]?per[ _-]?output[ _-]?token)\b/.test(n)) return "tpotMs";
  if (/\b(itl|inter[ _-]?token([ _-]?latency)?)\b/.test(n)) return "itlMs";
  if (/\b(e2e|e2el|end[ _-]?to[ _-]?end|request[ _-]?latency)\b/.test(n)) return "e2eMs";
  return null;
}

/** An entry of a Locust file: request type and name (`Aggregated` has an empty type). */
export interface Entry {
  type: string;
  name: string;
  requests: number;
}

/** Key of an entry. */
export const entryKey = (e: { type: string; name: string }) => `${e.type}\u0000${e.name}`;

/** True for the total row (`,Aggregated,` — also `Total` in very old Locust). */
export const isAggregated = (e: { type: string; name: string }) =>
  e.type.trim() === "" && /^(aggregated|total)$/i.test(e.name.trim());

/**
 * Choose the entry for each metric: custom metric rows by name; e2e from a custom E2E row,
 * else the single POST row (the most used one when several), else the single request row,
 * else the Aggregated row. The e2e entry also gives the request rate. Notes explain guesses.
 */
export function chooseEntries(entries: Entry[]): {
  byMetric: Map<MetricField, Entry>;
  rateEntry: Entry | null;
  notes: Problem[];
} {
  const byMetric = new Map<MetricField, Entry>();
  const notes: Problem[] = [];
  const plain: Entry[] = [];
  let agg: Entry | null = null;
  for (const e of entries) {
    if (isAggregated(e)) {
      agg = e;
      continue;
    }
    const m = metricOfName(e.name);
    if (m && !byMetric.has(m)) byMetric.set(m, e);
    else if (!m) plain.push(e);
  }
  if (!byMetric.has("e2eMs")) {
    const posts = plain.filter((e) => /^post$/i.test(e.type.trim()));
    const pick = posts.length
      ? posts.reduce((a, b) => (b.requests > a.requests ? b : a))
      : plain.length === 1
        ? plain[0]!
        : null;
    if (pick) {
      byMetric.set("e2eMs", pick);
      const others = plain.filter((e) => e !== pick);
      notes.push(
        M.problem("e2eFromRow", {
          type: pick.type,
          name: pick.name,
          others: others.map((e) => `${e.type} ${e.name}`),
        }),
      );
    } else if (agg) {
      byMetric.set("e2eMs", agg);
      notes.push(M.problem("e2eFromAggregated", {}));
    }
  }
  if (byMetric.has("ttftMs") && byMetric.get("e2eMs") === agg) {
    notes.push(M.problem("aggregatedMixes", {}));
  }
  return { byMetric, rateEntry: byMetric.get("e2eMs") ?? null, notes };
}

/** The note every Locust import carries: percentiles come from rounded buckets. */
export const bucketNote = (): Problem => M.problem("buckets", {});
