/**
 * The app's fleet series (src/engine/fleet/fleet-series.ts): the replica counts, and the answer
 * identical to `capplan simulate`'s for the same plan and seed (the app's worker runs this).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fleetSeries, MAX_SERIES, seriesCounts } from "../../../src/engine/fleet/fleet-series";
import { fleetSetup, pickSku } from "../../../src/engine/fleet/fleet-plan";
import { poissonArrivals } from "../../../src/engine/fleet/arrivals";
import { runFleetJob } from "../../../src/ui/state/fleet-run";
import { loadPlan } from "../../../src/cli/plan-loader";
import { run } from "../../cli/helpers";
import type { Slo } from "../../../src/engine/base/types";

describe("seriesCounts", () => {
  it.each([
    [4, [null], [1, 2, 3, 4]],
    [12, [12, 5], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
    [16, [], Array.from({ length: 16 }, (_, i) => i + 1)],
  ])("up to %d with marks %j → every count", (upTo, marks, want) => {
    expect(seriesCounts(upTo, marks as (number | null)[])).toEqual(want);
  });
  it("spreads 16 counts over a wide range and keeps the marks", () => {
    const c = seriesCounts(76, [19, 23, 19]);
    expect(c[0]).toBe(1);
    expect(c[c.length - 1]).toBe(76);
    expect(c).toContain(19);
    expect(c).toContain(23);
    expect(c.length).toBeLessThanOrEqual(MAX_SERIES + 2);
    expect([...c].sort((a, b) => a - b)).toEqual(c);
  });
});

describe("fleetSeries", () => {
  const PLAN = join(__dirname, "../../../fixtures/simulate/plan.json");
  it("gives the CLI's answer for the same plan and seed, and one row per count", async () => {
    const cli = await run("simulate", PLAN, "--requests", "20000", "--seed", "5", "--json");
    expect(cli.code).toBe(0);
    const want = JSON.parse(cli.out);
    const { result } = loadPlan(PLAN, "en");
    const sku = pickSku(result);
    if (!sku.ok) throw new Error("sku");
    const s = fleetSetup(result, sku.sku);
    if (!s.ok) throw new Error("setup");
    const slos = result.slo.filter((x) => x.maxMs !== null) as Slo[];
    const job = await runFleetJob({
      setup: s.setup,
      arrivals: {
        kind: "poisson",
        rps: s.setup.peakRps!,
        requests: 20000,
        input: { kind: "fixed", tokens: Math.round(s.setup.inputTokens!) },
        output: { kind: "fixed", tokens: Math.round(s.setup.outputTokens!) },
      },
      replicas: s.setup.formulaReplicas!,
      slots: s.setup.slots!,
      seed: 5,
      slos,
    });
    if (!job.ok) throw new Error("job");
    const { problems, ...plain } = job.answer;
    expect(JSON.parse(JSON.stringify(plain))).toEqual(
      Object.fromEntries(Object.entries(want).filter(([k]) => k !== "warnings" && k !== "notes")),
    );
    const row = job.rows.find((r) => r.replicas === want.replicas)!;
    expect(row.ttftMs).toEqual(want.ttftMs);
    expect(row.slosHold).toBe(want.slo.every((x: { holds: boolean }) => x.holds));
    // Fewer replicas never queue less (same arrivals).
    for (let i = 1; i < job.rows.length; i++)
      expect(job.rows[i]!.queuedShare!).toBeLessThanOrEqual(job.rows[i - 1]!.queuedShare!);
    // Progress ends at done = total.
    const small = poissonArrivals({
      rps: 5,
      requests: 500,
      input: { kind: "fixed", tokens: 1 },
      output: { kind: "fixed", tokens: 200 },
      seed: 1,
    });
    if (!small.ok) throw new Error("arrivals");
    let last = [0, 0];
    const opts = { replicas: 2, slots: 4, seed: 1, source: "poisson" as const, slos };
    fleetSeries(s.setup, small.arrivals, opts, (d, t) => {
      last = [d, t];
    });
    expect(last[0]).toBe(last[1]);
  });
});
