/**
 * Header alias table for spreadsheets and generic CSV/TSV/JSONL files (docs/metrics.md "any CSV/TSV
 * with a header row … mapped by header names and aliases"). Maps English and Chinese column
 * names to canonical sweep fields; metric × statistic headers are recognised in any order and
 * style (`P99 TTFT`, `ttft_p99_ms`, `TTFT(s) P99`, `首 token 延迟 P99`), with the unit read from
 * the header (`(s)`, `_s`, `秒` → seconds; `ms`, `毫秒` → ms; none → unknown).
 */
import type { MetricKey, StatKey } from "../engine/base/types";
import { normHeader } from "./csv";

/** Plain (non-metric) numeric fields of a sweep point, and per-request columns. */
export type ValueKey =
  | "rps"
  | "outputTokensPerSec"
  | "totalTokensPerSec"
  | "meanInputTokens"
  | "meanOutputTokens"
  | "completed"
  | "failed"
  /** Failed share in percent (`Failed %`, `error rate (%)`). */
  | "failedPct"
  /** Failed share as a fraction 0–1 (`error rate` without a `%`); stored as `failedPct`. */
  | "failedFraction";

/** Unit of a latency column, from its header; null when the header states none. */
export type TimeUnit = "ms" | "s" | "us" | null;

/** A canonical field a column maps to. */
export type Field =
  | { kind: "load"; key: "concurrency" | "requestRate" }
  | { kind: "value"; key: ValueKey }
  /** `stat: null` = one value per request (per-request files), e.g. `ttft_ms`. */
  | { kind: "metric"; metric: MetricKey; stat: StatKey | null; unit: TimeUnit }
  /** Per-request bookkeeping: id, start/end timestamps, success flag, error text. */
  | { kind: "request"; key: "requestId" | "start" | "end" | "ok" | "error"; unit: TimeUnit }
  /** Text columns that name the deployment (rows with different values become different sweeps). */
  | { kind: "meta"; key: "label" | "model" | "engine" | "gpu" | "gpuCount" };

/** Result of {@link mapHeaders}. */
export interface HeaderMapping {
  /** Field of each column (same order as the headers), null when unknown, ambiguous or duplicate. */
  mapping: (Field | null)[];
  /** Columns whose name fits several fields (the app asks the user). */
  ambiguous: { index: number; column: string; candidates: Field[] }[];
  /** Columns that map to nothing. */
  unknown: string[];
  /** Columns that map to a field an earlier column already took (ignored). */
  duplicates: { index: number; column: string; firstIndex: number }[];
}

/** Fullwidth punctuation → ASCII, BOM stripped, lower case; `p99.9` kept intact. */
function clean(h: string): string {
  return h
    .replace(/^\uFEFF/, "")
    .replace(/（/g, "(")
    .replace(/）/g, ")")
    .replace(/：/g, ":")
    .replace(/／/g, "/")
    .toLowerCase()
    .trim();
}

