/**
 * Aggregation of raw per-request records into sweep points with exact percentiles
 * (numpy linear method, see engine/stats.ts). Values are kept in growable Float64Arrays per
 * load level, never as one object per request, so a million records fit in little memory.
 */
import { RADIX_MIN, radixSortInPlace, summarize, summarizeSorted } from "../engine/curve/stats";
import type { Stats, SweepPoint } from "../engine/base/types";

/** Values per block once a column has grown past its first block (128 KiB). */
const BLOCK = 16384;

/**
 * A growable column of doubles: one block that doubles up to {@link BLOCK} values, then further
 * blocks of that size. A million values take 8 MB plus at most one block, and growing leaves no
 * copies behind for the collector (doubling one array would leave as much garbage as it keeps).
 */
class F64 {
  private blocks: Float64Array[] = [];
  private cur = new Float64Array(256);
  private pos = 0;
  n = 0;
  push(v: number) {
    if (this.pos === this.cur.length) {
      if (this.blocks.length === 0 && this.cur.length < BLOCK) {
        const b = new Float64Array(this.cur.length * 2);
        b.set(this.cur);
        this.cur = b;
      } else {
        this.blocks.push(this.cur);
        this.cur = new Float64Array(BLOCK);
        this.pos = 0;
      }
    }
    this.cur[this.pos++] = v;
    this.n++;
  }
  /** Copy the values, in order, into `out` (at least n long); returns `out.subarray(0, n)`. */
  copyTo(out: Float64Array): Float64Array {
    let at = 0;
    for (const b of this.blocks) {
      out.set(b, at);
      at += b.length;
    }
    out.set(this.cur.subarray(0, this.pos), at);
    return out.subarray(0, this.n);
  }
}

/**
 * {@link summarize} of a column, bit for bit, sorting in two buffers shared by every column of
 * a {@link RequestAggregator.finish} (no per-column copies left for the collector).
 */
function summarizeColumn(col: F64, scratch: { a: Float64Array; b: Float64Array }): Stats {
  if (col.n < RADIX_MIN) return summarize(col.copyTo(new Float64Array(col.n)));
  if (scratch.a.length < col.n) {
    scratch.a = new Float64Array(col.n);
    scratch.b = new Float64Array(col.n);
  }
  const a = col.copyTo(scratch.a);
  return summarizeSorted(radixSortInPlace(a, scratch.b) ?? a.sort());
}

/** One request. Times in ms; absent values undefined. `ok: false` counts as failed. */
export interface RequestRecord {
  ok: boolean;
  ttftMs?: number | undefined;
  e2eMs?: number | undefined;
  /** Per-request TPOT; derived as (e2e − ttft)/(out − 1) when absent and derivable. */
  tpotMs?: number | undefined;
  /** Per-request NTPOT; derived as e2e/out when absent and derivable. */
  ntpotMs?: number | undefined;
  /** Inter-chunk gaps of this request (pooled over all requests into `itl`). */
  itlGapsMs?: ArrayLike<number> | undefined;
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
  /** Start and end timestamps (ms, any epoch) to compute the achieved rate. */
  startMs?: number | undefined;
  endMs?: number | undefined;
}

const finite = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v);

class Group {
  ttft = new F64();
  e2e = new F64();
  tpot = new F64();
  ntpot = new F64();
  itl = new F64();
  inTok = 0;
  inN = 0;
  outTok = 0;
  outN = 0;
  completed = 0;
  failed = 0;
  tMin = Infinity;
  tMax = -Infinity;
  constructor(
    readonly concurrency: number | null,
    readonly requestRate: number | "inf" | null,
  ) {}
}

/**
 * Collects request records per load level and turns them into {@link SweepPoint}s.
 *
 * @example
 * const agg = new RequestAggregator();
 * agg.add(8, null, { ok: true, ttftMs: 40, e2eMs: 900, outputTokens: 100, startMs: 0, endMs: 900 });
 * const points = agg.finish();
 */
