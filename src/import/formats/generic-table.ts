/**
 * Turning a header-mapped table (CSV/TSV, JSONL, JSON array, Markdown) into sweeps (docs/metrics.md):
 * one row per load level (aggregate statistics in metric × stat columns), or one row per
 * request (aggregated with exact percentiles, {@link importPerRequest}). Bad cells are errors
 * naming file, line and column; absent cells (`N/A`, `NaN`, empty) stay absent (docs/import.md).
 */
import type { SweepMeta, SweepPoint, Stats } from "../../engine/base/types";
import { METRIC_FIELD } from "../../engine/base/types";
import { fieldLabel, toMsFactor, type Field, type HeaderMapping } from "../aliases";
import { readNumber } from "../csv";
import type { FileImportResult, ImportIssue, PartialSweep } from "../types";
import type { Cell, RowSource } from "./generic-source";
import { cellText, shown, shownCell } from "../show";
import { englishOf, type Problem } from "../../engine/base/problems";
import { issueOf } from "../messages/issue";
import { tableMessages as M } from "../messages/table";

/** Errors kept per file before giving up (a million bad rows must not make a million issues). */
export const MAX_ERRORS = 20;

/** An empty {@link SweepMeta}. */
export function emptyMeta(): SweepMeta {
  return { model: null, engine: null, gpu: null, gpuCount: null, date: null };
}

/** Read a numeric cell: number, absent, or the offending text. */
export function readCell(
  c: Cell,
  decimalComma: boolean,
): { kind: "number"; value: number } | { kind: "absent" } | { kind: "invalid"; text: string } {
  if (typeof c === "number")
    return Number.isNaN(c) ? { kind: "absent" } : { kind: "number", value: c };
  if (c == null) return { kind: "absent" };
  if (typeof c === "string") {
    // Fast path for plain numbers (the million-row case); `+""` is 0, so empties go to readNumber.
    if (c.length && c.length < 24 && !(decimalComma && /[.,]/.test(c))) {
      const v = +c;
      if (v === v && c.trim() !== "" && c.charCodeAt(0) !== 32 && Number.isFinite(v))
        return { kind: "number", value: v };
    }
    return readNumber(c, decimalComma);
  }
  return {
    kind: "invalid",
    text: typeof c === "boolean" ? String(c) : JSON.stringify(c).slice(0, 40),
  };
}

/** True when the mapping has a load column and at least one metric or throughput column. */
export function mappingUsable(hm: HeaderMapping): boolean {
  const hasLoad = hm.mapping.some((f) => f?.kind === "load");
  const hasMetric = hm.mapping.some(
    (f) => f?.kind === "metric" || (f?.kind === "value" && /PerSec$|^rps$/.test(f.key)),
  );
  return hasLoad && hasMetric;
}

/** Options of {@link importTable}. */
export interface TableOptions {
  /** Don't warn when a latency header states no unit (Markdown report: ms by convention). */
  msByConvention?: boolean;
  /** Sweep label when the table has no label column. */
  label?: string;
  /** Meta to start from (Markdown report metadata lines). */
  meta?: SweepMeta;
  /** Force one mode instead of sampling the rows. */
  mode?: "aggregate" | "per-request";
}

/**
 * Decide whether rows are load levels or requests: a request-id column, or per-request metric
 * columns (no statistic in the header) with more than 2 rows per load level on average.
 */
export function decideMode(src: RowSource, hm: HeaderMapping): "aggregate" | "per-request" {
  if (hm.mapping.some((f) => f?.kind === "request" && f.key === "requestId")) return "per-request";
  const statless = hm.mapping.some((f) => f?.kind === "metric" && f.stat == null);
  const withStat = hm.mapping.some((f) => f?.kind === "metric" && f.stat != null);
  if (!statless) return "aggregate";
  const loadIdx = hm.mapping.flatMap((f, i) => (f?.kind === "load" ? [i] : []));
  const seen = new Set<string>();
  let rows = 0;
  src.each((cells) => {
    seen.add(loadIdx.map((i) => cellText(cells[i])).join("|"));
    return ++rows < 5000;
  });
  if (rows / Math.max(1, seen.size) > 2) return "per-request";
  return withStat ? "aggregate" : rows > seen.size ? "per-request" : "aggregate";
}

