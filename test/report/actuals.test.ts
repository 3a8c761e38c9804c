/**
 * The messages of reading a FOCUS bill back (src/report/actuals.ts, code `actuals.*`) are
 * problems: their English is the old text byte for byte, their Chinese rendered from the code.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { words } from "../words";
import { englishOf } from "../../src/engine/base/problems";
import { planVsActual, readFocusCsv } from "../../src/report/actuals";
import { renderProblem } from "../../src/report/messages";
import type { PlanResult } from "../../src/engine/plan/plan";

const zh = (p: Parameters<typeof renderProblem>[0]) => renderProblem(p, "zh");

describe("FOCUS read-back messages are problems", () => {
  it("every error of a bad file has its problem, English equal to the error", () => {
    const bad = [
      "",
      "Foo,Bar\n1,2\n",
      "BilledCost\n1\n",
      "ChargePeriodStart\n2025-01-01\n",
      "BilledCost,ChargePeriodStart\nN/A,2025-06-01\n1,someday\n",
      "EffectiveCost,ChargePeriodStart\n",
    ];
    const codes = new Set<string>();
    for (const text of bad) {
      const r = readFocusCsv(text);
      if (r.ok) throw new Error(`expected an error for ${JSON.stringify(text)}`);
      expect(r.problems.map(englishOf)).toEqual(r.errors);
      for (const p of r.problems) codes.add(p.code);
    }
    const actuals = words("noCharges notDate notDecimal notFocus").map((c) => `actuals.${c}`);
    expect([...codes].sort()).toEqual([...actuals, "planFile.fileEmpty"]);
    const r = readFocusCsv(bad[4]!);
    expect(!r.ok && r.errors).toEqual([
      'line 2: BilledCost must be a decimal number, got "N/A"',
      'line 3: ChargePeriodStart must be a date, got "someday"',
    ]);
    expect(!r.ok && r.problems.map(zh)).toEqual([
      '第 2 行：BilledCost 必须是十进制数，实际为 "N/A"',
      '第 3 行：ChargePeriodStart 必须是日期，实际为 "someday"',
    ]);
    const nf = readFocusCsv(bad[1]!);
    expect(!nf.ok && [nf.errors[0], zh(nf.problems[0]!)]).toEqual([
      "not a FOCUS cost-and-usage file: missing column BilledCost or EffectiveCost, ChargePeriodStart",
      "不是 FOCUS 成本与用量文件：缺少列 BilledCost 或 EffectiveCost、ChargePeriodStart",
    ]);
    const ns = readFocusCsv(bad[2]!);
    expect(!ns.ok && [ns.errors[0], zh(ns.problems[0]!)]).toEqual([
      "not a FOCUS cost-and-usage file: missing column ChargePeriodStart",
      "不是 FOCUS 成本与用量文件：缺少列 ChargePeriodStart",
    ]);
    const empty = readFocusCsv("");
    expect(!empty.ok && zh(empty.problems[0]!)).toBe("文件为空");
    const head = readFocusCsv(bad[5]!);
    expect(!head.ok && [head.errors[0], zh(head.problems[0]!)]).toEqual([
      "the file has no charges (only a header)",
      "文件中没有费用行（只有表头）",
    ]);
  });

  it("the other-currency warning and the no-tenants error", () => {
    const read = readFocusCsv(
      "BilledCost,ChargePeriodStart,BillingCurrency\n10,2025-06-01,CNY\n5,2025-06-01,EUR\n6,2025-06-01,USD\n7,2025-06-01,EUR\n",
    );
    if (!read.ok) throw new Error("expected charges");
    const tenants = { pools: [], shared: [], teams: [] };
    const result = { currency: "CNY", tenants } as unknown as PlanResult;
    const cmp = planVsActual(result, read);
    if ("error" in cmp) throw new Error(cmp.error);
    const left = "3 charge(s) in another currency than the plan's CNY (EUR, USD) were left out";
    expect([cmp.warnings, cmp.problems.map(englishOf)]).toEqual([[left], [left]]);
    expect(cmp.problems.map(zh)).toEqual(["3 笔费用的币种不是计划的 CNY（EUR, USD），已排除"]);
    const none = planVsActual({ currency: "CNY" } as unknown as PlanResult, read);
    expect("error" in none && [none.error, zh(none.problem)]).toEqual([
      "the plan has no team allocation (tenants)",
      "计划中没有团队分摊（tenants）",
    ]);
  });

  it("the fixtures read without problems", () => {
    for (const f of readdirSync("fixtures/focus").filter((n) => n.endsWith(".csv"))) {
      const r = readFocusCsv(readFileSync(`fixtures/focus/${f}`, "utf8"), ["70b"]);
      expect([r.ok, r.problems], f).toEqual([true, []]);
    }
  });
});
