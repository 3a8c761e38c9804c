import { describe, expect, test } from "vitest";
import { computePlan } from "../../../src/engine/plan/plan";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import { importUsageCsv, parseUsageTsv, usageHeader } from "../../../src/import/usage";
import { allocationLines } from "../../../src/report/allocation-csv";
import { UI } from "../../../src/ui/i18n";
import {
  conservation,
  looksLikeUsageHeader,
  mapUsagePools,
  monthPeriod,
  unknownPools,
} from "../../../src/ui/state/usage-edit";
import { seed } from "./bench-plan";

const CSV =
  "date,team,model,prompt_tokens,completion_tokens\n2025-06-01,search,llama-70b,100,10\n2025-06-01,support,llama-70b,200,20\n2025-06-01,search,qwen-7b,50,5\n";

describe("usage rows whose model column names no pool of the plan", () => {
  test("the model column is read as the pool, and the names the plan has no pool for are found", () => {
    const r = importUsageCsv(CSV, "usage.csv");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(unknownPools(r.rows, ["70b"])).toEqual(["llama-70b", "qwen-7b"]);
    expect(unknownPools(r.rows, ["llama-70b", "qwen-7b"])).toEqual([]);
    expect(unknownPools([{ team: "a", inputTokens: 1, outputTokens: 1 }], [])).toEqual([]);
  });
  test("mapping models to pools renames them and adds up a team's rows that land in one pool", () => {
    const r = importUsageCsv(CSV, "usage.csv");
    if (!r.ok) throw new Error("import failed");
    /** Each model's pool, from an object of model → pool. */
    const mapped = (pools: Record<string, string | null>) =>
      mapUsagePools(r.rows, new Map(Object.entries(pools)));
    expect(mapped({ "llama-70b": "70b", "qwen-7b": "70b" })).toEqual([
      { team: "search", pool: "70b", inputTokens: 150, outputTokens: 15 },
      { team: "support", pool: "70b", inputTokens: 200, outputTokens: 20 },
    ]);
    // null = the plan's only (default) pool: the rows carry no pool.
    expect(mapped({ "llama-70b": null, "qwen-7b": "small" })).toEqual([
      { team: "search", inputTokens: 100, outputTokens: 10 },
      { team: "support", inputTokens: 200, outputTokens: 20 },
      { team: "search", pool: "small", inputTokens: 50, outputTokens: 5 },
    ]);
  });
});

describe("looksLikeUsageHeader", () => {
  test.each([
    [["团队", "输入 token", "输出 token"], true],
    [["Output tokens", "Business Unit"], true],
    [["search", "70b", "1000", "2000"], false],
    [["team", "date"], false],
  ])("%j is a usage header: %s (a team column and a token column)", (row, want) => {
    expect(looksLikeUsageHeader(row)).toBe(want);
  });
  // What the grid shows is what a paste reads: its own column labels, copied with the rows, are a header.
  test.each(["en", "zh"] as const)(
    "the Teams grid's own %s column labels are a usage header",
    (lang) => {
      const L = UI[lang];
      const labels = [L.team, L.pool, L.inputTokensDay, L.outputTokensDay, L.reservedReplicas];
      expect(looksLikeUsageHeader(labels)).toBe(true);
      const fields = labels.map((h) => usageHeader(h)?.field);
      expect(fields).toEqual(["team", "pool", "input", "output", "reserved"]);
      const r = parseUsageTsv(`${labels.join("\t")}\nsearch\t70b\t400000000\t80000000\t2\n`);
      expect(r.ok && r.rows).toEqual([
        { team: "search", pool: "70b", inputTokens: 4e8, outputTokens: 8e7, reservedReplicas: 2 },
      ]);
    },
  );
});

describe("conservation", () => {
  test("the seed allocation conserves 1,920.00 a day and 58,400.00 a month", () => {
    // 1920 × 730/24 = 58,400.00; teams 443.08 + 1,476.92 = 1,920.00 (docs/allocation.md).
    expect(conservation(allocationLines(computePlan(resolvePlan(seed))))).toEqual([
      {
        pool: "70b",
        partsMinor: 192000,
        totalMinor: 192000,
        partsMonthMinor: 5840000,
        totalMonthMinor: 5840000,
        ok: true,
      },
    ]);
  });
});

describe("monthPeriod", () => {
  test.each([
    ["2024-02-15T12:00:00Z", "2024-02-01", 29],
    ["2025-12-31T23:59:59Z", "2025-12-01", 31],
  ])("the FOCUS period of %s is the calendar month from %s, %i days", (now, start, days) => {
    expect(monthPeriod(new Date(now))).toEqual({ start, days });
  });
});
