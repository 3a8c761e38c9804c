/**
 * The load axis of a sweep (src/engine/curve/load.ts, docs/metrics.md): which field is the load, the
 * defensive load order, the throughput axis and the words for a load level — the choices and
 * boundaries the older tests did not pin down (issue #15, docs/mutation-testing.md).
 */
import { describe, expect, it } from "vitest";
import {
  loadKind,
  loadLabel,
  loadOrder,
  loadRangeLabel,
  loadValue,
  throughputKind,
  throughputValue,
} from "../../../src/engine/curve/load";
import type { SweepPoint } from "../../../src/engine/base/types";

const at = (
  concurrency: number | null,
  requestRate: number | "inf" | null = null,
  rps?: number | null,
): SweepPoint => {
  const p: SweepPoint = { concurrency, requestRate };
  if (rps !== undefined) p.rps = rps;
  return p;
};

describe("loadValue", () => {
  it("reads a finite load, ∞ for an unbounded request rate, null for absent, NaN or a non-number", () => {
    expect(loadValue(at(8), "concurrency")).toBe(8);
    expect(loadValue(at(0), "concurrency")).toBe(0);
    expect(loadValue(at(null, "inf"), "requestRate")).toBe(Number.POSITIVE_INFINITY);
    expect(loadValue(at(null, 4), "requestRate")).toBe(4);
    expect(loadValue(at(null), "concurrency")).toBeNull();
    expect(loadValue(at(Number.NaN), "concurrency")).toBeNull();
    expect(loadValue(at(1), "rps")).toBeNull();
    expect(loadValue(at(1, null, 2.5), "rps")).toBe(2.5);
    // a string that is not "inf" (a malformed import) is no load, not a number
    expect(
      loadValue({ concurrency: "8" as unknown as number, requestRate: null }, "concurrency"),
    ).toBeNull();
    expect(
      loadValue({ concurrency: null, requestRate: "INF" as unknown as "inf" }, "requestRate"),
    ).toBeNull();
  });
});

describe("loadKind", () => {
  it("no points: no load axis", () => expect(loadKind([])).toBeNull());

  it("concurrency when every point has it, else request rate, else rps", () => {
    expect(loadKind([at(1, 2, 3), at(2, 4, 6)])).toBe("concurrency");
    expect(loadKind([at(1, 2, 3), at(null, 4, 6)])).toBe("requestRate");
    expect(loadKind([at(null, "inf", 3), at(null, 4, 6)])).toBe("requestRate");
    expect(loadKind([at(1, null, 3), at(null, 4, 6)])).toBe("rps");
  });

  it("when no field is on every point, the first field (in that order) any point has", () => {
    expect(loadKind([at(1, null), at(null, 4)])).toBe("concurrency");
    expect(loadKind([at(null, null, 3), at(null, 4)])).toBe("requestRate");
    expect(loadKind([at(null, null, 3), at(null, null)])).toBe("rps");
    expect(loadKind([at(null), at(Number.NaN)])).toBeNull();
  });
});

describe("loadOrder", () => {
  it("no load axis: the input order", () => {
    expect(loadOrder([at(null), at(null)])).toEqual([0, 1]);
    expect(loadOrder([at(3), at(1)], null)).toEqual([0, 1]);
  });

  it("sorts by load, equal loads keep their input order, points without a load last in input order", () => {
    // loads 4, 1, 4, –, 2, –, 1
    const pts = [at(4), at(1), at(4), at(null), at(2), at(null), at(1)];
    expect(loadOrder(pts)).toEqual([1, 6, 4, 0, 2, 3, 5]);
  });

  it("a sweep sorted but for the last point is sorted (the fast path must not stop early)", () => {
    expect(loadOrder([at(1), at(2), at(3), at(0)])).toEqual([3, 0, 1, 2]);
    expect(loadOrder([at(1), at(2), at(null), at(3)])).toEqual([0, 1, 3, 2]);
  });

  it("negative and infinite loads sort like numbers", () => {
    expect(loadOrder([at(null, "inf"), at(null, -1), at(null, 2)], "requestRate")).toEqual([
      1, 2, 0,
    ]);
    expect(loadOrder([at(null, -5), at(null, -1)], "requestRate")).toEqual([0, 1]);
  });

  it("an ∞ request rate sorts before a point with no load", () => {
    expect(loadOrder([at(null, null), at(null, "inf"), at(null, 1)], "requestRate")).toEqual([
      2, 1, 0,
    ]);
  });
});

