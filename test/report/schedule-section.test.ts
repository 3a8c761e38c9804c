import { describe, expect, it } from "vitest";
import { words } from "../words";
import { runStdin } from "../cli/helpers";
import { durationText } from "../../src/report/schedule-section";

describe("durationText", () => {
  it.each([
    [3600, "1 h", "1 小时"],
    [300, "5 min", "5 分钟"],
    [604800, "7 days", "7 天"],
    [90, "90 s", "90 秒"],
    [1.5, "1.5 s", "1.5 秒"],
  ])("%d s → %s / %s", (sec, en, zh) => {
    expect([durationText(sec, "en"), durationText(sec, "zh")]).toEqual([en, zh]);
  });
});

/**
 * Schedules through the command line (docs/schedules.md): `plan --json` gives skus[].schedule,
 * the text table has the three costs, `report` has a schedule section in English and Chinese,
 * and `--cheapest-by` picks the recommendation by any of the costs.
 */
// A: 1 replica in every hour (80 per replica-hour): 80/h at peak, static = autoscaled = 320.
// B: 10, 1, 1, 1 replicas at 9 per replica-hour: 90/h at peak, static 360, autoscaled 117;
// reserved at 5: reserving R = 1 costs 4 × 5 = 20 and saves 4 × 9 = 36 → 1 reserved;
// the 2nd saves only 9 (one interval) → blended = 4 × 5 + 9 × 9 = 101.
const tok = (replicaOutputTokensPerSec: number) => ({ replicaOutputTokensPerSec });
const PLAN = {
  format: "capplan.plan/v1",
  title: "day and night",
  workloads: [
    {
      ...{ name: "chat", peakRps: 50, inputTokens: 300, outputTokens: 300 },
      schedule: { intervalSec: 3600, rps: [50, 1, 1, 1] },
    },
  ],
  skus: [
    { name: "A", gpusPerReplica: 8, pricePerGpuHour: 10, sweep: tok(15000) },
    {
      name: "B",
      gpusPerReplica: 1,
      pricePerGpuHour: 9,
      reservedPricePerGpuHour: 5,
      sweep: tok(1500),
    },
  ],
};

/** `capplan <args>` with `plan` on standard input. */
const cli = (args: string[], plan: unknown = PLAN) => runStdin(JSON.stringify(plan), ...args);

describe("schedules on the command line", () => {
  it("plan --json: skus[].schedule with replicas, static, autoscaled, reserved and blended", async () => {
    const r = await cli(["plan", "-", "--json"]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    const keys = words(
      "replicas staticReplicas staticCost autoscaledCost reservedReplicas blendedCost",
    );
    const pick = (s: Record<string, unknown>) => keys.map((k) => s[k]);
    expect(pick(j.skus[0].schedule)).toEqual([[1, 1, 1, 1], 1, 320, 320, null, null]);
    expect(pick(j.skus[1].schedule)).toEqual([[10, 1, 1, 1], 10, 360, 117, 1, 101]);
    const [autoscaledFraction, blendedFraction] = [243 / 360, 259 / 360];
    const savings = { autoscaled: 243, autoscaledFraction, blended: 259, blendedFraction };
    expect([j.skus[1].schedule.savings, j.cheapest]).toEqual([savings, "A"]);
  });

  it("--cheapest-by picks by static, autoscaled or blended cost; a bad value exits 2", async () => {
    const by = async (b: string) =>
      JSON.parse((await cli(["plan", "-", "--json", "--cheapest-by", b])).out).cheapest;
    const picked = [
      await by("peak"),
      await by("static"),
      await by("autoscaled"),
      await by("blended"),
    ];
    expect(picked).toEqual(["A", "A", "B", "B"]);
    const blended = { ...PLAN, recommendBy: "blended" };
    const plan = JSON.parse((await cli(["plan", "-", "--json"], blended)).out);
    expect(plan).toMatchObject({ cheapest: "B", recommendBy: "blended" });
    const bad = await cli(["plan", "-", "--cheapest-by", "cheap"]);
    expect([bad.code, bad.out]).toEqual([2, ""]);
  });

  it("the text table shows the three costs and the period", async () => {
    const r = await cli(["plan", "-", "--cheapest-by", "autoscaled"]);
    const row = (label: string) =>
      r.out
        .split("\n")
        .find((l) => l.startsWith(label))
        ?.replace(/\s+/g, " ");
    expect(row("Static cost / period")).toBe("Static cost / period $320.00 $360.00");
    expect(row("Autoscaled cost / period")).toBe("Autoscaled cost / period $320.00 $117.00");
    expect(row("Reserved replicas")).toBe("Reserved replicas — 1");
    expect(row("Reserved + on-demand cost / period")).toBe(
      "Reserved + on-demand cost / period — $101.00",
    );
    expect(r.out).toContain("Schedule: 4 intervals of 1 h (one period: 4 h)");
    expect(r.out).toContain("The recommendation compares the autoscaled cost.");
    expect(r.out).toContain("Recommended (cheapest feasible): B");
  });

  it("report has a schedule section in English and Chinese", async () => {
    const en = (await cli(["report", "-"])).out;
    expect(en).toContain("### Demand over time (schedule)");
    expect(en).toContain(
      "| B | 10 | $360.00 | $117.00 (saves $243.00, 67.5 %) | 1 | $101.00 (saves $259.00, 71.9 %) |",
    );
    expect(en).toContain(
      "| A | 1 | $320.00 | $320.00 (saves $0.00, 0 %) | — | no reserved price |",
    );
    expect(en).toContain("- B: 10 · 1 · 1 · 1");
    const zh = (await cli(["report", "-", "--lang", "zh"])).out;
    expect(zh).toContain("### 随时间变化的需求（需求曲线）");
    expect(zh).toContain(
      "| B | 10 | $360.00 | $117.00（节省 $243.00，67.5 %） | 1 | $101.00（节省 $259.00，71.9 %） |",
    );
    expect(zh).toContain("需求曲线：4 个时段，每段 1 小时（一个周期 4 小时）");
  });

  it("a plan with a schedule error prints the error with its path and exits 2", async () => {
    const bad = {
      ...PLAN,
      workloads: [
        PLAN.workloads[0],
        { name: "b", peakRps: 1, inputTokens: 1, outputTokens: 1, schedule: { rps: [1, 2] } },
      ],
    };
    const r = await cli(["plan", "-", "--json"], bad);
    const schedule = JSON.parse(r.out).skus[0].schedule;
    expect([r.code, r.err, schedule]).toEqual([
      2,
      expect.stringContaining("workloads[1].schedule.rps"),
      null,
    ]);
  });
});
