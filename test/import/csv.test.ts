/**
 * src/import/csv.ts: delimiters, records, sections and numbers of a CSV; and the per-request fast
 * path (docs/import-speed.md): `readPlainDecimal` reads exactly what `Number` reads or declines,
 * and `scanPlainCsv` sees the rows and cells `split` sees.
 */
import { describe, expect, it } from "vitest";
import {
  detectDelimiter,
  firstRecord,
  parseCsv,
  readNumber,
  splitSections,
  readPlainDecimal,
  scanPlainCsv,
} from "../../src/import/csv";
import fc from "fast-check";
import { words } from "./helpers";

describe("csv helpers", () => {
  it.each([
    ["a,b,c", ","],
    ["a;b;c", ";"],
    ["a\tb\tc", "\t"],
    ['"x,y";b;c', ";"],
  ])("detects the delimiter of %j: %j", (line, d) => expect(detectDelimiter(line)).toBe(d));
  it("parses with BOM and CRLF and keeps file line numbers", () => {
    const t = parseCsv('\uFEFFa,b\r\n1,2\r\n\r\n3,"4\n5"\r\n6,7\r\n');
    expect(t.rows.map((r) => r.join("|"))).toEqual(["a|b", "1|2", "3|4\n5", "6|7"]);
    expect(t.lines).toEqual([1, 2, 4, 6]);
  });
  it("splits blank-line separated sections", () => {
    const s = splitSections("Metric,avg\nA,1\n\nMetric,Value\nB,2\n");
    expect([s.map((x) => x.startLine), s[1]!.text]).toEqual([[1, 4], "Metric,Value\nB,2"]);
  });
  // The way tools write numbers, and the way typed cells do (one reader, docs/grid.md).
  it.each([
    ["1,234.56", false, 1234.56],
    ["Infinity", false, Infinity],
    ["1.5e3", false, 1500],
    ["0,25", true, 0.25],
    ["1.234,5", true, 1234.5],
    ["12%", false, 12],
    ["$2.99", false, 2.99],
    ["1.5k", false, 1500],
    ["1 500", false, 1500],
    ["USD 1,920", false, 1920],
  ])("reads %j (decimal comma %s) as %d", (cell, comma, value) =>
    expect(readNumber(cell, comma)).toEqual({ kind: "number", value }),
  );
  it.each([
    ["N/A", "absent"],
    ["NaN", "absent"],
    ["", "absent"],
    ["abc", "invalid"],
    ["2,5", "invalid"],
  ])("reads %j as %s", (cell, kind) => {
    const r = readNumber(cell);
    // Absent is only its kind; an invalid cell may say more.
    expect(kind === "absent" ? r : { kind: r.kind }).toEqual({ kind });
  });
});

describe("firstRecord", () => {
  const EXCEL = 'Concurrency\t"TTFT p99\n(ms)"\tOutput tok/s';
  it.each([
    // Excel's Alt+Enter in a header cell: the record runs on to line 2.
    [`${EXCEL}\n8\t120\t1500\n`, EXCEL, 1, 2],
    ['\uFEFF\n\na,"b\r\nc\r\nd",e\r\n1,2,3\r\n', 'a,"b\r\nc\r\nd",e', 3, 5],
    ["a,b\n1,2\n", "a,b", 1, 1],
    // Escaped quotes ("") keep the count even.
    ['a,"say ""hi"""\n1,2\n', 'a,"say ""hi"""', 1, 1],
    // A stray quote that never closes: the first physical line, not the whole file.
    ['a,"b\n1,2\n3,4\n', 'a,"b', 1, 1],
  ])("%j → its first record", (text, record, line, endLine) => {
    expect(firstRecord(text)).toMatchObject({ record, line, endLine });
  });
});

const read = (s: string) => readPlainDecimal(s, 0, s.length);

