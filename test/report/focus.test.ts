import { describe, expect, it } from "vitest";
import { FOCUS_COLUMNS, focusCsv, focusDate } from "../../src/report/focus";
import { compute, seedPlan, separatePlan } from "./alloc-helpers";

const HEADER =
  "BillingPeriodStart,BillingPeriodEnd,ChargePeriodStart,ChargePeriodEnd,ChargeCategory,ChargeDescription," +
  "BilledCost,EffectiveCost,ListCost,ContractedCost,ListUnitPrice,ContractedUnitPrice,BillingCurrency," +
  "ServiceCategory,ServiceName,ResourceId,ResourceName,SkuId,PricingQuantity,PricingUnit,ConsumedQuantity,ConsumedUnit,Tags," +
  "x_Team,x_Pool,x_InputTokens,x_OutputTokens,x_WeightedTokens,x_AllocationMethod,x_IdleHandling,x_Share";

/** Split one CSV line (no embedded newlines) into cells, undoing the quoting. */
function cells(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (q) {
      if (ch === '"' && line[i + 1] === '"') (cur += '"'), i++;
      else if (ch === '"') q = false;
      else cur += ch;
    } else if (ch === '"') q = true;
    else if (ch === ",") out.push(cur), (cur = "");
    else cur += ch;
  }
  out.push(cur);
  return out;
}

function record(header: string, line: string): Record<string, string> {
  const h = cells(header);
  const v = cells(line);
  expect(v.length).toBe(h.length);
  return Object.fromEntries(h.map((k, i) => [k, v[i]!]));
}

