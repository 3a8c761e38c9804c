/**
 * src/import/usage-header.ts: a usage table's header is matched in time linear in its length
 * (runs of spaces before a word made the unit patterns quadratic), through the header lookup, the
 * whole import and the app's header sniff.
 */
import { describe, expect, it, test } from "vitest";
import { rows } from "./helpers";
import { importUsageCsv } from "../../src/import/usage";
import { usageHeader } from "../../src/import/usage-header";
import { looksLikeUsageHeader } from "../../src/ui/state/usage-edit";

/** 100 KB headers of the shapes that made the header matching quadratic (runs of spaces before a word). */
const K100 = 100 * 1024;
const shapes = [
  "team,input tokens,output tokens,total" + " ".repeat(K100) + "x",
  "team,input tokens,output tokens,x(" + " ".repeat(K100) + "x",
  "team,input tokens,output tokens,x" + " ".repeat(K100) + "millionx",
  "team\tinput tokens\toutput tokens\t" + "a ".repeat(K100 / 2),
  "team,input tokens,output tokens," +
    Array.from({ length: K100 / 8 }, (_, i) => `col${i}`).join(","),
];

describe("usage CSV header matching is linear", () => {
  test("a 100 KB header is read well within a budget (it took minutes when quadratic)", () => {
    const t0 = performance.now();
    for (const h of shapes) {
      const r = importUsageCsv(`${h}\nsearch,100,200,\n`, "big.csv");
      expect(r.ok ? r.rows : r.errors).toBeTruthy();
      if (r.ok)
        expect(r.rows[0]).toMatchObject({ team: "search", inputTokens: 100, outputTokens: 200 });
      expect(looksLikeUsageHeader(h.split(/[,\t]/))).toBe(true);
    }
    // Generous budget to catch a hang, not a speed measurement (npm run bench measures speed).
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});

describe("usageHeader: English and Chinese aliases, unit suffixes", () => {
  it.each([
    ...rows("Business Unit|团队|租户", { field: "team" }),
    ...rows("模型|服务", { field: "pool" }),
    ...rows("prompt_tokens|输入 token", { field: "input" }),
    ...rows("completion-tokens|输出token", { field: "output" }),
    ["Total Tokens", { field: "total" }],
    ["预留副本", { field: "reserved" }],
    ["Input Tokens (M)", { field: "input", scale: 1e6 }],
    ["  输出 token （万） ", { field: "output", scale: 1e4 }],
    ["prompt   tokens", { field: "input", scale: 1 }],
    ["Output tokens (k)", { scale: 1e3 }],
  ])("%j → %j", (header, read) => expect(usageHeader(header)).toMatchObject(read));

  it("gives the rank of a match, and no match for a unit without a column or a 500-character name", () => {
    const rank = expect.any(Number);
    expect(usageHeader("输入 token（万）")).toEqual({ field: "input", rank, scale: 1e4 });
    expect([usageHeader("Team (M)"), usageHeader("x".repeat(500))]).toEqual([null, null]);
  });
});
