/**
 * src/engine/plan/lineage-util.ts: the numbers plugged into formulas, a result path split into keys
 * and written back, and a step's words in both languages.
 */
import { describe, expect, it } from "vitest";
import { lineageNumber, parseLineagePath } from "../../../src/engine/plan/lineage";
import { type LineageCode, lineageMessages } from "../../../src/engine/plan/lineage-messages";
import { pathOf, words } from "../../../src/engine/plan/lineage-util";

describe("lineageNumber: the numbers plugged into formulas", () => {
  it("says n/a for null, undefined and NaN", () => {
    expect([null, undefined, Number.NaN].map(lineageNumber)).toEqual(["n/a", "n/a", "n/a"]);
  });

  it("writes 0 and numbers of at least 0.01 with up to 4 decimals and thousands separators; ±Infinity as ∞", () => {
    expect([0, 0.01, 1234.56789, 12.5, -3].map(lineageNumber)).toEqual([
      "0",
      "0.01",
      "1,234.5679",
      "12.5",
      "-3",
    ]);
    expect([Infinity, -Infinity].map(lineageNumber)).toEqual(["∞", "−∞"]);
  });

  it("writes numbers below 0.01 in 4 significant digits, trailing zeros of an exponent form dropped", () => {
    expect([0.001234, 0.00999, -0.005, 0.0099999, -2e-5].map(lineageNumber)).toEqual([
      "0.001234",
      "0.009990",
      "-0.005000",
      "0.01000",
      "-0.00002000",
    ]);
    expect([1e-7, 1.5e-7, 1.2346e-9, 8.333333e-7].map(lineageNumber)).toEqual([
      "1e-7",
      "1.5e-7",
      "1.235e-9",
      "8.333e-7",
    ]);
  });
});

describe("parseLineagePath: a result path split into keys and indices", () => {
  it("splits keys and (multi-digit) indices", () => {
    expect(parseLineagePath("skus[1].replicas")).toEqual(["skus", 1, "replicas"]);
    expect(parseLineagePath("a.b[2].c")).toEqual(["a", "b", 2, "c"]);
    expect(parseLineagePath("tenants.teams[10].cost")).toEqual(["tenants", "teams", 10, "cost"]);
    expect(parseLineagePath("[3]")).toEqual([3]);
    expect(parseLineagePath("$x._y1")).toEqual(["$x", "_y1"]);
    expect(parseLineagePath("ab.cd")).toEqual(["ab", "cd"]);
    expect(parseLineagePath(".a")).toEqual(["a"]);
  });

  it("refuses the empty path and anything that is not keys and [n]", () => {
    for (const p of ["", "a..b", "a.[1]", "a b", "a[x]", "1a", "a[1]b", "a.", "a[1", "a[-1]"])
      expect(parseLineagePath(p), p).toBeNull();
  });
});

describe("pathOf: keys below a node written as a path", () => {
  it.each([
    [["findings", 0, "rule"], ".findings[0].rule"],
    [["points", 12], ".points[12]"],
    [[], ""],
  ] as const)("%j → %j", (keys, path) => {
    expect(pathOf(keys)).toBe(path);
    if (keys.length) expect(parseLineagePath(`x${path}`)).toEqual(["x", ...keys]);
  });
});

describe("words: a step's words in English and Chinese", () => {
  it("gives both languages, the parameters filled in", () => {
    expect([words("hoursPerDay"), words("recorded", { key: "ttftMs.p99" })]).toEqual([
      { formula: "hours per day", formulaZh: "每天小时数" },
      { formula: "recorded in the files (ttftMs.p99)", formulaZh: "记录在文件中（ttftMs.p99）" },
    ]);
  });

  it("every lineage message has Chinese words of its own", () => {
    // Any parameter reads as 1: enough to render every message.
    const params = new Proxy({}, { get: () => 1 });
    const codes = Object.keys(lineageMessages.defs) as LineageCode[];
    const same = codes.filter((code) => {
      const w = words(code, params);
      return w.formulaZh === w.formula;
    });
    expect([codes.length > 50, same]).toEqual([true, []]);
  });
});