export class RequestAggregator {
  private groups = new Map<string, Group>();
  /** The group of the previous record: rows of one load level usually come together. */
  private last: Group | null = null;

  add(concurrency: number | null, requestRate: number | "inf" | null, r: RequestRecord): void {
    let g = this.last;
    if (!g || !Object.is(g.concurrency, concurrency) || !Object.is(g.requestRate, requestRate)) {
      const key = `${concurrency}|${requestRate}`;
      let found = this.groups.get(key);
      if (!found) this.groups.set(key, (found = new Group(concurrency, requestRate)));
      this.last = g = found;
    }
    if (finite(r.startMs)) g.tMin = Math.min(g.tMin, r.startMs);
    if (finite(r.endMs)) g.tMax = Math.max(g.tMax, r.endMs);
    if (!r.ok) {
      g.failed++;
      return;
    }
    g.completed++;
    if (finite(r.ttftMs)) g.ttft.push(r.ttftMs);
    if (finite(r.e2eMs)) g.e2e.push(r.e2eMs);
    const out = r.outputTokens;
    let tpot = r.tpotMs;
    if (!finite(tpot) && finite(r.e2eMs) && finite(r.ttftMs) && finite(out) && out > 1)
      tpot = (r.e2eMs - r.ttftMs) / (out - 1);
    if (finite(tpot)) g.tpot.push(tpot);
    let ntpot = r.ntpotMs;
    if (!finite(ntpot) && finite(r.e2eMs) && finite(out) && out > 0) ntpot = r.e2eMs / out;
    if (finite(ntpot)) g.ntpot.push(ntpot);
    if (r.itlGapsMs)
      for (let i = 0; i < r.itlGapsMs.length; i++)
        if (finite(r.itlGapsMs[i])) g.itl.push(r.itlGapsMs[i]!);
    if (finite(r.inputTokens)) {
      g.inTok += r.inputTokens;
      g.inN++;
    }
    if (finite(out)) {
      g.outTok += out;
      g.outN++;
    }
  }

  /**
   * Points, one per load level. `durationSec` overrides the measured span (used when the file
   * states the benchmark duration). rps and tokens/s are only given when a duration is known.
   */
  finish(
    durationSec?: (
      concurrency: number | null,
      requestRate: number | "inf" | null,
    ) => number | undefined,
  ): SweepPoint[] {
    const pts: SweepPoint[] = [];
    const scratch = { a: new Float64Array(0), b: new Float64Array(0) };
    for (const g of this.groups.values()) {
      const p: SweepPoint = {
        concurrency: g.concurrency,
        requestRate: g.requestRate,
        completed: g.completed,
        failed: g.failed,
      };
      let dur = durationSec?.(g.concurrency, g.requestRate);
      if (!(dur && dur > 0) && g.tMax > g.tMin) dur = (g.tMax - g.tMin) / 1000;
      if (dur && dur > 0) {
        p.rps = g.completed / dur;
        if (g.outN) p.outputTokensPerSec = g.outTok / dur;
        if (g.outN && g.inN) p.totalTokensPerSec = (g.outTok + g.inTok) / dur;
      }
      if (g.inN) p.meanInputTokens = g.inTok / g.inN;
      if (g.outN) p.meanOutputTokens = g.outTok / g.outN;
      if (g.ttft.n) p.ttftMs = summarizeColumn(g.ttft, scratch);
      if (g.itl.n) p.itlMs = summarizeColumn(g.itl, scratch);
      if (g.tpot.n) p.tpotMs = summarizeColumn(g.tpot, scratch);
      if (g.ntpot.n) p.ntpotMs = summarizeColumn(g.ntpot, scratch);
      if (g.e2e.n) p.e2eMs = summarizeColumn(g.e2e, scratch);
      pts.push(p);
    }
    return pts;
  }
}
