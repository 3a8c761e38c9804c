/**
 * The seed's benchmark report (docs/report.md) as Markdown, so that `capplan report` output
 * re-imports: pipe tables such as `| 并发 | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL |`
 * (or English / other metric headers via the alias table). Latencies are ms unless a header or
 * a cell carries a unit (`1.2 s`, `320 ms`); `...`, `—`, `-` cells are absent. Every table
 * whose header maps becomes a sweep labelled by the heading above it; metadata bullet lines
 * (`- 硬件：H100 × 8`, `- Model: …`) fill meta, best effort.
 */
import type { SweepMeta } from "../../engine/base/types";
import { mapHeaders, toMsFactor, type TimeUnit } from "../aliases";
import type {
  FileImportResult,
  FormatImporter,
  ImportIssue,
  InputFile,
  PartialSweep,
} from "../types";
import type { Cell, RowSource } from "./generic-source";
import { emptyMeta, importAggregate, mappingUsable } from "./generic-table";
import { fileLabel } from "./generic-csv";
import { addNote, issueOf } from "../messages/issue";
import { markdownMessages as M } from "./markdown-report-messages";

// Lines are classified by plain scans, not by regular expressions with nested or adjacent
// quantifiers: a 100 KB line of spaces must cost one pass (docs/import.md "Limits").

/** A table row: `| … |` (at least two pipes once trimmed). */
function isRow(line: string): boolean {
  const t = line.trim();
  return t.length >= 2 && t.charCodeAt(0) === 124 && t.charCodeAt(t.length - 1) === 124;
}

const SEP_CELL = /^:?-{2,}:?$/;

/** A separator row: `|---|:--:|` (cells of two or more dashes, optional colons; outer pipes optional). */
function isSeparator(line: string): boolean {
  let t = line.trim();
  if (t.startsWith("|")) t = t.slice(1);
  if (t.endsWith("|")) t = t.slice(0, -1);
  if (!t.includes("-")) return false;
  for (const c of t.split("|")) if (!SEP_CELL.test(c.trim())) return false;
  return true;
}

/** An ATX heading `## text ##` → level and text, or null. */
export function readHeading(line: string): { level: number; text: string } | null {
  let i = 0;
  while (i < line.length && isSpace(line.charCodeAt(i))) i++;
  let level = 0;
  while (i < line.length && line.charCodeAt(i) === 35 /* # */ && level < 7) {
    level++;
    i++;
  }
  if (level < 1 || level > 6 || i >= line.length || !isSpace(line.charCodeAt(i))) return null;
  let end = line.length;
  while (end > i && isSpace(line.charCodeAt(end - 1))) end--;
  while (end > i && line.charCodeAt(end - 1) === 35) end--;
  const text = line.slice(i, end).trim();
  return text ? { level, text } : null;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 12 || c === 13 || c === 11 || c === 0xa0 || c === 0x3000;
}

/** Cells of a pipe-table row (outer pipes dropped, `\|` kept as a literal pipe). */
export function splitRow(line: string): string[] {
  const t = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return t.split(/(?<!\\)\|/).map((c) => c.replace(/\\\|/g, "|").trim());
}

const ABSENT_CELL = /^(|\.\.\.|…|—|–|-|n\/a|na|nan|none|null)$/i;

/**
 * A report cell → number in the column's header unit: `1,234.5`, `320 ms`, `1.2 s`,
 * `**45**`, `320 (+5%)`. Absent markers → null; anything else → the text (an error later).
 */
