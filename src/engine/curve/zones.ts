/**
 * Zones of a latency–throughput curve (docs/zones.md: ① idle, ② linear, ③ saturated; docs/operating-point.md
 * "Zones"). Pure functions over a sweep's points.
 */
import { finite, fmtNum } from "../base/number-format";
import { loadKind, loadOrder, loadValue, throughputKind, throughputValue } from "./load";
import type { Stats, SweepPoint } from "../base/types";

/** Zone of one load level (docs/zones.md). */
export type Zone = "idle" | "linear" | "saturated";

/** Thresholds of {@link classifyZones}; the defaults are the documented rule. */
export interface ZoneOptions {
  /** Saturated when the marginal efficiency of a step is below this (default 0.2). */
  saturatedEfficiency?: number;
  /** Saturated when TTFT grows by more than this factor per load doubling (default 2). */
  saturatedLatencyGrowth?: number;
  /** Idle needs latency growth over a step below this fraction (default 0.10). */
  idleLatencyGrowth?: number;
  /** Idle needs a marginal efficiency above this (default 0.8). */
  idleEfficiency?: number;
}

/** TTFT statistic used for latency growth: p99, else the highest percentile, else the mean. */
export function tailStat(
  points: readonly SweepPoint[],
  field: "ttftMs" | "e2eMs" = "ttftMs",
): string | null {
  // p99 wins whenever some point has a finite own p99 (the usual case): no need to collect keys.
  for (const p of points) {
    const s: Stats | undefined = p[field];
    if (
      s &&
      Object.hasOwn(s, "p99") &&
      finite(s.p99) &&
      Object.prototype.propertyIsEnumerable.call(s, "p99")
    )
      return "p99";
  }
  const keys = new Set<string>();
  for (const p of points) {
    const s: Stats | undefined = p[field];
    if (s) for (const k of Object.keys(s)) if (finite(s[k])) keys.add(k);
  }
  if (keys.has("p99")) return "p99";
  const pct = [...keys]
    .map((k) => /^p(\d+(?:\.\d+)?)$/.exec(k))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ k: m[0], q: Number(m[1]) }));
  if (pct.length) return pct.sort((x, y) => y.q - x.q)[0]!.k;
  return keys.has("mean") ? "mean" : null;
}

/** The rule in words for these thresholds (built once per set of thresholds). */
const RULES = new Map<string, string>();
function ruleText(satE: number, satG: number, idleG: number, idleE: number): string {
  const key = [satE, satG, idleG, idleE]
    .map((v) => (Object.is(v, -0) ? "-0" : String(v)))
    .join("|");
  let rule = RULES.get(key);
  if (rule === undefined) {
    rule =
      `Per step from one load level to the next: marginal efficiency e = (Δthroughput / throughput) ÷ (Δload / load), ` +
      `with throughput = output tokens/s (else RPS) and load = concurrency (else request rate); TTFT growth per load doubling ` +
      `g = (TTFT ratio)^(1 / log2(load ratio)), TTFT at P99 (else the highest percentile, else the mean). A point is saturated ` +
      `when e < ${fmtNum(satE, 2)} (throughput no longer grows with load) or g > ${fmtNum(satG, 2)} (TTFT more than ${fmtNum(satG, 2)}× per ` +
      `doubling), and every later point stays saturated; idle while, from the start of the curve, TTFT grows < ${fmtNum(idleG * 100, 1)} % ` +
      `per step and e > ${fmtNum(idleE, 2)}; linear otherwise. The first point takes the class of the first step; the knee is the first saturated point.`;
    if (RULES.size >= 64) RULES.clear();
    RULES.set(key, rule);
  }
  return rule;
}

