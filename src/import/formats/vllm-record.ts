/**
 * One result record of vLLM `benchmark_serving.py` / `vllm bench serve` or SGLang
 * `bench_serving` (a flat object with `*_ms` statistics) → one {@link SweepPoint}.
 * Shared by the vLLM JSON/JSONL/sweep-CSV and SGLang JSONL importers.
 * Key spelling: the real samples in fixtures/vllm/ and fixtures/sglang/; mapping: docs/metrics.md.
 */
import type { MetricField, Stats, SweepPoint } from "../../engine/base/types";
import type { Problem } from "../../engine/base/problems";
import { issueOf } from "../messages/issue";
import { vllmMessages as M } from "./vllm-messages";
import type { ImportIssue } from "../types";

/** A flat result record (parsed JSON object or CSV row). */
export type Rec = Record<string, unknown>;

/** Where a record sits in its file, for issue messages. */
export interface RecordLoc {
  file: string;
  /** 1-based line (JSONL, CSV). */
  line?: number;
  /** 0-based index in a JSON array (sweep summary.json). */
  record?: number;
  /** Prefix of key paths, e.g. `[2].` for array elements. */
  keyPrefix?: string;
}

/** Metric word in a key → point field. `latency` is the LambdaLabs 2024 variant of `e2el`. */
const METRIC_WORD: Readonly<Record<string, MetricField>> = {
  ttft: "ttftMs",
  tpot: "tpotMs",
  itl: "itlMs",
  e2el: "e2eMs",
  e2e_latency: "e2eMs",
  latency: "e2eMs",
};

/** `mean_ttft_ms`, `median_itl_ms`, `std_tpot_ms`, `p99_e2el_ms`, `p99.9_ttft_ms`, `p95_e2e_latency_ms`. */
export const LATENCY_KEY =
  /^(mean|median|std|min|max|p\d+(?:\.\d+)?)_(ttft|tpot|itl|e2el|e2e_latency|latency)_ms$/;

/** What a key means as a latency statistic: the point field and the canonical stat, or null. */
type LatencyKey = { field: MetricField; stat: string } | null;

/** Keys already read (files of one folder repeat the same ~60 keys); bounded. */
const LATENCY_KEYS = new Map<string, LatencyKey>();

/** {@link LATENCY_KEY} read of a key: `p99_ttft_ms` → { field: "ttftMs", stat: "p99" }; null when it is not one. */
export function latencyKeyOf(k: string): LatencyKey {
  let r = LATENCY_KEYS.get(k);
  if (r === undefined) {
    const m = LATENCY_KEY.exec(k);
    r = m ? { field: METRIC_WORD[m[2]!]!, stat: statOf(m[1]!) } : null;
    if (LATENCY_KEYS.size >= 4096) LATENCY_KEYS.clear();
    LATENCY_KEYS.set(k, r);
  }
  return r;
}

/** True when two key lists are the same keys in the same order. */
export function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** What the key list of a record says, whatever the values. */
export interface RecordShape {
  keys: string[];
  /** The latency-statistic keys in key order, with their field and stat. */
  latency: { key: string; field: MetricField; stat: string }[];
  /** Some key ends in `_e2e_latency_ms` (SGLang). */
  sglangKey: boolean;
}

let lastRec: Rec | null = null;
let lastShape: RecordShape = { keys: [], latency: [], sglangKey: false };

/**
 * The {@link RecordShape} of a record's own keys. Records of one folder (or of one JSONL file)
 * usually have the very same keys, and detection and reading ask about the same record several
 * times: the last answer is reused when the record, or its key list, is the same.
 */
export function shapeOf(rec: Rec): RecordShape {
  if (rec === lastRec) return lastShape;
  const keys = Object.keys(rec);
  if (!sameKeys(keys, lastShape.keys)) {
    const latency: RecordShape["latency"] = [];
    let sglangKey = false;
    for (const key of keys) {
      const m = latencyKeyOf(key);
      if (m) latency.push({ key, field: m.field, stat: m.stat });
      if (key.endsWith("_e2e_latency_ms")) sglangKey = true;
    }
    lastShape = { keys, latency, sglangKey };
  }
  lastRec = rec;
  return lastShape;
}

/** Statistic word of a key → canonical stat key (docs/metrics.md): median → p50, p99.9 stays. */
export function statOf(word: string): string {
  if (word === "median") return "p50";
  if (word.startsWith("p")) return `p${Number(word.slice(1))}`;
  return word;
}

/** True when any key of the record is a latency statistic. */
export function hasLatencyKey(rec: Rec): boolean {
  return shapeOf(rec).latency.length > 0;
}

