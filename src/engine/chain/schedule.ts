/**
 * Demand over time (docs/schedules.md): a workload's request rate per interval of a repeating
 * period (a day of hourly values, a week), and for one SKU the replicas each interval needs, the
 * autoscaled schedule with its lead time, and the cost of three ways to buy the fleet: a static
 * fleet sized for the busiest interval, an autoscaled fleet on demand, and a reserved base plus
 * on-demand bursts. Pure arithmetic; errors are values (problems with plan paths).
 *
 * For each interval i (indices wrap around: the period repeats):
 *   replicasBase_i = Σ_w rps_{w,i} × outputTokens_w ÷ replicaOutputTokensPerSec_w
 *   needed_i       = the replicas of docs/formulas.md for replicasBase_i (factors, N+k, ceiling)
 *   replicas_i     = max(minReplicas, needed_i)
 *   scheduled_i    = max(replicas_i, …, replicas_{i+leadIntervals})
 *   staticReplicas = max_i scheduled_i
 *   intervalCost(r, price) = r × gpusPerReplica × price × intervalSec ÷ 3600
 *   staticCost     = Σ_i intervalCost(staticReplicas, price)
 *   autoscaledCost = Σ_i intervalCost(scheduled_i, price)
 *   blended(R)     = Σ_i intervalCost(R, reservedPrice) + intervalCost(max(0, scheduled_i − R), price)
 *   reservedReplicas = the R in 0…staticReplicas with the least blended(R), ties → the smaller R
 */
import { checkCapacity } from "./capacity";
import { replicasOf } from "./evaluate";
import { QUANTITIES, SECONDS_PER_HOUR } from "./quantities";
import { bestReserved, leadMax } from "./schedule-fleet";
import { scheduleMessages as M } from "./schedule-messages";
import type { Problem } from "../base/problems";

/** A workload's demand schedule, resolved to numbers (docs/schedules.md). */
export interface ScheduleSpec {
  /** Length of one interval in seconds (3600: hourly values). */
  intervalSec: number;
  /** Request rate (req/s) of each interval of one period. */
  rps: readonly number[];
  /** Replicas kept running in every interval, whatever the demand (default 0). */
  minReplicas?: number | null;
  /** Intervals of lead time: a replica is started this many intervals before it is needed (default 0). */
  leadIntervals?: number | null;
}

/** One workload as the schedule sees it: its schedule, or none (then its peakRps in every interval). */
export interface ScheduleWorkload {
  name: string;
  /** Plan path of the workload (`workloads[1]`), for problems. */
  path: string;
  peakRps: number | null;
  schedule: ScheduleSpec | null;
}

/** The schedules of a plan's workloads checked and aligned to one interval and length. */
export interface AlignedSchedules {
  intervalSec: number;
  /** Number of intervals in one period. */
  intervals: number;
  /** The largest minReplicas and leadIntervals of the workloads' schedules. */
  minReplicas: number;
  leadIntervals: number;
  /** Per workload (in the order given), its rate in every interval. */
  rps: number[][];
  /** Σ over workloads of each interval's rate. */
  demandRps: number[];
  warnings: Problem[];
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

const finite = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);
const shown = (x: unknown): string => (x === null || x === undefined ? "nothing" : String(x));

/**
 * Check the workloads' schedules and align them: they share intervalSec and length; a workload
 * without a schedule demands its peakRps in every interval. Null when no workload has a schedule.
 * Negative, non-finite or missing values, an empty schedule, mismatched lengths or intervals are
 * errors naming the path (`workloads[0].schedule.rps[3]`).
 */