describe("throughputKind", () => {
  const tp = (o: number | null | undefined, r: number | null | undefined): SweepPoint => {
    const p: SweepPoint = { concurrency: 1, requestRate: null };
    if (o !== undefined) p.outputTokensPerSec = o;
    if (r !== undefined) p.rps = r;
    return p;
  };

  it("output tokens/s when every point has it, else rps when every point has it", () => {
    expect(throughputKind([tp(100, 1), tp(200, 2)])).toBe("outputTokensPerSec");
    expect(throughputKind([tp(100, 1), tp(null, 2)])).toBe("rps");
    expect(throughputKind([tp(null, 1), tp(null, 2)])).toBe("rps");
  });

  it("neither on every point: the better covered, output tokens/s on a tie", () => {
    // tokens on 2 of 3, rps on 1 of 3
    expect(throughputKind([tp(1, null), tp(2, null), tp(null, 3)])).toBe("outputTokensPerSec");
    // tokens on 1 of 3, rps on 2 of 3
    expect(throughputKind([tp(1, null), tp(null, 2), tp(null, 3)])).toBe("rps");
    // one each of 3
    expect(throughputKind([tp(1, null), tp(null, 2), tp(null, null)])).toBe("outputTokensPerSec");
  });

  it("none at all (or none finite): null", () => {
    expect(throughputKind([tp(null, null), tp(Number.NaN, Number.POSITIVE_INFINITY)])).toBeNull();
    expect(throughputKind([])).toBeNull();
  });

  it("throughputValue: the finite value on the axis, null otherwise", () => {
    expect(throughputValue(tp(120, 3), "outputTokensPerSec")).toBe(120);
    expect(throughputValue(tp(120, 3), "rps")).toBe(3);
    expect(throughputValue(tp(120, 3), null)).toBeNull();
    expect(throughputValue(tp(Number.POSITIVE_INFINITY, 3), "outputTokensPerSec")).toBeNull();
  });
});

describe("load words", () => {
  it("loadLabel names the axis with at most two decimals; unknown axis or value is an unknown load", () => {
    expect(loadLabel("concurrency", 8)).toBe("concurrency 8");
    expect(loadLabel("requestRate", 1234.567)).toBe("request rate 1,234.57 req/s");
    expect(loadLabel("rps", 4.2)).toBe("4.2 req/s achieved");
    expect(loadLabel("requestRate", Number.POSITIVE_INFINITY)).toBe("request rate ∞ req/s");
    expect(loadLabel(null, 3)).toBe("an unknown load");
    expect(loadLabel("concurrency", null)).toBe("an unknown load");
  });

  it("loadRangeLabel writes the axis once; with an unknown end, two loads", () => {
    expect(loadRangeLabel("concurrency", 8, 64)).toBe("concurrency 8 to 64");
    expect(loadRangeLabel("requestRate", 2, 8.125)).toBe("request rate 2 to 8.13 req/s");
    expect(loadRangeLabel("rps", 1.5, 9)).toBe("1.5 to 9 req/s achieved");
    expect(loadRangeLabel("concurrency", null, 64)).toBe("an unknown load to concurrency 64");
    expect(loadRangeLabel("rps", 2, null)).toBe("2 req/s achieved to an unknown load");
    expect(loadRangeLabel(null, 2, 4)).toBe("an unknown load to an unknown load");
  });
});

describe("load order fast path", () => {
  const pt = (c: number | null): SweepPoint => ({ concurrency: c, requestRate: null });
  it("keeps sorted input (ties included) and still sorts unsorted input", () => {
    expect(loadOrder([pt(1), pt(4), pt(4), pt(8)])).toEqual([0, 1, 2, 3]);
    expect(loadOrder([pt(8), pt(1), pt(4)])).toEqual([1, 2, 0]);
    // A point without a load goes last (the axis is concurrency: the first field any point has).
    expect(loadOrder([pt(null), pt(2), pt(1)])).toEqual([2, 1, 0]);
  });
});
