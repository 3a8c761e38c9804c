/**
 * The fleet answers as JSON and as the report's "Fleet" section (src/report/fleet-section.ts):
 * the keys of `plan --json`'s `fleet`, the mix (feasible or not, proven optimal or not), the
 * simulated tail with its "none up to" and burst sentence, the KV table, names kept on one line
 * and out of the table's pipes, in English and Chinese. The CLI's numbers against optimize and
 * simulate are checked in test/cli/fleet-answers.test.ts.
 */
import { describe, expect, it } from "vitest";
import { words } from "../words";
import type { SimulationAnswer } from "../../src/engine/fleet/fleet-plan";
import { fleetMessages as F } from "../../src/engine/fleet/messages";
import type { FleetResult } from "../../src/engine/plan/optimize";
import { optimizeMessages as O } from "../../src/engine/plan/optimize-messages";
import type { PlanResult } from "../../src/engine/plan/plan-result";
import {
  fleetAnswersJson,
  fleetSectionMarkdown,
  type FleetAnswers,
} from "../../src/report/fleet-section";

/** Latency statistics from a base: P90 twice it, P95 three times, P99 four, the max five. */
const stats = (b: number) => ({ mean: b, p50: b, p90: b * 2, p95: b * 3, p99: b * 4, max: b * 5 });

/** Mean input and output tokens of a request in the simulated arrivals. */
const tokens = { meanInputTokens: 100, meanOutputTokens: 50 };

function answer(over: Partial<SimulationAnswer> = {}): SimulationAnswer {
  return {
    ...{ sku: "A|B\nC", replicas: 2, slots: 8, requests: 10_000, durationSec: 100 },
    ...{ ttftMs: stats(50), e2eMs: stats(1000), waitMs: stats(0), tpotMs: stats(9) },
    ...{ queuedShare: 0.25, utilization: 0.5, sloAttainment: 0.9, formulaReplicas: 2 },
    ...{ replicasForSlo: null, searchedUpTo: 8, seed: 1 },
    arrivals: { source: "trace", meanRps: 10, interarrivalCv: 4.25, ...tokens },
    slo: [],
    curve: [],
    problems: [F.problem("sloNotJudged", { slo: "P99 ITL" })],
    ...over,
  };
}

const mix: FleetResult = {
  ...{ feasible: true, costPerHour: 12, savingsPct: 0, optimal: false, split: false, reasons: [] },
  skus: [{ name: "A|B\nC", replicas: 2, gpus: 4, costPerHour: 12 }],
  assignment: [{ workload: "chat\nbot", sku: "A|B\nC", share: 1 }],
  bestSingle: { name: "A|B\nC", costPerHour: 12 },
  solver: "HiGHS 1.15.1",
  problems: [O.problem("uncheckedUsed", { sku: "A|B\nC" })],
};

/** The first SKU's KV memory per replica (limited: the KV cache caps its concurrency at 280). */
const kv = { model: "llama-3.1-8b", availableGiB: 51.375, tokens: 420_863, perRequestTokens: 1500 };
const result = {
  currency: "USD",
  skus: [{ name: "A|B\nC", kv: { ...kv, maxConcurrency: 280, limited: true } }, { name: "other" }],
} as unknown as PlanResult;

const answers = (over: Partial<FleetAnswers> = {}): FleetAnswers => ({
  mix,
  requests: 10_000,
  seed: 1,
  arrivals: "trace",
  trace: "t.csv",
  simulations: [
    { sku: "A|B\nC", answer: answer(), problem: null },
    { sku: "other", answer: null, problem: F.problem("noSweep", { sku: "other" }) },
  ],
  ...over,
});

describe("fleetAnswersJson", () => {
  it("has the bound, the arrivals, optimize's keys under mix and simulate's per SKU", () => {
    const j = fleetAnswersJson(answers(), "USD") as Record<string, unknown>;
    expect(Object.keys(j)).toEqual(["requests", "seed", "arrivals", "trace", "mix", "simulations"]);
    const mixKeys = "feasible currency costPerHour skus assignment bestSingle savingsPct optimal";
    expect(Object.keys(j.mix as object)).toEqual(words(`${mixKeys} solver split reasons warnings`));
    const [a, b] = j.simulations as Record<string, unknown>[];
    expect(a).not.toHaveProperty("problems");
    expect(a!.notes).toEqual([
      "P99 ITL: the simulation does not produce this statistic; it is left out of sloAttainment and replicasForSlo",
    ]);
    const error = (more: string) => `SKU "other" ${more}`;
    const en = error(
      "has no measured sweep (only a given capacity): the simulation needs the latency curve",
    );
    expect(b).toEqual({ sku: "other", error: en });
    const zh = fleetAnswersJson(answers(), "USD", "zh") as { simulations: { error?: string }[] };
    expect(zh.simulations[1]!.error).toBe(
      error("没有实测压测数据（只有给定容量）：仿真需要延迟曲线"),
    );
  });
});

