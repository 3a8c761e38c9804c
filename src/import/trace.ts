/**
 * Request traces (docs/traffic.md): one row per request — a timestamp, input and output tokens,
 * optionally team, model and status — or one row per time bin with sums (the per-bin aggregate
 * form a warehouse query produces). Recognised by content:
 * - the Azure LLM inference traces (`TIMESTAMP,ContextTokens,GeneratedTokens`, 2023 and 2024),
 * - BurstGPT (`Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type`; a response
 *   of 0 tokens is a failed request: counted and left out),
 * - any CSV/TSV/JSONL with a timestamp and token columns (English and Chinese header aliases),
 * - the per-bin form `binStart,requests,inputTokens,outputTokens[,team,model][,firstTs,lastTs]`.
 *
 * Streaming: {@link TraceReader} takes decoded text in chunks of any size and keeps only the
 * current partial line; every row goes straight into a {@link TrafficAccumulator}. Bad rows are
 * counted, and the first ones are reported with file:line:column.
 */
import { trafficMessages as T } from "../engine/demand/traffic-messages";
import type { Problem } from "../engine/base/problems";
import { TrafficAccumulator } from "../engine/demand/traffic";
import { aliasKey } from "./aliases";
import { detectDelimiter, readNumber, type Delimiter } from "./csv";
import type { ImportIssue } from "./types";
import { SECONDS_PER_DAY, SECONDS_PER_HOUR } from "../engine/base/units";

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
const FAILED_STATUS =
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

/** How timestamps are written (decided by the first one, kept for the file). */
export type TimeKind = "iso" | "unix-s" | "unix-ms" | "relative";

