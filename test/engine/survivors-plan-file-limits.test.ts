/**
 * The size limits of plan validation (src/engine/plan/plan-file.ts, docs/security.md): exactly at the
 * limit passes, one more is refused. Separate from survivors-plan-file.test.ts because these
 * build 100,000 cells and 1,000,000 rates (seconds per run, under mutation testing each mutant
 * these cover runs them).
 */
import { describe, expect, it } from "vitest";
import { MAX_CELLS, validatePlan } from "../../src/engine/plan/plan-file";

const FORMAT = "capplan.plan/v1";
function plan(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    format: FORMAT,
    workload: { peakRps: 50, inputTokens: 300, outputTokens: 300 },
    skus: [
      {
        name: "H",
        gpusPerReplica: 4,
        pricePerGpuHour: 20,
        sweep: { replicaOutputTokensPerSec: 1500 },
      },
    ],
    ...over,
  };
}
function errs(v: unknown): [string, string][] {
  const r = validatePlan(v);
  return r.ok ? [] : r.errors.map((e) => [e.path, e.message]);
}
const expected = (what: string, got: string): string => `expected ${what}, got ${got}`;

describe("plan validation: size limits", () => {
  it(`holds at most MAX_CELLS (${MAX_CELLS}) cells: exactly the limit passes, one more is refused with planFile.tooManyCells`, () => {
    const cells = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${i}`, 1]));
    expect(MAX_CELLS).toBe(100_000);
    expect(errs(plan({ cells: cells(100_000) }))).toEqual([]);
    const r = validatePlan(plan({ cells: cells(100_001) }));
    expect(
      r.ok ? [] : r.errors.map((e) => [e.path, e.expected, e.got, e.message, e.problem?.code]),
    ).toEqual([
      [
        "cells",
        "at most 100000 cells",
        "an object",
        "the plan has 100001 cells; the limit is 100000 (docs/security.md)",
        "planFile.tooManyCells",
      ],
    ]);
  });

  it("at most 1,000,000 intervals: exactly that many pass, one more is refused before any rate is read", () => {
    expect(
      errs(
        plan({
          workload: {
            peakRps: 1,
            inputTokens: 1,
            outputTokens: 1,
            schedule: { intervalSec: 1, rps: new Array(1_000_000).fill(0) },
          },
        }),
      ),
    ).toEqual([]);
    expect(
      errs(
        plan({
          workload: {
            peakRps: 1,
            inputTokens: 1,
            outputTokens: 1,
            schedule: { intervalSec: 1, rps: new Array(1_000_001) },
          },
        }),
      ),
    ).toEqual([
      ["workload.schedule.rps", expected("at most 1,000,000 intervals", "an array of 1000001")],
    ]);
  });
});