describe("FOCUS export", () => {
  it("writes the FOCUS header exactly", () => {
    const r = focusCsv(compute(seedPlan()), { period: { start: new Date(Date.UTC(2025, 5, 1)) } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.csv.split("\n")[0]).toBe(HEADER);
    expect(FOCUS_COLUMNS.join(",")).toBe(HEADER);
    expect(r.rows).toBe(2); // search, support; proportional idle has no idle row
  });

  it("fills one seed row: search pays 443.08 CNY for 1 day and 3e7 tokens", () => {
    const r = focusCsv(compute(seedPlan()), { period: { start: new Date("2025-06-01T00:00:00Z") }, plan: seedPlan() });
    if (!r.ok) throw new Error(r.reason);
    const lines = r.csv.trimEnd().split("\n");
    const row = record(lines[0]!, lines[1]!);
    expect(row).toEqual({
      BillingPeriodStart: "2025-06-01T00:00:00Z",
      BillingPeriodEnd: "2025-06-02T00:00:00Z",
      ChargePeriodStart: "2025-06-01T00:00:00Z",
      ChargePeriodEnd: "2025-06-02T00:00:00Z", // exclusive end
      ChargeCategory: "Usage",
      ChargeDescription: "Planned LLM inference cost of team search on pool 70b (Seed worked example: 70B chat service, TP=4)",
      BilledCost: "443.08", // 1920 × 3e7 / 1.3e8 = 443.0769 → 443.08 (seed §4.5)
      EffectiveCost: "443.08",
      ListCost: "443.08",
      ContractedCost: "443.08",
      ListUnitPrice: "14.769231", // 1920 / 130 per 1M tokens = 14.7692307… (CNY 2 + 4 decimals)
      ContractedUnitPrice: "14.769231",
      BillingCurrency: "CNY",
      ServiceCategory: "AI and Machine Learning",
      ServiceName: "LLM inference",
      ResourceId: "70b",
      ResourceName: "70b",
      SkuId: "", // the seed pool has a given costPerDay, no SKU
      PricingQuantity: "30", // 3e7 weighted tokens / 1e6
      PricingUnit: "1000000 Tokens",
      ConsumedQuantity: "30000000", // 1e7 input + 2e7 output
      ConsumedUnit: "Tokens",
      Tags: '{"team":"search","pool":"70b"}',
      x_Team: "search",
      x_Pool: "70b",
      x_InputTokens: "10000000",
      x_OutputTokens: "20000000",
      x_WeightedTokens: "30000000",
      x_AllocationMethod: "tokens",
      x_IdleHandling: "proportional",
      x_Share: "0.230769",
    });
  });

  it("scales a 30-day period and adds the idle row; rows add up to the pool cost", () => {
    const r = focusCsv(compute(separatePlan()), { period: { start: new Date("2025-06-01T00:00:00Z"), days: 30 } });
    if (!r.ok) throw new Error(r.reason);
    const lines = r.csv.trimEnd().split("\n");
    expect(r.rows).toBe(3);
    const rows = lines.slice(1).map(l => record(lines[0]!, l));
    // 30 days: 150 × 30 = 4500.00, 500 × 30 = 15000.00, idle 350 × 30 = 10500.00; Σ = 30000.00 = 1000 × 30
    expect(rows.map(x => [x.x_Team, x.BilledCost, x.ChargePeriodEnd, x.PricingQuantity])).toEqual([
      ["'=HYPERLINK(\"x\")", "4500.00", "2025-07-01T00:00:00Z", "900"], // 3e7 × 30 / 1e6
      ["'-2+3", "15000.00", "2025-07-01T00:00:00Z", "3000"],
      ["(idle)", "10500.00", "2025-07-01T00:00:00Z", "2100"], // spare 7e7 × 30 / 1e6
    ]);
    expect(rows[2]!.ConsumedQuantity).toBe("");
    expect(rows[2]!.ConsumedUnit).toBe("");
    expect(rows[2]!.x_Share).toBe("");
    expect(rows[0]!.x_IdleHandling).toBe("separate");
    expect(rows[0]!.ListUnitPrice).toBe("5"); // 1000 / 2e8 × 1e6 = 5 USD per 1M tokens
    // the formula-like team name is neutralised in x_Team; Tags is JSON that starts with "{"
    expect(JSON.parse(rows[1]!.Tags!)).toEqual({ team: "-2+3", pool: "70b" });
    expect(rows.reduce((s, x) => s + Math.round(Number(x.BilledCost) * 100), 0)).toBe(3_000_000);
  });

  it("names the pool's SKU when the pool takes its cost from a SKU", () => {
    const plan = seedPlan();
    plan.tenants!.pools = [{ name: "70b", sku: "H100 TP4" }];
    const r = focusCsv(compute(plan), { period: { start: new Date("2025-06-01T00:00:00Z") }, plan });
    if (!r.ok) throw new Error(r.reason);
    const lines = r.csv.trimEnd().split("\n");
    const row = record(lines[0]!, lines[1]!);
    expect(row.SkuId).toBe("H100 TP4");
    // H100 TP4: 50 × 300 / 1500 = 10 → × 1.44 = 14.4 → 15 replicas × 4 GPUs × 20 CNY × 24 h = 28800 CNY/day;
    // search 28800 × 3/13 = 6646.1538 → 6646.15
    expect(row.BilledCost).toBe("6646.15");
  });

  it("refuses an unusable period or a plan without allocation, without throwing", () => {
    const res = compute(seedPlan());
    expect(focusCsv(res, { period: { start: new Date("nope") } })).toEqual({ ok: false, reason: "the period start is not a valid date" });
    expect(focusCsv(res, { period: { start: new Date(0), days: 1.5 } }).ok).toBe(false);
    expect(focusCsv(res, { period: { start: new Date(0), days: 0 } }).ok).toBe(false);
    const plan = seedPlan();
    delete plan.tenants;
    expect(focusCsv(compute(plan), { period: { start: new Date(0) } })).toEqual({ ok: false, reason: "the plan has no team allocation (tenants)" });
    expect(focusDate(new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 678)))).toBe("2025-01-02T03:04:05Z");
  });
});
