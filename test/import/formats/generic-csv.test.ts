import { describe, expect, it } from "vitest";
import { fixture, importErrors, importOk, importOne } from "../helpers";

const fx = (name: string) => ({
  name: `fixtures/generic/${name}`,
  text: fixture(`generic/${name}`),
});
const one = (name: string) => importOne(`generic/${name}`, `fixtures/generic/${name}`);

describe("generic CSV importer", () => {
  const TAB = 'Concurrency\t"TTFT p99\n(ms)"\tOutput tok/s\n8\t120\t1500\n16\t180\t2600\n';
  const CRLF = 'Concurrency,"TTFT p99\r\n(ms)",Output tok/s\r\n8,120,1500\r\n16,180,2600\r\n';
  it.each([
    ["tab (Excel paste)", TAB],
    ["comma, CRLF", CRLF],
  ])(
    "reads a header cell with a line break in it (%s): the header is the first record",
    (_, text) => {
      const pts = importOk([{ name: "pasted.tsv", text }])[0]!.points;
      const rows = pts.map((p) => `${p.concurrency} ${p.ttftMs?.p99} ${p.outputTokensPerSec}`);
      expect(rows).toEqual(["8 120 1500", "16 180 2600"]);
      // Data rows keep their file lines: the header spans lines 1 and 2.
      expect(pts.map((p) => p.sources?.[0]?.line)).toEqual([3, 4]);
    },
  );

  it("imports a comma CSV with units in the headers", () => {
    const s = one("sweep-comma.csv");
    expect(s.source.format).toBe("csv");
    expect(s.points.map((p) => p.concurrency)).toEqual([1, 4, 8, 16, 32]);
    // row "8,3.05,390.4,60.1,131.8,26.2,35.7,3520"
    const sources = [{ file: "fixtures/generic/sweep-comma.csv", line: 4 }];
    const stats = {
      ttftMs: { p50: 60.1, p99: 131.8 },
      itlMs: { p95: 26.2, p99: 35.7 },
      e2eMs: { p99: 3520 },
    };
    const load = { concurrency: 8, requestRate: null, rps: 3.05, outputTokensPerSec: 390.4 };
    expect(s.points[2]).toEqual({ ...load, ...stats, sources });
    expect(s.warnings).toEqual([]);
  });

  it("reads a TSV pasted from Excel with TPOT columns", () => {
    const s = one("excel-paste.tsv");
    expect(s.points.map((p) => p.concurrency)).toEqual([2, 4, 16, 64]);
    // last row "64\t11.02\t1410.6\t690.2\t2411.9\t66.0\t121.7"
    expect(s.points[3]).toMatchObject({ rps: 11.02, outputTokensPerSec: 1410.6 });
    expect(s.points[3]).toMatchObject({
      ttftMs: { p50: 690.2, p99: 2411.9 },
      tpotMs: { mean: 66, p99: 121.7 },
    });
  });

  it("handles a BOM and CRLF line ends", () => {
    const s = one("bom-crlf.csv");
    const rows = s.points.map((p) => `${p.concurrency} ${p.ttftMs!.p99} ${p.itlMs!.p95}`);
    expect(rows).toEqual(["1 55 21.3", "8 131.8 26.2", "32 820.3 44.6"]);
  });

  it("fails with file, line 1 and column when no load column exists", () => {
    const errors = importErrors([fx("no-load-column.csv")]);
    const at = { file: "fixtures/generic/no-load-column.csv", line: 1, column: "concurrency" };
    expect(errors[0]).toMatchObject({ ...at, code: "missing-column" });
  });

  it("keeps file line numbers in quoted files", () => {
    const text = 'concurrency,rps,P99 TTFT (ms)\n4,"1,610.5",80.3\n\n8,3.05,oops\n';
    expect(importErrors([{ name: "q.csv", text }])[0]).toMatchObject({
      line: 4,
      column: "P99 TTFT (ms)",
    });
  });
});

describe("JSON records", () => {
  it("imports a JSON array of per-load-level records", () => {
    const text = JSON.stringify([
      { concurrency: 1, rps: 0.5, ttft_p99_ms: 50, "output tokens/s": 60 },
      { concurrency: 8, rps: 3.9, ttft_p99_ms: 120, "output tokens/s": 410 },
    ]);
    const [s] = importOk([{ name: "levels.json", text }]);
    expect(s!.source.format).toBe("jsonl-records");
    /** The point of record `record`: its values, no request rate, its source. */
    const point = (concurrency: number, rps: number, p99: number, out: number, record: number) => {
      const sources = [{ file: "levels.json", record }];
      return {
        concurrency,
        requestRate: null,
        rps,
        ttftMs: { p99 },
        outputTokensPerSec: out,
        sources,
      };
    };
    expect(s!.points).toEqual([point(1, 0.5, 50, 60, 0), point(8, 3.9, 120, 410, 1)]);
  });

  it("accepts inf as an open-loop request rate", () => {
    const [s] = importOk([
      { name: "rate.csv", text: "request_rate,rps,P99 TTFT (ms)\n2,1.9,80\ninf,7.5,900\n" },
    ]);
    expect(s!.points.map((p) => p.requestRate)).toEqual([2, "inf"]);
  });
});
