/**
 * The column-mapping step for CSV/TSV text with ambiguous headers (docs/column-mapping.md): every
 * column of the header row with what it will be read as (in words, EN/ZH), the ambiguous ones
 * to choose, and the header rewritten with unambiguous canonical names once the planner has chosen,
 * so the import reads exactly what the step showed. Pure.
 */
import { fieldLabel, mapHeaders, type Field } from "../../import/aliases";
import { detectDelimiter, firstRecord, parseCsv, stripBom } from "../../import/csv";
import type { UiLang } from "../i18n";

/** One column of the header row as the mapping step shows it. */
export interface ColumnView {
  index: number;
  column: string;
  /** `mapped`: read as `field`; `ambiguous`: the planner chooses; `unknown` / `duplicate`: not read. */
  status: "mapped" | "ambiguous" | "unknown" | "duplicate";
  field: Field | null;
  candidates: Field[];
}

/** The header cells of a pasted or sniffed table: its first CSV record, line breaks read as spaces. */
function headerRow(text: string): string[] {
  const first = firstRecord(text).record;
  return (parseCsv(first, detectDelimiter(first)).rows[0] ?? []).map((h) =>
    String(h).replace(/\s+/g, " ").trim(),
  );
}

/** Every column of the header row of a CSV/TSV text ([] when not tabular). */
export function columnViews(name: string, text: string): ColumnView[] {
  if (!looksTabular(name, text)) return [];
  const headers = headerRow(text);
  const m = mapHeaders(headers);
  const amb = new Map(m.ambiguous.map((a) => [a.index, a.candidates]));
  const dup = new Set(m.duplicates.map((d) => d.index));
  return headers.map((column, index) => {
    const f = m.mapping[index] ?? null;
    if (amb.has(index))
      return { index, column, status: "ambiguous", field: null, candidates: amb.get(index)! };
    if (f) return { index, column, status: "mapped", field: f, candidates: [] };
    return {
      index,
      column,
      status: dup.has(index) ? "duplicate" : "unknown",
      field: null,
      candidates: [],
    };
  });
}

const METRIC_WORDS: Record<UiLang, Record<string, string>> = {
  en: {
    ttft: "Time to first token (TTFT)",
    itl: "Inter-token latency (ITL)",
    tpot: "Time per output token (TPOT)",
    ntpot: "Normalized time per output token (NTPOT)",
    e2e: "End-to-end latency",
  },
  zh: {
    ttft: "首 token 时延（TTFT）",
    itl: "token 间时延（ITL）",
    tpot: "每输出 token 时间（TPOT）",
    ntpot: "归一化每输出 token 时间（NTPOT）",
    e2e: "端到端时延",
  },
};
const KEY_WORDS: Record<UiLang, Record<string, string>> = {
  en: {
    concurrency: "Concurrency (requests in flight)",
    requestRate: "Request rate (offered, req/s)",
    rps: "Requests per second achieved (RPS)",
    outputTokensPerSec: "Output tokens per second",
    totalTokensPerSec: "Total tokens per second (input + output)",
    meanInputTokens: "Mean input tokens per request",
    meanOutputTokens: "Mean output tokens per request",
    completed: "Completed requests",
    failed: "Failed requests",
    failedPct: "Failed share of requests (%)",
    failedFraction: "Failed share of requests (fraction 0–1)",
    label: "Run label",
    model: "Model",
    engine: "Serving engine",
    gpu: "GPU",
    gpuCount: "GPU count",
    requestId: "Request id",
    start: "Request start time",
    end: "Request end time",
    ok: "Request succeeded",
    error: "Request error text",
  },
  zh: {
    concurrency: "并发（在途请求数）",
    requestRate: "请求速率（发送，次/秒）",
    rps: "实际每秒请求数（RPS）",
    outputTokensPerSec: "每秒输出 token 数",
    totalTokensPerSec: "每秒总 token 数（输入 + 输出）",
    meanInputTokens: "每请求平均输入 token",
    meanOutputTokens: "每请求平均输出 token",
    completed: "完成的请求数",
    failed: "失败的请求数",
    failedPct: "失败请求占比（%）",
    failedFraction: "失败请求占比（0–1 的比例）",
    label: "运行标签",
    model: "模型",
    engine: "推理引擎",
    gpu: "GPU",
    gpuCount: "GPU 数",
    requestId: "请求 ID",
    start: "请求开始时间",
    end: "请求结束时间",
    ok: "请求是否成功",
    error: "请求错误信息",
  },
};

