/**
 * GuideLLM CSV export, v0.4+ (`benchmark/outputs/csv.py`, reference `guidellm.md`): three header
 * rows (group / field or "<Status> <units>" / stat), one data row per benchmark. Each status
 * distribution has `Mean`, `Median`, `Std Dev` and one `Percentiles` cell holding
 * `[min, p001, p01, p05, p10, p25, p75, p90, p95, p99, max]` (no p50: the Median is used).
 *
 * Mapping (successful status, as the JSON importer): Time to First Token → ttft; Inter Token
 * Latency → tpot; Time per Output Token (v0.4+: TTFT included) → ntpot; Request Latency (Sec)
 * ×1000 → e2e; Server Throughput Requests/Sec Mean → rps; Token Throughput Output/Total
 * Tokens/Sec Mean → tokens/s; Token Metrics Input/Output Tokens Mean → token means.
 * Load: the CSV names only the strategy type (`Benchmark/Strategy`); streams/rate come from the
 * `Run Info/Profile` JSON (`completed_strategies[Run Index]`), else the measured Server
 * Throughput Concurrency (warning). The one-header-row CSV of v0.2–v0.3 is not supported.
 */
import type { Stats, SweepPoint } from "../../engine/base/types";
import { parseCsv, readNumber } from "../csv";
import { addNote, issueOf } from "../messages/issue";
import { guidellmMessages as M } from "./guidellm-messages";
import type { FileImportResult, FormatImporter, InputFile, PartialSweep } from "../types";
import { get, str } from "./common-json";
import { loadOfStrategy, strategyFromProfile } from "./guidellm-common";

const PCT_ORDER = [
  "min",
  "p0.1",
  "p1",
  "p5",
  "p10",
  "p25",
  "p75",
  "p90",
  "p95",
  "p99",
  "max",
] as const;

function isGuidellmCsv(file: InputFile): boolean {
  const first = file.firstLine();
  if (!/^"?Run Info"?,/.test(first)) return false;
  const head = file.text.slice(0, 20000);
  return /Time to First Token/.test(head) && /\bBenchmark\b/.test(head);
}

