/**
 * src/import/merge.ts: how the parts that files yield become sweeps — the load a point is sorted
 * by, which files merge into one sweep, two exports of one run merged into one point, repeated
 * runs combined by their median, and a corrupt file's lost load level told to its sweep.
 */
import { describe, expect, it } from "vitest";
import type { Sweep, SweepMeta, SweepPoint } from "../../src/engine/base/types";
import { importMessages } from "../../src/import/messages/pipeline";
import {
  finishSweep,
  loadOf,
  mergeKey,
  mergePoints,
  noteLostLevel,
  sortPoints,
  type Tagged,
} from "../../src/import/merge";
import type { ImportIssue } from "../../src/import/types";

const META: SweepMeta = { model: "m", engine: "vllm", gpu: "H100", gpuCount: 1, date: null };
const pt = (p: Partial<SweepPoint>): SweepPoint => ({ concurrency: null, requestRate: null, ...p });
const part = (file: string, points: SweepPoint[], meta: Partial<SweepMeta> = {}): Tagged => ({
  format: "vllm",
  file,
  sweep: { meta: { ...META, ...meta }, points, warnings: [] },
});

describe("loadOf", () => {
  it.each([
    [pt({ concurrency: 8 }), 8],
    [pt({ concurrency: 8, requestRate: 2 }), 8],
    [pt({ requestRate: 2 }), 2],
    [pt({ requestRate: "inf" }), Infinity],
    [pt({ rps: 3.1 }), 3.1],
    [pt({}), 0],
  ])("%j → %d", (p, load) => {
    expect(loadOf(p)).toBe(load);
  });
});

describe("sortPoints", () => {
  it("sorts in place by load, then by rps, stably, and returns the same array", () => {
    const a = pt({ concurrency: 16, rps: 1 });
    const b = pt({ concurrency: 2, rps: 9 });
    const c = pt({ requestRate: "inf" });
    const d = pt({ rps: 5 });
    const e = pt({ rps: 3 });
    const f = pt({ concurrency: 2, rps: 4 });
    const points = [a, b, c, d, e, f];
    expect(sortPoints(points)).toBe(points);
    // Loads: a 16, b 2, c ∞, d 5, e 3, f 2 (b and f tie: f's rps 4 < b's 9).
    expect(points).toEqual([f, b, e, d, a, c]);
    // Equal points keep their order (a stable sort).
    const x = pt({ concurrency: 4, rps: 2, completed: 1 });
    const y = pt({ concurrency: 4, rps: 2, completed: 2 });
    expect(sortPoints([x, y])).toEqual([x, y]);
    expect(sortPoints([])).toEqual([]);
  });
});

describe("mergeKey", () => {
  it("joins files with the same format, model, engine, GPU, GPU count and label; without a model, only files whose paths differ in digits alone", () => {
    expect(mergeKey(part("a/c8.json", []))).toBe(mergeKey(part("b/c16.json", [])));
    const key = (f: string) => mergeKey(part(f, [], { model: null }));
    const c8 = key("x-concurrency8/profile_export.csv");
    expect(c8).toBe(key("x-concurrency64/profile_export.csv"));
    expect(c8).not.toBe(key("y-concurrency8/profile_export.csv"));
  });

  const a = part("a.json", []);
  it.each([
    ["model", part("a.json", [], { model: "other" })],
    ["engine", part("a.json", [], { engine: "sglang" })],
    ["gpu", part("a.json", [], { gpu: "A100" })],
    ["gpuCount", part("a.json", [], { gpuCount: 8 })],
    ["format", { ...a, format: "sglang" }],
    ["label", { ...a, sweep: { ...a.sweep, label: "run A" } }],
  ])("keeps files apart when the %s differs", (_, other) => {
    expect(mergeKey(part("a.json", []))).not.toBe(mergeKey(other));
  });
});

describe("mergePoints", () => {
  it("unites the statistics; where both have one, the point with more statistics wins", () => {
    const csv = pt({ concurrency: 4, rps: 2, ttftMs: { mean: 10, p99: 30 } });
    csv.sources = [{ file: "a.csv", line: 2 }];
    const json = pt({ concurrency: 4, rps: 2.001, ttftMs: { mean: 10.25, p50: 9 } });
    Object.assign(json, { e2eMs: { mean: 900 }, sources: [{ file: "a.json" }] });
    // json has 3 statistics, csv 2: json's values win, csv's p99 is kept.
    const m = mergePoints(csv, json);
    expect([m.rps, m.e2eMs]).toEqual([2.001, { mean: 900 }]);
    expect(m.ttftMs).toEqual({ mean: 10.25, p99: 30, p50: 9 });
    expect(m.sources).toEqual([{ file: "a.csv", line: 2 }, { file: "a.json" }]);
    // The same whichever comes first.
    expect(mergePoints(json, csv).ttftMs).toEqual({ mean: 10.25, p99: 30, p50: 9 });
  });

  it("keeps a value the richer point leaves out, and gives no sources when neither has any", () => {
    const a = pt({ concurrency: 4, completed: 100, ttftMs: { mean: 1 } });
    const b = pt({ concurrency: 4, ttftMs: { mean: 2, p99: 3 } });
    const m = mergePoints(a, b);
    expect(m).toEqual(pt({ concurrency: 4, completed: 100, ttftMs: { mean: 2, p99: 3 } }));
    expect(m.sources).toBeUndefined();
  });
});

