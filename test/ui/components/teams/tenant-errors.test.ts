/** The Teams sheet's reading of the plan's errors: by path, the tenants block, bad usage rows. */
import { describe, expect, it } from "vitest";
import {
  badUsageRows,
  errorAt,
  type PlanError,
  tenantErrors,
} from "../../../../src/ui/components/teams/tenant-errors";
import { textProblem } from "../../../../src/engine/base/problems";

const err = (path: string): PlanError => ({
  path,
  kind: "NAME",
  problem: textProblem(`at ${path}`, "error"),
});
const errors = [
  err("skus[0].gpu"),
  err("tenants.pools[0].sku"),
  err("tenants.usage[2].pool"),
  err("tenants.usage[2].team"),
  err("tenants.usage[10]"),
  err("tenants.usage[1].outputTokens"),
];

describe("errorAt", () => {
  it.each([
    ["tenants.pools[0].sku", "tenants.pools[0].sku"],
    ["tenants.pools[0]", "tenants.pools[0].sku"],
    ["tenants.usage[1]", "tenants.usage[1].outputTokens"],
    ["tenants.usage[10]", "tenants.usage[10]"],
    ["tenants.pools[1]", null],
    // A prefix that is not a path step does not match (usage[1] is not usage[10]).
    ["tenants.usage[1", null],
  ])("%s → %s", (path, found) => expect(errorAt(errors, path)?.path ?? null).toBe(found));
});

describe("tenantErrors", () => {
  it("keeps the errors under tenants, in order", () => {
    expect(tenantErrors(errors).map((e) => e.path)).toEqual(errors.slice(1).map((e) => e.path));
  });
});

describe("badUsageRows", () => {
  it.each<[PlanError[], number]>([
    [[], 0],
    [errors, 3],
    [[err("tenants.pools[0]"), err("skus[1].price")], 0],
    [[err("tenants.usage[0].team"), err("tenants.usage[0].pool")], 1],
  ])("%# counts distinct usage rows", (list, n) => expect(badUsageRows(list)).toBe(n));
});
