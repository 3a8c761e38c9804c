/**
 * Per-request tables (CSV or JSONL with one row per request and a concurrency or rate column,
 * docs/metrics.md "raw per-request records … aggregated into points with exact percentiles"). Rows are
 * streamed straight into a {@link RequestAggregator}: one reused record object, no per-row
 * allocation beyond the cells, so a million rows fit in little memory.
 */
import type { MetricKey, SweepMeta } from "../../engine/base/types";
import { toMsFactor, type Field, type HeaderMapping, type TimeUnit } from "../aliases";
import { RequestAggregator, type RequestRecord } from "../per-request";
import type { FileImportResult, ImportIssue, PartialSweep } from "../types";
import type { CsvRowView, NumberCell } from "../csv";
import type { Cell, RowSource } from "./generic-source";
import {
  columnWarnings,
  emptyMeta,
  fileIssues,
  MAX_ERRORS,
  notedSweep,
  readCell,
  type TableOptions,
} from "./generic-table";
import { shown } from "../show";
import type { Problem } from "../../engine/base/problems";
import { issueOf } from "../messages/issue";
import { tableMessages as M } from "../messages/table";

type Slot =
  | "ttftMs"
  | "e2eMs"
  | "tpotMs"
  | "ntpotMs"
  | "itl"
  | "inputTokens"
  | "outputTokens"
  | "startMs"
  | "endMs";

const METRIC_SLOT: Record<MetricKey, Slot> = {
  ttft: "ttftMs",
  e2e: "e2eMs",
  tpot: "tpotMs",
  ntpot: "ntpotMs",
  itl: "itl",
};

/** Guess a timestamp unit from a value when the header states none (epoch s vs epoch ms). */
function guessTimeUnit(v: number): TimeUnit {
  if (v >= 1e11) return "ms";
  if (v >= 1e8) return "s";
  return null;
}

/** `rec[slot] = v` as a named store per slot (a store under a computed key is several times slower per row). */
function setSlot(rec: RequestRecord, slot: Slot, v: number): void {
  switch (slot) {
    case "ttftMs":
      rec.ttftMs = v;
      break;
    case "e2eMs":
      rec.e2eMs = v;
      break;
    case "tpotMs":
      rec.tpotMs = v;
      break;
    case "ntpotMs":
      rec.ntpotMs = v;
      break;
    case "inputTokens":
      rec.inputTokens = v;
      break;
    case "outputTokens":
      rec.outputTokens = v;
      break;
    case "startMs":
      rec.startMs = v;
      break;
    case "endMs":
      rec.endMs = v;
      break;
    case "itl":
      break;
  }
}

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