/** Notes about columns that are not imported. */
export function columnWarnings(
  src: RowSource,
  hm: HeaderMapping,
  used: (f: Field) => boolean,
): Problem[] {
  const w: Problem[] = [];
  const ignored = hm.unknown.concat(
    hm.mapping.flatMap((f, i) => (f && !used(f) ? [src.headers[i]!] : [])),
  );
  if (ignored.length) w.push(M.problem("columnsIgnored", { names: ignored }));
  for (const a of hm.ambiguous)
    w.push(
      M.problem("ambiguousColumn", { column: a.column, candidates: a.candidates.map(fieldLabel) }),
    );
  for (const d of hm.duplicates)
    w.push(M.problem("duplicateColumn", { column: d.column, first: src.headers[d.firstIndex]! }));
  return w;
}

function metaKey(m: SweepMeta, label: string | undefined): string {
  return [label ?? "", m.model ?? "", m.engine ?? "", m.gpu ?? "", m.gpuCount ?? ""].join("\u0000");
}

/** Positive-only fields (docs/import.md: negative or zero rates/throughput are errors). */
const POSITIVE = new Set([
  "concurrency",
  "requestRate",
  "rps",
  "outputTokensPerSec",
  "totalTokensPerSec",
  "meanInputTokens",
  "meanOutputTokens",
]);

/** Import a table whose rows are load levels (aggregate statistics). */
export function importAggregate(
  src: RowSource,
  hm: HeaderMapping,
  opts: TableOptions = {},
): FileImportResult {
  const file = src.file;
  const errors: ImportIssue[] = [];
  const warnings: Problem[] = columnWarnings(
    src,
    hm,
    (f) => f.kind !== "request" && !(f.kind === "metric" && f.stat == null),
  );
  hm.mapping.forEach((f, i) => {
    if (f?.kind === "metric" && f.stat == null)
      warnings.push(M.problem("noStatistic", { column: src.headers[i]! }));
  });
  const columns = src.headers.length;
  if (!hm.mapping.some((f) => f?.kind === "load")) {
    errors.push(
      issueOf(file, "missing-column", M.problem("noLoadColumn", { columns }), {
        line: src.headerLine,
        column: "concurrency",
      }),
    );
  }
  if (
    !hm.mapping.some((f) => f?.kind === "metric" && f.stat != null) &&
    !hm.mapping.some((f) => f?.kind === "value" && /PerSec$|^rps$/.test(f.key))
  ) {
    errors.push(
      issueOf(file, "missing-column", M.problem("noMetricColumn", { columns }), {
        line: src.headerLine,
        column: "metric",
      }),
    );
  }
  if (errors.length) return { ok: false, errors };
  if (!opts.msByConvention) {
    hm.mapping.forEach((f, i) => {
      if (f?.kind === "metric" && f.stat != null && f.unit == null)
        warnings.push(M.problem("unitAssumedMs", { column: src.headers[i]! }));
    });
  }
  const groups = new Map<string, PartialSweep>();
  let skipped = 0;
  const brk = src.each((cells, line) => {
    const p: SweepPoint = { concurrency: null, requestRate: null };
    const meta: SweepMeta = { ...(opts.meta ?? emptyMeta()) };
    let label = opts.label;
    let anyValue = false;
    for (let i = 0; i < hm.mapping.length; i++) {
      const f = hm.mapping[i];
      if (!f || f.kind === "request" || (f.kind === "metric" && f.stat == null)) continue;
      const c = cells[i];
      if (f.kind === "meta") {
        const t = c == null ? "" : cellText(c).trim();
        if (!t) continue;
        if (f.key === "label") label = t;
        else if (f.key === "gpuCount") {
          const n = readCell(t, src.decimalComma);
          if (n.kind === "number") meta.gpuCount = n.value;
        } else meta[f.key] = t;
        continue;
      }
      const r = readCell(c, src.decimalComma);
      if (r.kind === "absent") continue;
      anyValue = true;
      const column = src.headers[i]!;
      if (r.kind === "invalid") {
        errors.push(
          issueOf(file, "not-a-number", M.problem("numberFound", { value: shown(r.text) }), {
            line,
            column,
          }),
        );
        continue;
      }
      let v = r.value;
      const key = f.kind === "metric" ? "latency" : f.key;
      if (f.kind === "load" && f.key === "requestRate" && v === Infinity) {
        p.requestRate = "inf";
        continue;
      }
      if (!Number.isFinite(v) || v < 0 || (v === 0 && POSITIVE.has(key))) {
        const value = c == null ? "" : shownCell(c);
        errors.push(
          issueOf(
            file,
            "bad-value",
            M.problem(POSITIVE.has(key) ? "positiveFound" : "nonNegativeFound", { value }),
            { line, column },
          ),
        );
        continue;
      }
      if (f.kind === "value" && (f.key === "failedPct" || f.key === "failedFraction")) {
        // A failed share: a fraction (`error rate`) or a percentage (`Failed %`), kept in percent.
        const max = f.key === "failedPct" ? 100 : 1;
        if (v > max) {
          const value = shownCell(c);
          errors.push(
            issueOf(file, "bad-value", M.problem("shareFound", { value, max }), { line, column }),
          );
          continue;
        }
        p.failedPct = (v * 100) / max;
        continue;
      }
      if (f.kind === "metric") {
        v *= toMsFactor(f.unit);
        const fld = METRIC_FIELD[f.metric];
        (p[fld] ??= {} as Stats)[f.stat!] = v;
      } else if (f.kind === "load") p[f.key] = v;
      else if (f.key !== "failedFraction") p[f.key] = v;
    }
    if (errors.length >= MAX_ERRORS) return false;
    if (!anyValue) return;
    if (p.concurrency == null && p.requestRate == null) {
      skipped++;
      return;
    }
    const k = metaKey(meta, label);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { label, meta, points: [], warnings: [], problems: [] }));
    p.sources = [src.arrayElements ? { file, record: line - 1 } : { file, line }];
    // A load level met again is a repeat (combined as the median when the sweep is finished).
    g.points.push(p);
  });
  if (brk)
    errors.push(issueOf(file, "bad-record", brk.problem, { line: brk.line, column: brk.column }));
  if (errors.length) return { ok: false, errors };
  if (skipped) warnings.push(M.problem("rowsSkipped", { count: skipped }));
  const sweeps = distinctLabels([...groups.values()]).map((s) => notedSweep(s, warnings));
  if (!sweeps.length)
    return { ok: false, errors: [issueOf(file, "no-points", M.problem("noDataRows", {}))] };
  return { ok: true, value: { sweeps, warnings: fileIssues(file, warnings) } };
}

