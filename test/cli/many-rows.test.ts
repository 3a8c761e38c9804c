/**
 * Large inputs on the CLI path: loops, not `push(...array)` (which overflows the stack past about
 * 125,000 arguments), and a plan with many usage rows and SKUs still answers (docs/security.md).
 */
import { describe, expect, it } from "vitest";
import { run, writeTmp } from "./helpers";

describe("many rows", () => {
  it("plans 150,000 usage rows without a stack overflow", async () => {
    const usage = [];
    for (let i = 0; i < 150_000; i++)
      usage.push({ team: `t${i % 5000}`, inputTokens: 1000 + i, outputTokens: 500 });
    const sweep = { replicaOutputTokensPerSec: 500 };
    const plan = {
      format: "capplan.plan/v1",
      currency: "USD",
      workloads: [{ peakRps: 10, inputTokens: 100, outputTokens: 100 }],
      skus: [{ name: "A", gpusPerReplica: 1, pricePerGpuHour: 2, sweep }],
      tenants: { pools: [{ name: "p", costPerDay: 1000 }], usage },
    };
    const r = await run("plan", writeTmp(plan), "--json");
    expect(r.err).not.toContain("internal error");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).tenants.pools[0].teams).toHaveLength(5000);
  }, 120_000);
});
