/**
 * src/import/formats/generic-source.ts: CSV, JSON Lines and JSON-array rows behind one interface;
 * a CSV read through the quote-free scanner (`rows`) imports exactly as through split cells.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { words } from "../helpers";
import { mapHeaders } from "../../../src/import/aliases";
import { importPerRequest } from "../../../src/import/formats/generic-requests";
import {
  type Cell,
  csvHeader,
  csvSource,
  jsonArraySource,
  jsonlSource,
  type RowSource,
} from "../../../src/import/formats/generic-source";

/** Every row of a source as [line, cells]; the break, if any, last. */
function rowsOf(src: RowSource): unknown[] {
  const out: unknown[] = [];
  const stop = src.each((cells: ArrayLike<Cell>, line) => void out.push([line, Array.from(cells)]));
  if (stop) out.push(["break", stop.line, stop.problem.code]);
  return out;
}

describe("csvHeader", () => {
  it.each([
    ['\n\n"a\nb";c\n1;2\n', ["a b", "c"], ";", 3],
    ["x\ty\n1\t2\n", ["x", "y"], "\t", 1],
  ])("%j → %j split by %j on line %d", (text, headers, delimiter, line) =>
    expect(csvHeader(text)).toMatchObject({ headers, delimiter, line }),
  );
});

describe("csvSource, jsonlSource and jsonArraySource", () => {
  it("walk the rows with their file lines (array elements by index + 1) and stop at a broken line", () => {
    const csv = csvSource("a.csv", "\uFEFFa;b\n1;2,5\n\n3;4\n");
    expect([csv.headers, csv.decimalComma]).toEqual([["a", "b"], true]);
    expect(rowsOf(csv).map((r) => JSON.stringify(r))).toEqual(['[2,["1","2,5"]]', '[4,["3","4"]]']);
    const jl = jsonlSource("a.jsonl", '{"a":1}\n{"b":[2]}\n{"a":\n');
    expect(jl.headers).toEqual(["a", "b"]);
    expect(rowsOf(jl)).toEqual([
      [1, [1, undefined]],
      [2, [undefined, [2]]],
      ["break", 3, "import.invalidJson"],
    ]);
    const arr = jsonArraySource("a.json", [{ a: 1 }, { a: 2, c: "x" }]);
    expect([arr.headers, arr.arrayElements, rowsOf(arr)]).toEqual([
      ["a", "c"],
      true,
      [
        [1, [1, undefined]],
        [2, [2, "x"]],
      ],
    ]);
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
    const text = words(
      "concurrency,ttft_ms,latency_ms,output_tokens,model|2,10,110,11,m1|2,N/A,220,11,m1|" +
        "2, 30 ,330,11,m1|2,4e1,4.4e2,11,m1|2,-0,550,11,m1|2,$12,550,,m1|2,12%,550,11,m1|" +
        "4,1.5k,600,12,m2|4,00012.500,600.,12,m2|4,,600,12,m2",
    ).join("\n");
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
    const at = words("2 concurrency|3 concurrency|4 ttft_ms|5 ttft_ms|6 ttft_ms");
    if (!scan!.ok) expect(scan!.errors.map((e) => `${e.line} ${e.column}`)).toEqual(at);
  });

  it("on random numeric files", () => {
    const num = fc.oneof(
      fc.integer({ min: 0, max: 1_000_000 }).map((n) => (n / 100).toFixed(2)),
      fc.double({ min: 0, max: 1e6, noNaN: true }).map(String),
      fc.constantFrom("", "NaN", "N/A", "1e3", "-0", "0012", "7."),
    );
    const tokens = fc.integer({ min: 1, max: 500 }).map(String);
    const row = fc.tuple(fc.constantFrom("1", "2", "4", "8"), num, num, tokens);
    fc.assert(
      fc.property(fc.array(row, { minLength: 3, maxLength: 60 }), fc.boolean(), (rows, crlf) => {
        const header = "concurrency,ttft_ms,latency_ms,output_tokens";
        const lines = [header, ...rows.map((r) => r.join(","))];
        const text = lines.join(crlf ? "\r\n" : "\n");
        const [scan, split] = both(text);
        expect(scan).toEqual(split);
      }),
      { numRuns: 200 },
    );
  });
});