function jsonCell(s: string | undefined): unknown {
  if (!s || !/^[[{]/.test(s.trim())) return undefined;
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

function parse(file: InputFile): FileImportResult {
  const t = parseCsv(file.text, ",");
  if (t.rows.length < 4)
    return {
      ok: false,
      errors: [
        issueOf(file.name, "no-rows", M.problem("csvTooShort", {}), {
          line: t.lines[t.rows.length - 1] ?? 1,
        }),
      ],
    };
  const [g, f, s] = [t.rows[0]!, t.rows[1]!, t.rows[2]!];
  const width = Math.max(g.length, f.length, s.length);
  const cols = new Map<string, number>();
  let group = "";
  for (let i = 0; i < width; i++) {
    group = (g[i] ?? "").trim() || group; // tolerate merged (blank) group cells from spreadsheets
    const key = `${group}|${(f[i] ?? "").trim()}|${(s[i] ?? "").trim()}`.toLowerCase();
    if (!cols.has(key)) cols.set(key, i);
  }
  const col = (grp: string, field: string, stat = "") =>
    cols.get(`${grp}|${field}|${stat}`.toLowerCase()) ?? -1;
  const notes: Pick<PartialSweep, "warnings" | "problems"> = { warnings: [] };
  const points: SweepPoint[] = [];
  let model: string | null = null;
  let version: string | null = null;
  let date: string | null = null;
  for (let r = 3; r < t.rows.length; r++) {
    const row = t.rows[r]!;
    const line = t.lines[r]!;
    const cell = (c: number) => (c >= 0 ? row[c] : undefined);
    const n = (c: number) => {
      const v = readNumber(cell(c));
      return v.kind === "number" && Number.isFinite(v.value) ? v.value : undefined;
    };
    const dist = (grp: string, units: string, scale = 1): Stats | undefined => {
      const out: Stats = {};
      const set = (k: string, v: number | undefined) => {
        if (v !== undefined) out[k] = v * scale;
      };
      set("mean", n(col(grp, `Successful ${units}`, "Mean")));
      set("p50", n(col(grp, `Successful ${units}`, "Median")));
      set("std", n(col(grp, `Successful ${units}`, "Std Dev")));
      const pc = cell(col(grp, `Successful ${units}`, "Percentiles"));
      if (pc && pc.trim()) {
        const parts = pc
          .trim()
          .replace(/^\[|\]$/g, "")
          .split(",");
        if (parts.length === PCT_ORDER.length)
          parts.forEach((x, i) =>
            set(PCT_ORDER[i]!, ((v) => (v.kind === "number" ? v.value : undefined))(readNumber(x))),
          );
        else
          addNote(
            notes,
            M.problem("csvPercentiles", {
              line,
              group: grp,
              count: parts.length,
              expected: PCT_ORDER.length,
            }),
          );
      }
      return Object.keys(out).length ? out : undefined;
    };
    const type = str(cell(col("Benchmark", "Strategy")));
    const profile = jsonCell(cell(col("Run Info", "Profile")));
    const runIndex = n(col("Run Info", "Run Index"));
    let load = loadOfStrategy(strategyFromProfile(profile, runIndex, type));
    if (!load) {
      const measured = n(col("Server Throughput", "Successful Concurrency", "Mean"));
      if (measured !== undefined && measured > 0) {
        load = { concurrency: measured, requestRate: null };
        addNote(notes, M.problem("measuredConcurrencyCsv", { line, strategy: type ?? "?" }));
      } else load = { concurrency: null, requestRate: null };
    }
    const p: SweepPoint = { ...load, sources: [{ file: file.name, line }] };
    const put = (
      k:
        | "rps"
        | "outputTokensPerSec"
        | "totalTokensPerSec"
        | "meanInputTokens"
        | "meanOutputTokens",
      v: number | undefined,
    ) => {
      if (v !== undefined && v > 0) p[k] = v;
    };
    put("rps", n(col("Server Throughput", "Successful Requests/Sec", "Mean")));
    put("outputTokensPerSec", n(col("Token Throughput", "Successful Output Tokens/Sec", "Mean")));
    put("totalTokensPerSec", n(col("Token Throughput", "Successful Total Tokens/Sec", "Mean")));
    put("meanInputTokens", n(col("Token Metrics", "Successful Input Tokens", "Mean")));
    put("meanOutputTokens", n(col("Token Metrics", "Successful Output Tokens", "Mean")));
    const ttft = dist("Time to First Token", "ms");
    const tpot = dist("Inter Token Latency", "ms");
    const ntpot = dist("Time per Output Token", "ms");
    const e2e = dist("Request Latency", "Sec", 1000);
    if (ttft) p.ttftMs = ttft;
    if (tpot) p.tpotMs = tpot;
    if (ntpot) p.ntpotMs = ntpot;
    if (e2e) p.e2eMs = e2e;
    const ok = n(col("Request Counts", "Successful"));
    const err = n(col("Request Counts", "Errored"));
    if (ok !== undefined) p.completed = ok;
    if (err !== undefined) p.failed = err;
    points.push(p);
    const backend = jsonCell(cell(col("Run Info", "Backend")));
    const args = jsonCell(cell(col("Runtime Info", "Arguments")));
    model ??= str(get(backend, "model")) ?? str(get(args, "model")) ?? null;
    version ??=
      str(get(jsonCell(cell(col("Runtime Info", "Metadata"))), "guidellm_version")) ?? null;
    const start = str(cell(col("Timings", "Start Time")));
    date ??= start ?? null; // "%Y-%m-%d %H:%M:%S" in the benchmark machine's local time: kept as written
  }
  return {
    ok: true,
    value: {
      sweeps: [
        {
          meta: {
            model,
            engine: null,
            gpu: null,
            gpuCount: null,
            date,
            tool: "guidellm",
            toolVersion: version,
          },
          points,
          ...notes,
        },
      ],
      warnings: [],
    },
  };
}

/** GuideLLM CSV export (v0.4+, three header rows). */
export const guidellmCsv: FormatImporter = {
  id: "guidellm-csv",
  title: "GuideLLM benchmarks.csv (v0.4+, three header rows)",
  versions: "GuideLLM 0.4.0 – 0.7.3 / main",
  detect(file) {
    return isGuidellmCsv(file) ? 0.95 : 0;
  },
  parse(file) {
    if (!isGuidellmCsv(file))
      return {
        ok: false,
        errors: [issueOf(file.name, "unknown-format", M.problem("notCsv", {}), { line: 1 })],
      };
    return parse(file);
  },
};