/** True for a plain (non-array) object. */
export function isRec(v: unknown): v is Rec {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** True when the record carries SGLang-only keys (vLLM never writes them). */
export function isSglangRecord(rec: Rec): boolean {
  if ("total_output_tokens_retokenized" in rec) return true;
  return shapeOf(rec).sglangKey;
}

/** A finite number (numbers, or numeric strings from CSV already converted), else undefined. */
export function num(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

/** A non-empty string, else undefined. */
export function str(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() !== "" ? v : undefined;
}

/** `request_rate` as written (number, `"inf"`, SGLang bare `Infinity`) → spec value, or null. */
export function rateOf(v: unknown): number | "inf" | null {
  if (v === "inf") return "inf";
  if (v === Infinity || (typeof v === "string" && /^\+?inf(inity)?$/i.test(v.trim()))) return "inf";
  const n = num(v);
  return n != null && n > 0 ? n : null;
}

/** vLLM `date` `YYYYMMDD-HHMMSS` (local time, no zone) → `YYYY-MM-DDTHH:MM:SS`; other strings kept. */
export function dateOf(v: unknown): string | null {
  const s = str(v);
  if (!s) return null;
  const m = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})$/.exec(s);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}` : s;
}

/** Throughput keys that must be positive when present (docs/import.md). */
const THROUGHPUT_KEYS = [
  "request_throughput",
  "output_throughput",
  "total_token_throughput",
  "total_throughput",
  "input_throughput",
] as const;

/** Result of reading one record. `errors` non-empty means the record is unusable. */
export interface RecordRead {
  point: SweepPoint;
  errors: ImportIssue[];
  /** Notes about guessed/derived values (sweep-level, deduplicated by the caller). */
  notes: Problem[];
}

function issue(loc: RecordLoc, key: string, code: string, problem: Problem<object>): ImportIssue {
  return issueOf(loc.file, code, problem, {
    line: loc.line,
    record: loc.record,
    key: `${loc.keyPrefix ?? ""}${key}`,
  });
}

/**
 * Read the summary statistics and load of one record into a point. Tool-specific choices:
 * `tool: "sglang"` allows the measured `concurrency` (Σe2e/duration) as load only when the
 * record has neither `max_concurrency` nor `request_rate` (then with a note).
 */
export function readRecord(rec: Rec, loc: RecordLoc, tool: "vllm" | "sglang"): RecordRead {
  const errors: ImportIssue[] = [];
  const notes: Problem[] = [];
  const point: SweepPoint = { concurrency: null, requestRate: null };

  // Load (docs/metrics.md): max_concurrency = closed-loop limit; request_rate = offered rate.
  const maxConc = num(rec.max_concurrency);
  if (maxConc != null && maxConc > 0) point.concurrency = maxConc;
  const rate = rateOf(rec.request_rate);
  if (typeof rec.request_rate === "number" && !(rec.request_rate > 0)) {
    errors.push(
      issue(loc, "request_rate", "bad-rate", M.problem("badRate", { rate: rec.request_rate })),
    );
  }
  // A rate with a concurrency limit is kept (paced closed loop); "inf" with a limit is pure closed loop.
  point.requestRate = point.concurrency != null && rate === "inf" ? null : rate;
  if (
    tool === "sglang" &&
    point.concurrency == null &&
    !("request_rate" in rec) &&
    !("max_concurrency" in rec)
  ) {
    const measured = num(rec.concurrency);
    if (measured != null && measured > 0) {
      point.concurrency = measured;
      notes.push(M.problem("sglangMeasuredConcurrency", {}));
    }
  }

  // Latency statistics, all keys already in ms.
  let latencyKeys = 0;
  const latency = shapeOf(rec).latency;
  for (let i = 0; i < latency.length; i++) {
    const { key: k, field, stat } = latency[i]!;
    latencyKeys++;
    const v = rec[k];
    // A finite number (num), Infinity counting as absent.
    const value = typeof v === "number" && v - v === 0 ? v : undefined;
    if (value === undefined) continue;
    if (value < 0) {
      errors.push(issue(loc, k, "negative-value", M.problem("negativeLatency", { key: k, value })));
      continue;
    }
    const stats: Stats = (point[field] ??= {});
    stats[stat] = value;
  }
  if (latencyKeys === 0) {
    errors.push(
      issue(
        loc,
        tool === "vllm" ? "mean_ttft_ms" : "median_ttft_ms",
        "missing-key",
        M.problem("noLatency", { tool: tool === "vllm" ? "vLLM" : "SGLang" }),
      ),
    );
  }

  // Throughput: must be positive when present (docs/import.md).
  for (const key of THROUGHPUT_KEYS) {
    const v = rec[key];
    if (v == null || (typeof v === "number" && Number.isNaN(v))) continue;
    const n = typeof v === "number" ? v : NaN;
    if (!(n > 0) || n === Infinity) {
      errors.push(
        issue(
          loc,
          key,
          "bad-throughput",
          M.problem("badThroughput", { key, value: String(JSON.stringify(v)) }),
        ),
      );
    }
  }

  const completed = num(rec.completed);
  const duration = num(rec.duration);
  const totalIn = num(rec.total_input_tokens);
  const totalOut = num(rec.total_output_tokens);
  if (completed != null) point.completed = completed;
  const failed = num(rec.failed);
  const prompts = num(rec.num_prompts);
  if (failed != null) point.failed = failed;
  else if (prompts != null && completed != null && prompts >= completed)
    point.failed = prompts - completed;

  const okDur = duration != null && duration > 0;
  point.rps = num(rec.request_throughput) ?? null;
  if (point.rps == null && okDur && completed != null && completed > 0) {
    point.rps = completed / duration;
    notes.push(M.problem("rpsDerived", {}));
  }
  point.outputTokensPerSec =
    num(rec.output_throughput) ??
    (okDur && totalOut != null && totalOut > 0 ? totalOut / duration : null);
  const inTput = num(rec.input_throughput);
  const outTput = num(rec.output_throughput);
  point.totalTokensPerSec =
    num(rec.total_token_throughput) ??
    num(rec.total_throughput) ??
    (inTput != null && outTput != null
      ? inTput + outTput
      : okDur && totalIn != null && totalOut != null && totalIn + totalOut > 0
        ? (totalIn + totalOut) / duration
        : null);
  if (completed != null && completed > 0) {
    if (totalIn != null) point.meanInputTokens = totalIn / completed;
    if (totalOut != null) point.meanOutputTokens = totalOut / completed;
  }
  if (completed === 0) {
    errors.push(issue(loc, "completed", "bad-throughput", M.problem("completedZero", {})));
  }
  return { point, errors, notes };
}
