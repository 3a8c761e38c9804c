/** The seed with an hourly schedule on its workload, for the schedule views' tests. */
import type { PlanFile } from "../../../../src/engine/base/types";
import { example } from "../../render-workbook";

/** 12 hours at the seed's 50 req/s peak, 12 at 5 req/s: 15 replicas by day, 2 by night. */
export const DAY_NIGHT = [...Array(12).fill(50), ...Array(12).fill(5)] as number[];

export function scheduledSeed(reservedPrice?: number): PlanFile {
  const p = example();
  (p.workloads![0] as { schedule?: unknown }).schedule = { intervalSec: 3600, rps: DAY_NIGHT };
  if (reservedPrice !== undefined) p.skus[0]!.reservedPricePerGpuHour = reservedPrice;
  return p;
}
