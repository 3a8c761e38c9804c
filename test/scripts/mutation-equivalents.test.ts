/**
 * scripts/mutation-equivalents.mjs: the equivalent mutants of test/mutation/equivalent.json are
 * written into a scratch copy as Stryker disable comments, found by their code whatever the
 * formatter did to it; and every entry of the list still names code of its file.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the repository's scripts, without type declarations
import * as eq from "../../scripts/mutation-equivalents.mjs";

interface Entry {
  file: string;
  code: string;
  mutators: string[] | "all";
  reason: string;
}
const { applyEquivalents, byFile, findSpans, normalizeCode } = eq as {
  applyEquivalents: (text: string, entries: Entry[]) => { text: string; stale: Entry[] };
  byFile: (entries: Entry[]) => Map<string, Entry[]>;
  findSpans: (lines: string[], code: string) => [number, number][];
  normalizeCode: (code: string) => string;
};

const entry = (code: string, mutators: string[] | "all" = ["ConditionalExpression"]): Entry => ({
  file: "src/x.ts",
  code,
  mutators,
  reason: "cache",
});

describe("normalizeCode", () => {
  it.each([
    ["const a = f(x, y);", "consta=fx,y;"],
    ["xs.map(x => x + 1)", "xs.mapx=>x+1"],
    ["xs.map((x) => x + 1)", "xs.mapx=>x+1"],
    ["g(\n  a,\n  b,\n)", "ga,b"],
    ["configurable: true,", "configurable:true"],
    ["[1, 2,]", "[1,2]"],
  ])("%j → %j", (code, want) => expect(normalizeCode(code)).toBe(want));
});

describe("findSpans", () => {
  it("finds a statement the formatter broke over several lines, and each of its occurrences", () => {
    const lines = [
      "function f() {",
      "  if (!where)",
      "    return syntax(",
      '      P.problem("x", { d: 1 }),',
      '      "invalid JSON",',
      "    );",
      '  if (!where) return syntax(P.problem("x", { d: 1 }), "invalid JSON");',
      "}",
    ];
    const code = 'if (!where) return syntax(P.problem("x", { d: 1 }), "invalid JSON");';
    expect(findSpans(lines, code)).toEqual([
      [1, 5],
      [6, 6],
    ]);
    expect(findSpans(lines, "nowhere()")).toEqual([]);
    expect(findSpans(lines, "   ")).toEqual([]);
  });
});

describe("applyEquivalents", () => {
  it("writes a next-line comment, indented, above a one-line statement", () => {
    const text = "function f(a) {\n  if (hit !== undefined) return hit;\n  return a;\n}";
    const r = applyEquivalents(text, [entry("if (hit !== undefined) return hit;")]);
    expect(r.stale).toEqual([]);
    expect(r.text.split("\n")).toEqual([
      "function f(a) {",
      "  // Stryker disable next-line ConditionalExpression: cache",
      "  if (hit !== undefined) return hit;",
      "  return a;",
      "}",
    ]);
  });

  it("brackets a statement of several lines with disable and restore, for every mutator", () => {
    const text = "x;\n    return g(\n      a,\n    );\ny;";
    const r = applyEquivalents(text, [entry("return g(a);", "all")]);
    expect(r.text.split("\n")).toEqual([
      "x;",
      "    // Stryker disable all: cache",
      "    return g(",
      "      a,",
      "    );",
      "    // Stryker restore all",
      "y;",
    ]);
  });

  it("gives entries with the same code its occurrences in order, and reports an entry left over", () => {
    const text = "a();\nb();\na();";
    const two = applyEquivalents(text, [entry("a();", ["A"]), entry("a();", ["B"])]);
    expect(two.text.split("\n")).toEqual([
      "// Stryker disable next-line A: cache",
      "a();",
      "b();",
      "// Stryker disable next-line B: cache",
      "a();",
    ]);
    const three = applyEquivalents(text, [entry("a();"), entry("a();"), entry("a();")]);
    expect(three.stale).toHaveLength(1);
  });

  it("leaves the text alone and reports an entry whose code is gone", () => {
    const gone = entry("if (removed) return;");
    const r = applyEquivalents("a();\n", [gone]);
    expect(r.text).toBe("a();\n");
    expect(r.stale).toEqual([gone]);
  });
});

describe("test/mutation/equivalent.json", () => {
  const root = join(__dirname, "../..");
  const list = JSON.parse(readFileSync(join(root, "test/mutation/equivalent.json"), "utf8")) as {
    entries: Entry[];
  };

  it("has a file, code, mutators and a reason in every entry", () => {
    const bad = list.entries.filter(
      (e) =>
        !e.file.startsWith("src/") ||
        !e.code.trim() ||
        !e.reason.trim() ||
        !(e.mutators === "all" || (Array.isArray(e.mutators) && e.mutators.length > 0)),
    );
    expect(bad).toEqual([]);
  });

  it("names only code that is still in its file (a stale entry is removed with the code)", () => {
    const stale: string[] = [];
    for (const [file, entries] of byFile(list.entries)) {
      const text = readFileSync(join(root, file), "utf8")
        .split("\n")
        .filter((l) => !/^\s*\/\/ Stryker (disable|restore)/.test(l))
        .join("\n");
      for (const e of applyEquivalents(text, entries).stale)
        stale.push(`${file}: ${e.code.slice(0, 80)}`);
    }
    expect(stale).toEqual([]);
  });
});
