/**
 * Paths into a plan document (src/engine/plan/plan-path.ts, docs/plan-file.md): what parses and what
 * does not, prototype keys refused, writing with containers created on the way, deleting keys
 * (issue #15).
 */
import { describe, expect, it } from "vitest";
import { deleteAtPath, parsePath, setAtPath } from "../../../src/engine/plan/plan-path";

describe("parsePath", () => {
  it("reads keys, indexes and quoted keys", () => {
    expect(parsePath("skus[1].pricePerGpuHour")).toEqual(["skus", 1, "pricePerGpuHour"]);
    expect(parsePath('skus[2].sweeps["my load"].replicaOutputTokensPerSec')).toEqual([
      "skus",
      2,
      "sweeps",
      "my load",
      "replicaOutputTokensPerSec",
    ]);
    expect(parsePath("cells.peak")).toEqual(["cells", "peak"]);
    expect(parsePath("$a._b9.Z")).toEqual(["$a", "_b9", "Z"]);
    expect(parsePath("a[0][12]")).toEqual(["a", 0, 12]);
    expect(parsePath("a[007]")).toEqual(["a", 7]);
    expect(parsePath("[3].x")).toEqual([3, "x"]);
    expect(parsePath('["a.b"]')).toEqual(["a.b"]);
    expect(parsePath('a["x"]["y"]')).toEqual(["a", "x", "y"]);
    expect(parsePath('a[""]')).toEqual(["a", ""]);
  });

  it("reads JSON escapes in quoted keys, including an escaped quote and backslash", () => {
    expect(parsePath('a["say \\"hi\\""]')).toEqual(["a", 'say "hi"']);
    expect(parsePath('a["\\u0041\\\\"]')).toEqual(["a", "A\\"]);
    expect(parsePath('a["x\\"]')).toBeNull(); // the quote is escaped: the string does not end
  });

  it("refuses what is not a path", () => {
    for (const p of [
      "",
      ".a",
      "a.",
      "a..b",
      "a b",
      "1a",
      "a.1",
      "a-b",
      "a[0]b",
      "a[-1]",
      "a[1",
      "a[]",
      "a[x]",
      'a["x"',
      'a["x\\q"]',
      "a[1.5]",
      "!a",
      "a!",
      "x[a][0]",
      "a.[0]",
      "a[0].",
      "a['x']",
      '"a"',
    ]) {
      expect(parsePath(p), p).toBeNull();
    }
  });

  it("refuses a path through __proto__, constructor or prototype anywhere, as a key or quoted", () => {
    for (const p of [
      "__proto__",
      "a.__proto__",
      "a.constructor.x",
      'a["prototype"]',
      '["__proto__"].x',
      "prototype",
    ])
      expect(parsePath(p), p).toBeNull();
    expect(parsePath("constructors.prototypes.__proto")).toEqual([
      "constructors",
      "prototypes",
      "__proto",
    ]);
  });
});

describe("setAtPath", () => {
  it("writes a value, creating objects for keys and arrays for indexes on the way", () => {
    const root: Record<string, unknown> = {};
    expect(setAtPath(root, "a.b[2].c", 5)).toBe(true);
    expect(root).toEqual({ a: { b: [undefined, undefined, { c: 5 }] } });
    expect(Array.isArray((root.a as { b: unknown }).b)).toBe(true);
    expect(setAtPath(root, 'a.b[2]["my key"]', "x")).toBe(true);
    expect((root.a as { b: Record<string, unknown>[] }).b[2]).toEqual({ c: 5, "my key": "x" });
  });

  it("replaces a value that is not a container on the way, and keeps containers that are there", () => {
    const root: Record<string, unknown> = { a: 5, b: null, c: [1, 2], d: { e: 1 } };
    expect(setAtPath(root, "a.x", 1)).toBe(true);
    expect(setAtPath(root, "b[0]", 2)).toBe(true);
    expect(setAtPath(root, "c[1]", 3)).toBe(true);
    expect(setAtPath(root, "d.f", 4)).toBe(true);
    expect(root).toEqual({ a: { x: 1 }, b: [2], c: [1, 3], d: { e: 1, f: 4 } });
  });

  it("refuses a bad path or a root that is not an object, and changes nothing", () => {
    const root: Record<string, unknown> = { a: 1 };
    expect(setAtPath(root, "a..b", 2)).toBe(false);
    expect(setAtPath(root, "__proto__.polluted", 1)).toBe(false);
    expect(root).toEqual({ a: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(setAtPath(null as unknown as Record<string, unknown>, "a", 1)).toBe(false);
    expect(setAtPath(null as unknown as Record<string, unknown>, "a.b", 1)).toBe(false);
    expect(setAtPath(7 as unknown as Record<string, unknown>, "a", 1)).toBe(false);
  });
});

describe("deleteAtPath", () => {
  it("deletes an object key and says so", () => {
    const root: Record<string, unknown> = { cells: { a: 1, b: 2 }, x: 3 };
    expect(deleteAtPath(root, "cells.a")).toBe(true);
    expect(deleteAtPath(root, "x")).toBe(true);
    expect(root).toEqual({ cells: { b: 2 } });
    expect(deleteAtPath(root, 'cells["b"]')).toBe(true);
    expect(root).toEqual({ cells: {} });
  });

  it("false when the key is not there, the container is missing or not an object, or is an array", () => {
    const root: Record<string, unknown> = { a: { b: 1 }, list: [1, 2], n: null, five: 5 };
    expect(deleteAtPath(root, "a.c")).toBe(false);
    expect(deleteAtPath(root, "a.toString")).toBe(false);
    expect(deleteAtPath(root, "zz.b")).toBe(false);
    expect(deleteAtPath(root, "list[0]")).toBe(false);
    expect(deleteAtPath(root, "n.b")).toBe(false);
    expect(deleteAtPath(root, "n.b.c")).toBe(false);
    expect(deleteAtPath(root, "five.b.c")).toBe(false);
    expect(deleteAtPath(root, "a..b")).toBe(false);
    expect(deleteAtPath(root, "list[0].x")).toBe(false);
    expect(root).toEqual({ a: { b: 1 }, list: [1, 2], n: null, five: 5 });
  });

  it("deletes inside an array element's object", () => {
    const root: Record<string, unknown> = { list: [{ k: 1, j: 2 }] };
    expect(deleteAtPath(root, "list[0].k")).toBe(true);
    expect(root).toEqual({ list: [{ j: 2 }] });
  });
});