/** Key for exact alias lookup: {@link normHeader} with spaces removed. */
export function aliasKey(h: string): string {
  return normHeader(clean(h)).replace(/ /g, "");
}
// Only names the patterns in computeFields do not already read are listed. Names that differ only in
// separators share one key (`input_len` = `input len`, `max_concurrency` = `max concurrency`); throughput
// names with a unit (`rps`, `req/s`, `requests per second`, `tokens/s`, `tok/s`, `tps`, `total tokens/s`…)
// are read by the throughput patterns, and timestamps (`start`, `end_time`, `send time`, `finish time`…) by
// the timestamp pattern. test/import/aliases.test.ts lists every name recognised.
const LOAD_CONC = [
  "concurrency",
  "并发",
  "并发数",
  "并发度",
  "并发量",
  "users",
  "num users",
  "user count",
  "用户数",
  "num_concurrent_requests",
  "max_concurrency",
  "concurrent requests",
  "concurrency level",
  "batch",
  "batch size",
  "bs",
  "conc",
  "clients",
  "num clients",
  "vus",
  "parallel",
  "parallelism",
];
const LOAD_RATE = [
  "request_rate",
  "qps",
  "rate",
  "请求速率",
  "请求率",
  "arrival rate",
  "target rate",
  "target qps",
  "offered rate",
  "req rate",
];
const VALUES: [ValueKey, string[]][] = [
  ["rps", ["request throughput", "请求吞吐"]],
  [
    "outputTokensPerSec",
    [
      "output throughput",
      "output token throughput",
      "输出吞吐",
      "token 吞吐",
      "输出token吞吐",
      "生成吞吐",
      "generation throughput",
    ],
  ],
  ["totalTokensPerSec", ["total throughput", "total_token_throughput", "总吞吐", "总token吞吐"]],
  [
    "meanInputTokens",
    [
      "isl",
      "input len",
      "input length",
      "input tokens",
      "mean input tokens",
      "avg input tokens",
      "prompt tokens",
      "prompt len",
      "prompt length",
      "输入长度",
      "输入token",
      "输入token数",
      "平均输入长度",
      "输入tokens",
      "num input tokens",
      "mean input len",
    ],
  ],
  [
    "meanOutputTokens",
    [
      "osl",
      "output len",
      "output length",
      "output tokens",
      "mean output tokens",
      "avg output tokens",
      "completion tokens",
      "generated tokens",
      "输出长度",
      "输出token",
      "输出token数",
      "平均输出长度",
      "输出tokens",
      "num output tokens",
      "mean output len",
    ],
  ],
  [
    "completed",
    [
      "completed",
      "successful requests",
      "completed requests",
      "success count",
      "成功请求数",
      "成功数",
      "num completed",
    ],
  ],
  [
    "failed",
    [
      "failed",
      "failed requests",
      "errors",
      "error count",
      "失败",
      "失败请求数",
      "失败数",
      "num failed",
    ],
  ],
];
const REQUEST: ["requestId" | "start" | "end" | "ok" | "error", string[]][] = [
  [
    "requestId",
    ["request_id", "req_id", "请求id", "id", "request", "request index", "request_idx"],
  ],
  ["start", ["timestamp", "开始时间", "发送时间"]],
  ["end", ["结束时间", "完成时间"]],
  ["ok", ["ok", "success", "succeeded", "is success", "成功"]],
  ["error", ["error", "error_msg", "error message", "err", "错误", "错误信息"]],
];
const META: ["label" | "model" | "engine" | "gpu" | "gpuCount", string[]][] = [
  ["label", ["sweep", "label", "deployment", "config", "配置", "部署"]],
  ["model", ["model", "model name", "模型", "模型名"]],
  ["engine", ["engine", "framework", "backend", "引擎", "推理引擎"]],
  [
    "gpu",
    [
      "gpu",
      "gpu type",
      "gpu model",
      "hardware",
      "hw",
      "accelerator",
      "sku",
      "gpu型号",
      "硬件",
      "显卡",
    ],
  ],
  ["gpuCount", ["gpus", "gpu count", "num gpus", "gpu数", "卡数", "gpu 数量"]],
];

/** Exact alias → field; ambiguous names → several fields. */
const TABLE = new Map<string, Field[]>();
function add(aliases: string[], f: Field) {
  for (const a of aliases) {
    const k = aliasKey(a);
    const prev = TABLE.get(k);
    if (prev) {
      if (!prev.some((p) => sameField(p, f))) prev.push(f);
    } else TABLE.set(k, [f]);
  }
}
add(LOAD_CONC, { kind: "load", key: "concurrency" });
add(LOAD_RATE, { kind: "load", key: "requestRate" });
for (const [key, al] of VALUES) add(al, { kind: "value", key });
for (const [key, al] of REQUEST) add(al, { kind: "request", key, unit: null });
for (const [key, al] of META) add(al, { kind: "meta", key });
// Names that fit two fields: the app's column-mapping step asks which.
add(["throughput", "吞吐", "吞吐量"], { kind: "value", key: "rps" });
add(["throughput", "吞吐", "吞吐量"], { kind: "value", key: "outputTokensPerSec" });

