/**
 * One trace as the app reads it (docs/traffic.md "In the app"): the file is streamed in chunks
 * into a {@link TraceReader} (no row kept, the whole text never held), then summarised at the
 * planner's bin. The accumulator is kept, so a new bin is a new summary without reading the file
 * again. Used by the trace worker (`./trace-worker.ts`) and, where there is no worker (unit
 * tests), on the calling thread. No DOM, no Solid.
 */
import type { LengthHistogram } from "../engine/demand/length-histogram";
import type { TrafficAccumulator, TrafficSummary } from "../engine/demand/traffic";
import { TraceReader } from "./trace";
import { TRACE_FORMAT_TITLES, type TraceFormat, type TraceRole } from "./trace-header";
import type { ImportIssue } from "./types";
import { trafficMessages } from "../engine/demand/traffic-messages";
import { issueOf } from "./messages/issue";
import { SECONDS_PER_HOUR } from "../engine/base/units";

/** Bins the app offers (seconds); every one is a whole multiple of the 1-s base bin. */
export const TRACE_BINS = [1, 10, 60, 300, 900, SECONDS_PER_HOUR] as const;

/** Bytes read per chunk. */
const CHUNK = 4 << 20;

/** What a read trace gives the app. */
export interface TraceView {
  name: string;
  format: TraceFormat;
  formatTitle: string;
  /** Data rows read (good, failed and bad). */
  rows: number;
  badRows: number;
  warnings: ImportIssue[];
  columns: Partial<Record<TraceRole, string>>;
  summary: TrafficSummary;
  input: LengthHistogram | null;
  output: LengthHistogram | null;
}

/** A trace read, or why not. */
export type TraceOutcome = { ok: true; view: TraceView } | { ok: false; errors: ImportIssue[] };

/** Progress of reading: bytes so far of the total. */
export type TraceProgress = (done: number, total: number) => void;

/** A source: a Blob (File) to stream, or text already in memory. */
export type TraceSource = { name: string; file: Blob } | { name: string; text: string };

/** The last trace read, ready to be summarised again at another bin. */
export class TraceSession {
  private acc: TrafficAccumulator | null = null;
  private base: Omit<TraceView, "summary"> | null = null;

  /** `chunkBytes`: bytes read per slice of a Blob (default 4 MiB; tests use tiny slices). */
  constructor(private readonly chunkBytes = CHUNK) {}

  /** Stream `src` into a fresh accumulator and summarise at `binSec`. Never throws for bad content. */
  async read(src: TraceSource, binSec: number, onProgress?: TraceProgress): Promise<TraceOutcome> {
    this.acc = null;
    this.base = null;
    const reader = new TraceReader(src.name);
    try {
      if ("text" in src) {
        reader.push(src.text);
        onProgress?.(src.text.length, src.text.length);
      } else await streamBlob(src.file, reader, this.chunkBytes, onProgress);
    } catch (e) {
      const problem =
        e instanceof BinaryTrace
          ? trafficMessages.problem("readFailedBecause", {
              cause: trafficMessages.problem("binary", {}),
            })
          : trafficMessages.problem("readFailed", {
              reason: e instanceof Error ? e.message : String(e),
            });
      return { ok: false, errors: [issueOf(src.name, "read", problem)] };
    }
    const r = reader.finish();
    if (!r.ok) return r;
    this.acc = r.acc;
    this.base = {
      name: src.name,
      format: r.format,
      formatTitle: TRACE_FORMAT_TITLES[r.format],
      rows: r.rows,
      badRows: r.badRows,
      warnings: r.warnings,
      columns: r.columns,
      input: r.acc.lengthHistogram("input"),
      output: r.acc.lengthHistogram("output"),
    };
    return this.summarise(binSec);
  }

  /** The last trace summarised at `binSec`. */
  summarise(binSec: number): TraceOutcome {
    if (!this.acc || !this.base)
      return {
        ok: false,
        errors: [issueOf("(none)", "no-trace", trafficMessages.problem("noTraceRead", {}))],
      };
    const s = this.acc.summary(binSec);
    if (!s.ok)
      return {
        ok: false,
        errors: [{ file: this.base.name, code: "trace", message: s.error, problem: s.problem }],
      };
    return { ok: true, view: { ...this.base, summary: s.value } };
  }
}

/** Thrown by {@link streamBlob} for a file with NUL bytes in its first 4 KiB. */
class BinaryTrace extends Error {}

/** Feed a Blob to the reader in `chunk`-byte slices, decoded as UTF-8 across slice edges. */
async function streamBlob(
  file: Blob,
  reader: TraceReader,
  chunk: number,
  onProgress?: TraceProgress,
): Promise<void> {
  const decoder = new TextDecoder("utf-8");
  const total = file.size;
  for (let at = 0; at < total; at += chunk) {
    const bytes = new Uint8Array(await file.slice(at, Math.min(total, at + chunk)).arrayBuffer());
    if (at === 0 && bytes.subarray(0, 4096).includes(0)) throw new BinaryTrace();
    reader.push(decoder.decode(bytes, { stream: true }));
    onProgress?.(Math.min(total, at + chunk), total);
  }
  reader.push(decoder.decode());
}
