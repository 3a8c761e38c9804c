/**
 * src/import/formats/common-json.ts: the helpers the JSON importers read their numbers through —
 * absent is never 0, strings with digits are numbers, statistics scaled from seconds, the first tool key of a statistic wins.
 */
import { describe, expect, it } from "vitest";
import {
  get,
  isObj,
  isoFromUnixSeconds,
  loadGivenOutside,
  num,
  statsFrom,
  str,
} from "../../../src/import/formats/common-json";

describe("isObj and get", () => {
  it("isObj: plain objects only (not null, arrays, strings, numbers)", () => {
    for (const v of [{}, { a: 1 }]) expect(isObj(v), JSON.stringify(v)).toBe(true);
    for (const v of [null, [], [1], "x", 3, undefined]) expect(isObj(v), String(v)).toBe(false);
  });

  it("get: string keys into objects, number keys into arrays, undefined as soon as the shape differs", () => {
    const doc = { a: { b: [10, { c: 7 }] }, arr: [1, 2] };
    expect(get(doc, "a", "b", 0)).toBe(10);
    expect(get(doc, "a", "b", 1, "c")).toBe(7);
    expect(get(doc)).toBe(doc);
    // A number key into an object, a string key into an array, anything into a number or null.
    const misses = [get({ 0: "zero" }, 0), get(doc, "arr", "length"), get(doc, "a", "b", 0, "x")];
    misses.push(get(null, "a"), get(null, 0), get(doc, "missing", "deeper"));
    expect(misses).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});

describe("num and str", () => {
  it("num: finite numbers as is; numeric strings parsed; NaN, ±Infinity, null, booleans, junk → undefined (never 0)", () => {
    expect(num(550)).toBe(550);
    expect(num(0)).toBe(0);
    expect(num(-2.5)).toBe(-2.5);
    expect(num("550")).toBe(550);
    expect(num("1,234.5")).toBe(1234.5);
    expect(num(" 12 ")).toBe(12);
    const junk = [NaN, Infinity, -Infinity, "Infinity", "NaN", "abc", "12 ms", ""];
    for (const v of [...junk, null, undefined, true, false, {}, [5]])
      expect(num(v), String(v)).toBeUndefined();
  });

  it("str: non-blank strings as they are; blank strings and non-strings → undefined", () => {
    expect(str("vllm")).toBe("vllm");
    expect(str(" a ")).toBe(" a ");
    for (const v of ["", "   ", 5, null]) expect(str(v), String(v)).toBeUndefined();
  });
});

describe("statsFrom", () => {
  const MAP = { median: "p50", p50: "p50", mean: "mean", p99: "p99" } as const;

  it("maps tool keys to stat keys and scales every value (seconds → ms: × 1000)", () => {
    const stats = statsFrom({ median: 0.25, mean: 0.3, p99: "1.5", other: 9 }, MAP, 1000);
    expect(stats).toStrictEqual({ p50: 250, mean: 300, p99: 1500 });
  });

  it("scale defaults to 1", () => expect(statsFrom({ mean: 7 }, MAP)).toStrictEqual({ mean: 7 }));

  it("the first tool key present wins when two map to the same stat (median before p50)", () => {
    expect(statsFrom({ p50: 2, median: 1 }, MAP)).toStrictEqual({ p50: 1 });
    // An absent or non-numeric first key leaves the stat to the next one.
    expect(statsFrom({ median: null, p50: 2 }, MAP)).toStrictEqual({ p50: 2 });
    expect(statsFrom({ median: "n/a", p50: 2 }, MAP)).toStrictEqual({ p50: 2 });
  });

  it("a value of 0 is kept", () => {
    expect(statsFrom({ mean: 0 }, MAP, 1000)).toStrictEqual({ mean: 0 });
  });

  it("undefined when nothing is present or the source is not an object", () => {
    for (const v of [{ other: 1, mean: null }, {}, null, 3])
      expect(statsFrom(v, MAP), JSON.stringify(v)).toBeUndefined();
    expect(statsFrom([0.5], { 0: "mean" })).toBeUndefined();
  });
});

describe("isoFromUnixSeconds", () => {
  it("seconds since 1970 → ISO date; fractions kept to the millisecond; numeric strings too", () => {
    expect(isoFromUnixSeconds(1e9)).toBe("2001-09-09T01:46:40.000Z");
    expect(isoFromUnixSeconds(1700000000.5)).toBe("2023-11-14T22:13:20.500Z");
    expect(isoFromUnixSeconds("1000000000")).toBe("2001-09-09T01:46:40.000Z");
    expect(isoFromUnixSeconds(1)).toBe("1970-01-01T00:00:01.000Z");
  });

  it("0, negative, absent, junk and out-of-range → null", () => {
    for (const v of [0, -1, -1e9, null, undefined, "x", NaN, 1e17])
      expect(isoFromUnixSeconds(v), String(v)).toBeNull();
  });
});

describe("loadGivenOutside", () => {
  it("true when --concurrency is given (even 0) or the path carries a concurrency; false otherwise", () => {
    expect(loadGivenOutside("results.json", 8)).toBe(true);
    expect(loadGivenOutside("results.json", 0)).toBe(true);
    expect(loadGivenOutside("run-concurrency16/results.json", undefined)).toBe(true);
    expect(loadGivenOutside("results.json", undefined)).toBe(false);
  });
});
