/**
 * src/import/describe.ts: what an unrecognised file looked like — its shape and size, never its
 * content (docs/import.md "Files that are not recognised"). Code `importShape.*`.
 */
import { describe, expect, it } from "vitest";
import { describeUnrecognised } from "../../src/import/describe";
import { makeInputFile } from "../../src/import/input";

const shape = (text: string) => describeUnrecognised(makeInputFile("x", text));
/** The params of a two-line table. */
const table = (delimiter: string, columns: number, hasLoad: boolean, hasMetric: boolean) => {
  return { delimiter, columns, lines: 2, hasLoad, hasMetric };
};

describe("describeUnrecognised", () => {
  it.each([
    [
      '[1, "a", {"k": 2}, null, [3], 4]',
      "importShape.jsonArray",
      { n: 6, kinds: "number, string, object, null, array" },
    ],
    ["[]", "importShape.emptyArray", {}],
    ['\uFEFF  {"secret": "hunter2", "b": 1}', "importShape.jsonObject", { keys: 2 }],
    ['{"a": 1}\n{"a": 2}\n', "importShape.jsonLines", {}],
    ["# Title\n\nsome words\n", "importShape.markdown", { lines: 3 }],
    ["| a | b |\n|---|---|\n", "importShape.markdown", { lines: 2 }],
    ["just\nsome\nwords", "importShape.text", { lines: 3 }],
    ["concurrency,ttft_ms\n1,2\n", "importShape.table", table("comma", 2, true, true)],
    ['"name";"colour";"size"\nx;y;z\n', "importShape.table", table("semicolon", 3, false, false)],
    ["colour\trps\n1\t2", "importShape.table", table("tab", 2, false, true)],
  ])("%j → %s %j", (text, code, params) => {
    const p = shape(text);
    expect([p.code, p.params]).toEqual([code, params]);
  });

  it("counts at most the first 100 elements' kinds, and never quotes a value", () => {
    const arr = JSON.stringify([...Array.from({ length: 150 }, () => 1), "late string"]);
    expect(shape(arr).params).toEqual({ n: 151, kinds: "number" });
    expect(JSON.stringify(shape('{"password": "hunter2"}'))).not.toContain("hunter2");
  });
});
