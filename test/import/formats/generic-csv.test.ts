import { describe, expect, it } from "vitest";
import { fixture, importErrors, importOne } from "../helpers";
import { formatIssue, importFiles } from "../../../src/import/index";

const fx = (name: string) => ({
  name: `fixtures/generic/${name}`,
  text: fixture(`generic/${name}`),
});

const one = (name: string) => importOne(`generic/${name}`, `fixtures/generic/${name}`);

describe("generic CSV importer", () => {
  it.each([
    [
      "tab (Excel paste)",
      'Concurrency\t"TTFT p99\n(ms)"\tOutput tok/s\n8\t120\t1500\n16\t180\t2600\n',
    ],
    ["comma, CRLF", 'Concurrency,"TTFT p99\r\n(ms)",Output tok/s\r\n8,120,1500\r\n16,180,2600\r\n'],
  ])(
    "reads a header cell with a line break in it (%s): the header is the first record",
    (_, text) => {
      const r = importFiles([{ name: "pasted.tsv", text }]);
      expect(r.ok, r.ok ? "" : r.errors.map(formatIssue).join("\n")).toBe(true);
      if (!r.ok) return;
      const pts = r.sweeps[0]!.points;
      expect(pts.map((p) => [p.concurrency, p.ttftMs?.p99, p.outputTokensPerSec])).toEqual([
        [8, 120, 1500],
        [16, 180, 2600],
      ]);
      // Data rows keep their file lines: the header spans lines 1 and 2.
      expect(pts.map((p) => p.sources?.[0]?.line)).toEqual([3, 4]);
    },
  );

  it("imports a comma CSV with units in the headers", () => {
    const s = one("sweep-comma.csv");
    expect(s.source.format).toBe("csv");
    expect(s.points.map((p) => p.concurrency)).toEqual([1, 4, 8, 16, 32]);
    // row "8,3.05,390.4,60.1,131.8,26.2,35.7,3520"
    expect(s.points[2]).toEqual({
      concurrency: 8,
      requestRate: null,
      rps: 3.05,
      outputTokensPerSec: 390.4,
      ttftMs: { p50: 60.1, p99: 131.8 },
      itlMs: { p95: 26.2, p99: 35.7 },
      e2eMs: { p99: 3520 },
      sources: [{ file: "fixtures/generic/sweep-comma.csv", line: 4 }],
    });
    expect(s.warnings).toEqual([]);
  });

  it("reads a TSV pasted from Excel with TPOT columns", () => {
    const s = one("excel-paste.tsv");
    expect(s.points.map((p) => p.concurrency)).toEqual([2, 4, 16, 64]);
    // last row "64\t11.02\t1410.6\t690.2\t2411.9\t66.0\t121.7"
    expect(s.points[3]).toMatchObject({
      rps: 11.02,
      outputTokensPerSec: 1410.6,
      ttftMs: { p50: 690.2, p99: 2411.9 },
      tpotMs: { mean: 66, p99: 121.7 },
    });
  });

  it("handles a BOM and CRLF line ends", () => {
    const s = one("bom-crlf.csv");
    expect(s.points.map((p) => [p.concurrency, p.ttftMs!.p99, p.itlMs!.p95])).toEqual([
      [1, 55, 21.3],
      [8, 131.8, 26.2],
      [32, 820.3, 44.6],
    ]);
  });

  it("fails with file, line 1 and column when no load column exists", () => {
    const errors = importErrors([fx("no-load-column.csv")]);
    expect(errors[0]).toMatchObject({
      file: "fixtures/generic/no-load-column.csv",
      line: 1,
      column: "concurrency",
      code: "missing-column",
    });
  });

  it("keeps file line numbers in quoted files", () => {
    const text = 'concurrency,rps,P99 TTFT (ms)\n4,"1,610.5",80.3\n\n8,3.05,oops\n';
    const r = importFiles([{ name: "q.csv", text }]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ line: 4, column: "P99 TTFT (ms)" });
  });
});

describe("JSON records", () => {
  it("imports a JSON array of per-load-level records", () => {
    const text = JSON.stringify([
      { concurrency: 1, rps: 0.5, ttft_p99_ms: 50, "output tokens/s": 60 },
      { concurrency: 8, rps: 3.9, ttft_p99_ms: 120, "output tokens/s": 410 },
    ]);
    const r = importFiles([{ name: "levels.json", text }]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.sweeps[0]!.source.format).toBe("jsonl-records");
    expect(r.sweeps[0]!.points).toEqual([
      {
        concurrency: 1,
        requestRate: null,
        rps: 0.5,
        ttftMs: { p99: 50 },
        outputTokensPerSec: 60,
        sources: [{ file: "levels.json", record: 0 }],
      },
      {
        concurrency: 8,
        requestRate: null,
        rps: 3.9,
        ttftMs: { p99: 120 },
        outputTokensPerSec: 410,
        sources: [{ file: "levels.json", record: 1 }],
      },
    ]);
  });

  it("accepts inf as an open-loop request rate", () => {
    const r = importFiles([
      { name: "rate.csv", text: "request_rate,rps,P99 TTFT (ms)\n2,1.9,80\ninf,7.5,900\n" },
    ]);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.sweeps[0]!.points.map((p) => p.requestRate)).toEqual([2, "inf"]);
  });
});
