/**
 * Repeated runs (docs/import.md "Repeated runs"): several files or records of one sweep at the
 * same load level are repeats, not replacements. The point holds, per field and statistic, the
 * median over the repeats that have it, and `repeats: n`; a statistic whose repeats differ by more
 * than {@link UNSTABLE_SPREAD} (max ÷ min − 1) makes a warning naming the level, the statistic
 * and the range.
 */
import type { Problem } from "../engine/base/problems";
import {
  METRIC_FIELD,
  type PointSource,
  type PointSpread,
  type SpreadStat,
  type Stats,
  type SweepPoint,
} from "../engine/base/types";
import { spreadOf } from "../engine/curve/spread";
import { importMessages as M, pointLoadEn, type PointLoad } from "./messages/pipeline";

/** Repeats whose max ÷ min − 1 exceeds this are called unstable (10 %). */
export const UNSTABLE_SPREAD = 0.1;

const SCALARS = [
  "rps",
  "outputTokensPerSec",
  "totalTokensPerSec",
  "meanInputTokens",
  "meanOutputTokens",
  "completed",
  "failed",
  "failedPct",
] as const;
/** Scalars whose spread is checked (counts of requests are not a measurement of speed). */
const CHECKED_SCALARS = new Set<string>([
  "rps",
  "outputTokensPerSec",
  "totalTokensPerSec",
  "meanInputTokens",
  "meanOutputTokens",
]);
const METRICS = Object.entries(METRIC_FIELD) as [string, keyof SweepPoint][];

/** Median of a non-empty list (numpy's: the mean of the two middle values for an even count). */
export function median(values: number[]): number {
  const s = values.slice().sort((a, b) => a - b);
  const n = s.length;
  const h = n >> 1;
  return n % 2 ? s[h]! : (s[h - 1]! + s[h]!) / 2;
}

/** The load level of a point as problem parameters (`concurrency 8`, `request rate 2`, `rps 3.1`). */
export function pointLoad(p: SweepPoint): PointLoad {
  if (p.concurrency != null) return { kind: "concurrency", load: p.concurrency };
  if (p.requestRate != null) return { kind: "requestRate", load: p.requestRate };
  return { kind: "rps", load: p.rps ?? null };
}

/** Readable load level of a point: `concurrency 8`, `request rate 2`, `rps 3.1`. */
export function loadLabel(p: SweepPoint): string {
  return pointLoadEn(pointLoad(p));
}

interface Spread {
  name: string;
  min: number;
  max: number;
  unit: string;
}

/**
 * One point from the repeats of one load level (at least two), and the spreads over 10 %.
 * The load keys are taken from the first repeat (they are equal by construction).
 */
export function combineRepeats(repeats: readonly SweepPoint[]): {
  point: SweepPoint;
  unstable: Spread[];
} {
  const first = repeats[0]!;
  const out: SweepPoint = { concurrency: first.concurrency, requestRate: first.requestRate };
  const unstable: Spread[] = [];
  // Each field's spread over the runs (docs/uncertainty.md): mean, std and the 95 % t-interval.
  const spread: PointSpread = {};
  const check = (name: string, vals: number[], unit: string) => {
    // A few repeats per level: spreading them into Math.min/max is cheap. One value has no spread (max ÷ min − 1 = 0).
    const min = Math.min(...vals);
    const max = Math.max(...vals);
    // Rounded to 9 digits: 110 ÷ 100 − 1 is 0.10000000000000009 in binary, and exactly 10 % is not more than 10 %.
    if (min > 0 && Number((max / min - 1).toPrecision(9)) > UNSTABLE_SPREAD)
      unstable.push({ name, min, max, unit });
  };
  for (const k of SCALARS) {
    const vals: number[] = [];
    for (const r of repeats) {
      const v = r[k];
      if (typeof v === "number" && !Number.isNaN(v)) vals.push(v);
    }
    if (!vals.length) continue;
    out[k] = median(vals);
    const sp = CHECKED_SCALARS.has(k) ? spreadOf(vals) : null;
    if (sp) (spread as Record<string, SpreadStat>)[k] = sp;
    if (CHECKED_SCALARS.has(k))
      check(k, vals, k === "rps" ? " req/s" : k.endsWith("PerSec") ? " tok/s" : " tokens");
  }
  for (const [metric, field] of METRICS) {
    const byStat = new Map<string, number[]>();
    for (const r of repeats) {
      const st = r[field] as Stats | undefined;
      if (!st) continue;
      for (const s in st) {
        const v = st[s]!;
        if (typeof v !== "number" || Number.isNaN(v)) continue;
        const l = byStat.get(s);
        if (l) l.push(v);
        else byStat.set(s, [v]);
      }
    }
    if (!byStat.size) continue;
    const stats: Stats = {};
    const spreads: Record<string, SpreadStat> = {};
    for (const [s, vals] of byStat) {
      stats[s] = median(vals);
      const sp = spreadOf(vals);
      if (sp) spreads[s] = sp;
      // std is a spread itself; its own spread over runs says little about stability.
      if (s !== "std") check(`${metric} ${s}`, vals, " ms");
    }
    (out as unknown as Record<string, Stats>)[field] = stats;
    if (Object.keys(spreads).length) (spread as Record<string, unknown>)[field] = spreads;
  }
  out.repeats = repeats.reduce((n, r) => n + (r.repeats ?? 1), 0);
  if (Object.keys(spread).length) out.spread = spread;
  const sources = joinSources(repeats);
  if (sources) out.sources = sources;
  return { point: out, unstable };
}

/** The sources of points merged into one (each file or row once, in order), or undefined when none has any. */
export function joinSources(points: readonly SweepPoint[]): PointSource[] | undefined {
  const out: PointSource[] = [];
  const seen = new Set<string>();
  for (const p of points) {
    for (const s of p.sources ?? []) {
      const k = `${s.file}\u0000${s.line ?? ""}\u0000${s.record ?? ""}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(s);
    }
  }
  return out.length ? out : undefined;
}

/** The warning for an unstable load level (code `import.unstable`): the widest spreads first, at most three named. */
export function unstableProblem(
  p: SweepPoint,
  n: number,
  unstable: readonly Spread[],
): Problem<object> {
  const sorted = unstable.slice().sort((a, b) => b.max / b.min - a.max / a.min);
  const named = sorted.slice(0, 3);
  return M.problem("unstable", {
    ...pointLoad(p),
    n,
    names: named.map((s) => s.name),
    mins: named.map((s) => s.min),
    maxs: named.map((s) => s.max),
    units: named.map((s) => s.unit),
    more: Math.max(0, sorted.length - 3),
  });
}

/** The English of {@link unstableProblem}. */
export function unstableMessage(p: SweepPoint, n: number, unstable: readonly Spread[]): string {
  return M.en(unstableProblem(p, n, unstable));
}