/** Metric name patterns, most specific first (ntpot before tpot, ttft/itl before latency). */
const METRIC_RE: [MetricKey, RegExp][] = [
  ["ntpot", /\bntpot\b|normali[sz]ed time per output token|归一化/],
  [
    "ttft",
    /\bttft\b|time to first token|first token (latency|time)|首\s*(token|字|词|包)\s*(延迟|时延|时间|耗时)?|首字|首包/,
  ],
  ["tpot", /\btpot\b|time per output token|每\s*(个)?\s*(输出)?\s*token\s*(延迟|时延|时间|耗时)/],
  [
    "itl",
    /\bitl\b|inter token latency|intertoken latency|inter token|token\s*间\s*(隔|延迟|时延)?/,
  ],
  [
    "e2e",
    /\be2el?\b|end to end|\blatency\b|request latency|response time|端到端|请求延迟|响应时间|^延迟|总延迟|时延/,
  ],
];

/** Statistic in a header, or null. */
function statOf(s: string): StatKey | null {
  let m = /\bp\s?(\d{1,2}(?:\.\d+)?)(?![\d.])/.exec(s);
  if (m) return `p${Number(m[1])}`;
  m = /(?:^|[^\d.])(\d{1,2}(?:\.\d+)?)\s*(?:th|%|分位|百分位)/.exec(s);
  if (m) return `p${Number(m[1])}`;
  if (/\b(median|med)\b|中位/.test(s)) return "p50";
  if (/\b(mean|avg|average)\b|平均|均值/.test(s)) return "mean";
  if (/\b(std|stdev|stddev|sd)\b|标准差/.test(s)) return "std";
  if (/\bmin(imum)?\b|最小/.test(s)) return "min";
  if (/\bmax(imum)?\b|最大/.test(s)) return "max";
  return null;
}

/** Unit of a time column from its header (`(s)`, `_s`, `秒` → s; `ms`, `毫秒` → ms). */
function unitOf(s: string): TimeUnit {
  if (/毫秒|\bms\b|\bmsec\b|\bmillis(econds?)?\b|(?<=\d)ms\b/.test(s)) return "ms";
  // µ and μ are not word characters: `\bµs` never matches after a space or "(" (then "s" alone read as seconds).
  if (/\b(us|usec|microseconds?)\b|[µμ]s\b|微秒/.test(s)) return "us";
  if (/秒|\bs\b|\bsec(s|onds?)?\b/.test(s)) return "s";
  return null;
}

/** Words for separator-normalised matching: `TTFT(s) P99` → `ttft (s) p99`; `p99.9` kept. */
function words(h: string): string {
  return clean(h)
    .replace(/(\d)\.(\d)/g, "$1\u0001$2")
    .replace(/[\s_\-./:,]+/g, " ")
    .replace(/\(/g, " ( ")
    .replace(/\)/g, " ) ")
    .replace(/\u0001/g, ".")
    .replace(/\s+/g, " ")
    .trim();
}

/** Headers already mapped: a pure function of the header text, bounded so it cannot grow without end. */
const FIELDS_CACHE = new Map<string, Field[]>();

/**
 * The field(s) one header fits: [] unknown, [f] clear, [f, g, …] ambiguous. Memoised (a folder of
 * a thousand result files repeats the same sixty keys; the alias regexes dominated its import).
 */
export function fieldsOf(header: string): Field[] {
  let fs = FIELDS_CACHE.get(header);
  if (fs === undefined) {
    fs = computeFields(header);
    if (FIELDS_CACHE.size < 4096) FIELDS_CACHE.set(header, fs);
  }
  return fs;
}

/** Headers longer than this name no known column (and are not run through the alias patterns). */
export const MAX_HEADER_CHARS = 256;

/** A failed-share header once `%` / pct words are taken out: `failed`, `error rate`, `失败率`. */
const FAIL_SHARE_RE =
  /^(?:(?:fail(?:ed|ure|ures)?|errors?|err)(?: requests?)?(?: (rate|ratio|share))?|(?:失败|错误)(?:请求)?(率|比例|占比))$/;