export function alignSchedules(
  workloads: readonly ScheduleWorkload[],
): Outcome<AlignedSchedules> | null {
  const withSchedule = workloads.filter((w) => w.schedule !== null);
  if (withSchedule.length === 0) return null;
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  let first: { w: ScheduleWorkload; intervalSec: number; length: number } | null = null;
  let minReplicas = 0;
  let leadIntervals = 0;
  for (const w of withSchedule) {
    const s = w.schedule!;
    const base = `${w.path}.schedule`;
    const before = problems.length;
    if (!finite(s.intervalSec) || s.intervalSec <= 0)
      problems.push(
        M.problem(
          "intervalInvalid",
          { workload: w.name, got: shown(s.intervalSec) },
          { path: `${base}.intervalSec` },
        ),
      );
    if (s.rps.length === 0)
      problems.push(M.problem("empty", { workload: w.name }, { path: `${base}.rps` }));
    for (let i = 0; i < s.rps.length; i++) {
      const v = s.rps[i];
      if (!finite(v) || v < 0)
        problems.push(
          M.problem(
            "rpsInvalid",
            { workload: w.name, index: i, got: shown(v) },
            { path: `${base}.rps[${i}]` },
          ),
        );
    }
    const mr = s.minReplicas ?? 0;
    if (!finite(mr) || mr < 0 || !Number.isInteger(mr))
      problems.push(
        M.problem(
          "minReplicasInvalid",
          { workload: w.name, got: shown(mr) },
          { path: `${base}.minReplicas` },
        ),
      );
    else minReplicas = Math.max(minReplicas, mr);
    const lead = s.leadIntervals ?? 0;
    if (!finite(lead) || lead < 0 || !Number.isInteger(lead))
      problems.push(
        M.problem(
          "leadInvalid",
          { workload: w.name, got: shown(lead) },
          { path: `${base}.leadIntervals` },
        ),
      );
    else leadIntervals = Math.max(leadIntervals, lead);
    if (problems.length > before) continue;
    if (!first) first = { w, intervalSec: s.intervalSec, length: s.rps.length };
    else {
      if (s.rps.length !== first.length)
        problems.push(
          M.problem(
            "lengthMismatch",
            { workload: w.name, length: s.rps.length, expected: first.length, first: first.w.name },
            { path: `${base}.rps` },
          ),
        );
      if (s.intervalSec !== first.intervalSec)
        problems.push(
          M.problem(
            "intervalMismatch",
            {
              workload: w.name,
              intervalSec: s.intervalSec,
              expected: first.intervalSec,
              first: first.w.name,
            },
            { path: `${base}.intervalSec` },
          ),
        );
    }
  }
  if (problems.length || !first) return { ok: false, problems };
  const n = first.length;
  const rps: number[][] = [];
  for (const w of workloads) {
    if (w.schedule) {
      rps.push(w.schedule.rps.slice());
      let max = 0;
      for (const v of w.schedule.rps) if (v > max) max = v;
      if (finite(w.peakRps) && max > w.peakRps * (1 + 1e-9))
        warnings.push(
          M.problem(
            "aboveConstantPeak",
            { workload: w.name, max, peak: w.peakRps },
            { path: `${w.path}.schedule.rps` },
          ),
        );
    } else {
      if (!finite(w.peakRps) || w.peakRps < 0)
        return {
          ok: false,
          problems: [
            M.problem(
              "rpsInvalid",
              { workload: w.name, index: 0, got: shown(w.peakRps) },
              { path: `${w.path}.peakRps` },
            ),
          ],
        };
      rps.push(new Array<number>(n).fill(w.peakRps));
    }
  }
  const demandRps = new Array<number>(n).fill(0);
  for (const r of rps) for (let i = 0; i < n; i++) demandRps[i]! += r[i]!;
  return {
    ok: true,
    value: {
      intervalSec: first.intervalSec,
      intervals: n,
      minReplicas,
      leadIntervals,
      rps,
      demandRps,
      warnings,
    },
  };
}

