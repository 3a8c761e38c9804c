/**
 * `capplan plan --focus` and `capplan actuals` (docs/focus.md): the FOCUS 1.3 export re-imports as
 * an actual equal to the plan (variance 0 to the minor unit), a written FOCUS 1.0 cloud bill
 * (fixtures/focus/) gives hand-calculated variances, and bad input exits 2.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PlanVsActual } from "../../../src/report/actuals";
import { finopsPlan as finopsPlanOf } from "../../report/alloc-helpers";
import { run, runLine, tmpDir, writeTmp } from "../helpers";

const dir = tmpDir("capplan-actuals-");

/** The FinOps plan of the FOCUS tests (licences 7.34 a day) in `currency`, as a file. */
const finopsPlan = (currency: string) =>
  writeTmp(finopsPlanOf(currency, 7.34), `finops-${currency}.json`, dir);
const SEED = "models/examples/seed.json";
const BILL = "fixtures/focus/cloud-bill-focus-1.0.csv";

describe("capplan plan --focus", () => {
  it("writes the FOCUS 1.3 CSV to a file with -o, one origin charge per pool and shared cost and day", async () => {
    const out = join(dir, "focus.csv");
    const r = await runLine(
      `plan ${finopsPlan("USD")} --focus --start 2026-11-01 --days 2 -o ${out}`,
    );
    expect([r.code, r.out]).toEqual([0, ""]);
    const lines = readFileSync(out, "utf8").trimEnd().split("\n");
    expect(lines[0]).toMatch(
      /^BillingAccountId,.*,AllocatedMethodId,AllocatedMethodDetails,AllocatedResourceId,AllocatedResourceName,AllocatedTags,/,
    );
    expect(lines.length).toBe(1 + 2 * 13);
    expect(
      lines.filter((l) => l.includes(",2026-11-02T00:00:00Z,2026-11-03T00:00:00Z,")).length,
    ).toBe(13);
  });

  it("refuses a bad --start or --days, and --start without --focus (exit 2)", async () => {
    const plan = finopsPlan("USD");
    for (const args of [
      ["--focus", "--start", "2026-02-30"],
      ["--focus", "--days", "0"],
      ["--focus", "--days", "1.5"],
      ["--start", "2026-11-01"],
    ]) {
      const r = await run("plan", plan, ...args);
      expect([r.code, r.out], args.join(" ")).toEqual([2, ""]);
    }
  });
});

