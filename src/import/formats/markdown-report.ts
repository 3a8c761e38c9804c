/**
 * The seed's benchmark report (seed §5.3) as Markdown, so that `capplan report` output
 * re-imports: pipe tables such as `| 并发 | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL |`
 * (or English / other metric headers via the alias table). Latencies are ms unless a header or
 * a cell carries a unit (`1.2 s`, `320 ms`); `...`, `—`, `-` cells are absent. Every table
 * whose header maps becomes a sweep labelled by the heading above it; metadata bullet lines
 * (`- 硬件：H100 × 8`, `- Model: …`) fill meta, best effort.
 */
import type { SweepMeta } from "../../engine/types";
import { mapHeaders, toMsFactor, type TimeUnit } from "../aliases";
import type { FileImportResult, FormatImporter, ImportIssue, InputFile, PartialSweep } from "../types";
import type { Cell, RowSource } from "./generic-source";
import { emptyMeta, importAggregate, mappingUsable } from "./generic-table";
import { fileLabel } from "./generic-csv";

const SEP = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const ROW = /^\s*\|.*\|\s*$/;

/** Cells of a pipe-table row (outer pipes dropped, `\|` kept as a literal pipe). */
export function splitRow(line: string): string[] {
  const t = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return t.split(/(?<!\\)\|/).map(c => c.replace(/\\\|/g, "|").trim());
}

const ABSENT_CELL = /^(|\.\.\.|…|—|–|-|n\/a|na|nan|none|null)$/i;

/**
 * A report cell → number in the column's header unit: `1,234.5`, `320 ms`, `1.2 s`,
 * `**45**`, `320 (+5%)`. Absent markers → null; anything else → the text (an error later).
 */
export function readReportCell(raw: string, headerUnit: TimeUnit | undefined): Cell {
  const s = raw.replace(/\*\*|__|`/g, "").trim();
  if (ABSENT_CELL.test(s)) return null;
  const m = /^([-+]?(?:\d[\d,]*(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?)\s*(ms|毫秒|s|sec|秒|us|µs)?(?=$|\s|\(|（)/i.exec(s);
  if (!m) return s;
  const v = Number(m[1]!.replace(/,/g, ""));
  if (!Number.isFinite(v)) return s;
  const u = m[2]?.toLowerCase();
  if (!u || headerUnit === undefined) return v;
  const cellUnit: TimeUnit = u === "ms" || u === "毫秒" ? "ms" : u === "us" || u === "µs" ? "us" : "s";
  return (v * toMsFactor(cellUnit)) / toMsFactor(headerUnit);
}

/** Fill meta from one bullet line of the report template (best effort). */
export function readMetaLine(line: string, meta: SweepMeta): void {
  const m = /^\s*[-*]\s*([^:：]+?)\s*[:：]\s*(.+?)\s*$/.exec(line);
  if (!m) return;
  const keys = m[1]!.split(/\s*\/\s*/);
  const vals = keys.length > 1 ? m[2]!.split(/\s*\/\s*/) : [m[2]!];
  if (vals.length !== keys.length) return;
  keys.forEach((k, i) => {
    const v = vals[i]!.trim();
    if (!v || /^(\.\.\.|…|x|-)$/i.test(v) || /型号|卡数|GPU model × count/i.test(v)) return;
    if (/日期|date/i.test(k)) meta.date = v;
    else if (/硬件|hardware|gpu/i.test(k)) {
      const parts = v.split(/[，,;；]\s*/);
      const g = /^(.+?)\s*[×xX*]\s*(\d+)\s*(卡|gpus?)?$/.exec(parts[0]!.trim());
      if (g) {
        meta.gpu = g[1]!.trim();
        meta.gpuCount = Number(g[2]);
      } else meta.gpu = parts[0]!.trim();
      if (parts.length > 1) meta.parallelism = parts.slice(1).join(", ");
    } else if (/引擎|engine|framework/i.test(k)) meta.engine = v;
    else if (/模型|model/i.test(k)) meta.model = v;
    else if (/环境|environment/i.test(k)) meta.environment = v;
  });
}

function tableSource(file: string, headers: string[], headerLine: number, body: { cells: string[]; line: number }[]): RowSource {
  const hm = mapHeaders(headers);
  const units = hm.mapping.map(f => (f?.kind === "metric" ? f.unit : undefined));
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
    const h = /^\s*(#{1,6})\s+(.+?)\s*#*\s*$/.exec(l);
    if (h) {
      if (h[1]!.length <= 2) meta = emptyMeta();
      heading = h[2]!;
      continue;
    }
    if (/^\s*[-*]\s/.test(l)) {
      readMetaLine(l, meta);
      continue;
    }
    if (ROW.test(l) && i + 1 < lines.length && SEP.test(lines[i + 1]!) && lines[i + 1]!.includes("-")) {
      const t: Table = { heading, meta: { ...meta }, headers: splitRow(l), headerLine: i + 1, body: [] };
      i += 2;
      while (i < lines.length && ROW.test(lines[i]!)) {
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
  title: "Benchmark report table in Markdown (seed §5.3, Chinese or English headers; capplan report output)",
  versions: "| 并发 | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL | and alias headers",
  detect(file: InputFile): number {
    const head = file.text.slice(0, 200_000);
    if (!/^\s*\|?\s*:?-{2,}/m.test(head)) return 0;
    return findTables(head).some(t => mappingUsable(mapHeaders(t.headers))) ? 0.6 : 0;
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
      if (!r.ok) errors.push(...r.errors);
      else {
        for (const s of r.value.sweeps) {
          s.meta.tool ??= "benchmark report (Markdown)";
          sweeps.push(s);
        }
        warnings.push(...r.value.warnings);
      }
    }
    if (errors.length) return { ok: false, errors };
    if (!sweeps.length) return { ok: false, errors: [{ file: file.name, line: 1, code: "no-points", message: "no Markdown table with a load column (并发/Concurrency) and a metric column" }] };
    if (skipped) for (const s of sweeps) s.warnings.push(`${skipped} other table(s) without load and metric columns were skipped`);
    return { ok: true, value: { sweeps, warnings } };
  },
};

/** Importer of the seed §5.3 Markdown report tables. */
export const markdownReportImporters: FormatImporter[] = [markdownReport];
