/**
 * src/engine/plan/resolve-parts.ts: a numeric field read as written or through its sheet entry,
 * a schedule's numbers, the tenants' defaults, and the small readers of plan JSON; the whole plan's
 * resolution is in resolve-plan.test.ts.
 */
import { describe, expect, it } from "vitest";
import { Sheet } from "../../../src/engine/formula/sheet";
import {
  isObj,
  list,
  numField,
  put,
  readerOf,
  resolveSchedule,
  resolveSku,
  resolveTenants,
  type Reader,
} from "../../../src/engine/plan/resolve-parts";

/** A reader over a sheet of cell `k` = 4 and the entries given (paths → raw values). */
function readerWith(entries: Record<string, unknown>): Reader {
  return readerOf(new Sheet([["cells.k", 4], ...Object.entries(entries)]));
}

describe("numField", () => {
  it.each([
    [{ x: 2.5 }, {}, 2.5],
    [{ x: "=k * 3" }, { "w.x": "=k * 3" }, 12],
    // A formula whose entry is not in the sheet reads nothing; absent is null.
    [{ x: "=k * 3" }, {}, null],
    [{}, {}, null],
    [{ x: "=nosuch" }, { "w.x": "=nosuch" }, null],
  ])("%j (sheet %j) → %s", (o, entries, want) => {
    expect(numField(readerWith(entries), o, "w", "x")).toBe(want);
  });
});

describe("resolveSchedule", () => {
  it("reads its numbers, each rate through its own entry `base.rps[j]`; a schedule from the trace has no rates", () => {
    const num = readerWith({ "s.rps[1]": "=k + 1", "s.intervalSec": "=k * 900" });
    expect(
      resolveSchedule({ intervalSec: "=k * 900", rps: [2, "=k + 1"], minReplicas: 1 }, "s", num),
    ).toEqual({
      intervalSec: 3600,
      rps: [2, 5],
      minReplicas: 1,
      leadIntervals: null,
      fromTrace: false,
    });
    expect(resolveSchedule({ fromTrace: true, rps: [1] }, "s", num)).toEqual({
      intervalSec: null,
      rps: null,
      minReplicas: null,
      leadIntervals: null,
      fromTrace: true,
    });
    expect(resolveSchedule([1, 2], "s", num)).toBeUndefined();
  });
});

describe("resolveSku", () => {
  const numbers = ["concurrency", "rps", "outputTokensPerSec", "totalTokensPerSec"].concat([
    "meanInputTokens",
    "meanOutputTokens",
    "completed",
    "failed",
    "failedPct",
  ]);
  const stats = ["ttftMs", "itlMs", "tpotMs", "ntpotMs", "e2eMs"];
  it("reads every number and statistic of a sweep point through its sheet entry (k = 4, so 12)", () => {
    const at = (k: string) => `skus[0].sweep.points[0].${k}`;
    const point = Object.fromEntries([
      ...numbers.map((k) => [k, "=k * 3"]),
      ...stats.map((m) => [m, { p99: "=k * 3", mean: 5 }]),
    ]);
    const entries = Object.fromEntries([
      ...numbers.map((k) => [at(k), "=k * 3"]),
      ...stats.map((m) => [`${at(m)}.p99`, "=k * 3"]),
    ]);
    const ref = resolveSku({ sweep: { points: [point] } }, 0, ["w"], readerWith(entries)).sweeps.w!;
    expect(ref.kind === "points" && ref.points[0]).toEqual({
      ...Object.fromEntries(numbers.map((k) => [k, 12])),
      ...Object.fromEntries(stats.map((m) => [m, { p99: 12, mean: 5 }])),
      requestRate: null,
    });
  });

  it.each([
    ["model", "Llama-3.1-70B", true],
    ["model", "", false],
    ["model", 7, false],
    ["quantization", "bf16", true],
    ["quantization", "fp8", true],
    ["quantization", "int4", true],
    ["quantization", "int8", false],
    ["kvCacheDtype", "bf16", true],
    ["kvCacheDtype", "fp8", true],
    ["kvCacheDtype", "int4", false],
  ])("copies %s %j only when it is a value the plan file allows: %s", (key, value, kept) => {
    const sku = resolveSku({ [key]: value }, 0, [], readerWith({})) as unknown as Record<
      string,
      unknown
    >;
    expect(Object.hasOwn(sku, key)).toBe(kept);
    if (kept) expect(sku[key]).toBe(value);
  });
});

describe("resolveTenants", () => {
  it("is null without a tenants object; the method and idle default to tokens and proportional", () => {
    const num = readerWith({});
    expect(resolveTenants(undefined, num)).toBeNull();
    expect(resolveTenants([], num)).toBeNull();
    const t = resolveTenants({ pools: [], usage: [] }, num)!;
    expect([t.method, t.idle, t.inputWeight, t.outputWeight]).toEqual([
      "tokens",
      "proportional",
      1,
      1,
    ]);
    const o = resolveTenants({ method: "output", pools: [], usage: [] }, num)!;
    expect([o.method, o.inputWeight, o.outputWeight]).toEqual(["output", 0, 1]);
  });
});

describe("isObj, list, put", () => {
  it("reads plan JSON: objects only, arrays as objects, keys like __proto__ as own properties", () => {
    expect([isObj({}), isObj([]), isObj(null), isObj("x")]).toEqual([true, false, false, false]);
    expect(list([{ a: 1 }, 3, null])).toEqual([{ a: 1 }, {}, {}]);
    expect(list({ a: 1 })).toEqual([]);
    const o: Record<string, number> = {};
    put(o, "__proto__", 7);
    expect(Object.keys(o)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
  });
});
