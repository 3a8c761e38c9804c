/**
 * src/import/show.ts: how a value read from a file appears in a message — short, and honest about
 * numbers JSON cannot hold — and the Chinese of the words it writes.
 */
import { describe, expect, it } from "vitest";
import { cellText, shown, shownCell, shownZh } from "../../src/import/show";

describe("shown", () => {
  it.each([
    [12.5, "12.5"],
    [-0, "0"],
    [1e21, "1e+21"],
    [Number.NaN, "NaN"],
    [Infinity, "a number out of range (beyond ±1.8e308)"],
    [-Infinity, "a number out of range (beyond ±1.8e308)"],
    ["abc", '"abc"'],
    ['say "hi"', '"say \\"hi\\""'],
    ["x".repeat(40), `"${"x".repeat(40)}"`],
    ["x".repeat(41), `"${"x".repeat(40)}…"`],
    [null, "null"],
    [undefined, "nothing"],
    [[1, 2, 3], "an array of 3"],
    [[], "an array of 0"],
    [{ a: 1 }, "an object"],
    [true, "true"],
  ])("%j → %s", (v, text) => {
    expect(shown(v)).toBe(text);
  });

  it("never makes a long message from a long cell", () => {
    expect(shown("y".repeat(100_000))).toHaveLength(43);
  });
});

// JSON objects may shadow toString/valueOf (fuzz found `{"toString": 1}` in a JSON Lines cell),
// and String() on them throws: both helpers write them without calling the object's methods.
const shadowing = JSON.parse('{"toString": 1, "valueOf": 2}');

describe("cellText", () => {
  it.each([
    [12.5, "12.5"],
    ["abc", "abc"],
    [true, "true"],
    [null, "null"],
    [undefined, "undefined"],
    [{ a: 1 }, "[object Object]"],
    [shadowing, "[object Object]"],
    [[1, null, "x"], "1,,x"],
    [[1, [2, shadowing]], "1,2,[object Object]"],
  ])("%j → %s (as String writes it)", (v, text) => {
    expect(cellText(v)).toBe(text);
  });
});

describe("shownCell", () => {
  it.each([
    [12.5, "12.5"],
    [Infinity, "a number out of range (beyond ±1.8e308)"],
    ["abc", '"abc"'],
    [true, '"true"'],
    [null, '"null"'],
    [shadowing, "an object"],
    [[shadowing], "an array of 1"],
  ])("%j → %s", (v, text) => {
    expect(shownCell(v)).toBe(text);
  });
});

describe("shownZh", () => {
  it.each([
    ["a number out of range (beyond ±1.8e308)", "超出范围的数（超过 ±1.8e308）"],
    ["nothing", "空"],
    ["an object", "对象"],
    ["an array of 3", "3 个元素的数组"],
    ['"abc"', '"abc"'],
    ["12.5", "12.5"],
    ["NaN", "NaN"],
    ["null", "null"],
    ["an array of x", "an array of x"],
  ])("%j → %j", (en, zh) => {
    expect(shownZh(en)).toBe(zh);
  });

  it("gives the Chinese of every word shown writes", () => {
    for (const v of [Infinity, undefined, { a: 1 }, [1, 2]])
      expect(shownZh(shown(v))).not.toBe(shown(v));
  });
});
