/**
 * src/import/usage-header.ts: a usage table's header is matched in time linear in its length
 * (runs of spaces before a word made the unit patterns quadratic), through the header lookup, the
 * whole import and the app's header sniff.
 */
import { describe, expect, test } from "vitest";
import { importUsageCsv, usageHeader } from "../../src/import/usage";
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
  test("unit suffixes and aliases still match", () => {
    expect(usageHeader("Input Tokens (M)")).toMatchObject({ field: "input", scale: 1e6 });
    expect(usageHeader("  输出 token （万） ")).toMatchObject({ field: "output", scale: 1e4 });
    expect(usageHeader("prompt   tokens")).toMatchObject({ field: "input", scale: 1 });
    expect(usageHeader("x".repeat(500))).toBeNull();
  });
});
