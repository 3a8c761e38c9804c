/**
 * The FOCUS 1.3 export (docs/focus.md) checked against the requirements of the FOCUS 1.3 columns
 * that can be checked mechanically: column names, types (decimal, date/time, JSON object), the
 * nullability rules of the split-cost-allocation columns, dimension columns equal within an
 * origin charge, AllocatedMethodDetails' JSON shape, AllocatedRatio summing to exactly 1 per
 * origin charge and the allocated costs to the origin's cost to the minor unit.
 */
import { describe, expect, it } from "vitest";
import { words } from "../words";
import { minorUnitDigits, toMinor } from "../../src/engine/finops/money";
import type { PlanFile } from "../../src/engine/base/types";
import type { PlanResult } from "../../src/engine/plan/plan-result";
import { parseCsv } from "../../src/import/csv";
import { FOCUS_COLUMNS, fixedText, focusCsv, focusDate } from "../../src/report/focus";
import { type FocusOptions, RATIO_DIGITS } from "../../src/report/focus";
import { compute, finopsPlan, seedPlan, separatePlan } from "./alloc-helpers";

type Row = Record<string, string>;

function rowsOf(csv: string): Row[] {
  const t = parseCsv(csv, ",");
  const [head, ...rows] = t.rows;
  expect(head).toEqual([...FOCUS_COLUMNS]);
  return rows.map((r) => {
    expect(r.length).toBe(head!.length);
    return Object.fromEntries(head!.map((h, i) => [h, r[i]!]));
  });
}

const COSTS = ["BilledCost", "EffectiveCost", "ListCost", "ContractedCost"];
const DECIMAL = /^-?\d+(\.\d+)?$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
/** Dimension columns that must equal the origin charge's in every allocated charge. */
const DIMENSIONS = words(`
  BillingAccountId BillingAccountName BillingCurrency BillingPeriodStart BillingPeriodEnd
  ChargePeriodStart ChargePeriodEnd ChargeCategory ChargeClass ChargeDescription ChargeFrequency
  PricingCategory PricingUnit ConsumedUnit ServiceCategory ServiceName ServiceProviderName
  HostProviderName InvoiceIssuerName ProviderName PublisherName ResourceId ResourceName
  ResourceType SkuId Tags AllocatedMethodId ListUnitPrice ContractedUnitPrice
`);

/** Decimal text as an integer count of 10^-digits (exact, no binary rounding). */
function units(text: string, digits: number): bigint {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text)!;
  const frac = (m[3] ?? "").padEnd(digits, "0");
  expect(frac.length).toBe(digits);
  return (m[1] ? -1n : 1n) * BigInt(m[2]! + frac);
}

