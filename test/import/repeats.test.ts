import { describe, expect, it } from "vitest";
import { importFiles } from "../../src/import/index";
import { combineRepeats, median } from "../../src/import/repeats";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SweepPoint } from "../../src/engine/base/types";
import { FIXTURES, fixture } from "./helpers";

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

describe("combineRepeats: spread (docs/uncertainty.md)", () => {
  it("keeps each field's n, mean, std and t-interval over the runs", () => {
    const run = (tps: number, p99: number): SweepPoint => ({
      concurrency: 8,
      requestRate: null,
      outputTokensPerSec: tps,
      ttftMs: { p99 },
    });
    const { point } = combineRepeats([run(1450, 90), run(1500, 100), run(1550, 110)]);
    const s = point.spread!.outputTokensPerSec!;
    // mean 1500, std 50, t(0.975, 2) = 4.302652729749462: ± 124.2068856.
    expect(s.n).toBe(3);
    expect(s.mean).toBe(1500);
    expect(s.lo).toBeCloseTo(1375.7931144, 6);
    expect(s.hi).toBeCloseTo(1624.2068856, 6);
    expect(point.spread!.ttftMs!.p99!.values).toEqual([90, 100, 110]);
    expect(point.spread!.ttftMs!.p99!.hi).toBeCloseTo(100 + 24.84137712, 6);
    // Request counts are not a measurement: no spread.
    expect(point.spread).not.toHaveProperty("completed");
  });
  it("is kept on import of a folder per run (fixtures/vllm/repeats-h100: 3 and 5 runs)", () => {
    const dir = join(FIXTURES, "vllm/repeats-h100");
    const inputs = readdirSync(dir).flatMap((run) =>
      readdirSync(join(dir, run)).map((f) => ({
        name: `${run}/${f}`,
        text: readFileSync(join(dir, run, f), "utf8"),
      })),
    );
    const r = importFiles(inputs);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const pts = r.sweeps[0]!.points;
    expect(pts.map((p) => [p.concurrency, p.repeats, p.spread?.outputTokensPerSec?.n])).toEqual([
      [1, 3, 3],
      [4, 3, 3],
      [16, 5, 5],
      [64, 5, 5],
    ]);
    // Concurrency 16: 1662.06 × (0.985, 0.995, 1, 1.008, 1.012).
    const s = pts[2]!.spread!.outputTokensPerSec!;
    expect(s.mean).toBeCloseTo(1662.061371616147 * 1, 6);
    expect(pts[2]!.spread!.ttftMs!.p99!.values.filter((v) => v > 200)).toHaveLength(1);
  });
});