/** A SKU as the schedule sees it. Capacity per workload in the order of {@link AlignedSchedules.rps}. */
export interface ScheduleSku {
  /** Plan path of the SKU (`skus[0]`), for problems. */
  path: string;
  gpusPerReplica: number;
  pricePerGpuHour: number;
  /** Committed price per GPU-hour; null or absent: no blend (reservedReplicas and blendedCost are null). */
  reservedPricePerGpuHour?: number | null;
  perWorkload: readonly { name: string; outputTokens: number; replicaOutputTokensPerSec: number }[];
}

export interface ScheduleFactors {
  elasticity: number;
  redundancy: { factor: number } | { spare: number };
}

/** The schedule of one SKU over one period (docs/schedules.md). Costs are per period. */
export interface ScheduleResult {
  intervalSec: number;
  intervals: number;
  /** intervals × intervalSec. */
  periodSec: number;
  minReplicas: number;
  leadIntervals: number;
  /** Σ workloads' rate per interval, req/s. */
  demandRps: number[];
  replicasBase: number[];
  /** needed_i: the replicas the demand of interval i needs (factors, N+k, ceiling). */
  needed: number[];
  /** scheduled_i: the replicas running in interval i (minReplicas and lead time applied). */
  replicas: number[];
  staticReplicas: number;
  staticCost: number;
  autoscaledCost: number;
  /** Null without a reserved price. */
  reservedReplicas: number | null;
  blendedCost: number | null;
  /** Savings against the static on-demand fleet (amount and fraction of staticCost; fraction null when staticCost is 0). */
  savings: {
    autoscaled: number;
    autoscaledFraction: number | null;
    blended: number | null;
    blendedFraction: number | null;
  };
  problems: Problem[];
}

/**
 * The replicas and costs of one SKU for aligned schedules. Errors (a missing price, a non-positive
 * capacity or GPUs per replica, invalid factors, a negative reserved price) are values with paths.
 */
