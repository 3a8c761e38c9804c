/**
 * Turning located vLLM / SGLang result records into partial sweeps: read each record
 * ({@link readRecord}), fill missing statistics from per-request arrays, group records of one
 * deployment into one sweep (the pipeline sorts the points, docs/metrics.md), collect issues.
 */
import { englishOf, type Problem } from "../../engine/base/problems";
import type { SweepMeta, SweepPoint } from "../../engine/base/types";
import { addNote, issueOf } from "../messages/issue";
import type { FileImportResult, ImportIssue, PartialSweep } from "../types";
import { fillFromArrays, hasDetailedArrays } from "./vllm-detailed";
import { readRecord, type Rec, type RecordLoc } from "./vllm-record";

/** A record with its location in the file. */
export interface LocatedRec {
  rec: Rec;
  loc: RecordLoc;
}

/** Grouping and meta of a record, supplied per tool. */
export interface GroupInfo {
  meta: SweepMeta;
  groupKey: string;
  label?: string | undefined;
  notes: Problem[];
}

/** Per-tool hooks of {@link buildSweeps}. */
export interface BuildOptions {
  tool: "vllm" | "sglang";
  /** Meta/group of a record. */
  info(rec: Rec): GroupInfo;
  /** Return the warning to skip the record with (warm-up run, failed sweep run), else null. */
  skip?(rec: Rec): Problem<object> | null;
}

/** Records → partial sweeps, or all errors found (every record is checked). */
export function buildSweeps(records: readonly LocatedRec[], opts: BuildOptions): FileImportResult {
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const groups = new Map<string, PartialSweep & { notes: Map<string, Problem> }>();
  for (const { rec, loc } of records) {
    const skipped = opts.skip?.(rec);
    if (skipped) {
      warnings.push(issueOf(loc.file, "skipped", skipped, { line: loc.line, record: loc.record }));
      continue;
    }
    const r = readRecord(rec, loc, opts.tool);
    if (r.errors.length) {
      for (const x of r.errors) errors.push(x);
      continue;
    }
    const point: SweepPoint = r.point;
    if (loc.line != null) point.sources = [{ file: loc.file, line: loc.line }];
    else if (loc.record != null) point.sources = [{ file: loc.file, record: loc.record }];
    const notes = r.notes; // a fresh array of this record
    if (hasDetailedArrays(rec)) for (const x of fillFromArrays(rec, point)) notes.push(x);
    const info = opts.info(rec);
    for (const x of info.notes) notes.push(x);
    let g = groups.get(info.groupKey);
    if (!g) {
      g = { meta: info.meta, points: [], warnings: [], notes: new Map() };
      if (info.label) g.label = info.label;
      groups.set(info.groupKey, g);
    }
    g.points.push(point);
    for (const n of notes) {
      const text = englishOf(n);
      if (!g.notes.has(text)) g.notes.set(text, n);
    }
  }
  if (errors.length) return { ok: false, errors };
  const sweeps: PartialSweep[] = [];
  for (const g of groups.values()) {
    // The group without its note map, the notes as warnings and problems (same keys, same order).
    const s: PartialSweep = { meta: g.meta, points: g.points, warnings: [] };
    for (const n of g.notes.values()) addNote(s, n);
    if ("label" in g) s.label = g.label;
    sweeps.push(s);
  }
  return { ok: true, value: { sweeps, warnings } };
}

/** Index of the first non-whitespace character (after a BOM) within the first 4 KB, or -1. */
export function firstCharIndex(text: string): number {
  const end = Math.min(text.length, 4096);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0xfeff || c === 32 || c === 9 || c === 10 || c === 13) continue;
    return i;
  }
  return -1;
}

/** First meaningful character: `{`, `[`, or anything else ("" when none in the first 4 KB). */
export function firstChar(text: string): string {
  const i = firstCharIndex(text);
  return i < 0 ? "" : text[i]!;
}
