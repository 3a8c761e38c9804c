/** src/import/formats/vllm-group.ts: records grouped into sweeps, sorted, with skipped runs noted. */
import { describe, expect, it } from "vitest";
import { importFiles } from "../../../src/import/index";
import { firstChar, firstCharIndex } from "../../../src/import/formats/vllm-group";
import { fixture, importFixture } from "../helpers";

describe("buildSweeps", () => {
  const FILE = "vllm/nerdalert_vllm_benchmark_serving_rate_sweep_llama3.1-8b.jsonl";
  const sweeps = importFixture(FILE);
  const v = sweeps.find((s) => s.meta.engine === "vllm")!;
  const sgl = sweeps.find((s) => s.meta.engine === "sglang")!;

  it("splits the 12 lines into one sweep per server (framework metadata vllm / sgl) of 6 points each", () => {
    expect([sweeps.length, v.points.length, sgl.points.length]).toEqual([2, 6, 6]);
    expect(v.label).toBe("vllm · meta-llama/Llama-3.1-8B-Instruct");
    expect(sgl.label).toBe("vllm · meta-llama/Llama-3.1-8B-Instruct · sglang server");
    expect(v.meta).toMatchObject({ model: "meta-llama/Llama-3.1-8B-Instruct" });
    expect([v.meta.date, v.source.format]).toEqual(["2025-04-14T16:51:48", "vllm"]);
  });

  it('sorts points by request rate with the "inf" rate last and open loop (concurrency null)', () => {
    expect(v.points.map((p) => p.requestRate)).toEqual([1, 10, 20, 30, 35, "inf"]);
    expect(v.points.every((p) => p.concurrency === null)).toBe(true);
  });

  it("skips a warm-up run and a failed sweep run with warnings", () => {
    const run0 = fixture("vllm/er0080_vllm_bench_sweep_serve_v0.25.1_run0.json");
    const base = JSON.parse(run0) as object;
    const failed = { run_number: 1, error_type: "TimeoutError", error: "boom" };
    const text = JSON.stringify([
      { ...base, run_number: -1 },
      base,
      { ...failed, serve_overrides: {}, bench_overrides: {} },
    ]);
    const r = importFiles([{ name: "summary.json", text }]);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.sweeps[0]!.points).toHaveLength(1);
    expect(r.warnings.filter((w) => w.code === "skipped").map((w) => w.record)).toEqual([0, 2]);
  });
});

describe("firstCharIndex and firstChar", () => {
  it.each([
    ['\uFEFF  \n{"a":1}', 4, "{"],
    ["[1]", 0, "["],
    ["a,b", 0, "a"],
    [" ".repeat(5000) + "{", -1, ""],
  ])("%j → %d %j", (text, i, c) => {
    expect([firstCharIndex(text), firstChar(text)]).toEqual([i, c]);
  });
});
