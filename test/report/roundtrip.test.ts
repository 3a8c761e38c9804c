/**
 * The docs/report.md table re-imports (markdown-report importer) to the same numbers, in both
 * languages, with TPOT columns kept as TPOT and open-loop rates kept as rates.
 */
import { describe, expect, it } from "vitest";
import { importFiles } from "../../src/import/index";
import { sweepTableMarkdown } from "../../src/report/sweep-table";
import type { Sweep } from "../../src/engine/base/types";
import { pt, sweepOf } from "./helpers";

function reimport(md: string): Sweep {
  const r = importFiles([{ name: "report.md", text: `## Report\n\n### Results\n\n${md}` }]);
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.line}: ${e.message}`).join("; "));
  expect(r.sweeps).toHaveLength(1);
  expect(r.sweeps[0]!.source.format).toBe("markdown-report");
  return r.sweeps[0]!;
}

const closed = sweepOf([
  pt(1, {
    rps: 0.52,
    outputTokensPerSec: 55.1,
    ttftMs: { p50: 40.2, p99: 61 },
    itlMs: { p95: 12.1, p99: 14 },
  }),
  pt(32, {
    rps: 9.75,
    outputTokensPerSec: 12345.6,
    ttftMs: { p50: 1120.3, p99: 2480.9 },
    itlMs: { p95: 21.7 },
  }),
]);

describe("sweep table round trip through the Markdown importer", () => {
  for (const lang of ["en", "zh"] as const) {
    it(`re-imports the ${lang} table with the same values (table precision)`, () => {
      const s = reimport(sweepTableMarkdown(closed, lang));
      // The values (each point also names the row it was read from: docs/lineage.md).
      expect(s.points.map(({ sources, ...p }) => p)).toEqual([
        {
          concurrency: 1,
          requestRate: null,
          rps: 0.52,
          outputTokensPerSec: 55.1,
          ttftMs: { p50: 40.2, p99: 61 },
          itlMs: { p95: 12.1, p99: 14 },
        },
        // P99 ITL was absent (—) and stays absent; 12345.6 has no thousands separator to misread
        {
          concurrency: 32,
          requestRate: null,
          rps: 9.75,
          outputTokensPerSec: 12345.6,
          ttftMs: { p50: 1120.3, p99: 2480.9 },
          itlMs: { p95: 21.7 },
        },
      ]);
    });
  }

  it("keeps TPOT columns as TPOT", () => {
    const s = reimport(
      sweepTableMarkdown(sweepOf([pt(4, { rps: 2, tpotMs: { p95: 22.4, p99: 25 } })]), "zh"),
    );
    expect(s.points[0]!.tpotMs).toEqual({ p95: 22.4, p99: 25 });
    expect(s.points[0]!.itlMs).toBeUndefined();
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
