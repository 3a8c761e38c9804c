/**
 * The per-request CSV fast path (docs/import-speed.md): `readPlainDecimal` must read exactly what
 * `Number` reads or decline, `scanPlainCsv` must see the rows and cells `split` sees, and an import
 * through the scanner must equal the import through split cells, value for value and message for
 * message.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readPlainDecimal, scanPlainCsv } from "../../src/import/csv";
import { mapHeaders } from "../../src/import/aliases";
import { importPerRequest } from "../../src/import/formats/generic-requests";
import { csvSource } from "../../src/import/formats/generic-source";

const read = (s: string) => readPlainDecimal(s, 0, s.length);

describe("readPlainDecimal: Number's value or NaN", () => {
  it("reads plain decimals as Number does, −0 included", () => {
    expect(read("123.45")).toBe(123.45);
    expect(read("0.1")).toBe(0.1);
    expect(read("-2.5e3")).toBe(-2500);
    expect(read("+.5")).toBe(0.5);
    expect(read("5.")).toBe(5);
    expect(read("007.50")).toBe(7.5);
    expect(read("1E-3")).toBe(0.001);
    expect(Object.is(read("-0"), -0)).toBe(true);
    expect(Object.is(read("-0.000e7"), -0)).toBe(true);
    // 21 fraction digits (23 characters): 1 / 10^21, still one exact division.
    expect(read("0.000000000000000000001")).toBe(1e-21);
    // 15 significant digits and a 16-digit integer below 2^53.
    expect(read("123456789.012345")).toBe(123456789.012345);
    expect(read("9007199254740991")).toBe(9007199254740991);
  });

  it("declines what it cannot read exactly or is not a plain decimal", () => {
    // 2^53 + 1 needs more than 53 bits; 1e23 is no exact double; 24 characters is past the limit.
    for (const s of [
      "9007199254740993",
      "1e23",
      "1e-23",
      "0.00000000000000000000001",
      "",
      "-",
      ".",
      "e5",
      "1e",
      "1e+",
      "1.2.3",
      " 1",
      "1 ",
      "0x10",
      "Infinity",
      "NaN",
      "1,5",
      "1_000",
      "١٢",
    ]) {
      expect(read(s), s).toBeNaN();
    }
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
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 4 }),
        (n, d) => {
          const s = (n / 10 ** d).toFixed(d);
          const v = read(s);
          return !Number.isNaN(v) && Object.is(v, Number(s));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("reads a cell in the middle of a line by its bounds", () => {
    const line = "8,65.25,-0.5e1,x";
    expect(readPlainDecimal(line, 2, 7)).toBe(65.25);
    expect(readPlainDecimal(line, 8, 14)).toBe(-5);
    expect(readPlainDecimal(line, 15, 16)).toBeNaN();
  });
});

describe("scanPlainCsv: the rows and cells split sees", () => {
  /** The rows as the split reader made them: lines, a trailing \r dropped, blank lines skipped. */
  function bySplit(body: string, d: string): { line: number; cells: string[] }[] {
    const out: { line: number; cells: string[] }[] = [];
    body.split("\n").forEach((l, i) => {
      const raw = l.endsWith("\r") ? l.slice(0, -1) : l;
      if (!raw || !raw.trim()) return;
      out.push({ line: 1 + i + 1, cells: raw.split(d) });
    });
    return out;
  }
  function byScan(text: string, from: number, d: string): { line: number; cells: string[] }[] {
    const out: { line: number; cells: string[] }[] = [];
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
      unit: fc.constantFrom(
        "1",
        "2.5",
        "-",
        "a",
        " ",
        "\t",
        ",",
        ";",
        "\n",
        "\r\n",
        "\r",
        "\u00a0",
        "\u3000",
        "é",
      ),
    });
    fc.assert(
      fc.property(
        body,
        fc.constantFrom(",", ";", "\t"),
        fc.constantFrom("", "h1,h2\n"),
        (b, d, head) => {
          expect(byScan(head + b, head.length, d)).toEqual(bySplit(b, d));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("stops when the callback returns false", () => {
    let n = 0;
    scanPlainCsv("a\nb\nc\n", 0, ",", 0, () => ++n < 2);
    expect(n).toBe(2);
  });
});

describe("a per-request import through the scanner equals the import through split cells", () => {
  /** The same CSV read twice: with the scanner (`rows`) and with it removed (split cells). */
  function both(text: string) {
    const a = csvSource("r.csv", text);
    const b = csvSource("r.csv", text);
    expect(a.rows).toBeDefined();
    delete b.rows;
    const hm = mapHeaders(a.headers);
    return [importPerRequest(a, hm), importPerRequest(b, hm)];
  }

  it("on a file with odd cells: N/A, empty, spaces, $ and %, exponents, −0, bad values", () => {
    const text = [
      "concurrency,ttft_ms,latency_ms,output_tokens,model",
      "2,10,110,11,m1",
      "2,N/A,220,11,m1",
      "2, 30 ,330,11,m1",
      "2,4e1,4.4e2,11,m1",
      "2,-0,550,11,m1",
      "2,$12,550,,m1",
      "2,12%,550,11,m1",
      "4,1.5k,600,12,m2",
      "4,00012.500,600.,12,m2",
      "4,,600,12,m2",
    ].join("\n");
    const [scan, split] = both(text);
    expect(scan).toEqual(split);
    expect(scan!.ok).toBe(true);
    // Hand check at concurrency 4, model m2: ttft 1500 (1.5k), 12.5 and one empty → mean 756.25.
    const m2 = scan!.ok ? scan!.value.sweeps.find((s) => s.meta.model === "m2") : undefined;
    expect(m2?.points[0]?.ttftMs?.mean).toBe(756.25);
  });

  it("on bad values: the same errors, line for line", () => {
    const text =
      "concurrency,ttft_ms,latency_ms\n0,10,100\n-3,10,100\n2,abc,100\n2,-5,100\n2,1e999,100\n";
    const [scan, split] = both(text);
    expect(scan).toEqual(split);
    expect(scan!.ok).toBe(false);
    if (!scan!.ok)
      expect(scan!.errors.map((e) => [e.line, e.column])).toEqual([
        [2, "concurrency"],
        [3, "concurrency"],
        [4, "ttft_ms"],
        [5, "ttft_ms"],
        [6, "ttft_ms"],
      ]);
  });

  it("on random numeric files", () => {
    const num = fc.oneof(
      fc.integer({ min: 0, max: 1_000_000 }).map((n) => (n / 100).toFixed(2)),
      fc.double({ min: 0, max: 1e6, noNaN: true }).map(String),
      fc.constantFrom("", "NaN", "N/A", "1e3", "-0", "0012", "7."),
    );
    const row = fc.tuple(
      fc.constantFrom("1", "2", "4", "8"),
      num,
      num,
      fc.integer({ min: 1, max: 500 }).map(String),
    );
    fc.assert(
      fc.property(fc.array(row, { minLength: 3, maxLength: 60 }), fc.boolean(), (rows, crlf) => {
        const text = [
          "concurrency,ttft_ms,latency_ms,output_tokens",
          ...rows.map((r) => r.join(",")),
        ].join(crlf ? "\r\n" : "\n");
        const [scan, split] = both(text);
        expect(scan).toEqual(split);
      }),
      { numRuns: 200 },
    );
  });
});
