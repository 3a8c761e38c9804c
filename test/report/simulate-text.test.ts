/** The readable answer of `capplan simulate` (docs/simulate.md), in English and Chinese. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../cli/helpers";

const PLAN = join(__dirname, "../../fixtures/simulate/plan.json");

describe("simulateText", () => {
  it("prints the readable text in English and in Chinese", async () => {
    const en = await run("simulate", PLAN, "--poisson", "15", "--requests", "2000");
    const zh = await run("simulate", PLAN, "--poisson", "15", "--requests", "2000", "--lang", "zh");
    expect(en.code).toBe(0);
    expect(en.out).toContain("H100: 3 replicas × 16 slots");
    expect(en.out).toContain("Fewest replicas meeting the SLOs");
    expect(zh.out).toContain("H100：3 个副本 × 16 个槽位");
    expect(zh.out).toContain("满足 SLO 的最少副本数");
  });
});
