/**
 * Out-of-range values and bad currencies are errors on the field with its path (exit 2), not
 * "Feasible yes" or an internal error from Intl (docs/security.md).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { validatePlan } from "../../src/engine/plan/plan-file";
import { maxExactAmount } from "../../src/engine/finops/money";
import { run, runLine, writeTmp } from "./helpers";

const SEED = JSON.parse(readFileSync("models/examples/seed.json", "utf8"));

function planWith(edit: (p: any) => void): string {
  const p = structuredClone(SEED);
  edit(p);
  return writeTmp(p);
}

async function expectFieldError(edit: (p: any) => void, path: string, text?: RegExp) {
  const r = await run("plan", planWith(edit), "--json");
  expect(r.code, path).toBe(2);
  expect(r.out, path).toBe("");
  expect(r.err, path).toContain(`${path}: `);
  expect(r.err).not.toContain("internal error");
  if (text) expect(r.err).toMatch(text);
  return r;
}

describe("currency", () => {
  it("is an error naming `currency` when it is not an ISO 4217 code (it passed, then Intl threw: internal error)", async () => {
    for (const c of ["<script>", "€", "usd", "US", "DOLLARS"]) {
      await expectFieldError((p) => (p.currency = c), "currency", /ISO 4217/);
      const v = validatePlan({ ...SEED, currency: c });
      expect(v.ok).toBe(false);
    }
    const r = await runLine(`plan ${planWith((p) => (p.currency = "JPY"))} --json`);
    expect(r.code).toBe(0);
  });
});

describe("out-of-range numbers", () => {
  it("refuses peakRps 1e308, negative peak RPS, tokens and elasticity, each on its path (they exited 0 with Feasible yes)", async () => {
    const w = "workloads[0]";
    await expectFieldError((p) => (p.workloads[0].peakRps = 1e308), `${w}.peakRps`, /got 1e308/);
    await expectFieldError((p) => (p.workloads[0].peakRps = -50), `${w}.peakRps`, /got -50/);
    await expectFieldError((p) => (p.workloads[0].inputTokens = -300), `${w}.inputTokens`);
    await expectFieldError((p) => (p.workloads[0].outputTokens = "-1"), `${w}.outputTokens`);
    await expectFieldError((p) => (p.factors.elasticity = -1.2), "factors.elasticity");
    await expectFieldError((p) => (p.skus[0].gpusPerReplica = 0), "skus[0].gpusPerReplica");
  });
  it("checks values computed by formulas too", async () => {
    await expectFieldError((p) => (p.cells.peak_rps = -50), "workloads[0].peakRps", /got -50/);
    await expectFieldError((p) => (p.factors.elasticity = "=0 - 2"), "factors.elasticity");
  });
  it("refuses money beyond exact minor units and token counts near 1e308 (conservation was lost silently, totals Infinity)", async () => {
    const t = "tenants";
    const cost = `${t}.pools[0].costPerDay`;
    await expectFieldError((p) => (p.tenants.pools[0].costPerDay = 1e15), cost, /CNY per day/);
    await expectFieldError(
      (p) => (p.tenants.usage[0].inputTokens = 1e308),
      `${t}.usage[0].inputTokens`,
    );
    expect([maxExactAmount("USD"), maxExactAmount("JPY")]).toEqual([1e10, 1e12]);
    // Just inside the limit, conservation holds exactly.
    const r = await runLine(
      `plan ${planWith((p) => (p.tenants.pools[0].costPerDay = 9_999_999_999.99))} --json`,
    );
    expect(r.code).toBe(0);
    const pool = JSON.parse(r.out).tenants.pools[0];
    const cents = pool.teams.reduce(
      (s: number, t: { costRounded: number }) => s + Math.round(t.costRounded * 100),
      Math.round(pool.idleRounded * 100),
    );
    expect(cents).toBe(999_999_999_999);
  });
});

describe("messages in Chinese", () => {
  it("renders range, currency and formula-limit messages in Chinese with --lang zh", async () => {
    const r = await runLine(
      `plan ${planWith((p) => ((p.workloads[0].peakRps = -50), (p.currency = "€")))} --lang zh`,
    );
    expect(r.code).toBe(2);
    expect(r.err).toContain("workloads[0].peakRps: 应在 0 至 1e9 之间（请求/秒），实际为 -50");
    expect(r.err).toContain("currency: 应为 3 个大写字母的 ISO 4217 币种代码");
    const f = await runLine(
      `plan ${planWith((p) => (p.cells.gpu_hour = "=" + "(".repeat(200) + "1" + ")".repeat(200)))} --lang zh`,
    );
    expect(f.code).toBe(2);
    expect(f.err).toContain("公式嵌套了 200 层括号；上限为 100");
  });
});