describe("capplan actuals", () => {
  it.each(["USD", "JPY", "KWD"])(
    "re-importing the plan's own FOCUS export gives variance 0 everywhere (%s, 3 days)",
    async (cur) => {
      const plan = finopsPlan(cur);
      const csv = join(dir, `own-${cur}.csv`);
      const focus = await runLine(`plan ${plan} --focus --start 2026-11-01 --days 3 -o ${csv}`);
      expect(focus.code).toBe(0);
      const r = await run("actuals", plan, csv, "--json");
      expect([r.err, r.code]).toEqual(["", 0]);
      const j = JSON.parse(r.out) as PlanVsActual;
      const period = { start: "2026-11-01T00:00:00Z", end: "2026-11-04T00:00:00Z", days: 3 };
      expect([j.period, j.charges]).toEqual([period, 39]);
      for (const l of [...j.pools, ...j.shared, ...j.teams, j.total]) {
        expect(l.variance, l.name).toBe(0);
        expect(l.actual, l.name).toBe(l.planned);
      }
      const names = [j.pools, j.shared, j.teams].map((ls) => ls.map((l) => l.name).join(" "));
      expect(names).toEqual(["gpu small", "platform licences monitoring", "b a c"]);
      // gpu: (240.05 + 33.333 + 10 + 7.34 + 5.55) × 3 in the currency's minor unit.
      const day = {
        USD: 240.05 + 33.33 + 10 + 7.34 + 5.55,
        JPY: 240 + 33 + 10 + 7 + 6,
        KWD: 240.05 + 33.333 + 10 + 7.34 + 5.55,
      }[cur]!;
      expect(j.total.planned).toBeCloseTo(day * 3, 9);
    },
  );

  it("compares the seed plan with a written FOCUS 1.0 cloud bill: hand-calculated variances", async () => {
    const r = await runLine(`actuals ${SEED} ${BILL} --json`);
    expect(r.code).toBe(0);
    expect(r.errLines).toEqual([
      `warning: ${BILL}: 1 charge(s) in another currency than the plan's CNY (EUR) were left out`,
    ]);
    const j = JSON.parse(r.out) as PlanVsActual;
    expect([j.period.days, j.costColumn, j.unattributed]).toEqual([2, "EffectiveCost", 20]);
    // 2 days × 1920 = 3840 planned; 500 + 1400 + 20 + 450 + 1500 = 3870 actual.
    expect(j.pools).toEqual([
      { name: "70b", planned: 3840, actual: 3870, variance: 30, variancePct: 30 / 3840 },
    ]);
    // search: 2 × 443.08 = 886.16 vs 500 + 450 = 950; support: 2 × 1476.92 = 2953.84 vs 1400 + 1500 (sub-account) = 2900.
    expect(j.teams.map((t) => [t.name, t.planned, t.actual, t.variance])).toEqual([
      ["search", 886.16, 950, 63.84],
      ["support", 2953.84, 2900, -53.84],
    ]);
    const text = await runLine(`actuals ${SEED} ${BILL}`);
    expect(text.out).toContain("search     886.16    950.00    +63.84  +7.2 %");
  });

  it("exits 2 with one line per problem on bad input", async () => {
    let bad = writeTmp("Foo,Bar\n1,2\n", "bad.csv", dir);
    let r = await run("actuals", SEED, bad);
    expect(r.code).toBe(2);
    expect(r.errLines).toEqual([
      `capplan actuals: ${bad}: not a FOCUS cost-and-usage file: missing column BilledCost or EffectiveCost, ChargePeriodStart`,
    ]);
    bad = writeTmp("BilledCost,ChargePeriodStart\nN/A,2025-06-01\n", "bad.csv", dir);
    r = await run("actuals", SEED, bad);
    const line2 = `capplan actuals: ${bad}: line 2: BilledCost must be a decimal number, got "N/A"`;
    expect([r.code, r.errLines]).toEqual([2, [line2]]);
    expect((await run("actuals", SEED)).code).toBe(2);
  });

  it("says its errors and warnings in Chinese under --lang zh (docs/problems.md, actuals.*)", async () => {
    const bad = writeTmp("BilledCost,ChargePeriodStart\nN/A,2025-06-01\n", "bad-zh.csv", dir);
    const r = await run("actuals", SEED, bad, "--lang", "zh");
    const line2 = `capplan actuals: ${bad}: 第 2 行：BilledCost 必须是十进制数，实际为 "N/A"`;
    expect([r.code, r.errLines]).toEqual([2, [line2]]);
    const w = await runLine(`actuals ${SEED} ${BILL} --json --lang zh`);
    const warning = `warning: ${BILL}: 1 笔费用的币种不是计划的 CNY（EUR），已排除`;
    expect([w.code, w.errLines]).toEqual([0, [warning]]);
    // The JSON keeps its English warnings, with the problems beside them.
    const j = JSON.parse(w.out) as PlanVsActual;
    const otherCurrency = "1 charge(s) in another currency than the plan's CNY (EUR) were left out";
    expect([j.warnings, j.problems.map((p) => p.code)]).toEqual([
      [otherCurrency],
      ["actuals.otherCurrency"],
    ]);
    const gone = join(dir, "gone.csv");
    expect((await run("actuals", SEED, gone)).errLines).toEqual([
      `capplan actuals: ${gone}: no such file or directory`,
    ]);
    expect((await run("actuals", SEED, gone, "--lang", "zh")).errLines).toEqual([
      `capplan actuals: ${gone}: 文件或文件夹不存在`,
    ]);
  });
});
