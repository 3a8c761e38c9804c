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
 * counted, and the first ones are reported with file:line:column. The header vocabulary and line
 * splitting are in trace-header.ts, the timestamps in trace-time.ts.
 */
import { trafficMessages as T } from "../engine/demand/traffic-messages";
import type { Problem } from "../engine/base/problems";
import { TrafficAccumulator } from "../engine/demand/traffic";
import { aliasKey } from "./aliases";
import { detectDelimiter, readNumber, type Delimiter } from "./csv";
import type { ImportIssue } from "./types";
import {
  clip,
  columnOf,
  countQuotes,
  FAILED_STATUS,
  splitLine,
  traceRoleOf,
  type TraceFormat,
  type TraceRole,
} from "./trace-header";
import { numericTimeKind, parseIsoSeconds, plainInt, type TimeKind } from "./trace-time";

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