/**
 * Sweeps of one file that share a label (rows split by engine, model or GPU columns) get the
 * metadata that tells them apart appended: `bench · vllm`, `bench · sglang`.
 */
function distinctLabels(sweeps: PartialSweep[]): PartialSweep[] {
  const byLabel = new Map<string, PartialSweep[]>();
  for (const s of sweeps) {
    const k = s.label ?? "";
    byLabel.set(k, [...(byLabel.get(k) ?? []), s]);
  }
  return sweeps.map((s) => {
    const twins = byLabel.get(s.label ?? "")!;
    if (twins.length < 2) return s;
    const keys = (["engine", "model", "gpu", "gpuCount"] as const).filter(
      (k) => new Set(twins.map((t) => String(t.meta[k] ?? ""))).size > 1,
    );
    if (!keys.length) return s;
    const parts = keys.map((k) => String(s.meta[k] ?? "—"));
    return { ...s, label: [s.label, ...parts].filter(Boolean).join(" · ") };
  });
}

/** `s` with `notes` in front of its own notes: English in `warnings`, the problems in `problems`. */
export function notedSweep(s: PartialSweep, notes: readonly Problem[]): PartialSweep {
  const problems = [...notes, ...(s.problems ?? [])];
  return { ...s, warnings: [...notes.map(englishOf), ...s.warnings], problems };
}

/** File-level warning issues from notes (the CLI prints these on stderr); each carries its problem. */
export function fileIssues(file: string, notes: readonly Problem[]): ImportIssue[] {
  return notes.map((p) => issueOf(file, "warning", p));
}
