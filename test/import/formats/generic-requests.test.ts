/**
 * src/import/formats/generic-requests.ts: per-request tables (CSV with one row per request)
 * aggregated into one point per load level; and an import through the quote-free scanner equals
 * the import through split cells, value for value and message for message (docs/import-speed.md).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatIssue, importFiles } from "../../../src/import/index";
import fc from "fast-check";
import { mapHeaders } from "../../../src/import/aliases";
import { importPerRequest } from "../../../src/import/formats/generic-requests";
import { csvSource } from "../../../src/import/formats/generic-source";

function imp(name: string, text: string) {
  const r = importFiles([{ name, text }]);
  if (!r.ok) throw new Error(r.errors.map(formatIssue).join("\n"));
  return r.sweeps;
}

describe("per-request CSV", () => {
  it("aggregates a tiny per-request CSV with numpy-linear percentiles", () => {
    const text =
      "concurrency,ttft_ms,latency_ms,output_tokens\n2,10,110,11\n2,20,220,11\n2,30,330,11\n2,40,440,11\n2,50,550,11\n";
    const [s] = imp("tiny.csv", text);
    expect(s!.source.format).toBe("csv");
    const p = s!.points[0]!;
    expect(p.concurrency).toBe(2);
    expect(p.completed).toBe(5);
    // ttft sorted [10,20,30,40,50], n=5: p99 → h = 4·0.99 = 3.96 → 40 + 0.96·(50−40) = 49.6
    expect(p.ttftMs!.p99).toBeCloseTo(49.6, 10);
    expect(p.ttftMs!.p50).toBe(30);
    // tpot per request (e2e − ttft)/(out − 1) = 10, 20, 30, 40, 50; p90 → h = 3.6 → 40 + 0.6·10 = 46
    expect(p.tpotMs!.p90).toBeCloseTo(46, 10);
    // no timestamps: rps by Little's law = 2 / 0.330 s = 6.0606…; tokens/s = rps × 11
    expect(p.rps).toBeCloseTo(2 / 0.33, 10);
    expect(p.outputTokensPerSec).toBeCloseTo((2 / 0.33) * 11, 8);
    expect(s!.warnings.join("\n")).toContain("Little's law");
  });

  it("aggregates the 200-row fixture per concurrency", () => {
    const [s] = imp(
      "fixtures/per-request/requests-200.csv",
      readFileSync("fixtures/per-request/requests-200.csv", "utf8"),
    );
    expect(s!.points.map((p) => [p.concurrency, p.completed])).toEqual([
      [1, 28],
      [2, 28],
      [4, 28],
      [8, 28],
      [16, 28],
      [32, 28],
      [64, 32],
    ]);
    const p1 = s!.points[0]!;
    // 28 ttft values at concurrency 1, top three sorted 78.59, 80.33, 81.81:
    // h = 27·0.99 = 26.73 → 80.33 + 0.73·(81.81 − 80.33) = 81.4104
    expect(p1.ttftMs!.p99).toBeCloseTo(81.4104, 9);
    // rps from timestamps: 28 requests over min start 0 … max end 97721.2 ms = 0.28653 req/s
    expect(p1.rps).toBeCloseTo(28 / 97.7212, 9);
    // itl_ms holds one value per request → stored as tpot (docs/metrics.md)
    expect(p1.itlMs).toBeUndefined();
    expect(p1.tpotMs).toBeDefined();
    expect(s!.warnings).toContain(
      'per-request column "itl_ms" holds one value per request (its mean inter-token gap): stored as tpot (docs/metrics.md)',
    );
  });

  it("imports JSONL records with a concurrency field and pools itl gap lists", () => {
    const text = [
      '{"concurrency": 1, "ttft_ms": 10, "latency_ms": 40, "itl_ms": [5, 10, 15], "output_tokens": 4}',
      '{"concurrency": 1, "ttft_ms": 20, "latency_ms": 60, "itl_ms": [20, 10, 10], "output_tokens": 4}',
      '{"concurrency": 1, "ttft_ms": 30, "latency_ms": 90, "itl_ms": [30, 20, 10], "output_tokens": 4}',
    ].join("\n");
    const [s] = imp("req.jsonl", text);
    expect(s!.source.format).toBe("jsonl-records");
    const p = s!.points[0]!;
    // pooled gaps sorted [5,10,10,10,10,15,20,20,30]: median 10, mean 130/9
    expect(p.itlMs!.p50).toBe(10);
    expect(p.itlMs!.mean).toBeCloseTo(130 / 9, 10);
    // tpot derived per request: (40−10)/3 = 10, (60−20)/3 = 13.33, (90−30)/3 = 20
    expect(p.tpotMs!.max).toBe(20);
    expect(p.completed).toBe(3);
    expect(s!.warnings.join("\n")).toContain(
      '"itl_ms" holds lists of inter-token gaps: pooled over all requests as itl',
    );
  });

  it("counts rows with an error text as failed", () => {
    const text =
      "request_id,concurrency,ttft_ms,latency_ms,error\n1,4,10,100,\n2,4,12,110,\n3,4,,,timeout\n";
    const [s] = imp("err.csv", text);
    expect(s!.points[0]).toMatchObject({ concurrency: 4, completed: 2, failed: 1 });
  });

  it("reports file, line and column of a bad per-request cell", () => {
    const text = "concurrency,ttft_ms,latency_ms\n1,10,100\n1,11,101\n1,x,102\n1,13,103\n";
    const r = importFiles([{ name: "bad.csv", text }]);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.errors[0]).toMatchObject({
        file: "bad.csv",
        line: 4,
        column: "ttft_ms",
        code: "not-a-number",
      });
  });

  describe("generator script", () => {
    const dir = mkdtempSync(join(tmpdir(), "capplan-gen-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    it("writes the same records as CSV and JSONL, which import to identical points", () => {
      const csv = join(dir, "r.csv");
      const jsonl = join(dir, "r.jsonl");
      expect(spawnSync(process.execPath, ["scripts/gen-per-request.mjs", "700", csv]).status).toBe(
        0,
      );
      expect(
        spawnSync(process.execPath, ["scripts/gen-per-request.mjs", "700", jsonl, "--jsonl"])
          .status,
      ).toBe(0);
      const a = imp("r.csv", readFileSync(csv, "utf8"))[0]!;
      const b = imp("r.jsonl", readFileSync(jsonl, "utf8"))[0]!;
      // 700 rows over 7 levels → 100 each
      expect(a.points.map((p) => p.completed)).toEqual([100, 100, 100, 100, 100, 100, 100]);
      // The same numbers; each point names its own file (docs/lineage.md).
      const numbers = (ps: typeof a.points) => ps.map(({ sources, ...p }) => p);
      expect(numbers(b.points)).toEqual(numbers(a.points));
      expect(b.points.map((p) => p.sources)).toEqual(a.points.map(() => [{ file: "r.jsonl" }]));
    });
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