/** What a field means, in words (never the internal key such as `outputTokensPerSec`). */
export function fieldText(f: Field, lang: UiLang): string {
  if (f.kind === "metric") {
    const stat =
      f.stat === null
        ? lang === "zh"
          ? "每请求"
          : "per request"
        : /^p\d/.test(f.stat)
          ? f.stat.toUpperCase()
          : lang === "zh"
            ? ({ mean: "均值", median: "中位数", min: "最小值", max: "最大值", std: "标准差" }[
                f.stat
              ] ?? f.stat)
            : f.stat;
    const unit = f.unit ?? "ms";
    return `${METRIC_WORDS[lang][f.metric] ?? f.metric} · ${stat} (${unit})`;
  }
  return KEY_WORDS[lang][f.key] ?? fieldLabel(f);
}

/** An ambiguous column and the fields it could mean. */
export interface AmbiguousColumn {
  index: number;
  column: string;
  candidates: { field: Field; label: string }[];
}

function looksTabular(name: string, text: string): boolean {
  const head = stripBom(text).trimStart();
  if (/^[[{|#]/.test(head)) return false;
  if (/\.(json|jsonl)$/i.test(name)) return false;
  const first = head.split(/\r?\n/, 1)[0] ?? "";
  return /[,;\t]/.test(first);
}

/** The header row of a CSV/TSV text and its ambiguous columns ([] when none or not tabular). */
export function ambiguousColumns(name: string, text: string): AmbiguousColumn[] {
  if (!looksTabular(name, text)) return [];
  const headers = headerRow(text);
  return mapHeaders(headers).ambiguous.map((a) => ({
    index: a.index,
    column: a.column,
    candidates: a.candidates.map((field) => ({ field, label: fieldLabel(field) })),
  }));
}

/** A header name that maps to exactly `f` (checked by the unit tests against `mapHeaders`). */
export function canonicalHeader(f: Field): string {
  switch (f.kind) {
    case "load":
      return f.key === "concurrency" ? "concurrency" : "request_rate";
    case "value":
      return {
        rps: "rps",
        outputTokensPerSec: "output tokens/s",
        totalTokensPerSec: "total tokens/s",
        meanInputTokens: "mean input tokens",
        meanOutputTokens: "mean output tokens",
        completed: "completed",
        failed: "failed",
        failedPct: "failed %",
        failedFraction: "error rate",
      }[f.key];
    case "metric":
      return `${f.metric}_${f.stat ?? ""}${f.stat ? "_" : ""}${f.unit ?? "ms"}`.replace("__", "_");
    case "meta":
      return {
        label: "label",
        model: "model",
        engine: "engine",
        gpu: "gpu",
        gpuCount: "gpu count",
      }[f.key];
    case "request":
      return f.key;
  }
}

/**
 * Rewrite the header row with the chosen fields: `choice[columnIndex]` is a field, or null to
 * drop the column's meaning (it is renamed so that it maps to nothing).
 */
export function applyColumnChoice(text: string, choice: ReadonlyMap<number, Field | null>): string {
  const body = stripBom(text);
  // The header is the first CSV record: a quoted cell may hold a line break (Excel's Alt+Enter).
  const r = firstRecord(body);
  const lead = r.start;
  const nl = r.end < body.length ? r.end : -1;
  const cr = body.slice(lead, r.end).endsWith("\r") ? "\r" : "";
  const first = r.record;
  const delim = detectDelimiter(first);
  const headers = (parseCsv(first, delim).rows[0] ?? []).map((h) => String(h).replace(/\s+/g, " "));
  const next = headers.map((h, i) => {
    if (!choice.has(i)) return h;
    const f = choice.get(i);
    return f ? canonicalHeader(f) : `ignored ${i + 1}`;
  });
  const quote = (h: string) =>
    h.includes(delim) || h.includes('"') ? `"${h.replace(/"/g, '""')}"` : h;
  const rest = nl < 0 ? "" : body.slice(nl);
  return `${body.slice(0, lead)}${next.map(quote).join(delim)}${cr}${rest}`;
}
