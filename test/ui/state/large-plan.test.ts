import { describe, expect, it } from "vitest";
import { isLargePlan, LARGE_PAIRS, LARGE_TEAMS } from "../../../src/ui/state/large-plan";

type R = Parameters<typeof isLargePlan>[0];
const plan = (skus: number, workloads: number, teams: number | null): R =>
  ({
    skus: Array.from({ length: skus }, () => ({})),
    workloads: Array.from({ length: workloads }, () => ({})),
    tenants: teams === null ? null : { teams: Array.from({ length: teams }, () => ({})) },
  }) as unknown as R;

describe("isLargePlan", () => {
  it.each([
    // [SKUs, workloads, teams, large]
    [3, 1, 4, false], // the multi-SKU example
    [1, 1, null, false], // the seed, no tenants
    [LARGE_PAIRS, 1, 0, false], // exactly at the limit
    [LARGE_PAIRS + 1, 1, 0, true],
    [5, 9, 0, true], // 45 pairs
    [50, 0, 0, true], // no workload counts as one
    [2, 2, LARGE_TEAMS, false],
    [2, 2, LARGE_TEAMS + 1, true],
    [50, 20, 2000, true], // the bench workbook
  ])("%i SKUs × %i workloads, %s teams → %s", (s, w, t, want) => {
    expect(isLargePlan(plan(s, w, t))).toBe(want);
  });
});
