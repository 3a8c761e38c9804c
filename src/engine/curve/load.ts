/**
 * The load axis of a sweep and its order (points are sorted by concurrency, else request rate,
 * else rps: docs/metrics.md), its throughput axis, and the words for a load level.
 */
import { finite, fmtNum } from "../base/number-format";
import type { SweepPoint } from "../base/types";

/** Which field measures the load of a sweep's points. */
export type LoadKind = "concurrency" | "requestRate" | "rps";

const LOAD_KINDS: readonly LoadKind[] = ["concurrency", "requestRate", "rps"];

/** Load of one point on the given axis; `"inf"` → Infinity; null when absent or not a finite/∞ number. */
export function loadValue(p: SweepPoint, kind: LoadKind): number | null {
  const v = p[kind];
  if (v === "inf") return Infinity;
  if (typeof v !== "number" || Number.isNaN(v)) return null;
  return v;
}

/**
 * The load axis of a sweep (docs/metrics.md): concurrency when every point has it, else request rate,
 * else rps; when no field is on every point, the first one that any point has; null for none.
 */
export function loadKind(points: readonly SweepPoint[]): LoadKind | null {
  if (points.length === 0) return null;
  for (const k of LOAD_KINDS) if (points.every((p) => loadValue(p, k) !== null)) return k;
  for (const k of LOAD_KINDS) if (points.some((p) => loadValue(p, k) !== null)) return k;
  return null;
}

/**
 * Indices of `points` in load order (stable; points without a load value keep their place at
 * the end). The inputs are normally sorted already; this is the defensive sort of docs/metrics.md.
 */
export function loadOrder(
  points: readonly SweepPoint[],
  kind: LoadKind | null = loadKind(points),
): number[] {
  const idx = points.map((_, i) => i);
  if (kind === null) return idx;
  // Already in load order (the usual case): every load known and non-decreasing, so the stable
  // sort below would return the identity.
  let sorted = true;
  let prev = -Infinity;
  for (let i = 0; i < points.length && sorted; i++) {
    const v = loadValue(points[i]!, kind);
    if (v === null || v < prev) sorted = false;
    else prev = v;
  }
  if (sorted) return idx;
  const key = (i: number): number => loadValue(points[i]!, kind) ?? Number.POSITIVE_INFINITY;
  const known = (i: number): number => (loadValue(points[i]!, kind) === null ? 1 : 0);
  return idx.sort((a, b) => known(a) - known(b) || key(a) - key(b) || a - b);
}

/** Which throughput series to use: output tokens/s when every point has it, else rps, else the better covered. */
export type ThroughputKind = "outputTokensPerSec" | "rps";

/** Throughput axis of a sweep (throughput is drawn as tokens/s or RPS); null when neither exists. */
export function throughputKind(points: readonly SweepPoint[]): ThroughputKind | null {
  const cover = (k: ThroughputKind): number => points.filter((p) => finite(p[k])).length;
  const o = cover("outputTokensPerSec");
  const r = cover("rps");
  if (o === 0 && r === 0) return null;
  if (o === points.length) return "outputTokensPerSec";
  // rps on every point (and tokens/s not) is the better covered one below.
  return o >= r ? "outputTokensPerSec" : "rps";
}

/** A point's throughput on the given axis, or null. */
export function throughputValue(p: SweepPoint, kind: ThroughputKind | null): number | null {
  if (kind === null) return null;
  const v = p[kind];
  return finite(v) ? v : null;
}

/** Words for a load level: "concurrency 8", "request rate 4 req/s", "4.2 req/s achieved". */
export function loadLabel(kind: LoadKind | null, value: number | null): string {
  if (value === null || kind === null) return "an unknown load";
  const v = fmtNum(value, 2);
  if (kind === "concurrency") return `concurrency ${v}`;
  if (kind === "requestRate") return `request rate ${v} req/s`;
  return `${v} req/s achieved`;
}

/** Words for a load range: "concurrency 8 to 64", "request rate 2 to 8 req/s". */
export function loadRangeLabel(
  kind: LoadKind | null,
  from: number | null,
  to: number | null,
): string {
  if (from === null || to === null || kind === null)
    return `${loadLabel(kind, from)} to ${loadLabel(kind, to)}`;
  const a = fmtNum(from, 2);
  const b = fmtNum(to, 2);
  if (kind === "concurrency") return `concurrency ${a} to ${b}`;
  if (kind === "requestRate") return `request rate ${a} to ${b} req/s`;
  return `${a} to ${b} req/s achieved`;
}
