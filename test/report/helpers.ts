/** Small builders for sweeps used by the report and CLI tests. */
import type { Sweep, SweepPoint } from "../../src/engine/base/types";

/** A sweep with the given points and a fixed label/source. */
export function sweepOf(points: SweepPoint[], label = "test · model"): Sweep {
  return {
    label,
    source: { files: ["test.csv"], format: "test" },
    meta: { model: "model", engine: null, gpu: null, gpuCount: null, date: null },
    points,
    warnings: [],
  };
}

/** A closed-loop point. */
export function pt(concurrency: number, extra: Partial<SweepPoint>): SweepPoint {
  return { concurrency, requestRate: null, ...extra };
}
