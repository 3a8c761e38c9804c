/**
 * src/import/formats/generic-requests.ts: per-request tables (CSV with one row per request)
 * aggregated into one point per load level.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importOk } from "../helpers";
import { importFiles } from "../../../src/import/index";

const imp = (name: string, text: string) => importOk([{ name, text }]);

describe("per-request CSV", () => {
  it("aggregates a tiny per-request CSV with numpy-linear percentiles", () => {
    const text =
      "concurrency,ttft_ms,latency_ms,output_tokens\n2,10,110,11\n2,20,220,11\n2,30,330,11\n2,40,440,11\n2,50,550,11\n";
    const [s] = imp("tiny.csv", text);
    const p = s!.points[0]!;
    expect(p).toMatchObject({ concurrency: 2, completed: 5 });
    // ttft sorted [10,20,30,40,50], n=5: p99 → h = 4·0.99 = 3.96 → 40 + 0.96·(50−40) = 49.6
    expect(p.ttftMs!.p99).toBeCloseTo(49.6, 10);
    expect([p.ttftMs!.p50, s!.source.format]).toEqual([30, "csv"]);
    // tpot per request (e2e − ttft)/(out − 1) = 10, 20, 30, 40, 50; p90 → h = 3.6 → 40 + 0.6·10 = 46
    expect(p.tpotMs!.p90).toBeCloseTo(46, 10);
    // no timestamps: rps by Little's law = 2 / 0.330 s = 6.0606…; tokens/s = rps × 11
    expect(p.rps).toBeCloseTo(2 / 0.33, 10);
    expect(p.outputTokensPerSec).toBeCloseTo((2 / 0.33) * 11, 8);
    expect(s!.warnings.join("\n")).toContain("Little's law");
  });

  it("aggregates the 200-row fixture per concurrency", () => {
    const path = "fixtures/per-request/requests-200.csv";
    const [s] = imp(path, readFileSync(path, "utf8"));
    expect(s!.points.map((p) => p.concurrency)).toEqual([1, 2, 4, 8, 16, 32, 64]);
    expect(s!.points.map((p) => p.completed)).toEqual([28, 28, 28, 28, 28, 28, 32]);
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
    const rec = (ttft_ms: number, latency_ms: number, itl_ms: number[]) =>
      JSON.stringify({ concurrency: 1, ttft_ms, latency_ms, itl_ms, output_tokens: 4 });
    const text = [
      rec(10, 40, [5, 10, 15]),
      rec(20, 60, [20, 10, 10]),
      rec(30, 90, [30, 20, 10]),
    ].join("\n");
    const [s] = imp("req.jsonl", text);
    expect(s!.source.format).toBe("jsonl-records");
    const p = s!.points[0]!;
    // pooled gaps sorted [5,10,10,10,10,15,20,20,30]: median 10, mean 130/9
    expect(p.itlMs!.mean).toBeCloseTo(130 / 9, 10);
    // tpot derived per request: (40−10)/3 = 10, (60−20)/3 = 13.33, (90−30)/3 = 20
    expect(p).toMatchObject({ itlMs: { p50: 10 }, tpotMs: { max: 20 }, completed: 3 });
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
    const at = { file: "bad.csv", line: 4, column: "ttft_ms" };
    if (!r.ok) expect(r.errors[0]).toMatchObject({ ...at, code: "not-a-number" });
  });

  it("reads JSON Lines cells that shadow toString as objects, not as an internal failure", () => {
    // Found by test/import/fuzz.test.ts: String() on such a cell threw inside the importer.
    const row = (c: string, ttft: number, model: string) =>
      `{"concurrency": ${c}, "ttft_ms": ${ttft}, "latency_ms": 50, "output_tokens": 4, "model": ${model}}`;
    const good = [row("2", 5, '{"toString": 1}'), row("2", 7, '{"toString": 1}')];
    expect(importOk([{ name: "r.jsonl", text: good.join("\n") }])[0]!.meta.model).toBe(
      "[object Object]",
    );
    const bad = [...good, row('{"toString": 1}', 6, '"m"')].join("\n");
    const r = importFiles([{ name: "r.jsonl", text: bad }]);
    expect(r.ok ? [] : r.errors.map((e) => [e.line, e.column, e.code, e.message])).toEqual([
      [3, "concurrency", "bad-value", expect.stringContaining("an object")],
    ]);
  });

  describe("generator script", () => {
    const dir = mkdtempSync(join(tmpdir(), "capplan-gen-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    it("writes the same records as CSV and JSONL, which import to identical points", () => {
      const csv = join(dir, "r.csv");
      const jsonl = join(dir, "r.jsonl");
      const gen = (...args: string[]) =>
        spawnSync(process.execPath, ["scripts/gen-per-request.mjs", "700", ...args]).status;
      expect([gen(csv), gen(jsonl, "--jsonl")]).toEqual([0, 0]);
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
