/**
 * Per-request tables (CSV or JSONL with one row per request and a concurrency or rate column,
 * docs/metrics.md "raw per-request records … aggregated into points with exact percentiles"). Rows are
 * streamed straight into a {@link RequestAggregator}: one reused record object, no per-row
 * allocation beyond the cells, so a million rows fit in little memory.
 */
import type { SweepMeta } from "../../engine/base/types";
import { toMsFactor, type HeaderMapping } from "../aliases";
import { RequestAggregator, type RequestRecord } from "../per-request";
import type { FileImportResult, ImportIssue, PartialSweep } from "../types";
import type { CsvRowView, NumberCell } from "../csv";
import type { Cell, RowSource } from "./generic-source";
import {
  emptyMeta,
  fileIssues,
  MAX_ERRORS,
  notedSweep,
  readCell,
  type TableOptions,
} from "./generic-table";
import { cellText, shown, shownCell } from "../show";
import {
  guessTimeUnit,
  missingColumns,
  requestColumns,
  setSlot,
  type RequestColumns,
  type ValueCol,
} from "./request-columns";
import type { Problem } from "../../engine/base/problems";
import { issueOf } from "../messages/issue";
import { tableMessages as M } from "../messages/table";

/** A row as the per-request reader asks for it: a cell as the source holds it, or read as a number. */
interface RowCells {
  /** Cells may be arrays (JSON sources: lists of inter-token gaps). */
  readonly lists: boolean;
  cell(i: number): Cell;
  /** The cell read by {@link readCell}; the object may be reused by the next call. */
  number(i: number): NumberCell;
}

/** Cells of {@link RowSource.each} (split CSV lines, JSON values). */
class ArrayRow implements RowCells {
  readonly lists = true;
  private cells: ArrayLike<Cell> = [];
  constructor(private readonly decimalComma: boolean) {}
  at(cells: ArrayLike<Cell>): this {
    this.cells = cells;
    return this;
  }
  cell(i: number): Cell {
    return this.cells[i];
  }
  number(i: number): NumberCell {
    return readCell(this.cells[i], this.decimalComma);
  }
}

/**
 * Cells of {@link RowSource.rows} (quote-free CSV, no decimal comma): a plain decimal is read in
 * place, exactly as `Number` reads it (`readPlainDecimal`, src/import/csv.ts); any other cell is sliced and read
 * by {@link readCell} as before, so every value and message is the one the split cells give.
 */
class ViewRow implements RowCells {
  readonly lists = false;
  private view: CsvRowView | null = null;
  private readonly hit = { kind: "number" as const, value: 0 };
  at(view: CsvRowView): this {
    this.view = view;
    return this;
  }
  cell(i: number): string | undefined {
    return this.view!.cell(i);
  }
  number(i: number): NumberCell {
    const v = this.view!.plain(i);
    if (v === v) {
      this.hit.value = v;
      return this.hit;
    }
    return readCell(this.view!.cell(i), false);
  }
}

/** A sweep being aggregated: one per value of the label/model/GPU columns. */
interface Group {
  agg: RequestAggregator;
  label?: string | undefined;
  meta: SweepMeta;
}

/**
 * Reads the rows of a per-request table into one aggregator per group, reusing one record (no
 * allocation per row). Bad cells become errors with line and column; reading stops at
 * {@link MAX_ERRORS}.
 */
class RequestRows {
  readonly errors: ImportIssue[] = [];
  readonly groups = new Map<string, Group>();
  skipped = 0;
  rows = 0;
  itlScalars = 0;
  itlLists = 0;
  private readonly rec: RequestRecord = { ok: true };
  private readonly gaps: number[] = [];
  /** The ms factor of a start/end column without a unit, guessed from its first value. */
  private readonly timeFactor = new Map<number, number>();

  constructor(
    private readonly src: RowSource,
    private readonly c: RequestColumns,
    private readonly opts: TableOptions,
    private readonly warnings: Problem[],
  ) {}

