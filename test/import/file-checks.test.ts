/**
 * src/import/file-checks.ts: what a file must pass before any importer reads it — not empty, not
 * binary, within the size, line and column limits of a text table, and with no JSON number a
 * double cannot hold. Each refusal names the file, and the line where there is one.
 */
import { describe, expect, it } from "vitest";
import type { Problem } from "../../src/engine/base/problems";
import { renderProblem } from "../../src/report/messages";
import { words } from "./helpers";
import {
  limitProblem,
  MAX_COLUMNS,
  MAX_FILE_BYTES,
  MAX_LINE_CHARS,
  outOfRangeOf,
  sniffProblem,
  tooLargeMessage,
  tooLargeProblem,
} from "../../src/import/file-checks";
import { makeInputFile } from "../../src/import/input";

const file = (text: string) => makeInputFile("f.csv", text);
const zh = (p: Problem<object> | undefined) => (p ? renderProblem(p, "zh") : "");

describe("the limits", () => {
  it("are 512 MiB per file, 1 MiB per line and 10,000 columns", () => {
    expect([MAX_FILE_BYTES, MAX_LINE_CHARS, MAX_COLUMNS]).toEqual([536_870_912, 1_048_576, 10_000]);
  });
});

describe("tooLargeProblem and tooLargeMessage", () => {
  it("say the size in whole MiB and the limit", () => {
    const params = { bytes: 600 * 2 ** 20, limitBytes: MAX_FILE_BYTES };
    const problem = { code: "import.tooLarge", severity: "error", params };
    expect(tooLargeProblem(600 * 2 ** 20)).toEqual(problem);
    expect(tooLargeMessage(600.4 * 2 ** 20)).toBe(
      "file is 600 MiB; the limit is 512 MiB (split the file, or import per-request logs per load level)",
    );
  });
});

describe("sniffProblem", () => {
  it.each([
    ["", "empty"],
    [" \n\t\r\n", "empty"],
    ["\uFEFF\n", "empty"],
    ["a\u0000b", "binary"],
    ["caf\uFFFD", "binary"],
  ])("%j → %s", (text, code) => {
    expect(sniffProblem(file(text))?.code).toBe(code);
  });

  it("gives the empty file line 1 and names the file, in English and Chinese", () => {
    expect(sniffProblem(file(""))).toMatchObject({ file: "f.csv", code: "empty", line: 1 });
    const empty = sniffProblem(file(" \n"))!;
    expect([empty.problem?.code, empty.message, zh(empty.problem)]).toEqual(
      words("import.empty|file is empty|文件为空"),
    );
  });

  it("calls a text binary when more than 5 % of its first 8 KiB are control characters", () => {
    // 100 characters, 5 of them \x01: exactly 5 %, not more.
    const five = `${"\x01".repeat(5)}${"a".repeat(95)}`;
    expect(sniffProblem(file(five))).toBeNull();
    const six = `${"\x01".repeat(6)}${"a".repeat(94)}`;
    const binary = sniffProblem(file(six));
    expect([binary?.message, zh(binary?.problem)]).toEqual([
      "file looks binary (control characters), not a text benchmark output",
      "文件看起来是二进制（含控制字符），不是文本格式的压测输出",
    ]);
    expect(zh(sniffProblem(file("ab\u0000cd"))?.problem)).toBe(
      "文件看起来是二进制（含 NUL 或无法解码的字节），不是文本格式的压测输出",
    );
    // Tab, line feed, carriage return and form feed are text.
    expect(sniffProblem(file("a\t\n\r\f".repeat(50)))).toBeNull();
    // Control characters after the first 8 KiB are not looked at.
    expect(sniffProblem(file(`${"a".repeat(8192)}${"\x02".repeat(1000)}`))).toBeNull();
  });

  it("takes a plain table", () => {
    expect(sniffProblem(file("concurrency,ttft_ms\n1,20\n"))).toBeNull();
  });
});

describe("limitProblem", () => {
  it("refuses a line over 1 MiB with its line number, and takes one of exactly 1 MiB", () => {
    const at = (n: number) => `a,b\n${"x".repeat(n)}\n`;
    expect(limitProblem(file(at(MAX_LINE_CHARS)))).toBeNull();
    const r = limitProblem(file(at(MAX_LINE_CHARS + 1)));
    expect(r).toMatchObject({ file: "f.csv", code: "line-too-long", line: 2 });
    expect(r?.message).toBe(
      "line 2 is 1.0 MiB long; a line of a text table may be at most 1 MiB (a file without line breaks?)",
    );
    const long = limitProblem(file(`a,b\n${"1".repeat(1.5 * 2 ** 20)}\n`))!;
    expect([long.message, zh(long.problem)]).toEqual([
      "line 2 is 1.5 MiB long; a line of a text table may be at most 1 MiB (a file without line breaks?)",
      "第 2 行长 1.5 MiB；文本表格的一行最多 1 MiB（文件没有换行？）",
    ]);
  });

  it("leaves JSON documents alone: a tool may write a whole result on one line", () => {
    const long = `{"a":"${"x".repeat(MAX_LINE_CHARS + 10)}"}`;
    expect(limitProblem(file(long))).toBeNull();
    expect(limitProblem(file(`\uFEFF \n[${"1,".repeat(MAX_LINE_CHARS)}1]`))).toBeNull();
  });

  it.each([
    [",", MAX_COLUMNS, null],
    [",", MAX_COLUMNS + 1, "too-many-columns"],
    [";", MAX_COLUMNS + 1, "too-many-columns"],
    ["\t", MAX_COLUMNS + 1, "too-many-columns"],
  ])("a header split by %j into %d columns → %s", (d, n, code) => {
    const header = Array.from({ length: n }, (_, i) => `c${i}`).join(d);
    expect(limitProblem(file(`\n\n${header}\n1\n`))?.code ?? null).toBe(code);
  });

  it("counts the header's columns outside quotes, on the first non-blank line", () => {
    const quoted = `"${",".repeat(MAX_COLUMNS + 5)}",b`;
    expect(limitProblem(file(`${quoted}\n1,2\n`))).toBeNull();
    const wide = Array.from({ length: MAX_COLUMNS + 1 }, () => "c").join(",");
    const r = limitProblem(file(`\n${wide}\n`));
    expect(r).toMatchObject({ code: "too-many-columns", line: 2 });
    expect([r?.message, zh(r?.problem)]).toEqual([
      "the header has 10001 columns; a table may have at most 10000",
      "表头有 10001 列；表格最多 10000 列",
    ]);
    // Only the header is counted: a wide data row is not a header.
    expect(limitProblem(file(`a,b\n${wide}\n`))).toBeNull();
  });
});

describe("outOfRangeOf", () => {
  it.each([
    ["r.json", '{\n  "ttft": 1e999\n}'],
    ["r.jsonl", '{"a": 1}\n{"a": -1e400}\n'],
  ])("names a JSON number no double can hold, on its line (%s)", (name, text) => {
    const r = outOfRangeOf(makeInputFile(name, text));
    expect(r).toMatchObject({ file: name, code: "out-of-range", line: 2 });
  });

  it.each([
    ['{"a": 1.5e308}', "a number a double holds"],
    ['{"a": 1e999', "a JSON syntax error (left to the importers)"],
    ["a,b\n1e999,2\n", "a CSV (not JSON)"],
    ["[1, 2, 3]", "a JSON array"],
  ])("%j → null (%s)", (text) => {
    expect(outOfRangeOf(makeInputFile("x", text))).toBeNull();
  });
});
