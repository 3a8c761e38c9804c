import { describe, expect, it } from "vitest";
import {
  detectDelimiter,
  firstRecord,
  parseCsv,
  readNumber,
  splitSections,
} from "../../src/import/csv";

describe("csv helpers", () => {
  it("detects comma, semicolon and tab delimiters", () => {
    expect(detectDelimiter("a,b,c")).toBe(",");
    expect(detectDelimiter("a;b;c")).toBe(";");
    expect(detectDelimiter("a\tb\tc")).toBe("\t");
    expect(detectDelimiter('"x,y";b;c')).toBe(";");
  });
  it("parses with BOM and CRLF and keeps file line numbers", () => {
    const t = parseCsv('\uFEFFa,b\r\n1,2\r\n\r\n3,"4\n5"\r\n6,7\r\n');
    expect(t.rows).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4\n5"],
      ["6", "7"],
    ]);
    expect(t.lines).toEqual([1, 2, 4, 6]);
  });
  it("splits blank-line separated sections", () => {
    const s = splitSections("Metric,avg\nA,1\n\nMetric,Value\nB,2\n");
    expect(s.map((x) => x.startLine)).toEqual([1, 4]);
    expect(s[1]!.text).toBe("Metric,Value\nB,2");
  });
  it("reads numbers the way tools write them", () => {
    expect(readNumber("1,234.56")).toEqual({ kind: "number", value: 1234.56 });
    expect(readNumber("N/A")).toEqual({ kind: "absent" });
    expect(readNumber("NaN")).toEqual({ kind: "absent" });
    expect(readNumber("")).toEqual({ kind: "absent" });
    expect(readNumber("Infinity")).toEqual({ kind: "number", value: Infinity });
    expect(readNumber("1.5e3")).toEqual({ kind: "number", value: 1500 });
    expect(readNumber("0,25", true)).toEqual({ kind: "number", value: 0.25 });
    expect(readNumber("1.234,5", true)).toEqual({ kind: "number", value: 1234.5 });
    expect(readNumber("abc").kind).toBe("invalid");
  });
  it("reads numbers the way typed cells do (one reader, docs/grid.md)", () => {
    expect(readNumber("12%")).toEqual({ kind: "number", value: 12 });
    expect(readNumber("$2.99")).toEqual({ kind: "number", value: 2.99 });
    expect(readNumber("1.5k")).toEqual({ kind: "number", value: 1500 });
    expect(readNumber("1 500")).toEqual({ kind: "number", value: 1500 });
    expect(readNumber("USD 1,920")).toEqual({ kind: "number", value: 1920 });
    expect(readNumber("2,5").kind).toBe("invalid");
  });
});

describe("firstRecord", () => {
  it.each([
    // Excel's Alt+Enter in a header cell: the record runs on to line 2.
    [
      'Concurrency\t"TTFT p99\n(ms)"\tOutput tok/s\n8\t120\t1500\n',
      'Concurrency\t"TTFT p99\n(ms)"\tOutput tok/s',
      1,
      2,
    ],
    ['\uFEFF\n\na,"b\r\nc\r\nd",e\r\n1,2,3\r\n', 'a,"b\r\nc\r\nd",e', 3, 5],
    ["a,b\n1,2\n", "a,b", 1, 1],
    // Escaped quotes ("") keep the count even.
    ['a,"say ""hi"""\n1,2\n', 'a,"say ""hi"""', 1, 1],
    // A stray quote that never closes: the first physical line, not the whole file.
    ['a,"b\n1,2\n3,4\n', 'a,"b', 1, 1],
  ])("%j → its first record", (text, record, line, endLine) => {
    const r = firstRecord(text);
    expect(r).toMatchObject({ record, line, endLine });
  });
});