/** `Failed %`, `error rate (%)`, `失败率 %` → percent; `error rate`, `failure ratio` → fraction. */
function failShareField(w: string): Field | null {
  const pct = /%|\bpct\b|\bpercent(age)?\b|百分比/.test(w);
  const bare = w
    .replace(/%|\bpct\b|\bpercent(age)?\b|百分比|\(|\)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const m = FAIL_SHARE_RE.exec(bare);
  if (!m) return null;
  if (pct) return { kind: "value", key: "failedPct" };
  return m[1] || m[2] ? { kind: "value", key: "failedFraction" } : null;
}

function computeFields(header: string): Field[] {
  if (header.length > MAX_HEADER_CHARS) return [];
  const exact = TABLE.get(aliasKey(header));
  if (exact) return exact;
  const w = words(header);
  const share = failShareField(w);
  if (share) return [share];
  // Header with a unit in parentheses or suffix: try without it (e.g. `Concurrency (users)`).
  const base = w
    .replace(/\(.*?\)/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const byBase = TABLE.get(aliasKey(base));
  if (byBase && byBase.every((f) => f.kind !== "value" || !/throughput|吞吐/.test(base))) {
    // A timestamp keeps the unit its header states: `start (s)` holds seconds, whatever their size.
    const f = byBase[0]!;
    if (byBase.length === 1 && f.kind === "request" && (f.key === "start" || f.key === "end"))
      return [{ ...f, unit: unitOf(w) }];
    return byBase;
  }
  for (const [metric, re] of METRIC_RE) {
    if (re.test(w)) {
      // Latency columns: strip the metric words before reading stat/unit (`ttft_p99_ms`).
      return [{ kind: "metric", metric, stat: statOf(w), unit: unitOf(w) }];
    }
  }
  // Throughput with a unit: `Throughput (req/s)`, `吞吐 (tokens/s)`, `总吞吐 tok/s`.
  if (/\breq(uest)?s? (per )?s(ec(ond)?)?\b|\brps\b|\bqps\b/.test(w))
    return [{ kind: "value", key: "rps" }];
  if (/\btok(en)?s? (per )?s(ec(ond)?)?\b|\btps\b/.test(w)) {
    if (/total|总/.test(w)) return [{ kind: "value", key: "totalTokensPerSec" }];
    if (/input|prefill|输入/.test(w)) return [];
    return [{ kind: "value", key: "outputTokensPerSec" }];
  }
  if (byBase) return byBase;
  // Timestamps with a unit: `start_ms`, `end_time_s`.
  const req = /^(start|end|send|finish)( time| ts| timestamp)?\b/.exec(base);
  if (req)
    return [
      {
        kind: "request",
        key: req[1] === "end" || req[1] === "finish" ? "end" : "start",
        unit: unitOf(w),
      },
    ];
  return [];
}

function sameField(a: Field, b: Field): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === "metric" && b.kind === "metric") return a.metric === b.metric && a.stat === b.stat;
  return (a as { key: string }).key === (b as { key: string }).key;
}

/**
 * Map a header row to canonical fields (docs/metrics.md). Unambiguous columns get their field; a
 * column that fits several fields is listed in `ambiguous` (mapping null) for the app's
 * column-mapping step; a later column mapping to a field already taken is a duplicate.
 */
export function mapHeaders(headers: string[]): HeaderMapping {
  const mapping: (Field | null)[] = [];
  const ambiguous: HeaderMapping["ambiguous"] = [];
  const unknown: string[] = [];
  const duplicates: HeaderMapping["duplicates"] = [];
  headers.forEach((h, index) => {
    const fs = h.trim() ? fieldsOf(h) : [];
    if (fs.length === 0) {
      mapping.push(null);
      if (h.trim()) unknown.push(h);
      return;
    }
    if (fs.length > 1) {
      mapping.push(null);
      ambiguous.push({ index, column: h, candidates: fs });
      return;
    }
    const f = fs[0]!;
    const firstIndex = mapping.findIndex((m) => m != null && sameField(m, f));
    if (firstIndex >= 0) {
      mapping.push(null);
      duplicates.push({ index, column: h, firstIndex });
      return;
    }
    mapping.push(f);
  });
  return { mapping, ambiguous, unknown, duplicates };
}

/** Multiplier from a header's time unit to ms (null unit → 1, assumed ms). */
export function toMsFactor(unit: TimeUnit): number {
  return unit === "s" ? 1000 : unit === "us" ? 0.001 : 1;
}

/** Readable name of a field, for messages and the app's mapping step (`ttft p99 (s)`). */
export function fieldLabel(f: Field): string {
  switch (f.kind) {
    case "load":
    case "value":
    case "meta":
      return f.key;
    case "request":
      return `request ${f.key}`;
    case "metric":
      return `${f.metric}${f.stat ? " " + f.stat : " (per request)"}${f.unit ? ` (${f.unit})` : ""}`;
  }
}
