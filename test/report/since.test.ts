/** "Since the previous run" (src/report/since.ts) on hand-made runs, numbers checked by hand. */
import { describe, expect, it } from "vitest";
import { words } from "../words";
import type { Sweep, SweepPoint } from "../../src/engine/base/types";
import {
  previousRun,
  sameDeployment,
  sinceKeys,
  sinceMarkdown,
  sinceRun,
} from "../../src/report/since";

/** A load level: concurrency, P99 TTFT, P50 ITL, P99 E2E (ms), requests/s, output tokens/s. */
type Row = [c: number, ttft99: number, itl50: number, e2e99: number, rps: number, tps: number];

function sweep(date: string | null, rows: Row[], meta: Partial<Sweep["meta"]> = {}): Sweep {
  const points: SweepPoint[] = rows.map(([c, ttft, itl, e2e, rps, tps]) => ({
    concurrency: c,
    requestRate: null,
    ttftMs: { p99: ttft },
    itlMs: { p50: itl },
    e2eMs: { p99: e2e },
    rps,
    outputTokensPerSec: tps,
  }));
  return {
    label: "x",
    source: { files: [], format: "capplan-sweep" },
    meta: { model: "m", engine: "vllm", gpu: "H100", gpuCount: 1, date, ...meta },
    points,
    warnings: [],
  };
}

// Before → after at concurrency 8, by hand:
//   TTFT p99 120 → 150: +25.0 %, a latency up beyond 5 %: regression.
//   ITL p50 20 → 20.5: +2.5 %, within 5 %.
//   E2E p99 1000 → 1040: +4.0 %, within 5 %.
//   RPS 10 → 9.4: −6.0 %, a throughput down beyond 5 %: regression.
//   tokens/s 1000 → 980: −2.0 %, within 5 %.
// At concurrency 1 nothing moves; concurrency 16 is only in the new run and is left out.
const before = sweep("2026-12-01T10:00:00Z", [
  [1, 40, 10, 400, 2, 200],
  [8, 120, 20, 1000, 10, 1000],
]);
const after = sweep("2026-12-02T10:00:00Z", [
  [1, 40, 10, 400, 2, 200],
  [8, 150, 20.5, 1040, 9.4, 980],
  [16, 300, 30, 2000, 12, 1200],
]);

/** The run of `then` since the run of `was`, as files "a" and "b". */
const since = (was: Sweep, then: Sweep, threshold?: number) =>
  sinceRun({ file: "a", sweep: was }, { file: "b", sweep: then }, threshold);
const s = sinceRun({ file: "a.json", sweep: before }, { file: "b.json", sweep: after });

describe("sinceRun", () => {
  it("compares the load levels both runs have, in the new run's order; one where nothing moved is no regression", () => {
    expect(s.levels.map((l) => l.at)).toEqual([
      { concurrency: 1, requestRate: null },
      { concurrency: 8, requestRate: null },
    ]);
    expect(s.previous).toEqual({ file: "a.json", date: "2026-12-01T10:00:00Z" });
    expect(s.current).toEqual({ file: "b.json", date: "2026-12-02T10:00:00Z" });
    expect(s.threshold).toBe(5);
    expect(s.regression).toBe(true);
    expect(s.levels[0]!.regression).toBe(false);
    expect(s.levels[0]!.metrics.every((m) => m.changePct === 0)).toBe(true);
    // A higher threshold lets the same changes pass.
    expect(since(before, after, 30).regression).toBe(false);
  });

  it.each([
    ["ttft.p99", 120, 150, 25, true],
    ["itl.p50", 20, 20.5, 2.5, false],
    ["e2e.p99", 1000, 1040, 4, false],
    ["rps", 10, 9.4, -6, true],
    ["outputTokensPerSec", 1000, 980, -2, false],
  ])("%s at concurrency 8: %d → %d is %d %%, regression %s", (key, b, a, pct, bad) => {
    const want = { key, before: b, after: a, changePct: expect.closeTo(pct, 9), regression: bad };
    expect(s.levels[1]!.metrics.find((x) => x.key === key)).toEqual(want);
  });

  it("a latency that went from absent to present has no change", () => {
    const noItl = sweep("2026-11-30", [[8, 120, 20, 1000, 10, 1000]]);
    delete noItl.points[0]!.e2eMs;
    const m = since(noItl, after).levels[0]!.metrics[2]!;
    expect(m).toEqual({
      key: "e2e.p99",
      before: null,
      after: 1040,
      changePct: null,
      regression: false,
    });
  });
});