function checkFocus13(csv: string, currency: string): Row[] {
  const rows = rowsOf(csv);
  const digits = minorUnitDigits(currency);
  for (const r of rows) {
    // Mandatory, not null, typed.
    for (const c of [...COSTS, "PricingQuantity", "ConsumedQuantity"])
      expect(r[c], c).toMatch(DECIMAL);
    for (const c of words("BillingPeriodStart BillingPeriodEnd ChargePeriodStart ChargePeriodEnd"))
      expect(r[c], c).toMatch(DATETIME);
    // ChargeClass null: not a correction.
    expect([r.BillingCurrency, r.ChargeCategory, r.ChargeClass]).toEqual([currency, "Usage", ""]);
    for (const c of words(`
      BillingAccountId ServiceName ServiceCategory HostProviderName ServiceProviderName
      InvoiceIssuerName ChargeDescription
    `))
      expect(r[c], c).not.toBe("");
    expect(Date.parse(r.ChargePeriodEnd!) - Date.parse(r.ChargePeriodStart!)).toBe(86_400_000);
    // Money has exactly the currency's minor-unit decimals.
    expect(r.BilledCost!.split(".")[1]?.length ?? 0).toBe(digits);
    // Key-value JSON objects.
    const tags = JSON.parse(r.Tags!) as Record<string, unknown>;
    expect(typeof tags).toBe("object");
    // Split cost allocation: every charge here is related to one, so the method and details are not null.
    expect(r.AllocatedMethodId).toMatch(/^capplan\/(usage|reservation|shared)\//);
    const details = JSON.parse(r.AllocatedMethodDetails!) as {
      Elements: { AllocatedRatio: number; UsageUnit?: string; UsageQuantity?: number }[];
    };
    expect(Object.keys(details)).toEqual(["Elements"]);
    expect(details.Elements.length).toBeGreaterThan(0);
    for (const e of details.Elements) {
      expect(typeof e.AllocatedRatio).toBe("number");
      if (e.UsageQuantity !== undefined) expect(typeof e.UsageUnit).toBe("string"); // UsageUnit is present when UsageQuantity is
    }
    // AllocatedResourceId: null exactly for the unallocated portion (idle, unallocated); name null iff id null.
    const unallocated = r.x_Line === "idle" || r.x_Line === "unallocated";
    expect(r.AllocatedResourceId === "").toBe(unallocated);
    expect(r.AllocatedResourceName === "").toBe(r.AllocatedResourceId === "");
    if (!unallocated) {
      const at = JSON.parse(r.AllocatedTags!) as Record<string, unknown>;
      // AllocatedTags must not repeat a key of Tags.
      for (const k of Object.keys(at)) expect(Object.keys(tags)).not.toContain(k);
      expect(at.team).toBe(r.x_Team);
    }
  }
  // Per origin charge: dimensions equal, ratios sum to exactly 1, costs to the origin's.
  const byOrigin = new Map<string, Row[]>();
  for (const r of rows)
    byOrigin.set(r.x_OriginChargeId!, [...(byOrigin.get(r.x_OriginChargeId!) ?? []), r]);
  for (const [, group] of byOrigin) {
    for (const c of DIMENSIONS) expect(new Set(group.map((r) => r[c])).size, c).toBe(1);
    const sum = (text: (r: Row) => string, d: number) =>
      group.reduce((s, r) => s + units(text(r), d), 0n);
    const ratioText = (r: Row) => /"AllocatedRatio":([0-9.]+)/.exec(r.AllocatedMethodDetails!)![1]!;
    expect(sum(ratioText, RATIO_DIGITS)).toBe(10n ** BigInt(RATIO_DIGITS));
    expect(sum((r) => r.PricingQuantity!, RATIO_DIGITS)).toBe(10n ** BigInt(RATIO_DIGITS));
    const origin = units(group[0]!.ListUnitPrice!, digits);
    const cost = (c: string) => sum((r) => r[c]!, digits);
    for (const c of COSTS) expect(cost(c), c).toBe(origin);
  }
  return rows;
}

/** The export of `res` for days from `start`, failing the test if it is refused. */
function exported(
  res: PlanResult,
  start: string,
  more: Omit<FocusOptions, "period"> = {},
  days = 0,
) {
  const period = days ? { start: new Date(start), days } : { start: new Date(start) };
  const r = focusCsv(res, { ...more, period });
  if (!r.ok) throw new Error(r.reason);
  return r;
}

/** The named columns of a row, in order. */
const pick = (r: Row, names: string) => words(names).map((n) => r[n]);

describe("FOCUS 1.3 export", () => {
  it.each(["USD", "JPY", "KWD"])(
    "meets the mechanically checkable FOCUS 1.3 requirements (%s, 3 days, reservation, idle, shared)",
    (cur) => {
      const plan = finopsPlan(cur);
      const res = compute(plan);
      const r = exported(res, "2026-11-01T00:00:00Z", { plan }, 3);
      const rows = checkFocus13(r.csv, cur);
      // Per day: gpu b, a, idle; small c, a, idle; platform and licences b, a, c (the teams in
      // order of first appearance); monitoring's unallocated line = 13 rows, 5 origin charges.
      const origins = new Set(rows.map((x) => x.x_OriginChargeId));
      expect([r.rows, rows.length, origins.size]).toEqual([39, 39, 15]);
      // The whole export adds up to (pools + shared) × 3 days in minor units.
      const d = minorUnitDigits(cur);
      const t = res.tenants!;
      const total =
        (t.pools.reduce((s, p) => s + toMinor(p.costRounded, d), 0) +
          t.shared.reduce((s, x) => s + toMinor(x.costRounded, d), 0)) *
        3;
      expect(rows.reduce((s, x) => s + units(x.BilledCost!, d), 0n)).toBe(BigInt(total));
    },
  );

  it("writes the worked example's reservation split as allocated charges of one origin (USD)", () => {
    const plan: PlanFile = {
      ...finopsPlan("USD"),
      tenants: {
        ...{ basis: "reservation", idle: "separate" },
        pools: [{ name: "gpu", costPerDay: 240, replicas: 8, capacityTokensPerDay: 8e6 }],
        usage: [
          { team: "a", inputTokens: 6e5, outputTokens: 4e5, reservedReplicas: 3 },
          { team: "b", inputTokens: 5e5, outputTokens: 5e5, reservedReplicas: 1 },
        ],
      },
    };
    const rows = checkFocus13(exported(compute(plan), "2026-11-01T00:00:00Z", { plan }).csv, "USD");
    const replicas = (ratio: number, n: number) =>
      `{"Elements":[{"AllocatedRatio":${ratio},"UsageUnit":"Replicas","UsageQuantity":${n}}]}`;
    const columns = "x_Line x_Team BilledCost PricingQuantity AllocatedMethodDetails";
    expect(rows.map((x) => pick(x, `${columns} AllocatedResourceId AllocatedTags`))).toEqual([
      ["team", "a", "90.00", "0.375", replicas(0.375, 3), "team/a", '{"team":"a"}'],
      ["team", "b", "30.00", "0.125", replicas(0.125, 1), "team/b", '{"team":"b"}'],
      ["idle", "", "120.00", "0.5", replicas(0.5, 4), "", ""],
    ]);
    const origin = pick(
      rows[0]!,
      "AllocatedMethodId ResourceId ListUnitPrice ChargePeriodStart Tags",
    );
    const method = "capplan/reservation/tokens/idle-separate";
    expect(origin).toEqual([
      method,
      "pool/gpu",
      "240.00",
      "2026-11-01T00:00:00Z",
      '{"pool":"gpu"}',
    ]);
  });

  it("splits the seed example by tokens (usage basis, proportional): 443.08 + 1476.92, ratios 3/13 and 10/13 to 12 decimals", () => {
    const r = exported(compute(seedPlan()), "2025-06-01T00:00:00Z", { plan: seedPlan() });
    const rows = checkFocus13(r.csv, rowsOf(r.csv)[0]!.BillingCurrency!);
    const pool = rows.filter((x) => x.x_Pool !== "");
    // 3/13 = 0.230769230769|23… and 10/13 = 0.769230769230|769…: floors leave one unit, to the larger remainder (10/13).
    expect(pool.map((x) => pick(x, "x_Team BilledCost PricingQuantity"))).toEqual([
      ["search", "443.08", "0.230769230769"],
      ["support", "1476.92", "0.769230769231"],
    ]);
    expect(pool[0]!.AllocatedMethodDetails).toBe(
      '{"Elements":[{"AllocatedRatio":0.230769230769,"UsageUnit":"Tokens","UsageQuantity":30000000}]}',
    );
  });

  it("neutralises spreadsheet formulas in team names and keeps them in the JSON cells", () => {
    const r = exported(compute(separatePlan()), "2025-06-01T00:00:00Z");
    expect(r.csv).toContain(`'=HYPERLINK(""x"")`);
    const rows = rowsOf(r.csv);
    expect(rows.find((x) => x.x_Team === "'-2+3")!.AllocatedTags).toBe('{"team":"-2+3"}');
  });

  it("refuses a plan without tenants or an unusable period", () => {
    const res = compute(seedPlan());
    const refused = (reason: string) => ({ ok: false, reason });
    const badStart = focusCsv(res, { period: { start: new Date("nope") } });
    expect(badStart).toEqual(refused("the period start is not a valid date"));
    const days = (n: number) => focusCsv(res, { period: { start: new Date(0), days: n } }).ok;
    expect([days(1.5), days(0)]).toEqual([false, false]);
    const plan = seedPlan();
    delete plan.tenants;
    const noTenants = focusCsv(compute(plan), { period: { start: new Date(0) } });
    expect(noTenants).toEqual(refused("the plan has no team allocation (tenants)"));
    expect(focusDate(new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 678)))).toBe("2025-01-02T03:04:05Z");
    const fixed = [375_000_000_000, 10 ** 12, 5, 0].map((n) => fixedText(n, 12));
    expect(fixed).toEqual(["0.375", "1", "0.000000000005", "0"]);
  });
});
