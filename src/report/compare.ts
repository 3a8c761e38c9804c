/**
 * Compare two sweeps of the same deployment (baseline → candidate), docs/cli.md `capplan compare`:
 * match load levels, compute absolute and relative deltas, and flag regressions — throughput
 * (rps or output tokens/s) DROPPING, or a latency statistic RISING, by more than the threshold.
 * Before and after a change, re-run the same commands and diff one table ("每次改动前后只要重跑同一套命令，diff 一份表格即可").
 */
import type { MetricField, Sweep, SweepPoint } from "../engine/base/types";

/** One compared quantity at one matched load level. */
export interface CompareDelta {
  base: number;
  cand: number;
  /** cand − base, in the quantity's unit (rps, tokens/s, ms). */
  abs: number;
  /** (cand − base) / base × 100; null when base is 0. */
  pct: number | null;
  /** `up` = higher is better (throughput), `down` = lower is better (latency). */
  better: "up" | "down";
  /** True when the change is adverse and larger than the threshold. */
  regression: boolean;
}

/** A load level: closed-loop concurrency, or open-loop request rate. */
export interface LoadLevel {
  concurrency: number | null;
  requestRate: number | "inf" | null;
}

/** One matched load level with its deltas, keyed `rps`, `outputTokensPerSec`, `ttft.p99`, … */
export interface CompareRow extends LoadLevel {
  matchedBy: "concurrency" | "requestRate";
  deltas: Record<string, CompareDelta>;
}

/** A load level present on one side only. */
export interface UnmatchedLevel extends LoadLevel {
  side: "baseline" | "candidate";
  rps: number | null;
}

/** One regression: which level, which quantity, how much. */
export interface Regression extends LoadLevel {
  key: string;
  base: number;
  cand: number;
  pct: number;
}

/** The result of {@link compareSweeps} (also the JSON of `capplan compare --json`). */
export interface CompareResult {
  thresholdPct: number;
  rows: CompareRow[];
  unmatched: UnmatchedLevel[];
  regressions: Regression[];
  /**
   * The largest adverse change over all compared quantities, in percent, positive = worse
   * (a throughput drop of 10.6 % or a latency rise of 10.6 % both give 10.6); negative when every
   * quantity improved; null when nothing could be compared.
   */
  worstPct: number | null;
  /** Key, level and signed % change of the quantity behind {@link worstPct}, or null. */
  worst: (LoadLevel & { key: string; pct: number }) | null;
}

/** Quantities compared: key → getter and direction. Latencies: p50, p95, p99 of TTFT, ITL, TPOT. */
export const COMPARED: readonly {
  key: string;
  better: "up" | "down";
  get(p: SweepPoint): number | null | undefined;
}[] = [
  { key: "rps", better: "up", get: (p) => p.rps },
  { key: "outputTokensPerSec", better: "up", get: (p) => p.outputTokensPerSec },
  ...(["ttft", "itl", "tpot"] as const).flatMap((m) =>
    (["p50", "p95", "p99"] as const).map((s) => ({
      key: `${m}.${s}`,
      better: "down" as const,
      get: (p: SweepPoint) => p[`${m}Ms` as MetricField]?.[s],
    })),
  ),
];

function num(v: number | null | undefined): v is number {
  return typeof v === "number" && Number.isFinite(v);
}

function sameNumber(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

function sameRate(a: number | "inf", b: number | "inf"): boolean {
  return a === "inf" || b === "inf" ? a === b : sameNumber(a, b);
}

/**
 * Match the candidate point for a baseline point: same concurrency when the baseline point has
 * one, else same request rate. Each candidate point is used at most once.
 */
function findMatch(
  p: SweepPoint,
  cands: readonly SweepPoint[],
  used: Set<number>,
): { i: number; by: CompareRow["matchedBy"] } | null {
  if (p.concurrency != null) {
    const i = cands.findIndex(
      (q, j) => !used.has(j) && q.concurrency != null && sameNumber(q.concurrency, p.concurrency!),
    );
    if (i >= 0) return { i, by: "concurrency" };
  } else if (p.requestRate != null) {
    const i = cands.findIndex(
      (q, j) =>
        !used.has(j) &&
        q.concurrency == null &&
        q.requestRate != null &&
        sameRate(q.requestRate, p.requestRate!),
    );
    if (i >= 0) return { i, by: "requestRate" };
  }
  return null;
}

/** Adverse change in percent (positive = worse) of a delta with a defined pct. */
function adverse(d: CompareDelta): number | null {
  if (d.pct == null) return null;
  return d.better === "up" ? -d.pct : d.pct;
}

/**
 * Compare `cand` against `base`. Only quantities both points have are compared. A regression is
 * a throughput drop or latency rise strictly greater than `thresholdPct` percent of the baseline
 * (with a 1e-9 tolerance, so 30 → 31.5 ms is exactly 5 % and not over a 5 % threshold).
 * A baseline of 0 gives `pct: null` and is never a regression.
 */
export function compareSweeps(base: Sweep, cand: Sweep, thresholdPct = 5): CompareResult {
  const rows: CompareRow[] = [];
  const unmatched: UnmatchedLevel[] = [];
  const regressions: Regression[] = [];
  const used = new Set<number>();
  let worstPct: number | null = null;
  let worst: CompareResult["worst"] = null;
  for (const p of base.points) {
    const m = findMatch(p, cand.points, used);
    const level: LoadLevel = {
      concurrency: p.concurrency ?? null,
      requestRate: p.requestRate ?? null,
    };
    if (!m) {
      unmatched.push({ side: "baseline", ...level, rps: p.rps ?? null });
      continue;
    }
    used.add(m.i);
    const q = cand.points[m.i]!;
    const deltas: Record<string, CompareDelta> = {};
    for (const c of COMPARED) {
      const a = c.get(p);
      const b = c.get(q);
      if (!num(a) || !num(b)) continue;
      const pct = a === 0 ? null : ((b - a) / a) * 100;
      const d: CompareDelta = {
        base: a,
        cand: b,
        abs: b - a,
        pct,
        better: c.better,
        regression: false,
      };
      const adv = adverse(d);
      if (adv != null) {
        d.regression = adv > thresholdPct + 1e-9; // a change of exactly the threshold is not a regression
        if (worstPct == null || adv > worstPct) {
          worstPct = adv;
          worst = { ...level, key: c.key, pct: pct! };
        }
      }
      if (d.regression) regressions.push({ ...level, key: c.key, base: a, cand: b, pct: pct! });
      deltas[c.key] = d;
    }
    rows.push({ ...level, matchedBy: m.by, deltas });
  }
  cand.points.forEach((q, j) => {
    if (!used.has(j))
      unmatched.push({
        side: "candidate",
        concurrency: q.concurrency ?? null,
        requestRate: q.requestRate ?? null,
        rps: q.rps ?? null,
      });
  });
  return { thresholdPct, rows, unmatched, regressions, worstPct, worst };
}