describe("finishSweep", () => {
  it("merges two exports of one run into one point, and labels the sweep format · model", () => {
    const warnings: ImportIssue[] = [];
    const csv = part("run/profile_export.csv", [pt({ concurrency: 8, ttftMs: { mean: 10 } })]);
    const json = part("run/profile_export.json", [
      pt({ concurrency: 8, ttftMs: { mean: 10.5, p99: 20 } }),
    ]);
    const s = finishSweep("genai-perf", [csv, json], warnings);
    expect([s.label, s.source, s.points, warnings]).toEqual([
      "genai-perf · m",
      { files: ["run/profile_export.csv", "run/profile_export.json"], format: "genai-perf" },
      [pt({ concurrency: 8, ttftMs: { mean: 10.5, p99: 20 } })],
      [],
    ]);
    expect(s.points[0]!.repeats).toBeUndefined();
  });

  it("combines one load level of several runs into its median with a repeats note", () => {
    const warnings: ImportIssue[] = [];
    const c = (concurrency: number, rps: number) => pt({ concurrency, rps });
    const runs = [part("r1/c4.json", [c(4, 1)]), part("r2/c4.json", [c(4, 3)])];
    const s = finishSweep("vllm", [...runs, part("r3/c4.json", [c(4, 2), c(1, 0.5)])], warnings);
    // Median of 1, 3, 2 = 2; concurrency 1 sorted first.
    expect(s.points.map((p) => [p.concurrency, p.rps, p.repeats])).toEqual([
      [1, 0.5, undefined],
      [4, 2, 3],
    ]);
    const files = "r1/c4.json, r2/c4.json, r3/c4.json";
    const note = importMessages.problem("repeats", { kind: "concurrency", load: 4, n: 3, files });
    expect(s.problems?.[0]).toEqual(note);
    expect(s.warnings[0]).toBe(
      "concurrency 4 was measured 3 times (in r1/c4.json, r2/c4.json, r3/c4.json): repeats, the point holds the median of each statistic",
    );
    expect(warnings.map((w) => [w.file, w.code])).toEqual([
      ["r3/c4.json", "repeats"],
      ["r3/c4.json", "unstable-repeats"],
    ]);
  });

  it("keeps points without a load as they are, and each file's note once", () => {
    const a = part("a.csv", [pt({ rps: 5 })]);
    const b = part("b.csv", [pt({ rps: 2 })]);
    const note = importMessages.problem("pathLoad", {});
    for (const t of [a, b]) {
      t.sweep.warnings.push("same note");
      t.sweep.problems = [note];
    }
    a.sweep.label = "given";
    const s = finishSweep("generic-csv", [a, b], []);
    expect([s.label, s.warnings, s.problems]).toEqual(["given", ["same note"], [note]]);
    expect(s.points.map((p) => p.rps)).toEqual([2, 5]);
  });
});

describe("noteLostLevel", () => {
  const sweep = (files: string[]): Sweep => ({
    label: "s",
    source: { files, format: "vllm" },
    meta: META,
    points: [],
    warnings: [],
  });
  const at = { file: "sweep/c32/result.json", line: 3, column: 7 };
  const corrupt: ImportIssue = { ...at, code: "json", message: "unexpected end of JSON" };

  it("tells the sweep whose paths have the same shape, with the load read from the path", () => {
    const same = sweep(["sweep/c8/result.json", "sweep/c16/result.json"]);
    const other = sweep(["elsewhere/x.json"]);
    noteLostLevel(corrupt, [same, other]);
    expect(same.warnings[0]).toBe(
      "sweep/c32/result.json:3:7 could not be imported (unexpected end of JSON): this sweep lacks its load level (concurrency 32, by its path)",
    );
    const problem = expect.objectContaining({ code: "text" });
    expect(same.dropped).toEqual([{ ...at, reason: "unexpected end of JSON", problem }]);
    expect([other.warnings, other.dropped]).toEqual([[], undefined]);
  });

  it("falls back to the sweep of the same folder, then records the drop on every sweep", () => {
    const folder = sweep(["sweep/c32/other-name.json"]);
    noteLostLevel(corrupt, [folder]);
    expect(folder.warnings).toHaveLength(1);
    const a = sweep(["x/1.json"]);
    const b = sweep(["y/2.json"]);
    noteLostLevel(corrupt, [a, b]);
    const dropped = [a.dropped?.[0]?.file, b.dropped?.[0]?.file];
    expect([a.warnings, dropped]).toEqual([[], ["sweep/c32/result.json", "sweep/c32/result.json"]]);
  });
});