/** Days since 1970-01-01 of a civil date (proleptic Gregorian). */
function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function digitsAt(s: string, i: number, n: number): number {
  let v = 0;
  for (let k = 0; k < n; k++) {
    const c = s.charCodeAt(i + k) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

let cachedDate = "";
let cachedDays = 0;

/**
 * Seconds since the epoch of an ISO-8601 date-time: `YYYY-MM-DD[T ]HH:MM[:SS[.fraction]]` with
 * any number of fractional digits, then `Z`, `±HH:MM`, `±HHMM`, `±HH` or nothing (UTC). NaN when
 * it is not one.
 */
export function parseIsoSeconds(s: string): number {
  const n = s.length;
  if (n < 16 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return NaN;
  let days: number;
  const date = s.slice(0, 10);
  if (date === cachedDate) days = cachedDays;
  else {
    const y = digitsAt(s, 0, 4);
    const mo = digitsAt(s, 5, 2);
    const d = digitsAt(s, 8, 2);
    if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return NaN;
    days = daysFromCivil(y, mo, d);
    cachedDate = date;
    cachedDays = days;
  }
  const sep = s.charCodeAt(10);
  if (sep !== 84 && sep !== 32 && sep !== 116) return NaN;
  const hh = digitsAt(s, 11, 2);
  const mm = digitsAt(s, 14, 2);
  if (hh < 0 || hh > 24 || mm < 0 || mm > 59 || s.charCodeAt(13) !== 58) return NaN;
  let i = 16;
  let sec = 0;
  if (i < n && s.charCodeAt(i) === 58) {
    sec = digitsAt(s, i + 1, 2);
    if (sec < 0 || sec > 60) return NaN;
    i += 3;
    if (i < n && (s.charCodeAt(i) === 46 || s.charCodeAt(i) === 44)) {
      const start = ++i;
      while (i < n) {
        const c = s.charCodeAt(i);
        if (c < 48 || c > 57) break;
        i++;
      }
      if (i === start) return NaN;
      const digits = i - start;
      sec +=
        digits <= 15 ? digitsAt(s, start, digits) / 10 ** digits : Number(`0.${s.slice(start, i)}`);
    }
  }
  let offset = 0;
  if (i < n) {
    const c = s.charCodeAt(i);
    if ((c === 90 || c === 122) && i + 1 === n) offset = 0;
    else if (c === 43 || c === 45) {
      const rest = s.slice(i + 1);
      const m = /^(\d{2})(?::?(\d{2}))?$/.exec(rest);
      if (!m) return NaN;
      offset = (c === 45 ? -1 : 1) * (Number(m[1]) * SECONDS_PER_HOUR + Number(m[2] ?? 0) * 60);
    } else return NaN;
  }
  return days * SECONDS_PER_DAY + hh * SECONDS_PER_HOUR + mm * 60 + sec - offset;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** How a numeric timestamp is read: ≥ 1e11 → Unix ms, ≥ 1e8 → Unix s, smaller → seconds from the start. */
export function numericTimeKind(v: number): TimeKind {
  if (v >= 1e11) return "unix-ms";
  if (v >= 1e8) return "unix-s";
  return "relative";
}

/** Plain non-negative integer text → its value; -1 when not plain digits (then the full number reader decides). */
function plainInt(s: string): number {
  const n = s.length;
  if (n === 0 || n > 15) return -1;
  let v = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** Cap on reported bad rows (the rest are counted). */
export const MAX_ROW_ISSUES = 20;

export interface TraceReaderOptions {
  /** Base bin of the accumulator (summaries use whole multiples of it); default 1 s. */
  baseSec?: number;
  /**
   * Called with every request row that counts (time in seconds, input and output tokens), in
   * file order: for callers that need the rows themselves (`capplan simulate` replays them).
   * Per-bin rows have no requests and are not passed.
   */
  onRequest?: ((tSec: number, inputTokens: number, outputTokens: number) => void) | undefined;
}

/** Result of reading a whole trace. */
export type TraceImport =
  | {
      ok: true;
      format: TraceFormat;
      timeKind: TimeKind;
      acc: TrafficAccumulator;
      /** Data rows read (good, failed and bad). */
      rows: number;
      badRows: number;
      /** Bad rows (the first {@link MAX_ROW_ISSUES}) and notes. */
      warnings: ImportIssue[];
      /** The columns used, by role. */
      columns: Partial<Record<TraceRole, string>>;
    }
  | { ok: false; errors: ImportIssue[] };

/** Streaming reader of one trace file. */
export class TraceReader {
  private partial = "";
  private lineNo = 0;
  private started = false;
  private headerDone = false;
  private jsonl = false;
  private delim: Delimiter = ",";
  private cols: Partial<Record<TraceRole, number>> = {};
  private headers: string[] = [];
  private jsonKeys: Partial<Record<TraceRole, string>> = {};
  private format: TraceFormat = "trace-csv";
  private timeKind: TimeKind | null = null;
  private rows = 0;
  private bad = 0;
  private issues: ImportIssue[] = [];
  private fatal: ImportIssue[] = [];
  private pendingQuoted = "";
  private pendingLine = 0;
  private needed = 0;
  readonly acc: TrafficAccumulator;
  private base: number;
  private onRequest: TraceReaderOptions["onRequest"];

  constructor(
    readonly file: string,
    opts: TraceReaderOptions = {},
  ) {
    this.base = opts.baseSec ?? 1;
    this.onRequest = opts.onRequest;
    this.acc = new TrafficAccumulator({ baseSec: this.base });
  }

  /** Feed decoded text (any chunking). */
  push(chunk: string): void {
    if (this.fatal.length) return;
    let text = this.partial + chunk;
    if (!this.started && text.length) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.started = true;
    }
    let start = 0;
    for (;;) {
      const nl = text.indexOf("\n", start);
      if (nl < 0) break;
      let end = nl;
      if (end > start && text.charCodeAt(end - 1) === 13) end--;
      this.line(text.slice(start, end));
      if (this.fatal.length) return;
      start = nl + 1;
    }
    this.partial = text.slice(start);
  }

  /** End of input: the last line, then the result. */
  finish(): TraceImport {
    if (!this.fatal.length && this.partial.length) {
      const l = this.partial.endsWith("\r") ? this.partial.slice(0, -1) : this.partial;
      this.partial = "";
      this.line(l);
    }
    if (!this.fatal.length && this.pendingQuoted) {
      this.rowIssue(this.pendingLine, 1, T.problem("quoteNotClosed", {}));
      this.pendingQuoted = "";
    }
    if (this.fatal.length) return { ok: false, errors: this.fatal };
    if (!this.headerDone)
      return { ok: false, errors: [this.issue("empty", T.problem("emptyFile", {}))] };
    const stop = this.acc.stopProblem;
    if (stop) return { ok: false, errors: [this.issue("trace-span", stop)] };
    if (this.acc.count === 0) {
      const why =
        this.rows === 0
          ? T.problem("headerOnly", {})
          : T.problem("noUsableRow", { rows: this.rows });
      return { ok: false, errors: [this.issue("trace-empty", why), ...this.issues] };
    }
    const warnings = [...this.issues];
    if (this.bad > this.issues.length) {
      warnings.push(
        this.issue(
          "trace-bad-rows",
          T.problem("moreBadRows", { more: this.bad - this.issues.length, bad: this.bad }),
        ),
      );
    }
    const columns: Partial<Record<TraceRole, string>> = {};
    if (this.jsonl) Object.assign(columns, this.jsonKeys);
    else
      for (const [r, i] of Object.entries(this.cols) as [TraceRole, number][])
        columns[r] = this.headers[i]!;
    return {
      ok: true,
      format: this.format,
      timeKind: this.timeKind ?? "iso",
      acc: this.acc,
      rows: this.rows,
      badRows: this.bad,
      warnings,
      columns,
    };
  }

  /** An issue of this file with `problem`'s English as its message. */
  private issue(code: string, problem: Problem<object>, line?: number): ImportIssue {
    const at = line === undefined ? {} : { line };
    return { file: this.file, ...at, code, message: T.en(problem), problem };
  }

  private rowIssue(line: number, column: number | undefined, problem: Problem<object>): void {
    this.bad++;
    if (this.issues.length < MAX_ROW_ISSUES) {
      const i = this.issue("trace-bad-row", problem, line);
      if (column !== undefined) i.column = column;
      this.issues.push(i);
    }
  }

  private line(l: string): void {
    this.lineNo++;
    if (this.pendingQuoted) {
      this.pendingQuoted += `\n${l}`;
      if (countQuotes(this.pendingQuoted) % 2 === 1) return;
      const whole = this.pendingQuoted;
      this.pendingQuoted = "";
      this.row(whole, this.pendingLine);
      return;
    }
    if (!this.headerDone) {
      if (l.trim() === "") return;
      this.header(l);
      return;
    }
    if (l.length === 0 || (l.trim() === "" && !this.jsonl)) return;
    if (!this.jsonl && l.indexOf('"') >= 0 && countQuotes(l) % 2 === 1) {
      this.pendingQuoted = l;
      this.pendingLine = this.lineNo;
      return;
    }
    this.row(l, this.lineNo);
  }

  private header(l: string): void {
    this.headerDone = true;
    const t = l.trim();
    if (t.startsWith("{")) {
      this.jsonl = true;
      this.format = "trace-jsonl";
      this.row(l, this.lineNo);
      return;
    }
    this.delim = detectDelimiter(l);
    this.headers = splitLine(l, this.delim).map((h) => h.trim().replace(/^"|"$/g, ""));
    const cols: Partial<Record<TraceRole, number>> = {};
    this.headers.forEach((h, i) => {
      const r = traceRoleOf(h);
      if (r && cols[r] === undefined) cols[r] = i;
    });
    // "binStart + requests" is the per-bin form; a lone "start" column is a request's time.
    if (cols.binStart !== undefined && cols.requests !== undefined) {
      this.format = "trace-bins";
      if (cols.input === undefined || cols.output === undefined) {
        this.fatal.push(
          this.issue(
            "missing-column",
            T.problem("perBinNeedsTokens", { found: this.headers.join(", ") }),
            this.lineNo,
          ),
        );
      }
    } else {
      if (cols.time === undefined && cols.binStart !== undefined) cols.time = cols.binStart;
      delete cols.binStart;
      delete cols.requests;
      const missing = (["time", "input", "output"] as const).filter((r) => cols[r] === undefined);
      if (missing.length) {
        this.fatal.push(
          this.issue(
            "not-a-trace",
            T.problem("notTraceColumns", { missing, found: this.headers.join(", ").slice(0, 300) }),
            this.lineNo,
          ),
        );
      }
      const keys = this.headers.map(aliasKey).join(",");
      if (keys === "timestamp,contexttokens,generatedtokens") this.format = "azure-llm-trace";
      else if (keys.includes("responsetokens") && keys.includes("logtype"))
        this.format = "burstgpt";
      else this.format = this.delim === "\t" ? "trace-tsv" : "trace-csv";
    }
    this.cols = cols;
    this.needed = Math.max(...Object.values(cols).map((v) => v as number)) + 1;
  }

  private time(text: string, line: number, column: number | undefined, what: string): number {
    const s = text.trim();
    const c0 = s.charCodeAt(0);
    let v = NaN;
    if (s.length >= 16 && s.charCodeAt(4) === 45) {
      if (this.timeKind === null) this.timeKind = "iso";
      if (this.timeKind !== "iso") {
        this.rowIssue(line, column, T.problem("dateAmongNumbers", { what, value: clip(s) }));
        return NaN;
      }
      v = parseIsoSeconds(s);
    } else if ((c0 >= 48 && c0 <= 57) || c0 === 45 || c0 === 46) {
      const n = Number(s);
      if (Number.isFinite(n)) {
        if (this.timeKind === null) {
          this.timeKind = numericTimeKind(n);
          if (this.timeKind === "relative") this.acc.relativeTime = true;
        }
        if (this.timeKind === "iso") {
          this.rowIssue(line, column, T.problem("numberAmongDates", { what, value: clip(s) }));
          return NaN;
        }
        v = this.timeKind === "unix-ms" ? n / 1000 : n;
      }
    }
    if (!Number.isFinite(v))
      this.rowIssue(line, column, T.problem("notTime", { what, value: clip(s) }));
    return v;
  }

  private tokens(
    text: string,
    line: number,
    column: number | undefined,
    what: string,
    whole: boolean,
  ): number {
    let v = plainInt(text);
    if (v >= 0) return v;
    const r = readNumber(text.trim());
    v = r.kind === "number" ? r.value : NaN;
    if (!(Number.isFinite(v) && v >= 0 && (!whole || Number.isInteger(v)))) {
      this.rowIssue(
        line,
        column,
        T.problem("notTokens", { what, value: r.kind === "absent" ? null : clip(text), whole }),
      );
      return NaN;
    }
    return v;
  }

  private row(l: string, line: number): void {
    if (this.jsonl) return this.jsonRow(l, line);
    this.rows++;
    const cells = l.indexOf('"') >= 0 ? splitLine(l, this.delim) : l.split(this.delim);
    if (cells.length < this.needed) {
      this.rowIssue(
        line,
        undefined,
        T.problem("fieldCount", { fields: cells.length, header: this.headers.length }),
      );
      return;
    }
    const c = this.cols;
    const col = (i: number) => columnOf(cells, i, this.delim);
    const name = (i: number) => this.headers[i]!;
    if (this.format === "trace-bins") {
      const bs = this.time(cells[c.binStart!]!, line, col(c.binStart!), name(c.binStart!));
      if (Number.isNaN(bs)) return;
      const req = this.tokens(
        cells[c.requests!]!,
        line,
        col(c.requests!),
        name(c.requests!),
        false,
      );
      const inp = this.tokens(cells[c.input!]!, line, col(c.input!), name(c.input!), false);
      const out = this.tokens(cells[c.output!]!, line, col(c.output!), name(c.output!), false);
      if (Number.isNaN(req) || Number.isNaN(inp) || Number.isNaN(out)) return;
      let first: number | null = null;
      let last: number | null = null;
      if (c.firstTs !== undefined && cells[c.firstTs]!.trim() !== "") {
        first = this.time(cells[c.firstTs]!, line, col(c.firstTs), name(c.firstTs));
        if (Number.isNaN(first)) return;
      }
      if (c.lastTs !== undefined && cells[c.lastTs]!.trim() !== "") {
        last = this.time(cells[c.lastTs]!, line, col(c.lastTs), name(c.lastTs));
        if (Number.isNaN(last)) return;
      }
      this.acc.addBin(
        bs,
        req,
        inp,
        out,
        c.team !== undefined ? cells[c.team]!.trim() : null,
        c.model !== undefined ? cells[c.model]!.trim() : null,
        first,
        last,
      );
      return;
    }
    const t = this.time(cells[c.time!]!, line, col(c.time!), name(c.time!));
    if (Number.isNaN(t)) return;
    const inp = this.tokens(cells[c.input!]!, line, col(c.input!), name(c.input!), true);
    if (Number.isNaN(inp)) return;
    const out = this.tokens(cells[c.output!]!, line, col(c.output!), name(c.output!), true);
    if (Number.isNaN(out)) return;
    if (this.format === "burstgpt" && out === 0) return this.acc.addFailed();
    if (c.status !== undefined && FAILED_STATUS.test(cells[c.status]!.trim()))
      return this.acc.addFailed();
    this.onRequest?.(t, inp, out);
    this.acc.add(
      t,
      inp,
      out,
      c.team !== undefined ? cells[c.team]!.trim() || null : null,
      c.model !== undefined ? cells[c.model]!.trim() || null : null,
    );
  }

  private jsonRow(l: string, line: number): void {
    if (l.trim() === "") return;
    this.rows++;
    let o: unknown;
    try {
      o = JSON.parse(l);
    } catch {
      this.rowIssue(line, 1, T.problem("notJsonObject", {}));
      return;
    }
    if (typeof o !== "object" || o === null || Array.isArray(o)) {
      this.rowIssue(line, 1, T.problem("notJsonObject", {}));
      return;
    }
    const rec = o as Record<string, unknown>;
    if (this.rows === 1) {
      for (const k of Object.keys(rec)) {
        const r = traceRoleOf(k);
        if (r && this.jsonKeys[r] === undefined) this.jsonKeys[r] = k;
      }
      if (
        this.jsonKeys.time === undefined &&
        this.jsonKeys.binStart !== undefined &&
        this.jsonKeys.requests === undefined
      ) {
        this.jsonKeys.time = this.jsonKeys.binStart;
      }
      if (this.jsonKeys.binStart !== undefined && this.jsonKeys.requests !== undefined)
        this.format = "trace-bins";
      const need =
        this.format === "trace-bins"
          ? (["input", "output"] as const)
          : (["time", "input", "output"] as const);
      const missing = need.filter((r) => this.jsonKeys[r] === undefined);
      if (missing.length) {
        this.fatal.push(
          this.issue(
            "not-a-trace",
            T.problem("notTraceKeys", {
              missing: [...missing],
              keys: Object.keys(rec).join(", ").slice(0, 300),
            }),
            line,
          ),
        );
        return;
      }
    }
    const k = this.jsonKeys;
    const str = (v: unknown) =>
      v === undefined || v === null
        ? ""
        : typeof v === "string"
          ? v
          : typeof v === "number"
            ? String(v)
            : JSON.stringify(v);
    const text = (r: TraceRole) => (k[r] === undefined ? null : str(rec[k[r]!]));
    const where = (r: TraceRole) => `key ${k[r]}`;
    if (this.format === "trace-bins") {
      const bs = this.time(text("binStart") ?? "", line, undefined, where("binStart"));
      if (Number.isNaN(bs)) return;
      const req = this.tokens(text("requests") ?? "", line, undefined, where("requests"), false);
      const inp = this.tokens(text("input") ?? "", line, undefined, where("input"), false);
      const out = this.tokens(text("output") ?? "", line, undefined, where("output"), false);
      if (Number.isNaN(req) || Number.isNaN(inp) || Number.isNaN(out)) return;
      const f = text("firstTs");
      const la = text("lastTs");
      const first = f ? this.time(f, line, undefined, where("firstTs")) : null;
      const last = la ? this.time(la, line, undefined, where("lastTs")) : null;
      if (Number.isNaN(first) || Number.isNaN(last)) return;
      this.acc.addBin(bs, req, inp, out, text("team"), text("model"), first, last);
      return;
    }
    const t = this.time(text("time") ?? "", line, undefined, where("time"));
    if (Number.isNaN(t)) return;
    const inp = this.tokens(text("input") ?? "", line, undefined, where("input"), true);
    if (Number.isNaN(inp)) return;
    const out = this.tokens(text("output") ?? "", line, undefined, where("output"), true);
    if (Number.isNaN(out)) return;
    const st = text("status");
    const raw = k.status === undefined ? undefined : rec[k.status];
    if (raw === false || (st !== null && FAILED_STATUS.test(st.trim())))
      return this.acc.addFailed();
    this.onRequest?.(t, inp, out);
    this.acc.add(t, inp, out, text("team") || null, text("model") || null);
  }
}

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

function countQuotes(s: string): number {
  let n = 0;
  for (let i = s.indexOf('"'); i >= 0; i = s.indexOf('"', i + 1)) n++;
  return n;
}

/** Split one CSV line (quotes allowed) into unquoted cells. */
function splitLine(l: string, d: Delimiter): string[] {
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
function columnOf(cells: string[], i: number, _d: Delimiter): number {
  let c = 1;
  for (let k = 0; k < i; k++) c += cells[k]!.length + 1;
  return c;
}

/** Read a whole trace held in memory (tests, small files, the app's worker for one chunk at a time). */
export function readTraceText(
  file: string,
  text: string,
  opts: TraceReaderOptions = {},
): TraceImport {
  const r = new TraceReader(file, opts);
  r.push(text);
  return r.finish();
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