  /** One row at `line`; false stops the reading (too many errors). */
  onRow(row: RowCells, line: number): boolean | void {
    const g = this.group(row);
    const conc = this.concurrency(row, line);
    const rate = this.rate(row, line);
    if (this.errors.length >= MAX_ERRORS) return false;
    if (conc == null && rate == null) {
      this.skipped++;
      return;
    }
    const rec = this.rec;
    rec.ok = true;
    rec.ttftMs =
      rec.e2eMs =
      rec.tpotMs =
      rec.ntpotMs =
      rec.inputTokens =
      rec.outputTokens =
      rec.startMs =
      rec.endMs =
        undefined;
    rec.itlGapsMs = undefined;
    for (const v of this.c.values) this.value(row, line, v);
    if (this.failed(row)) rec.ok = false;
    if (this.errors.length >= MAX_ERRORS) return false;
    this.rows++;
    g.agg.add(conc, rate, rec);
  }

  /** The row's group (label/model/GPU columns), made on its first row. */
  private group(row: RowCells): Group {
    const { metaIdx } = this.c;
    let key = "";
    if (metaIdx.length) for (const m of metaIdx) key += `${cellText(row.cell(m.i) ?? "")}\u0000`;
    let g = this.groups.get(key);
    if (!g) {
      const meta: SweepMeta = { ...(this.opts.meta ?? emptyMeta()) };
      let label = this.opts.label;
      for (const m of metaIdx) {
        const t = cellText(row.cell(m.i) ?? "").trim();
        if (!t) continue;
        if (m.key === "label") label = t;
        else if (m.key === "gpuCount") meta.gpuCount = Number(t) || null;
        else meta[m.key] = t;
      }
      this.groups.set(key, (g = { agg: new RequestAggregator(), label, meta }));
    }
    return g;
  }

  /** The row's concurrency (positive, finite), or null (an error kept when the cell is bad). */
  private concurrency(row: RowCells, line: number): number | null {
    const i = this.c.concIdx;
    if (i < 0) return null;
    const r = row.number(i);
    if (r.kind === "number" && r.value > 0 && Number.isFinite(r.value)) return r.value;
    if (r.kind !== "absent")
      this.errors.push(
        issueOf(
          this.src.file,
          "bad-value",
          M.problem("positiveConcurrency", { value: shownCell(row.cell(i)) }),
          { line, column: this.src.headers[i] },
        ),
      );
    return null;
  }

  /** The row's request rate (positive; `inf` for an unbounded one), or null. */
  private rate(row: RowCells, line: number): number | "inf" | null {
    const i = this.c.rateIdx;
    if (i < 0) return null;
    const r = row.number(i);
    if (r.kind === "number" && r.value > 0) return r.value === Infinity ? "inf" : r.value;
    if (r.kind !== "absent")
      this.errors.push(
        issueOf(
          this.src.file,
          "bad-value",
          M.problem("positiveRate", { value: shownCell(row.cell(i)) }),
          { line, column: this.src.headers[i] },
        ),
      );
    return null;
  }

  /** Column `c`'s value of the row into its slot of the record (ITL lists as gaps). */
  private value(row: RowCells, line: number, c: ValueCol): void {
    const rec = this.rec;
    if (c.isItl && row.lists) {
      const raw = row.cell(c.i);
      if (Array.isArray(raw)) {
        this.itlLists++;
        const gaps = this.gaps;
        gaps.length = 0;
        for (const x of raw) if (typeof x === "number") gaps.push(x * c.factor);
        rec.itlGapsMs = gaps;
        return;
      }
    }
    if (c.slot === "itl") return;
    if (c.isItl) this.itlScalars++;
    const r = row.number(c.i);
    if (r.kind === "absent") return;
    if (
      r.kind === "invalid" ||
      !Number.isFinite(r.value) ||
      (r.value < 0 && c.slot !== "startMs" && c.slot !== "endMs")
    ) {
      const bad =
        r.kind === "invalid"
          ? M.problem("numberFound", { value: shown(r.text) })
          : M.problem("nonNegativeFound", { value: shown(r.value) });
      this.errors.push(
        issueOf(this.src.file, r.kind === "invalid" ? "not-a-number" : "bad-value", bad, {
          line,
          column: c.header,
        }),
      );
      return;
    }
    let factor = c.factor;
    if ((c.slot === "startMs" || c.slot === "endMs") && c.unit == null) {
      let tf = this.timeFactor.get(c.i);
      if (tf == null) {
        const u = guessTimeUnit(r.value);
        this.timeFactor.set(c.i, (tf = toMsFactor(u)));
        this.warnings.push(
          M.problem("unitFromMagnitude", { column: c.header, unit: u === "s" ? "s" : "ms" }),
        );
      }
      factor = tf;
    }
    setSlot(rec, c.slot, r.value * factor);
  }

