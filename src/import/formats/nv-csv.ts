/**
 * The two-block CSV that GenAI-Perf (`profile_export_genai_perf.csv`) and AIPerf
 * (`profile_export_aiperf.csv`) write: a per-request statistics table (`Metric,avg,min,max,p…`),
 * a blank line, a `Metric,Value` table of run totals, and optional GPU-telemetry tables (ignored).
 * Columns are located by header name, so GenAI-Perf's descending 10- and 13-column layouts and
 * AIPerf's ascending layout with `sum` and `std` read the same way.
 */
import type { SweepPoint, Stats } from "../../engine/base/types";
import { parseCsv, readNumber, splitSections } from "../csv";
import type { ImportIssue, InputFile } from "../types";
import { applyNvMetric, msFactor, NV_METRICS, nvName, splitLabel, statKeyOf } from "./nv-metrics";
import { issueOf } from "../messages/issue";
import { nvMessages as M } from "./nv-messages";

/** A parsed two-block CSV. */
export interface NvCsv {
  point: SweepPoint;
  /** Normalised names of every row of the statistics table (`time to first token`, …). */
  statRows: Set<string>;
  /** 1-based line of the statistics table's header. */
  statHeaderLine: number;
  /** Whether a `Metric,Value` table was present. */
  hasValueBlock: boolean;
}

/** Is this header row the statistics table (`Metric,avg,…`)? */
function isStatHeader(h: string[]): boolean {
  return (
    h[0]?.trim().toLowerCase() === "metric" &&
    h.slice(1).some((c) => c.trim().toLowerCase() === "avg")
  );
}

/** Is this header row the totals table (`Metric,Value`)? */
function isValueHeader(h: string[]): boolean {
  return h[0]?.trim().toLowerCase() === "metric" && h[1]?.trim().toLowerCase() === "value";
}

/**
 * Parse the blocks into one point (load unknown: `concurrency` and `requestRate` null). Rows not
 * in {@link NV_METRICS} are skipped; a cell of a mapped row that is neither a number nor an
 * absent marker (`N/A`, empty) is an error naming line and column. `"1,234.56"` reads as 1234.56.
 */
export function parseNvCsv(
  file: InputFile,
): { ok: true; value: NvCsv } | { ok: false; errors: ImportIssue[] } {
  const errors: ImportIssue[] = [];
  const point: SweepPoint = { concurrency: null, requestRate: null };
  const statRows = new Set<string>();
  let statHeaderLine = 0;
  let hasValueBlock = false;
  for (const section of splitSections(file.text)) {
    const table = parseCsv(section.text, ",");
    const header = table.rows[0];
    if (!header) continue;
    const lineOf = (i: number) => section.startLine + table.lines[i]! - 1;
    if (isStatHeader(header)) {
      if (statHeaderLine) continue; // a second statistics table would be telemetry-like; keep the first
      statHeaderLine = lineOf(0);
      for (let r = 1; r < table.rows.length; r++) {
        const row = table.rows[r]!;
        const label = row[0]?.trim() ?? "";
        if (!label) continue;
        const { name, unit } = splitLabel(label);
        const key = nvName(name);
        statRows.add(key);
        const target = NV_METRICS[key];
        if (!target) continue;
        const factor = target.kind === "stats" ? (msFactor(unit) ?? 1) : 1;
        const stats: Stats = {};
        for (let c = 1; c < header.length; c++) {
          const stat = statKeyOf(header[c]!);
          if (!stat) continue;
          const cell = readNumber(row[c] ?? "");
          if (cell.kind === "invalid") {
            const column = header[c]!.trim();
            errors.push(
              issueOf(
                file.name,
                "bad-number",
                M.problem("cellNotNumber", { label, column, text: cell.text }),
                { line: lineOf(r), column },
              ),
            );
          } else if (cell.kind === "number" && Number.isFinite(cell.value)) {
            stats[stat] = cell.value * factor;
          }
        }
        applyNvMetric(point, target, stats);
      }
    } else if (isValueHeader(header)) {
      hasValueBlock = true;
      for (let r = 1; r < table.rows.length; r++) {
        const row = table.rows[r]!;
        const label = row[0]?.trim() ?? "";
        const target = NV_METRICS[nvName(splitLabel(label).name)];
        if (!target || target.kind !== "scalar") continue;
        const cell = readNumber(row[1] ?? "");
        if (cell.kind === "invalid") {
          errors.push(
            issueOf(
              file.name,
              "bad-number",
              M.problem("valueNotNumber", { label, text: cell.text }),
              { line: lineOf(r), column: "Value" },
            ),
          );
        } else if (cell.kind === "number" && Number.isFinite(cell.value)) {
          applyNvMetric(point, target, { mean: cell.value });
        }
      }
    }
  }
  if (!statHeaderLine) {
    errors.push(issueOf(file.name, "missing-table", M.problem("noStatTable", {}), { line: 1 }));
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, value: { point, statRows, statHeaderLine, hasValueBlock } };
}

/**
 * Check a streaming run's TTFT row: a file that has per-token rows (Inter Token Latency, Time To
 * Second Token, per-user throughput) but no Time To First Token row is damaged, because both tools
 * always write TTFT for streaming runs (GenAI-Perf `_should_skip` drops all of them together for
 * non-streaming runs). Returns the issue, or null when fine.
 */
export function missingTtftIssue(
  file: InputFile,
  csv: NvCsv,
  ttftLabel: string,
): ImportIssue | null {
  if (csv.statRows.has("time to first token")) return null;
  const streamingRows = [
    "inter token latency",
    "time to second token",
    "output token throughput per user",
    "inter chunk latency",
  ];
  const present = streamingRows.filter((r) => csv.statRows.has(r));
  if (!present.length) return null;
  return issueOf(
    file.name,
    "missing-metric",
    M.problem("missingTtftRow", { label: ttftLabel, present }),
    { line: csv.statHeaderLine, column: "Metric" },
  );
}