describe("readPlainDecimal: Number's value or NaN", () => {
  // −0 included (toBe tells it from 0); 0.000000000000000000001 has 21 fraction digits (23
  // characters): 1 / 10^21, still one exact division; then 15 significant digits and a 16-digit
  // integer below 2^53.
  it.each(
    words(
      "123.45|0.1|-2.5e3|+.5|5.|007.50|1E-3|-0|-0.000e7|0.000000000000000000001|" +
        "123456789.012345|9007199254740991",
    ),
  )("reads the plain decimal %s as Number does", (s) => expect(read(s)).toBe(Number(s)));

  it("declines what it cannot read exactly or is not a plain decimal", () => {
    // 2^53 + 1 needs more than 53 bits; 1e23 is no exact double; 24 characters is past the limit.
    const declined = words("9007199254740993|1e23|1e-23|0.00000000000000000000001|-|.|e5|1e|1e+");
    for (const s of ["", ...declined, ...words("1.2.3| 1|1 |0x10|Infinity|NaN|1,5|1_000|١٢")])
      expect(read(s), s).toBeNaN();
  });

  it("equals Number on random decimal strings: signs, leading zeros, long mantissas, exponents", () => {
    const digits = (min: number, max: number) =>
      fc
        .array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max })
        .map((a) => a.join(""));
    const decimal = fc
      .tuple(
        fc.constantFrom("", "-", "+"),
        fc.constantFrom("", "0", "00", "000"),
        digits(0, 18),
        fc.option(digits(0, 18)),
        fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "-", "+"), digits(0, 3))),
      )
      .map(
        ([sign, zeros, int, frac, exp]) =>
          `${sign}${zeros}${int}${frac == null ? "" : `.${frac}`}${exp == null ? "" : exp.join("")}`,
      );
    const junk = fc.string({ maxLength: 12, unit: fc.constantFrom(..."0123456789.-+eE xn,") });
    const printed = fc.double({ noNaN: true }).map(String);
    fc.assert(
      fc.property(fc.oneof(decimal, junk, printed), (s) => {
        const got = read(s);
        // Either declined (NaN), or exactly Number's value (Object.is tells −0 from 0).
        return Number.isNaN(got) || Object.is(got, Number(s));
      }),
      { numRuns: 20_000 },
    );
  });

  it("reads most latency-like cells itself (the fast path is taken, not just safe)", () => {
    const ints = fc.integer({ min: 0, max: 10_000_000 });
    const decimals = fc.integer({ min: 0, max: 4 });
    const fast = (s: string) => !Number.isNaN(read(s)) && Object.is(read(s), Number(s));
    const prop = fc.property(ints, decimals, (n, d) => fast((n / 10 ** d).toFixed(d)));
    fc.assert(prop, { numRuns: 2000 });
  });

  it("reads a cell in the middle of a line by its bounds", () => {
    const line = "8,65.25,-0.5e1,x";
    const cells = [readPlainDecimal(line, 2, 7), readPlainDecimal(line, 8, 14)];
    expect([...cells, readPlainDecimal(line, 15, 16)]).toEqual([65.25, -5, NaN]);
  });
});

describe("scanPlainCsv: the rows and cells split sees", () => {
  type Row = { line: number; cells: string[] };
  /** The rows as the split reader made them: lines, a trailing \r dropped, blank lines skipped. */
  const bySplit = (body: string, d: string): Row[] =>
    body.split("\n").flatMap((l, i) => {
      const raw = l.endsWith("\r") ? l.slice(0, -1) : l;
      return raw.trim() ? [{ line: 1 + i + 1, cells: raw.split(d) }] : [];
    });
  function byScan(text: string, from: number, d: string): Row[] {
    const out: Row[] = [];
    scanPlainCsv(text, from, d, 1, (row, line) => {
      const cells: string[] = [];
      for (let i = 0; i < row.count; i++) cells.push(row.cell(i)!);
      expect(row.cell(row.count)).toBeUndefined();
      out.push({ line, cells });
    });
    return out;
  }

  it("agrees with split on random bodies: empty cells, CRLF, blank and space-only lines, trailing delimiters", () => {
    const body = fc.string({
      maxLength: 80,
      unit: fc.constantFrom(...words("1|2.5|-|a| |\t|,|;|\n|\r\n|\r|\u00a0|\u3000|é")),
    });
    const delimiter = fc.constantFrom(",", ";", "\t");
    const head = fc.constantFrom("", "h1,h2\n");
    const agrees = (b: string, d: string, h: string) => {
      expect(byScan(h + b, h.length, d)).toEqual(bySplit(b, d));
    };
    fc.assert(fc.property(body, delimiter, head, agrees), { numRuns: 3000 });
  });

  it("stops when the callback returns false", () => {
    let n = 0;
    scanPlainCsv("a\nb\nc\n", 0, ",", 0, () => ++n < 2);
    expect(n).toBe(2);
  });
});