describe("sinceKeys", () => {
  it("ITL p50 when both runs have ITL, TPOT p50 when they have only TPOT", () => {
    expect(sinceKeys(before, after)).toEqual(
      words("ttft.p99 itl.p50 e2e.p99 rps outputTokensPerSec"),
    );
    const tpot = (s: Sweep): Sweep => ({
      ...s,
      points: s.points.map(({ itlMs, ...p }) => ({ ...p, tpotMs: itlMs! })),
    });
    expect(sinceKeys(tpot(before), tpot(after))[1]).toBe("tpot.p50");
    const t = since(tpot(before), tpot(after));
    expect(t.levels[1]!.metrics[1]).toMatchObject({ key: "tpot.p50", before: 20, after: 20.5 });
  });
});

describe("sameDeployment", () => {
  it.each([
    [{}, true],
    [{ gpu: "A100" }, false],
    [{ gpuCount: 2 }, false],
    [{ engine: "sglang" }, false],
    [{ model: "other" }, false],
    [{ endpoint: "http://elsewhere" }, true],
  ])("%j → %s", (meta, same) => {
    expect(sameDeployment(before, sweep("2026-12-03", [], meta))).toBe(same);
  });
});

describe("previousRun", () => {
  const a100 = sweep("2026-11-30", [], { gpu: "A100" });
  const latest = sweep("2026-12-03T00:00:00Z", []);
  const runs = [
    { file: "2026-12-01.json", sweep: before },
    { file: "2026-12-02.json", sweep: after },
    { file: "2026-11-30-a100.json", sweep: a100 },
    { file: "2026-12-03.json", sweep: latest },
  ];

  // The latest earlier run of the same deployment; none for the first run, for another
  // deployment's only run, or for a copy of itself.
  it.each([
    ["2026-12-03.json", latest, "2026-12-02.json"],
    ["2026-12-02.json", after, "2026-12-01.json"],
    ["2026-12-01.json", before, null],
    ["x.json", a100, null],
    ["copy.json", before, null],
  ])("%s → %s", (file, sweep, want) => {
    const got = previousRun(runs, { file, sweep });
    expect(got?.file ?? got).toBe(want);
  });
});

describe("sinceMarkdown", () => {
  it("names the previous run and has a table per shared level, regressions marked (English)", () => {
    const md = sinceMarkdown(s, "en");
    expect(md).toContain("#### Since the previous run");
    expect(md).toContain("Previous run: a.json (2026-12-01T10:00:00Z) · threshold: 5 %");
    expect(md).toContain("Concurrency 8\n\n| Metric | Before | After | Change |");
    expect(md).toContain("| P99 TTFT | 120.0 | 150.0 | +25.0 % ▲ regression |");
    expect(md).toContain("| P50 ITL | 20.0 | 20.5 | +2.5 % |");
    expect(md).toContain("| P99 E2E | 1000.0 | 1040.0 | +4.0 % |");
    expect(md).toContain("| RPS | 10.00 | 9.40 | \u22126.0 % ▲ regression |");
    expect(md).toContain("| tokens/s | 1000 | 980 | \u22122.0 % |");
    expect(md).not.toContain("Concurrency 16");
    expect(md).toContain("Regressions since the previous run: 2");
  });

  it("in Chinese", () => {
    const md = sinceMarkdown(s, "zh");
    expect(md).toContain("#### 与上次运行相比");
    expect(md).toContain("上次运行：a.json (2026-12-01T10:00:00Z) · 阈值：5 %");
    expect(md).toContain("并发 8\n\n| 指标 | 之前 | 之后 | 变化 |");
    expect(md).toContain("| P99 TTFT | 120.0 | 150.0 | +25.0 % ▲ 退化 |");
    expect(md).toContain("与上次运行相比的退化项：2");
  });

  it("says so when nothing regressed or no level is shared", () => {
    const same = sinceMarkdown(since(before, before), "en");
    expect(same).toContain("No regression since the previous run (threshold 5 %)");
    const none = since(before, sweep("2026-12-05", [[64, 1, 1, 1, 1, 1]]));
    expect(none.levels).toEqual([]);
    expect(sinceMarkdown(none, "zh")).toContain("两次运行没有共同的负载档位。");
  });
});
