import { describe, expect, test } from "vitest";
import { importUsageCsv } from "../../../src/import/usage";
import { mapUsagePools, unknownPools } from "../../../src/ui/state/usage-edit";

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
    expect(
      mapUsagePools(
        r.rows,
        new Map([
          ["llama-70b", "70b"],
          ["qwen-7b", "70b"],
        ]),
      ),
    ).toEqual([
      { team: "search", pool: "70b", inputTokens: 150, outputTokens: 15 },
      { team: "support", pool: "70b", inputTokens: 200, outputTokens: 20 },
    ]);
    // null = the plan's only (default) pool: the rows carry no pool.
    expect(
      mapUsagePools(
        r.rows,
        new Map([
          ["llama-70b", null],
          ["qwen-7b", "small"],
        ]),
      ),
    ).toEqual([
      { team: "search", inputTokens: 100, outputTokens: 10 },
      { team: "support", inputTokens: 200, outputTokens: 20 },
      { team: "search", pool: "small", inputTokens: 50, outputTokens: 5 },
    ]);
  });
});