describe("fleetSectionMarkdown", () => {
  it("writes the mix, the tail and the KV table, names on one line and escaped in cells (en)", () => {
    const md = fleetSectionMarkdown(answers(), result, "en").join("\n");
    for (const line of [
      "### Fleet",
      "- Cheapest mix: $12.00/h (each workload on one SKU; HiGHS 1.15.1; not proven optimal)",
      "| A\\|B C | 2 | 4 | $12.00 |",
      "- Assignment: chat bot → A|B C (100 %)",
      "- Best single SKU: A|B C, $12.00/h; savings 0 %",
      "(the first 10,000 requests of trace t.csv, interarrival CV 4.25 (1 for Poisson), seed 1)",
      "| A\\|B C | 2 × 8 | 50 ms | 200 ms | 1,000 ms | 4,000 ms | 25 % | 50 % | 2 | none ≤ 8 |",
      "| other | not simulated | — | — | — | — | — | — | — | — |",
      "- A|B C: The arrivals are bursty (interarrival CV 4.3; 1 for Poisson)",
      '- other: SKU "other" has no measured sweep',
      "| A\\|B C | llama-3.1-8b | 51.38 GiB | 420,863 | 1,500 | 280 | yes |",
    ])
      expect(md).toContain(line);
    // No line of the section starts a table row it did not mean to (a name's line break).
    for (const l of md.split("\n")) if (l.startsWith("|")) expect(l.endsWith("|"), l).toBe(true);
  });

  it("writes the same in Chinese", () => {
    const md = fleetSectionMarkdown(answers(), result, "zh").join("\n");
    for (const line of [
      "### 集群",
      "- 最低成本组合：$12.00/小时（每个负载只用一种 SKU；HiGHS 1.15.1；未证明最优）",
      "- 最佳单一 SKU：A|B C，$12.00/小时；节省 0 %",
      "| A\\|B C | 2 × 8 | 50 ms | 200 ms | 1,000 ms | 4,000 ms | 25 % | 50 % | 2 | ≤ 8 均不满足 |",
      "到达间隔 CV 4.25（泊松为 1），随机种子 1",
      "- A|B C：到达具有突发性（到达间隔 CV 4.3；泊松为 1）",
      "| A\\|B C | llama-3.1-8b | 51.38 GiB | 420,863 | 1,500 | 280 | 是 |",
    ])
      expect(md).toContain(line);
  });

  it.each([
    [
      "Poisson arrivals, replicasForSlo found: no burst sentence",
      { arrivals: "poisson" as const, trace: null },
      {
        replicasForSlo: 2,
        arrivals: { ...answer().arrivals, source: "poisson" as const, interarrivalCv: 1 },
      },
      "(Poisson arrivals at the plan's peak rate, 10,000 requests, seed 1)",
    ],
    [
      "no judged SLO: nothing searched",
      {},
      { searchedUpTo: null, replicasForSlo: null },
      "| 2 | — |",
    ],
  ])("%s", (_name, over, sim, want) => {
    const a = answers({
      ...over,
      simulations: [{ sku: "A|B\nC", answer: answer(sim), problem: null }],
    });
    const md = fleetSectionMarkdown(a, result, "en").join("\n");
    expect(md).toContain(want);
    if ("arrivals" in over) expect(md).not.toContain("bursty");
  });

  it("no feasible mix: each workload's reason; without a best single SKU, says none", () => {
    const reasons = [{ workload: "chat", problem: O.problem("factorsInvalid", {}), details: [] }];
    const nothing = { skus: [], assignment: [], problems: [], reasons };
    const none: FleetResult = {
      ...{ ...mix, ...nothing, feasible: false },
      ...{ costPerHour: null, bestSingle: null, savingsPct: null },
    };
    const section = (lang: "en" | "zh") =>
      fleetSectionMarkdown(answers({ mix: none }), { ...result, skus: [] }, lang);
    const en = section("en");
    for (const line of [
      "- No feasible mix (each workload on one SKU; HiGHS 1.15.1):",
      "- Best single SKU: none serves every workload within its cap",
      "- KV memory per replica: no SKU names a catalogue model and GPU (docs/memory.md)",
    ])
      expect(en).toContain(line);
    expect(en.filter((l) => l.startsWith("  - "))).toHaveLength(1);
    const zh = section("zh");
    expect(zh).toContain("- 没有可行的组合（每个负载只用一种 SKU；HiGHS 1.15.1）：");
    expect(zh).toContain("- 最佳单一 SKU：没有单一 SKU 能在上限内承载全部负载");
  });
});