/** A cell in a message, as the split cells showed it (numbers from JSON as numbers, text quoted). */
const shownCell = (c: Cell): string => shown(typeof c === "number" ? c : String(c));

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
  const errors: ImportIssue[] = [];
  const warnings: Problem[] = [];
  const cols: {
    i: number;
    slot: Slot;
    factor: number;
    unit: TimeUnit;
    header: string;
    isItl?: boolean;
  }[] = [];
  let concIdx = -1;
  let rateIdx = -1;
  let okIdx = -1;
  let errIdx = -1;
  const metaIdx: { i: number; key: "label" | "model" | "engine" | "gpu" | "gpuCount" }[] = [];
  const hasTpot = hm.mapping.some(
    (f) => f?.kind === "metric" && f.stat == null && f.metric === "tpot",
  );
  const used = (f: Field): boolean =>
    f.kind === "load" ||
    f.kind === "meta" ||
    f.kind === "request" ||
    (f.kind === "metric" && f.stat == null) ||
    (f.kind === "value" && (f.key === "meanInputTokens" || f.key === "meanOutputTokens"));
  for (const x of columnWarnings(src, hm, used)) warnings.push(x);
  hm.mapping.forEach((f, i) => {
    if (!f) return;
    const header = src.headers[i]!;
    if (f.kind === "load") {
      if (f.key === "concurrency") concIdx = i;
      else rateIdx = i;
    } else if (f.kind === "meta") metaIdx.push({ i, key: f.key });
    else if (f.kind === "request") {
      if (f.key === "ok") okIdx = i;
      else if (f.key === "error") errIdx = i;
      else if (f.key === "start" || f.key === "end")
        cols.push({
          i,
          slot: f.key === "start" ? "startMs" : "endMs",
          factor: toMsFactor(f.unit),
          unit: f.unit,
          header,
        });
    } else if (f.kind === "value") {
      if (f.key === "meanInputTokens")
        cols.push({ i, slot: "inputTokens", factor: 1, unit: "ms", header });
      else if (f.key === "meanOutputTokens")
        cols.push({ i, slot: "outputTokens", factor: 1, unit: "ms", header });
    } else if (f.kind === "metric" && f.stat == null) {
      let slot = METRIC_SLOT[f.metric];
      if (slot === "itl") {
        // One value per request is that request's mean gap, i.e. TPOT (docs/metrics.md); lists stay gaps.
        if (hasTpot) warnings.push(M.problem("itlListsOnly", { column: header }));
        else slot = "tpotMs";
      }
      if (f.unit == null && !opts.msByConvention)
        warnings.push(M.problem("unitAssumedMs", { column: header }));
      cols.push({
        i,
        slot,
        factor: toMsFactor(f.unit),
        unit: f.unit ?? "ms",
        header,
        isItl: f.metric === "itl",
      });
    }
  });
  const columns = src.headers.length;
  if (concIdx < 0 && rateIdx < 0) {
    errors.push(
      issueOf(file, "missing-column", M.problem("noLoadColumn", { columns }), {
        line: src.headerLine,
        column: "concurrency",
      }),
    );
  }
  if (!cols.some((c) => /Ms$|^itl$/.test(c.slot) && c.slot !== "startMs" && c.slot !== "endMs")) {
    errors.push(
      issueOf(file, "missing-column", M.problem("noLatencyColumn", { columns }), {
        line: src.headerLine,
        column: "ttft",
      }),
    );
  }
  if (errors.length) return { ok: false, errors };

  const aggs = new Map<
    string,
    { agg: RequestAggregator; label?: string | undefined; meta: SweepMeta }
  >();
  const rec: RequestRecord = { ok: true };
  const gaps: number[] = [];
  let skipped = 0;
  let rows = 0;
  let itlScalars = 0;
  let itlLists = 0;
  const timeFactor = new Map<number, number>();
  const onRow = (row: RowCells, line: number): boolean | void => {
    // Group (label/model/gpu columns) → aggregator.
    let key = "";
    if (metaIdx.length) for (const m of metaIdx) key += `${row.cell(m.i) ?? ""}\u0000`;
    let g = aggs.get(key);
    if (!g) {
      const meta: SweepMeta = { ...(opts.meta ?? emptyMeta()) };
      let label = opts.label;
      for (const m of metaIdx) {
        const t = String(row.cell(m.i) ?? "").trim();
        if (!t) continue;
        if (m.key === "label") label = t;
        else if (m.key === "gpuCount") meta.gpuCount = Number(t) || null;
        else meta[m.key] = t;
      }
      aggs.set(key, (g = { agg: new RequestAggregator(), label, meta }));
    }
    let conc: number | null = null;
    let rate: number | "inf" | null = null;
    if (concIdx >= 0) {
      const r = row.number(concIdx);
      if (r.kind === "number" && r.value > 0 && Number.isFinite(r.value)) conc = r.value;
      else if (r.kind !== "absent")
        errors.push(
          issueOf(
            file,
            "bad-value",
            M.problem("positiveConcurrency", { value: shownCell(row.cell(concIdx)) }),
            { line, column: src.headers[concIdx] },
          ),
        );
    }
    if (rateIdx >= 0) {
      const r = row.number(rateIdx);
      if (r.kind === "number" && r.value > 0) rate = r.value === Infinity ? "inf" : r.value;
      else if (r.kind !== "absent")
        errors.push(
          issueOf(
            file,
            "bad-value",
            M.problem("positiveRate", { value: shownCell(row.cell(rateIdx)) }),
            { line, column: src.headers[rateIdx] },
          ),
        );
    }
    if (errors.length >= MAX_ERRORS) return false;
    if (conc == null && rate == null) {
      skipped++;
      return;
    }
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
    for (const c of cols) {
      if (c.isItl && row.lists) {
        const raw = row.cell(c.i);
        if (Array.isArray(raw)) {
          itlLists++;
          gaps.length = 0;
          for (const x of raw) if (typeof x === "number") gaps.push(x * c.factor);
          rec.itlGapsMs = gaps;
          continue;
        }
      }
      if (c.slot === "itl") continue;
      if (c.isItl) itlScalars++;
      const r = row.number(c.i);
      if (r.kind === "absent") continue;
      if (
        r.kind === "invalid" ||
        !Number.isFinite(r.value) ||
        (r.value < 0 && c.slot !== "startMs" && c.slot !== "endMs")
      ) {
        const bad =
          r.kind === "invalid"
            ? M.problem("numberFound", { value: shown(r.text) })
            : M.problem("nonNegativeFound", { value: shown(r.value) });
        errors.push(
          issueOf(file, r.kind === "invalid" ? "not-a-number" : "bad-value", bad, {
            line,
            column: c.header,
          }),
        );
        continue;
      }
      let factor = c.factor;
      if ((c.slot === "startMs" || c.slot === "endMs") && c.unit == null) {
        let tf = timeFactor.get(c.i);
        if (tf == null) {
          const u = guessTimeUnit(r.value);
          timeFactor.set(c.i, (tf = toMsFactor(u)));
          warnings.push(
            M.problem("unitFromMagnitude", { column: c.header, unit: u === "s" ? "s" : "ms" }),
          );
        }
        factor = tf;
      }
      setSlot(rec, c.slot, r.value * factor);
    }
    if (okIdx >= 0) {
      const v = row.cell(okIdx);
      if (
        v === false ||
        (typeof v === "string" && /^(false|0|no|n|失败|fail(ed)?)$/i.test(v.trim())) ||
        v === 0
      )
        rec.ok = false;
    }
    if (errIdx >= 0) {
      const v = row.cell(errIdx);
      if (
        v != null &&
        v !== false &&
        typeof v !== "number" &&
        String(v).trim() &&
        !/^(none|null|nan|false|0)$/i.test(String(v).trim())
      )
        rec.ok = false;
    }
    if (errors.length >= MAX_ERRORS) return false;
    rows++;
    g.agg.add(conc, rate, rec);
  };
  let brk: ReturnType<RowSource["each"]> = null;
  if (src.rows && !src.decimalComma) {
    // Quote-free CSV: cells stay bounds over the text, plain decimals are read in place.
    const view = new ViewRow();
    src.rows((r, line) => onRow(view.at(r), line));
  } else {
    const arr = new ArrayRow(src.decimalComma);
    brk = src.each((cells, line) => onRow(arr.at(cells), line));
  }
  if (brk)
    errors.push(issueOf(file, "bad-record", brk.problem, { line: brk.line, column: brk.column }));
  if (errors.length) return { ok: false, errors };
  if (skipped) warnings.push(M.problem("rowsSkipped", { count: skipped }));
  const itlCol = cols.find((c) => c.isItl);
  if (itlCol && itlScalars && !hasTpot)
    warnings.push(M.problem("itlAsTpot", { column: itlCol.header }));
  if (itlCol && itlLists) warnings.push(M.problem("itlPooled", { column: itlCol.header }));
  const hasTimes = cols.some((c) => c.slot === "startMs") && cols.some((c) => c.slot === "endMs");
  const sweeps: PartialSweep[] = [];
  for (const g of aggs.values()) {
    const points = g.agg.finish();
    const sw: Problem[] = [...warnings];
    sw.push(M.problem("aggregated", { rows, levels: points.length }));
    let estimated = false;
    for (const p of points) {
      if (p.rps == null && p.concurrency != null && p.e2eMs?.mean && p.completed) {
        // Little's law: in a closed loop, throughput = concurrency / mean latency.
        p.rps = p.concurrency / (p.e2eMs.mean / 1000);
        if (p.meanOutputTokens != null) p.outputTokensPerSec = p.rps * p.meanOutputTokens;
        if (p.meanOutputTokens != null && p.meanInputTokens != null)
          p.totalTokensPerSec = p.rps * (p.meanInputTokens + p.meanOutputTokens);
        estimated = true;
      }
    }
    if (estimated) sw.push(M.problem(hasTimes ? "littleNoSpan" : "littleNoTimestamps", {}));
    sweeps.push(notedSweep({ label: g.label, meta: g.meta, points, warnings: [] }, sw));
  }
  if (!sweeps.length)
    return { ok: false, errors: [issueOf(file, "no-points", M.problem("noRequestRows", {}))] };
  return { ok: true, value: { sweeps, warnings: fileIssues(file, warnings) } };
}