  /** Whether the row's ok or error column says the request failed. */
  private failed(row: RowCells): boolean {
    const { okIdx, errIdx } = this.c;
    if (okIdx >= 0) {
      const v = row.cell(okIdx);
      if (
        v === false ||
        (typeof v === "string" && /^(false|0|no|n|失败|fail(ed)?)$/i.test(v.trim())) ||
        v === 0
      )
        return true;
    }
    if (errIdx >= 0) {
      const v = row.cell(errIdx);
      if (
        v != null &&
        v !== false &&
        typeof v !== "number" &&
        cellText(v).trim() &&
        !/^(none|null|nan|false|0)$/i.test(cellText(v).trim())
      )
        return true;
    }
    return false;
  }
}

/**
 * Aggregate a per-request table into one point per load level (and one sweep per label/model/
 * gpu column value). rps comes from start/end timestamps when present, else from Little's law
 * (concurrency ÷ mean e2e), with a warning.
 */
export function importPerRequest(
  src: RowSource,
  hm: HeaderMapping,
  opts: TableOptions = {},
): FileImportResult {
  const file = src.file;
  const warnings: Problem[] = [];
  const c = requestColumns(src, hm, opts, warnings);
  const missing = missingColumns(src, c);
  if (missing.length) return { ok: false, errors: missing };
  const reader = new RequestRows(src, c, opts, warnings);
  const { errors } = reader;
  let brk: ReturnType<RowSource["each"]> = null;
  if (src.rows && !src.decimalComma) {
    // Quote-free CSV: cells stay bounds over the text, plain decimals are read in place.
    const view = new ViewRow();
    src.rows((r, line) => reader.onRow(view.at(r), line));
  } else {
    const arr = new ArrayRow(src.decimalComma);
    brk = src.each((cells, line) => reader.onRow(arr.at(cells), line));
  }
  if (brk)
    errors.push(issueOf(file, "bad-record", brk.problem, { line: brk.line, column: brk.column }));
  if (errors.length) return { ok: false, errors };
  if (reader.skipped) warnings.push(M.problem("rowsSkipped", { count: reader.skipped }));
  const itlCol = c.values.find((v) => v.isItl);
  if (itlCol && reader.itlScalars && !c.hasTpot)
    warnings.push(M.problem("itlAsTpot", { column: itlCol.header }));
  if (itlCol && reader.itlLists) warnings.push(M.problem("itlPooled", { column: itlCol.header }));
  const hasTimes =
    c.values.some((v) => v.slot === "startMs") && c.values.some((v) => v.slot === "endMs");
  const sweeps = [...reader.groups.values()].map((g) =>
    groupSweep(g, warnings, reader.rows, hasTimes),
  );
  if (!sweeps.length)
    return { ok: false, errors: [issueOf(file, "no-points", M.problem("noRequestRows", {}))] };
  return { ok: true, value: { sweeps, warnings: fileIssues(file, warnings) } };
}

/**
 * The sweep of one group: its points, with rps by Little's law where the rows have no time span
 * (a closed loop's throughput is concurrency / mean latency), and the file's notes.
 */
function groupSweep(g: Group, warnings: Problem[], rows: number, hasTimes: boolean): PartialSweep {
  const points = g.agg.finish();
  const sw: Problem[] = [...warnings];
  sw.push(M.problem("aggregated", { rows, levels: points.length }));
  let estimated = false;
  for (const p of points) {
    if (p.rps == null && p.concurrency != null && p.e2eMs?.mean && p.completed) {
      p.rps = p.concurrency / (p.e2eMs.mean / 1000);
      if (p.meanOutputTokens != null) p.outputTokensPerSec = p.rps * p.meanOutputTokens;
      if (p.meanOutputTokens != null && p.meanInputTokens != null)
        p.totalTokensPerSec = p.rps * (p.meanInputTokens + p.meanOutputTokens);
      estimated = true;
    }
  }
  if (estimated) sw.push(M.problem(hasTimes ? "littleNoSpan" : "littleNoTimestamps", {}));
  return notedSweep({ label: g.label, meta: g.meta, points, warnings: [] }, sw);
}