export function readReportCell(raw: string, headerUnit: TimeUnit | undefined): Cell {
  const s = raw.replace(/\*\*|__|`/g, "").trim();
  if (ABSENT_CELL.test(s)) return null;
  const m =
    /^([-+]?(?:\d[\d,]*(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?)\s*(ms|毫秒|s|sec|秒|us|µs)?(?=$|\s|\(|（)/i.exec(
      s,
    );
  if (!m) return s;
  const v = Number(m[1]!.replace(/,/g, ""));
  if (!Number.isFinite(v)) return s;
  const u = m[2]?.toLowerCase();
  if (!u || headerUnit === undefined) return v;
  const cellUnit: TimeUnit =
    u === "ms" || u === "毫秒" ? "ms" : u === "us" || u === "µs" ? "us" : "s";
  return (v * toMsFactor(cellUnit)) / toMsFactor(headerUnit);
}

/** Longest metadata line read (a longer one is not a report's metadata; skipping it bounds the work). */
const MAX_META_LINE = 2000;

/** `key: value` of a bullet line (`- 硬件：H100 × 8`), or null. A plain scan, linear in the line. */
function bullet(line: string): { key: string; value: string } | null {
  const t = line.trim();
  if (t.length < 2 || (t[0] !== "-" && t[0] !== "*")) return null;
  const rest = t.slice(1);
  let colon = -1;
  for (let i = 0; i < rest.length; i++) {
    const ch = rest[i];
    if (ch === ":" || ch === "：") {
      colon = i;
      break;
    }
  }
  if (colon < 0) return null;
  const key = rest.slice(0, colon).trim();
  const value = rest.slice(colon + 1).trim();
  return key && value ? { key, value } : null;
}

/** `H100 × 8`, `H100 x 8 卡`, `A100*4 GPUs` → GPU and count, or null (a plain scan from the end). */
function gpuTimes(s: string): { gpu: string; count: number } | null {
  let t = s.trim();
  const low = t.toLowerCase();
  for (const suffix of ["卡", "gpus", "gpu"]) {
    if (low.endsWith(suffix)) {
      t = t.slice(0, t.length - suffix.length).trimEnd();
      break;
    }
  }
  let d = t.length;
  while (d > 0 && t.charCodeAt(d - 1) >= 48 && t.charCodeAt(d - 1) <= 57) d--;
  if (d === t.length) return null;
  const count = Number(t.slice(d));
  const before = t.slice(0, d).trimEnd();
  const op = before[before.length - 1];
  if (op !== "×" && op !== "x" && op !== "X" && op !== "*") return null;
  const gpu = before.slice(0, -1).trim();
  return gpu ? { gpu, count } : null;
}

/** Fill meta from one bullet line of the report template (best effort). */
export function readMetaLine(line: string, meta: SweepMeta): void {
  if (line.length > MAX_META_LINE) return;
  const b = bullet(line);
  if (!b) return;
  const keys = b.key.split("/").map((k) => k.trim());
  const vals = keys.length > 1 ? b.value.split("/") : [b.value];
  if (vals.length !== keys.length) return;
  keys.forEach((k, i) => {
    const v = vals[i]!.trim();
    if (!v || /^(\.\.\.|…|x|-)$/i.test(v) || /型号|卡数|GPU model × count/i.test(v)) return;
    if (/日期|date/i.test(k)) meta.date = v;
    else if (/硬件|hardware|gpu/i.test(k)) {
      const parts = v.split(/[，,;；]/).map((p) => p.trim());
      const g = gpuTimes(parts[0]!);
      if (g) {
        meta.gpu = g.gpu;
        meta.gpuCount = g.count;
      } else meta.gpu = parts[0]!;
      if (parts.length > 1) meta.parallelism = parts.slice(1).join(", ");
    } else if (/引擎|engine|framework/i.test(k)) meta.engine = v;
    else if (/模型|model/i.test(k)) meta.model = v;
    else if (/环境|environment/i.test(k)) meta.environment = v;
  });
}

function tableSource(
  file: string,
  headers: string[],
  headerLine: number,
  body: { cells: string[]; line: number }[],
): RowSource {
  const hm = mapHeaders(headers);
  const units = hm.mapping.map((f) => (f?.kind === "metric" ? f.unit : undefined));
  return {
    file,
    headers,
    headerLine,
    decimalComma: false,
    each(fn) {
      for (const r of body) {
        const cells = headers.map((_, i) => readReportCell(r.cells[i] ?? "", units[i]));
        if (fn(cells, r.line) === false) break;
      }
      return null;
    },
  };
}

interface Table {
  heading: string | null;
  meta: SweepMeta;
  headers: string[];
  headerLine: number;
  body: { cells: string[]; line: number }[];
}

/** Every pipe table of a Markdown text, with the heading above it and the metadata in scope. */
export function findTables(text: string): Table[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const out: Table[] = [];
  let heading: string | null = null;
  let meta = emptyMeta();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const h = readHeading(l);
    if (h) {
      if (h.level <= 2) meta = emptyMeta();
      heading = h.text;
      continue;
    }
    const lead = l.trimStart();
    if ((lead[0] === "-" || lead[0] === "*") && isSpace(lead.charCodeAt(1))) {
      readMetaLine(l, meta);
      continue;
    }
    if (isRow(l) && i + 1 < lines.length && isSeparator(lines[i + 1]!)) {
      const t: Table = {
        heading,
        meta: { ...meta },
        headers: splitRow(l),
        headerLine: i + 1,
        body: [],
      };
      i += 2;
      while (i < lines.length && isRow(lines[i]!)) {
        t.body.push({ cells: splitRow(lines[i]!), line: i + 1 });
        i++;
      }
      i--;
      out.push(t);
    }
  }
  return out;
}

const markdownReport: FormatImporter = {
  id: "markdown-report",
  title:
    "Benchmark report table in Markdown (docs/report.md, Chinese or English headers; capplan report output)",
  versions: "| 并发 | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL | and alias headers",
  detect(file: InputFile): number {
    const head = file.text.slice(0, 200_000);
    if (!head.includes("--")) return 0;
    return findTables(head).some((t) => mappingUsable(mapHeaders(t.headers))) ? 0.6 : 0;
  },
  parse(file: InputFile): FileImportResult {
    const tables = findTables(file.text);
    const sweeps: PartialSweep[] = [];
    const errors: ImportIssue[] = [];
    const warnings: ImportIssue[] = [];
    let skipped = 0;
    for (const t of tables) {
      const hm = mapHeaders(t.headers);
      if (!mappingUsable(hm)) {
        skipped++;
        continue;
      }
      const src = tableSource(file.name, t.headers, t.headerLine, t.body);
      const label = t.heading ?? fileLabel(file.name);
      const r = importAggregate(src, hm, { msByConvention: true, label, meta: t.meta });
      if (!r.ok) for (const x of r.errors) errors.push(x);
      else {
        for (const s of r.value.sweeps) {
          s.meta.tool ??= "benchmark report (Markdown)";
          sweeps.push(s);
        }
        for (const x of r.value.warnings) warnings.push(x);
      }
    }
    if (errors.length) return { ok: false, errors };
    if (!sweeps.length)
      return {
        ok: false,
        errors: [issueOf(file.name, "no-points", M.problem("noTable", {}), { line: 1 })],
      };
    if (skipped) for (const s of sweeps) addNote(s, M.problem("tablesSkipped", { count: skipped }));
    return { ok: true, value: { sweeps, warnings } };
  },
};

/** Importer of the benchmark report (docs/report.md) Markdown report tables. */
export const markdownReportImporters: FormatImporter[] = [markdownReport];
