/**
 * The seed article's sweep-script output (docs/import.md): one Python dict repr per line,
 * `{'concurrency': 4, 'rps': 1.7, 'p50': 2.31, 'p99': 3.02}`. p50/p99 are end-to-end latency
 * order statistics in SECONDS. The script's `rps = total / sum(latency)` is ONE worker's rate;
 * the service rate is `concurrency × rps` by Little's law (docs/metrics.md), which is what we report,
 * keeping the raw value in `meta.rawRps` and in the sweep's warnings.
 */
import type { SweepPoint } from "../../engine/base/types";
import { addNote, issueOf } from "../messages/issue";
import { vllmMessages as M } from "./vllm-messages";
import type {
  FileImportResult,
  FormatImporter,
  ImportIssue,
  InputFile,
  PartialSweep,
} from "../types";
import { emptyMeta } from "./generic-table";
import { shown } from "../show";

/** A dict-repr line of the seed script (single or double quotes). */
const LINE = /^\s*\{\s*(['"])concurrency\1\s*:/;
const PAIR = /(['"])([A-Za-z_][\w.]*)\1\s*:\s*([^,}]+)/g;

/** Parse one `{'k': v, …}` line into numbers (None/NaN → absent); null when malformed. */
export function parseDictLine(line: string): Record<string, number | null> | null {
  const t = line.trim();
  if (!t.startsWith("{") || !t.endsWith("}")) return null;
  const out: Record<string, number | null> = {};
  let m: RegExpExecArray | null;
  PAIR.lastIndex = 0;
  let n = 0;
  while ((m = PAIR.exec(t))) {
    const raw = m[3]!.trim();
    if (/^(None|nan|NaN|null)$/.test(raw)) out[m[2]!] = null;
    else {
      const v = Number(raw);
      if (!Number.isFinite(v) && raw !== "inf") return null;
      out[m[2]!] = raw === "inf" ? Infinity : v;
    }
    n++;
  }
  return n ? out : null;
}

const KNOWN = new Set([
  "concurrency",
  "rps",
  "p50",
  "p90",
  "p95",
  "p99",
  "mean",
  "avg",
  "min",
  "max",
]);

const seedScript: FormatImporter = {
  id: "seed-script",
  title:
    "Seed article sweep-script output ({'concurrency': 4, 'rps': 1.7, 'p50': 2.31, 'p99': 3.02})",
  versions: "the seed article's sweep script (rps = one worker's rate; p50/p99 = e2e latency in s)",
  detect(file: InputFile): number {
    const first = file.firstLine();
    if (!LINE.test(first)) return 0;
    const d = parseDictLine(first);
    if (!d || !("rps" in d || "p50" in d || "p99" in d)) return 0;
    return Object.keys(d).every((k) => KNOWN.has(k)) ? 0.9 : 0.5;
  },
  parse(file: InputFile): FileImportResult {
    const errors: ImportIssue[] = [];
    const points: SweepPoint[] = [];
    const rawRps: { concurrency: number; rawRps: number; rps: number }[] = [];
    const skipped: number[] = [];
    const lines = file.text.replace(/^\uFEFF/, "").split(/\r?\n/);
    lines.forEach((text, i) => {
      const line = i + 1;
      if (!text.trim()) return;
      if (!LINE.test(text)) {
        skipped.push(line);
        return;
      }
      const d = parseDictLine(text);
      if (!d) {
        errors.push(
          issueOf(file.name, "bad-record", M.problem("seedNotDict", { text: shown(text.trim()) }), {
            line,
          }),
        );
        return;
      }
      const c = d.concurrency;
      if (c == null || !(c > 0) || !Number.isFinite(c)) {
        errors.push(
          issueOf(file.name, "bad-value", M.problem("seedBadConcurrency", { found: String(c) }), {
            line,
            column: "concurrency",
          }),
        );
        return;
      }
      const p: SweepPoint = { concurrency: c, requestRate: null };
      if (d.rps != null) {
        if (!(d.rps > 0) || !Number.isFinite(d.rps)) {
          errors.push(
            issueOf(file.name, "bad-value", M.problem("seedBadRps", { found: String(d.rps) }), {
              line,
              column: "rps",
            }),
          );
          return;
        }
        // Little's law: each of the c workers completes 1/mean-latency requests per second.
        p.rps = c * d.rps;
        rawRps.push({ concurrency: c, rawRps: d.rps, rps: p.rps });
      }
      const e2e: Record<string, number> = {};
      for (const k of ["p50", "p90", "p95", "p99", "mean", "avg", "min", "max"]) {
        const v = d[k];
        if (v == null) continue;
        if (!(v >= 0) || !Number.isFinite(v)) {
          errors.push(
            issueOf(
              file.name,
              "bad-value",
              M.problem("seedBadLatency", { key: k, found: String(v) }),
              { line, column: k },
            ),
          );
          return;
        }
        e2e[k === "avg" ? "mean" : k] = v * 1000;
      }
      if (Object.keys(e2e).length) p.e2eMs = e2e;
      p.sources = [{ file: file.name, line }];
      // A concurrency met again is a repeat: combined as the median when the sweep is finished.
      points.push(p);
    });
    if (errors.length) return { ok: false, errors };
    if (!points.length)
      return {
        ok: false,
        errors: [issueOf(file.name, "no-points", M.problem("seedNoLines", {}), { line: 1 })],
      };
    const meta = { ...emptyMeta(), tool: "seed sweep script", rawRps };
    const sweep: PartialSweep = { meta, points, warnings: [] };
    if (rawRps.length) {
      const rates = {
        concurrency: rawRps.map((r) => r.concurrency),
        rawRps: rawRps.map((r) => r.rawRps),
        rps: rawRps.map((r) => Number(r.rps.toFixed(6))),
      };
      addNote(sweep, M.problem("seedRawRps", rates));
    }
    addNote(sweep, M.problem("seedSeconds", {}));
    if (skipped.length)
      addNote(
        sweep,
        M.problem("seedLinesIgnored", { lines: skipped.slice(0, 10), more: skipped.length > 10 }),
      );
    return { ok: true, value: { sweeps: [sweep], warnings: [] } };
  },
};

/** Importer of the seed article's sweep-script output (docs/import.md). */
export const seedScriptImporters: FormatImporter[] = [seedScript];
