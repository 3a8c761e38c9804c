/**
 * Shared metric mapping of the NVIDIA benchmark tools GenAI-Perf and AIPerf (whose exports are
 * "designed to mimic the structure of the GenAI-Perf JSON output", AIPerf `export_models.py`).
 * Both name metrics by a tag (`time_to_first_token`) in JSON and by a header plus unit
 * (`Time To First Token (ms)`, `Time to First Token (ms)`) in CSV; both define
 * "Inter Token Latency" per request as (e2e − ttft)/(out − 1), i.e. canonical `tpot` (docs/metrics.md).
 */
import type { SweepPoint, Stats } from "../../engine/base/types";
import { readNumber } from "../csv";
import { shown } from "../show";
import type { Problem } from "../../engine/base/problems";
import { tableMessages } from "../messages/table";

/** Where a tool metric lands in a {@link SweepPoint}. */
export type NvTarget =
  | { kind: "stats"; field: "ttftMs" | "itlMs" | "tpotMs" | "ntpotMs" | "e2eMs" }
  | {
      kind: "scalar";
      field:
        | "rps"
        | "outputTokensPerSec"
        | "totalTokensPerSec"
        | "meanInputTokens"
        | "meanOutputTokens"
        | "completed"
        | "failed";
    };

/**
 * Tool metric name (lower case, `_` → space, unit removed) → canonical target (docs/metrics.md):
 * GenAI-Perf/AIPerf "Inter Token Latency" is per-request (e2e − ttft)/(out − 1) → `tpot`;
 * AIPerf "Inter Chunk Latency" (gaps between streamed chunks) → `itl`; "Request Latency" → `e2e`.
 * `num_output_token`/`num_input_token` are the 2024 GenAI-Perf JSON names of the sequence lengths.
 */
export const NV_METRICS: Readonly<Record<string, NvTarget>> = {
  "time to first token": { kind: "stats", field: "ttftMs" },
  "inter token latency": { kind: "stats", field: "tpotMs" },
  "inter chunk latency": { kind: "stats", field: "itlMs" },
  "request latency": { kind: "stats", field: "e2eMs" },
  "output sequence length": { kind: "scalar", field: "meanOutputTokens" },
  "num output token": { kind: "scalar", field: "meanOutputTokens" },
  "input sequence length": { kind: "scalar", field: "meanInputTokens" },
  "num input token": { kind: "scalar", field: "meanInputTokens" },
  "output token throughput": { kind: "scalar", field: "outputTokensPerSec" },
  "request throughput": { kind: "scalar", field: "rps" },
  "total token throughput": { kind: "scalar", field: "totalTokensPerSec" },
  "request count": { kind: "scalar", field: "completed" },
  "error request count": { kind: "scalar", field: "failed" },
};

/** Normalise a tag or CSV label name for {@link NV_METRICS}: lower case, `_` → space. */
export function nvName(s: string): string {
  return s.trim().toLowerCase().replace(/_/g, " ").replace(/\s+/g, " ");
}

/**
 * Split a CSV label into name and unit: `Time To First Token (ms)` → ["Time To First Token", "ms"];
 * only the last parenthesised group is the unit (`HTTP Duration (excl. conn) (ms)`), and a label
 * without a unit (`Request Count`) has unit null.
 */
export function splitLabel(label: string): { name: string; unit: string | null } {
  // A plain scan from the end (a lazy group followed by spaces is quadratic on long labels).
  const t = label.trim();
  if (!t.endsWith(")")) return { name: t, unit: null };
  const open = t.lastIndexOf("(");
  const inner = open < 0 ? "" : t.slice(open + 1, -1);
  if (open < 0 || inner.includes(")")) return { name: t, unit: null };
  return { name: t.slice(0, open).trim(), unit: inner.trim() };
}

/** Factor converting a time unit to ms (`ms` 1, `s`/`sec` 1000, `us` 0.001, `ns` 1e-6); null if not a time unit. */
export function msFactor(unit: string | null | undefined): number | null {
  switch ((unit ?? "").trim().toLowerCase()) {
    case "ms":
      return 1;
    case "s":
    case "sec":
    case "secs":
    case "seconds":
      return 1000;
    case "us":
    case "µs":
      return 1e-3;
    case "ns":
      return 1e-6;
    default:
      return null;
  }
}

/** Statistic key of a tool column: `avg`/`mean` → `mean`, `median` → `p50`, `pNN`, `min`, `max`, `std`; null for `sum`, `count`, … */
export function statKeyOf(col: string): string | null {
  const c = col.trim().toLowerCase();
  if (c === "avg" || c === "mean" || c === "average") return "mean";
  if (c === "median") return "p50";
  if (c === "min" || c === "minimum") return "min";
  if (c === "max" || c === "maximum") return "max";
  if (c === "std" || c === "stddev") return "std";
  const m = /^p(\d+(?:\.\d+)?)$/.exec(c);
  return m ? `p${Number(m[1])}` : null;
}

/** Put one metric's statistics (already in ms for times) into a point under its canonical target. */
export function applyNvMetric(point: SweepPoint, target: NvTarget, stats: Stats): void {
  if (target.kind === "stats") {
    if (Object.keys(stats).length)
      point[target.field] = { ...(point[target.field] ?? {}), ...stats };
    return;
  }
  const v = stats.mean;
  if (v !== undefined && Number.isFinite(v)) point[target.field] = v;
}

/** Outcome of reading one JSON metric object `{unit, avg, p50, …}`. */
export type NvJsonMetric =
  | { ok: true; stats: Stats }
  | { ok: false; key: string; problem: Problem<object> };

/**
 * Read a GenAI-Perf/AIPerf JSON metric object `{unit, avg, p1 … p99, min, max, std[, count, sum]}`
 * into {@link Stats}; times are converted to ms by `unit` (ns in the 2024 exporter tests). Numbers
 * may be written as strings (`"avg": "7"` in GenAI-Perf's request_throughput); null/NaN are omitted.
 */
export function readNvJsonMetric(
  obj: Record<string, unknown>,
  keyPath: string,
  isTime: boolean,
): NvJsonMetric {
  const factor = isTime ? (msFactor(typeof obj.unit === "string" ? obj.unit : "ms") ?? 1) : 1;
  const stats: Stats = {};
  for (const [k, raw] of Object.entries(obj)) {
    const stat = statKeyOf(k);
    if (!stat) continue;
    const cell = readNumber(
      typeof raw === "number" || typeof raw === "string" ? raw : raw == null ? null : String(raw),
    );
    if (cell.kind === "invalid" || (raw !== null && typeof raw === "object")) {
      return {
        ok: false,
        key: `${keyPath}.${k}`,
        problem: tableMessages.problem("numberGot", { value: shown(raw) }),
      };
    }
    if (cell.kind === "number" && Number.isFinite(cell.value)) stats[stat] = cell.value * factor;
  }
  return { ok: true, stats };
}

/** A plain object, or null. */
export function asObject(v: unknown): Record<string, unknown> | null {
  return v !== null && typeof v === "object" && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : null;
}

/** A finite positive number from a JSON value (number or numeric string), or null. */
export function positiveNumber(v: unknown): number | null {
  const c = readNumber(typeof v === "number" || typeof v === "string" ? v : null);
  return c.kind === "number" && Number.isFinite(c.value) && c.value > 0 ? c.value : null;
}

/** A non-empty string, or null. */
export function asString(v: unknown): string | null {
  return typeof v === "string" && v.trim() ? v.trim() : null;
}
