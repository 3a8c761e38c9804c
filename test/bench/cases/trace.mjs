/**
 * Bench cases of traffic traces and schedules (run by test/bench/run.mjs; issue #13):
 * - trace import: a generated Azure-layout trace (test/bench/gen-trace.mjs, 2 × the per-request
 *   row count) streamed through `readTraceFile` (the CLI's reader, 4 MiB chunks) against read +
 *   split + Number of the same file; rows/s, and peak RSS against the file size;
 * - schedules: a week of 5-minute intervals (2,016) for 20 workloads and 50 SKUs
 *   (`alignSchedules` + `scheduleForSku` per SKU, src/engine/chain/schedule.ts) against one 16 ms frame.
 * Each import run is its own process (test/bench/child.mjs), interleaved with its baseline.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { generateTrace } from "../gen-trace.mjs";

export const title = "trace";

export async function run(ctx) {
  const {
    tmp,
    ROWS,
    RUNS,
    RECALC_SAMPLES,
    child,
    row,
    notes,
    profiles,
    profileOf,
    median,
    ms,
    MB,
    log,
  } = ctx;
  const rows = ROWS * 2;
  const file = join(tmp, "trace.csv");
  log(`bench: generating a ${rows.toLocaleString("en")}-row request trace`);
  await generateTrace(rows, file);
  const size = statSync(file).size;

  log("bench: trace import");
  const idle = [];
  const base = [];
  const runs = [];
  for (let r = 0; r < RUNS; r++) {
    idle.push(child("idle", file));
    base.push(child("split-csv", file));
    runs.push(child("trace", file));
  }
  const t = median(runs.map((x) => x.ms));
  const b = median(base.map((x) => x.ms));
  const n = runs[0].info.rows;
  const rate = (x) => `${(((n / x) * 1000) / 1e6).toFixed(2)} M rows/s`;
  row({
    case: `Trace import: ${n.toLocaleString("en")}-row Azure-layout CSV (${MB(size)}) streamed through readTraceFile (${runs[0].info.format}, ${runs[0].info.bad} bad rows)`,
    value: `${ms(t)} = ${rate(t)}`,
    baseline: `read + split + Number: ${ms(b)} = ${rate(b)}`,
    ratio: t / b,
    target: "≤ 2×",
    met: t / b <= 2,
  });
  const idleRss = median(idle.map((x) => x.maxRssKB)) * 1024;
  const rss = median(runs.map((x) => x.maxRssKB)) * 1024;
  const brss = median(base.map((x) => x.maxRssKB)) * 1024;
  row({
    case: "  peak RSS of that import above an idle node (streamed in 4 MiB chunks: should not grow with the file)",
    value: `${MB(rss - idleRss)} = ${((rss - idleRss) / size).toFixed(2)}× file (${MB(rss)} in all)`,
    baseline: `split baseline ${MB(brss - idleRss)} above idle = ${((brss - idleRss) / size).toFixed(2)}× file`,
    ratio: null,
    target: "≤ 0.5× file",
    met: (rss - idleRss) / size <= 0.5,
  });
  if (t / b > 2)
    profiles.push({ title: "Trace import (readTraceFile)", ...profileOf("trace", file) });

  log("bench: schedules (a week of 5-minute intervals × 50 SKUs)");
  const s = child("schedule", file, RECALC_SAMPLES).info;
  row({
    case: `Schedules: a week of 5-minute intervals (${s.check.intervals.toLocaleString("en")}) × 20 workloads for ${s.check.skus} SKUs (alignSchedules + scheduleForSku each; ${s.samples} samples in one process, ${ms(s.min)}–${ms(s.max)})`,
    value: ms(s.ms),
    baseline: "one 16 ms frame",
    ratio: s.ms / 16,
    target: "≤ 16 ms",
    met: s.ms <= 16,
  });
  notes.push(
    `Schedule check: ${s.check.intervals} intervals, ${s.check.skus} SKUs, largest static fleet ${s.check.maxReplicas} replicas, ${s.check.reserved} reserved replicas in all.`,
  );
  if (s.ms > 16)
    profiles.push({
      title: "Schedules (week × 50 SKUs)",
      ...profileOf("schedule", file, RECALC_SAMPLES),
    });
}
