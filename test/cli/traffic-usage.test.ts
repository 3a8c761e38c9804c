/**
 * Daily tenants.usage rows from a trace's team column (docs/traffic.md): `capplan traffic
 * --usage` on fixtures/traces/teams.jsonl, checked by hand. The trace spans 09:00:00.000Z to
 * 09:01:03Z = 63 s; the failed request (support, status "error") is left out:
 *   search:  input 800 + 1,200 + 640 = 2,640, output 120 + 80 + 200 = 400
 *   support: input 300 + 256 = 556,           output 400 + 256 = 656
 * Daily = total × 86,400 ÷ 63.
 */
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main";
import { validatePlan } from "../../src/engine/plan/plan-file";
import { usageFromTraffic } from "../../src/engine/demand/workload-trace";

async function cli(...args: string[]) {
  let out = "";
  let err = "";
  const code = await main(args, { out: (t) => void (out += t), err: (t) => void (err += t) });
  return { code, out, err };
}

const day = (tokens: number) => (tokens * 86400) / 63;

describe("capplan traffic --usage", () => {
  it("prints each team's daily tokens as tenants.usage rows, with --pool naming the pool", async () => {
    const r = await cli("traffic", "fixtures/traces/teams.jsonl", "--usage", "--pool", "70b");
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out);
    expect(rows).toHaveLength(2);
    expect(rows[0].team).toBe("search");
    expect(rows[0].pool).toBe("70b");
    expect(rows[0].inputTokens).toBeCloseTo(day(2640), 6);
    expect(rows[0].outputTokens).toBeCloseTo(day(400), 6);
    expect(rows[1].team).toBe("support");
    expect(rows[1].inputTokens).toBeCloseTo(day(556), 6);
    expect(rows[1].outputTokens).toBeCloseTo(day(656), 6);
    // The rows are valid plan rows as printed.
    const plan = {
      format: "capplan.plan/v1",
      workloads: [{ peakRps: 1, inputTokens: 1, outputTokens: 1 }],
      skus: [],
      tenants: { pools: [{ name: "70b", costPerDay: 100 }], usage: rows },
    };
    expect(validatePlan(plan).ok).toBe(true);
  });

  it("without --pool the rows have no pool key; a trace without teams exits 2; --pool needs --usage", async () => {
    const rows = JSON.parse((await cli("traffic", "fixtures/traces/teams.jsonl", "--usage")).out);
    expect(Object.keys(rows[0])).toEqual(["team", "inputTokens", "outputTokens"]);
    const none = await cli("traffic", "fixtures/traces/AzureLLMInferenceTrace_conv.csv", "--usage");
    expect(none.code).toBe(2);
    expect(none.out).toBe("");
    expect(none.err).toContain("no team column");
    expect((await cli("traffic", "fixtures/traces/teams.jsonl", "--pool", "x")).code).toBe(2);
  });

  it("usageFromTraffic: null without teams or without a duration", () => {
    expect(usageFromTraffic({ durationSec: 10 })).toBeNull();
    expect(usageFromTraffic({ durationSec: 0, teams: [] })).toBeNull();
    const g = {
      name: "a",
      requests: 1,
      share: 1,
      meanRps: 1,
      peakRps: 1,
      inputTokens: { mean: 1, p50: 1, p90: 1, p95: 1, p99: 1, max: 1 },
      outputTokens: { mean: 1, p50: 1, p90: 1, p95: 1, p99: 1, max: 1 },
      totalInputTokens: 10,
      totalOutputTokens: 20,
      dailyInputTokens: null,
      dailyOutputTokens: null,
    };
    // Two days: half the totals per day.
    expect(usageFromTraffic({ durationSec: 172800, teams: [g] })).toEqual([
      { team: "a", inputTokens: 5, outputTokens: 10 },
    ]);
  });
});
