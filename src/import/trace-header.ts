/**
 * What a trace file's header and lines look like (docs/traffic.md): the column roles and their
 * English and Chinese header aliases, the trace formats, how a CSV/TSV line splits into cells,
 * and the cheap sniff the import pipeline uses to route a file to the trace reader.
 */
import { aliasKey } from "./aliases";
import { detectDelimiter, type Delimiter } from "./csv";

/** Columns a trace row may have. */
export type TraceRole =
  | "time"
  | "input"
  | "output"
  | "team"
  | "model"
  | "status"
  | "binStart"
  | "requests"
  | "firstTs"
  | "lastTs";

const ALIASES: Record<TraceRole, string[]> = {
  time: [
    "timestamp",
    "time",
    "ts",
    "datetime",
    "date time",
    "created at",
    "created",
    "request time",
    "arrival time",
    "arrived at",
    "start time",
    "start",
    "request start",
    "start timestamp",
    "time stamp",
    "时间",
    "时间戳",
    "请求时间",
    "到达时间",
    "开始时间",
  ],
  input: [
    "contexttokens",
    "context tokens",
    "request tokens",
    "input tokens",
    "prompt tokens",
    "input length",
    "prompt length",
    "input len",
    "prompt len",
    "num input tokens",
    "num prompt tokens",
    "isl",
    "tokens in",
    "输入tokens",
    "输入token",
    "输入token数",
    "输入令牌",
    "输入令牌数",
    "输入长度",
    "提示tokens",
    "提示词tokens",
    "输入",
  ],
  output: [
    "generatedtokens",
    "generated tokens",
    "response tokens",
    "output tokens",
    "completion tokens",
    "output length",
    "completion length",
    "output len",
    "num output tokens",
    "num completion tokens",
    "osl",
    "tokens out",
    "输出tokens",
    "输出token",
    "输出token数",
    "输出令牌",
    "输出令牌数",
    "输出长度",
    "生成tokens",
    "生成token数",
    "输出",
  ],
  team: [
    "team",
    "tenant",
    "team name",
    "tenant id",
    "team id",
    "customer",
    "department",
    "团队",
    "租户",
    "部门",
    "业务线",
  ],
  model: ["model", "model name", "model id", "模型", "模型名", "模型名称"],
  status: ["status", "state", "result", "success", "ok", "outcome", "状态", "结果", "是否成功"],
  binStart: [
    "binstart",
    "bin start",
    "bin",
    "bin start time",
    "window start",
    "window",
    "interval start",
    "分箱开始",
    "时间窗口",
    "窗口开始",
  ],
  requests: [
    "requests",
    "request count",
    "count",
    "num requests",
    "n requests",
    "请求数",
    "请求量",
  ],
  firstTs: ["firstts", "first ts", "first timestamp", "min ts", "first request", "首个请求时间"],
  lastTs: ["lastts", "last ts", "last timestamp", "max ts", "last request", "末个请求时间"],
};

const ALIAS_INDEX = new Map<string, TraceRole>();
for (const [role, names] of Object.entries(ALIASES) as [TraceRole, string[]][]) {
  for (const n of names) ALIAS_INDEX.set(aliasKey(n), role);
}

/** Role of a header, or null. */
export function traceRoleOf(header: string): TraceRole | null {
  return ALIAS_INDEX.get(aliasKey(header)) ?? null;
}

/** What a status cell saying "failed" looks like (anything else counts as success). */
export const FAILED_STATUS =
  /^(false|0|no|n|fail|failed|failure|error|err|errored|timeout|timed ?out|cancell?ed|aborted|rejected|失败|错误|超时|否|取消)$|^[45]\d\d$/i;

/** Trace formats, for the summary line. */
export type TraceFormat =
  | "azure-llm-trace"
  | "burstgpt"
  | "trace-csv"
  | "trace-tsv"
  | "trace-jsonl"
  | "trace-bins";

export const TRACE_FORMAT_TITLES: Record<TraceFormat, string> = {
  "azure-llm-trace": "Azure LLM inference trace (2023/2024)",
  burstgpt: "BurstGPT trace",
  "trace-csv": "request trace (CSV)",
  "trace-tsv": "request trace (TSV)",
  "trace-jsonl": "request trace (JSONL)",
  "trace-bins": "per-bin trace (sums per time bin)",
};

export function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

export function countQuotes(s: string): number {
  let n = 0;
  for (let i = s.indexOf('"'); i >= 0; i = s.indexOf('"', i + 1)) n++;
  return n;
}

/** Split one CSV line (quotes allowed) into unquoted cells. */
export function splitLine(l: string, d: Delimiter): string[] {
  if (l.indexOf('"') < 0) return l.split(d);
  const out: string[] = [];
  let cur = "";
  let q = false;
  for (let i = 0; i < l.length; i++) {
    const ch = l[i]!;
    if (q) {
      if (ch === '"') {
        if (l[i + 1] === '"') {
          cur += '"';
          i++;
        } else q = false;
      } else cur += ch;
    } else if (ch === '"') q = true;
    else if (ch === d) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** 1-based character column of cell `i` (approximate for quoted cells, which are reported by their unquoted length). */
export function columnOf(cells: string[], i: number, _d: Delimiter): number {
  let c = 1;
  for (let k = 0; k < i; k++) c += cells[k]!.length + 1;
  return c;
}

/** Cheap check: does this first line look like a trace header (or a JSONL trace record)? */
export function looksLikeTrace(firstLine: string): boolean {
  const t = firstLine.trim();
  if (t.startsWith("{")) {
    try {
      const keys = Object.keys(JSON.parse(t) as object).map(traceRoleOf);
      return keys.includes("time") && keys.includes("input") && keys.includes("output");
    } catch {
      return false;
    }
  }
  const roles = splitLine(t, detectDelimiter(t)).map((h) => traceRoleOf(h.trim()));
  return (
    (roles.includes("time") || roles.includes("binStart")) &&
    roles.includes("input") &&
    roles.includes("output")
  );
}
