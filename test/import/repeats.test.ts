import { describe, expect, it } from "vitest";
import { importFiles } from "../../src/import/index";
import { combineRepeats, median } from "../../src/import/repeats";
import { fixture } from "./helpers";

const C16 =
  "vllm/concurrency-sweep-h100/vllm-infqps-concurrency16-Llama-3.1-8B-Instruct-20250612-100829.json";

describe("repeated runs (docs/import.md)", () => {
  it("two run folders with the same load level are repeats: median, repeats 2, no replacement", () => {
    const a = JSON.parse(fixture(C16)) as Record<string, number>;
    const b = {
      ...a,
      mean_ttft_ms: a.mean_ttft_ms! * 3,
      request_throughput: a.request_throughput! * 1.05,
    };
    const r = importFiles([
      { name: "run1/c16.json", text: JSON.stringify(a) },
      { name: "run2/c16.json", text: JSON.stringify(b) },
    ]);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.sweeps).toHaveLength(1);
    const p = r.sweeps[0]!.points[0]!;
    expect(r.sweeps[0]!.points).toHaveLength(1);
    expect(p.repeats).toBe(2);
    expect(p.ttftMs!.mean).toBeCloseTo(a.mean_ttft_ms! * 2, 9);
    expect(p.rps).toBeCloseTo(a.request_throughput! * 1.025, 9);
    // ttft mean ×3 (+200 %) is unstable; rps +5 % is not named
    const w = r.warnings.find((x) => x.code === "unstable-repeats")!;
    expect(w.message).toMatch(
      /^concurrency 16: the 2 repeated runs differ by more than 10 %: ttft mean .* \(\+200 %\)/,
    );
    expect(w.message).not.toContain("rps");
    expect(r.sweeps[0]!.source.files).toEqual(["run1/c16.json", "run2/c16.json"]);
  });

  it("three repeats take the middle value of each statistic independently", () => {
    const pt = (ttft: number, rps: number) => ({
      concurrency: 4,
      requestRate: null,
      rps,
      ttftMs: { p99: ttft },
    });
    const { point, unstable } = combineRepeats([pt(100, 3), pt(300, 1), pt(200, 2)]);
    expect(point.ttftMs).toEqual({ p99: 200 });
    expect(point.rps).toBe(2);
    expect(point.repeats).toBe(3);
    expect(unstable.map((u) => u.name).sort()).toEqual(["rps", "ttft p99"]);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
