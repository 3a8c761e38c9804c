import { describe, expect, it } from "vitest";
import { words } from "../../words";
import { run, tmpDir, writeTmp } from "../helpers";

const dir = tmpDir("capplan-optimize-");
const planFile = (name: string, plan: object): string => writeTmp(plan, name, dir);
const tok = (replicaOutputTokensPerSec: number) => ({ replicaOutputTokensPerSec });
/** A one-GPU SKU with its chat and docs sweeps (`maxReplicas` set where capped). */
const sku = (name: string, pricePerGpuHour: number, chat: object, docs: object) => ({
  ...{ name, gpusPerReplica: 1, pricePerGpuHour, maxReplicas: undefined as number | undefined },
  sweeps: { chat, docs },
});

/**
 * Chat is cheap on the L4, documents need the H100 (hand-computed, N+1, elasticity 1.2):
 * chat b = 20 × 300 ÷ 3000 = 2 on H100, 6000 ÷ 900 = 6.67 on L4; docs b = 2500 ÷ 1500 = 1.67 on
 * H100, 2500 ÷ 150 = 16.67 on L4. Chat on L4: ceil(8) + 1 = 9 × $0.80; docs on H100:
 * ceil(2) + 1 = 3 × $3.50 (cap 3): $17.70. All on L4: ceil(28) + 1 = 29 × $0.80 = $23.20; all on
 * H100: ceil(4.4) + 1 = 6 > cap 3.
 */
const MIX = {
  format: "capplan.plan/v1",
  title: "mix",
  workloads: [
    { name: "chat", peakRps: 20, inputTokens: 300, outputTokens: 300 },
    { name: "docs", peakRps: 5, inputTokens: 3000, outputTokens: 500 },
  ],
  factors: { elasticity: 1.2, redundancy: { spare: 1 } },
  skus: [
    { ...sku("H100", 3.5, tok(3000), tok(1500)), maxReplicas: 3 },
    sku("L4", 0.8, tok(900), tok(150)),
  ],
};

describe("optimizeCommand", () => {
  it("--json: the contract's keys, the hand-computed mix and the best single SKU", async () => {
    const r = await run("optimize", planFile("mix.json", MIX), "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    const keys = words("feasible costPerHour skus assignment bestSingle savingsPct optimal solver");
    expect(Object.keys(j)).toEqual(expect.arrayContaining(keys));
    const solver = expect.stringMatching(/^HiGHS \d+\.\d+/);
    expect(j).toMatchObject({ feasible: true, optimal: true, solver });
    expect(j.costPerHour).toBeCloseTo(17.7, 12);
    expect(j.skus).toEqual([
      { name: "H100", replicas: 3, gpus: 3, costPerHour: 10.5 },
      { name: "L4", replicas: 9, gpus: 9, costPerHour: 9 * 0.8 },
    ]);
    expect(j.assignment).toEqual([
      { workload: "chat", sku: "L4", share: 1 },
      { workload: "docs", sku: "H100", share: 1 },
    ]);
    expect(j.bestSingle).toMatchObject({ name: "L4", costPerHour: expect.closeTo(23.2, 12) });
    expect(j.savingsPct).toBeCloseTo(((23.2 - 17.7) / 23.2) * 100, 9);
  });

  it("prints a readable table, in Chinese with --lang zh", async () => {
    const en = await run("optimize", planFile("mix-en.json", MIX));
    for (const line of [
      "Cheapest mix: $17.70/h (each workload on one SKU; HiGHS",
      "  chat → L4 (100 %)",
      "Best single SKU: L4, $23.20/h; savings 23.7 %",
    ])
      expect(en.out).toContain(line);
    const zh = await run("optimize", planFile("mix-zh.json", MIX), "--lang", "zh", "--split");
    for (const text of ["最低成本组合", "负载可拆分"]) expect(zh.out).toContain(text);
  });

  it("no feasible mix: exit 0, feasible false and why per workload", async () => {
    const plan = structuredClone(MIX) as typeof MIX & { slo?: object[] };
    // The L4's docs sweep misses the SLO at every load: docs fits only the H100.
    plan.slo = [{ metric: "ttft", stat: "p99", maxMs: 1000 }];
    const point = { concurrency: 1, rps: 0.3, outputTokensPerSec: 150, ttftMs: { p99: 3000 } };
    plan.skus[1]!.sweeps.docs = { points: [point] };
    plan.skus[0]!.maxReplicas = 2;
    const r = await run("optimize", planFile("none.json", plan), "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    // docs fits only the H100, where alone it needs ceil(2) + 1 = 3 replicas > 2.
    const reason = "docs alone needs more replicas than any cap allows (H100 3 > 2)";
    expect(j).toMatchObject({ feasible: false, costPerHour: null, bestSingle: null });
    expect(j.reasons).toEqual([{ workload: "docs", reason }]);
    expect(r.err).not.toContain("error");
  });

  it("usage errors exit 2", async () => {
    const r = await run("optimize");
    expect([r.code, r.err]).toEqual([2, expect.stringContaining("optimize <plan.json|->")]);
  });
});