/**
 * Class every point of a sweep as `idle`, `linear` or `saturated` (docs/zones.md). The rule, per step
 * from point i−1 to point i in load order (load = concurrency, else request rate, else rps;
 * throughput T = output tokens/s, else rps; latency = TTFT p99, else the highest percentile, else
 * the mean):
 * - marginal efficiency e_i = (ΔT / T_{i−1}) / (ΔL / L_{i−1}) — 1 means throughput grows in
 *   proportion to load, 0 that it no longer grows;
 * - latency growth per load doubling g_i = (lat_i / lat_{i−1})^(1 / log2(L_i / L_{i−1})).
 * Point i is `saturated` when e_i < 0.2 or g_i > 2 (TTFT more than doubles per doubling of load),
 * and every later point stays saturated; `idle` while, from the start of the curve, every step has
 * latency growth < 10 % (lat_i / lat_{i−1} < 1.1) and e_i > 0.8; `linear` otherwise. The first point
 * takes the class its first step shows (idle / saturated), else linear (also when that step goes to an
 * infinite request rate, which is saturated by definition: e = 0). A missing value skips its
 * test; a step without load growth keeps the previous class. A 1-point sweep is `linear` with no
 * knee (one point shows no growth). The knee is the first saturated point.
 */
export function classifyZones(
  points: SweepPoint[],
  opts: ZoneOptions = {},
): { zones: Zone[]; kneeIndex: number | null; rule: string } {
  const satE = opts.saturatedEfficiency ?? 0.2;
  const satG = opts.saturatedLatencyGrowth ?? 2;
  const idleG = opts.idleLatencyGrowth ?? 0.1;
  const idleE = opts.idleEfficiency ?? 0.8;
  const rule = ruleText(satE, satG, idleG, idleE);

  const n = points.length;
  const zones: Zone[] = new Array<Zone>(n).fill("linear");
  if (n <= 1) return { zones, kneeIndex: null, rule };

  const lk = loadKind(points);
  const tk = throughputKind(points);
  const lat = tailStat(points);
  const order = loadOrder(points, lk);
  const L = (i: number): number | null => (lk ? loadValue(points[i]!, lk) : null);
  const T = (i: number): number | null => throughputValue(points[i]!, tk);
  const Y = (i: number): number | null => {
    const v = lat ? points[i]!.ttftMs?.[lat] : undefined;
    return finite(v) ? v : null;
  };

  /** Class shown by the step prev → cur, or null when the step has no load growth. */
  const stepClass = (prev: number, cur: number, stillIdle: boolean): Zone | null => {
    const l0 = L(prev);
    const l1 = L(cur);
    if (l0 === null || l1 === null) return null;
    if (!(l1 > l0) || l0 <= 0) return null;
    const t0 = T(prev);
    const t1 = T(cur);
    const e =
      t0 !== null && t1 !== null && t0 > 0
        ? Number.isFinite(l1)
          ? (t1 - t0) / t0 / ((l1 - l0) / l0)
          : 0
        : null;
    const y0 = Y(prev);
    const y1 = Y(cur);
    const ratio = y0 !== null && y1 !== null && y0 > 0 ? y1 / y0 : null;
    const g = ratio !== null && Number.isFinite(l1) ? ratio ** (1 / Math.log2(l1 / l0)) : null;
    if ((e !== null && e < satE) || (g !== null && g > satG)) return "saturated";
    const flat = ratio === null || ratio < 1 + idleG;
    const efficient = e === null || e > idleE;
    if (stillIdle && flat && efficient && (e !== null || ratio !== null)) return "idle";
    return "linear";
  };

  let saturated = false;
  let idle = true;
  let prevZone: Zone | null = null;
  for (let pos = 1; pos < n; pos++) {
    const i = order[pos]!;
    let z: Zone;
    if (saturated) z = "saturated";
    else z = stepClass(order[pos - 1]!, i, idle) ?? prevZone ?? "linear";
    if (z === "saturated") saturated = true;
    if (z !== "idle") idle = false;
    // The first point takes the class of the first step, unless that step goes to an infinite rate.
    if (pos === 1) zones[order[0]!] = Number.isFinite(L(i) ?? NaN) ? z : "linear";
    zones[i] = z;
    prevZone = z;
  }
  let kneeIndex: number | null = null;
  for (const i of order) {
    if (zones[i] === "saturated") {
      kneeIndex = i;
      break;
    }
  }
  return { zones, kneeIndex, rule };
}