export function scheduleForSku(
  aligned: AlignedSchedules,
  sku: ScheduleSku,
  factors: ScheduleFactors,
): Outcome<ScheduleResult> {
  // The SKU's inputs are checked once, by capacity (its errors, with the SKU's path).
  const checked = checkCapacity(
    {
      gpusPerReplica: sku.gpusPerReplica,
      pricePerGpuHour: sku.pricePerGpuHour,
      perWorkload: sku.perWorkload.map((w) => ({
        workload: { name: w.name, peakRps: 0, inputTokens: 0, outputTokens: w.outputTokens },
        replicaOutputTokensPerSec: w.replicaOutputTokensPerSec,
      })),
    },
    factors,
  );
  const problems: Problem[] = checked.problems
    .filter((p) => p.severity === "error")
    .map((p) => ({ ...p, path: pathOf(p.code, sku.path) }));
  const reserved = sku.reservedPricePerGpuHour ?? null;
  if (reserved !== null && (!finite(reserved) || reserved < 0))
    problems.push(
      M.problem(
        "skuInputInvalid",
        { field: "reservedPricePerGpuHour", got: shown(reserved) },
        { path: `${sku.path}.reservedPricePerGpuHour` },
      ),
    );
  if (sku.perWorkload.length !== aligned.rps.length)
    problems.push(
      M.problem(
        "capacityInvalid",
        {
          workload: "?",
          got: `${sku.perWorkload.length} workloads for ${aligned.rps.length} schedules`,
        },
        { path: sku.path },
      ),
    );
  const leaves = checked.leaves;
  if (problems.length || !leaves) return { ok: false, problems };
  const { gpusPerReplica: g, pricePerGpuHour: price } = leaves;

  const n = aligned.intervals;
  const outputTokens = leaves.workloads.map((w) => w.outputTokens);
  const workloadCapacity = leaves.workloads.map((w) => w.workloadCapacity);
  const base = new Array<number>(n);
  const needed = new Array<number>(n);
  const need = new Array<number>(n);
  const intervalRps = new Array<number>(aligned.rps.length);
  for (let i = 0; i < n; i++) {
    for (let w = 0; w < intervalRps.length; w++) intervalRps[w] = aligned.rps[w]![i]!;
    const b = QUANTITIES.intervalReplicasBase.compute(
      {},
      { intervalRps, outputTokens, workloadCapacity },
    );
    base[i] = b;
    const r = replicasOf(b, leaves);
    needed[i] = r;
    need[i] = Math.max(aligned.minReplicas, r);
  }
  const scheduled = leadMax(need, aligned.leadIntervals);
  let staticReplicas = 0;
  for (const s of scheduled) if (s > staticReplicas) staticReplicas = s;

  const intervalCost = (r: number, p: number): number =>
    QUANTITIES.intervalCost.compute(
      {
        intervalReplicas: r,
        gpusPerReplica: g,
        pricePerGpuHour: p,
        intervalSec: aligned.intervalSec,
        secondsPerHour: SECONDS_PER_HOUR,
      },
      {},
    );
  let staticCost = 0;
  let autoscaledCost = 0;
  const staticInterval = intervalCost(staticReplicas, price);
  for (let i = 0; i < n; i++) {
    staticCost += staticInterval;
    autoscaledCost += intervalCost(scheduled[i]!, price);
  }
  let reservedReplicas: number | null = null;
  let blendedCost: number | null = null;
  const out: Problem[] = [...aligned.warnings];
  if (reserved !== null) {
    reservedReplicas = bestReserved(scheduled, staticReplicas, price, reserved);
    if (reserved >= price && price > 0)
      out.push(
        M.problem(
          "reservedNotCheaper",
          { reserved, price },
          { path: `${sku.path}.reservedPricePerGpuHour` },
        ),
      );
    const R = reservedReplicas;
    const fixed = intervalCost(R, reserved);
    let b = 0;
    for (let i = 0; i < n; i++) b += fixed + intervalCost(Math.max(0, scheduled[i]! - R), price);
    blendedCost = b;
  }
  const frac = (saved: number): number | null => (staticCost > 0 ? saved / staticCost : null);
  return {
    ok: true,
    value: {
      intervalSec: aligned.intervalSec,
      intervals: n,
      periodSec: n * aligned.intervalSec,
      minReplicas: aligned.minReplicas,
      leadIntervals: aligned.leadIntervals,
      demandRps: aligned.demandRps,
      replicasBase: base,
      needed,
      replicas: scheduled,
      staticReplicas,
      staticCost,
      autoscaledCost,
      reservedReplicas,
      blendedCost,
      savings: {
        autoscaled: staticCost - autoscaledCost,
        autoscaledFraction: frac(staticCost - autoscaledCost),
        blended: blendedCost === null ? null : staticCost - blendedCost,
        blendedFraction: blendedCost === null ? null : frac(staticCost - blendedCost),
      },
      problems: out,
    },
  };
}

/** The plan path a capacity input error of SKU `skuPath` is about. */
function pathOf(code: string, skuPath: string): string {
  switch (code) {
    case "capacity.gpusInvalid":
      return `${skuPath}.gpusPerReplica`;
    case "capacity.priceInvalid":
      return `${skuPath}.pricePerGpuHour`;
    case "capacity.elasticityInvalid":
      return "factors.elasticity";
    case "capacity.redundancyInvalid":
      return "factors.redundancy";
    case "capacity.spareInvalid":
      return "factors.redundancy.spare";
    default:
      return skuPath;
  }
}

/** Check, align and compute in one call (tests, one-off uses). */
export function computeSchedule(
  workloads: readonly ScheduleWorkload[],
  sku: Omit<ScheduleSku, "perWorkload"> & { perWorkload: ScheduleSku["perWorkload"] },
  factors: ScheduleFactors,
): Outcome<ScheduleResult> | null {
  const a = alignSchedules(workloads);
  if (a === null || !a.ok) return a;
  return scheduleForSku(a.value, sku, factors);
}
