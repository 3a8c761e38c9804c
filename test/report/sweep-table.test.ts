import { describe, expect, it } from "vitest";
import { sweepTableMarkdown } from "../../src/report/sweep-table";
import { MESSAGES } from "../../src/report/i18n";
import { pt, sweepOf } from "./helpers";
import { importFiles } from "../../src/import/index";
import type { Sweep, SweepPoint } from "../../src/engine/base/types";

/** A closed-loop point: RPS, output tokens/s, P50 and P99 TTFT, and `more` (ITL or TPOT). */
const at = (
  c: number,
  rps: number,
  tps: number,
  ttft: [number, number],
  more: Partial<SweepPoint>,
) => pt(c, { rps, outputTokensPerSec: tps, ttftMs: { p50: ttft[0], p99: ttft[1] }, ...more });

const sweep = sweepOf([
  at(1, 0.5234, 55.06, [40.24, 61], { itlMs: { p95: 12.06 } }),
  at(8, 3.9, 12345.67, [1234.56, 2000.04], { itlMs: { p95: 13.5, p99: 16.25 } }),
]);

describe("docs/report.md sweep table", () => {
  it("prints the Chinese header exactly, with the unit line and one row per point", () => {
    expect(sweepTableMarkdown(sweep, "zh")).toBe(
      [
        "延迟单位：毫秒。",
        "",
        "| 并发 | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL |",
        "|---|---|---|---|---|---|---|",
        // 0.5234 → 0.52 (2 decimals); 55.06 → 55.1; 40.24 → 40.2; 61 → 61.0; 12.06 → 12.1; p99 ITL absent → —
        "| 1 | 0.52 | 55.1 | 40.2 | 61.0 | 12.1 | — |",
        // no thousands separators: 12345.67 → 12345.7, 1234.56 → 1234.6; 16.25 → 16.3 (half-expand)
        "| 8 | 3.90 | 12345.7 | 1234.6 | 2000.0 | 13.5 | 16.3 |",
        "",
      ].join("\n"),
    );
  });

  it("prints the English header exactly", () => {
    const lines = sweepTableMarkdown(sweep, "en").split("\n");
    expect([lines[0], lines[2]]).toEqual([
      "Latencies in ms.",
      "| Concurrency | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL |",
    ]);
  });

  it("shows TPOT in the ITL columns, and says so in the headers, when the sweep has no ITL", () => {
    const s = sweepOf([
      pt(4, {
        rps: 2,
        outputTokensPerSec: 200,
        ttftMs: { p50: 30 },
        tpotMs: { p95: 22.44, p99: 25 },
      }),
    ]);
    const lines = sweepTableMarkdown(s, "en").split("\n");
    expect([lines[2], lines[4]]).toEqual([
      "| Concurrency | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 TPOT | P99 TPOT |",
      "| 4 | 2.00 | 200 | 30.0 | — | 22.4 | 25.0 |",
    ]);
  });

  it("keeps ITL headers when ITL exists even if TPOT does too", () => {
    const s = sweepOf([pt(4, { itlMs: { p95: 10 }, tpotMs: { p95: 22 } })]);
    expect(sweepTableMarkdown(s, "en").split("\n")[4]).toBe("| 4 | — | — | — | — | 10.0 | — |");
  });

  it("shows the request rate of open-loop points in the first column of a mixed sweep", () => {
    const s = sweepOf([
      pt(4, { rps: 2 }),
      { concurrency: null, requestRate: 10, rps: 9.87 },
      { concurrency: null, requestRate: "inf", rps: 14.2 },
      { concurrency: null, requestRate: null, rps: 1 },
    ]);
    expect(sweepTableMarkdown(s, "zh").split("\n").slice(2, 8)).toEqual([
      "| 并发 | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL |",
      "|---|---|---|---|---|---|---|",
      "| 4 | 2.00 | — | — | — | — | — |",
      "| 速率 10 | 9.87 | — | — | — | — | — |",
      "| 速率 inf | 14.20 | — | — | — | — | — |",
      "| — | 1.00 | — | — | — | — | — |",
    ]);
    expect(sweepTableMarkdown(s, "en").split("\n")[5]).toBe(
      "| rate 10 | 9.87 | — | — | — | — | — |",
    );
  });

  it("names the first column Request rate when every point is open loop", () => {
    const s = sweepOf([
      { concurrency: null, requestRate: 10, rps: 9.87 },
      { concurrency: null, requestRate: "inf", rps: 14.2 },
    ]);
    expect(sweepTableMarkdown(s, "en").split("\n").slice(2, 6)).toEqual([
      "| Request rate | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL |",
      "|---|---|---|---|---|---|---|",
      "| 10 | 9.87 | — | — | — | — | — |",
      "| inf | 14.20 | — | — | — | — | — |",
    ]);
    expect(sweepTableMarkdown(s, "zh").split("\n")[2]).toMatch(/^\| 请求速率 \| RPS \|/);
  });

  it("defines every word in both languages", () => {
    expect(Object.keys(MESSAGES.zh).sort()).toEqual(Object.keys(MESSAGES.en).sort());
  });
});

/**
 * The docs/report.md table re-imports (markdown-report importer) to the same numbers, in both
 * languages, with TPOT columns kept as TPOT and open-loop rates kept as rates.
 */
function reimport(md: string): Sweep {
  const r = importFiles([{ name: "report.md", text: `## Report\n\n### Results\n\n${md}` }]);
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.line}: ${e.message}`).join("; "));
  expect([r.sweeps.length, r.sweeps[0]!.source.format]).toEqual([1, "markdown-report"]);
  return r.sweeps[0]!;
}

const closed = sweepOf([
  at(1, 0.52, 55.1, [40.2, 61], { itlMs: { p95: 12.1, p99: 14 } }),
  at(32, 9.75, 12345.6, [1120.3, 2480.9], { itlMs: { p95: 21.7 } }),
]);

describe("sweep table round trip through the Markdown importer", () => {
  for (const lang of ["en", "zh"] as const) {
    it(`re-imports the ${lang} table with the same values (table precision)`, () => {
      const s = reimport(sweepTableMarkdown(closed, lang));
      // The values (each point also names the row it was read from: docs/lineage.md).
      // P99 ITL at 32 was absent (—) and stays absent; 12345.6 has no thousands separator to misread.
      expect(s.points.map(({ sources, ...p }) => p)).toEqual(closed.points);
    });
  }

  it("keeps TPOT columns as TPOT", () => {
    const tpotMs = { p95: 22.4, p99: 25 };
    const s = reimport(sweepTableMarkdown(sweepOf([pt(4, { rps: 2, tpotMs })]), "zh"));
    expect([s.points[0]!.tpotMs, s.points[0]!.itlMs]).toEqual([tpotMs, undefined]);
  });

  it("keeps open-loop request rates", () => {
    const open = sweepOf([
      { concurrency: null, requestRate: 10, rps: 9.87 },
      { concurrency: null, requestRate: "inf", rps: 14.2 },
    ]);
    for (const lang of ["en", "zh"] as const) {
      const s = reimport(sweepTableMarkdown(open, lang));
      expect(s.points.map((p) => [p.concurrency, p.requestRate, p.rps])).toEqual([
        [null, 10, 9.87],
        [null, "inf", 14.2],
      ]);
    }
  });
});
