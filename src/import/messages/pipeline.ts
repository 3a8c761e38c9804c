/**
 * Messages of the import pipeline (src/import/index.ts, input.ts, decode.ts, describe.ts,
 * repeats.ts, browser.ts, worker.ts): empty, binary, too large, unknown format, skipped and
 * dropped files, repeats (code `import.*`), and what an unrecognised file looked like (code
 * `importShape.*`, nested into `import.unknownFormat`). See docs/problems.md.
 *
 * Chinese terms follow the app's: 负载档位 (load level), 并发 (concurrency), 扫描 (sweep).
 */
import { defineMessages, message, type Catalogue, type Problem } from "../../engine/base/problems";
import { v8JsonZh } from "../../engine/plan/plan-file-messages";

/** The load axis of a point in an import note (`loadLabel` of src/import/repeats.ts). */
export type PointLoadKind = "concurrency" | "requestRate" | "rps";

/** A load level of an import note: its axis and value (`"inf"` for an unbounded request rate). */
export interface PointLoad {
  kind: PointLoadKind;
  load: number | string | null;
}

/** `concurrency 8`, `request rate 2`, `rps 3.1` (src/import/repeats.ts `loadLabel`). */
export function pointLoadEn(p: PointLoad): string {
  if (p.kind === "concurrency") return `concurrency ${p.load}`;
  if (p.kind === "requestRate") return `request rate ${p.load}`;
  return `rps ${p.load}`;
}

/** `并发 8`, `请求速率 2`, `rps 3.1`. */
export function pointLoadZh(p: PointLoad): string {
  if (p.kind === "concurrency") return `并发 ${p.load}`;
  if (p.kind === "requestRate") return `请求速率 ${p.load}`;
  return `rps ${p.load}`;
}

/** One statistic whose repeats differ: `ttft mean 39.31–217.3 ms (+453 %)`. */
function spreadText(name: string, min: number, max: number, unit: string): string {
  return `${name} ${fmt4(min)}–${fmt4(max)}${unit} (+${Math.round((max / min - 1) * 100)} %)`;
}

/** A repeat's value: an integer as is, else 4 significant digits. */
function fmt4(v: number): string {
  return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(4)));
}

type Unstable = PointLoad & {
  n: number;
  names: readonly string[];
  mins: readonly number[];
  maxs: readonly number[];
  units: readonly string[];
  more: number;
};
const spreads = (p: Unstable): string =>
  p.names
    .map((s, i) => spreadText(s, Number(p.mins[i]), Number(p.maxs[i]), p.units[i] ?? ""))
    .join(", ");

export const importMessages = defineMessages("import", {
  empty: message({
    severity: "error",
    en: () => "file is empty",
    zh: () => "文件为空",
  }),
  binary: message({
    severity: "error",
    en: (p: { cause: "nul" | "control" }) =>
      `file looks binary (${p.cause === "nul" ? "NUL or undecodable bytes" : "control characters"}), not a text benchmark output`,
    zh: (p) =>
      `文件看起来是二进制（${p.cause === "nul" ? "含 NUL 或无法解码的字节" : "含控制字符"}），不是文本格式的压测输出`,
  }),
  tooLarge: message({
    severity: "error",
    en: (p: { bytes: number; limitBytes: number }) =>
      `file is ${(p.bytes / 2 ** 20).toFixed(0)} MiB; the limit is ${p.limitBytes / 2 ** 20} MiB (split the file, or import per-request logs per load level)`,
    zh: (p) =>
      `文件大小 ${(p.bytes / 2 ** 20).toFixed(0)} MiB，上限为 ${p.limitBytes / 2 ** 20} MiB（请拆分文件，或按负载档位分别导入逐请求日志）`,
  }),
  lineTooLong: message({
    severity: "error",
    en: (p: { line: number; chars: number; limitChars: number }) =>
      `line ${p.line} is ${(p.chars / 2 ** 20).toFixed(1)} MiB long; a line of a text table may be at most ${p.limitChars / 2 ** 20} MiB (a file without line breaks?)`,
    zh: (p) =>
      `第 ${p.line} 行长 ${(p.chars / 2 ** 20).toFixed(1)} MiB；文本表格的一行最多 ${p.limitChars / 2 ** 20} MiB（文件没有换行？）`,
  }),
  tooManyColumns: message({
    severity: "error",
    en: (p: { columns: number; limit: number }) =>
      `the header has ${p.columns} columns; a table may have at most ${p.limit}`,
    zh: (p) => `表头有 ${p.columns} 列；表格最多 ${p.limit} 列`,
  }),
  noInput: message({
    severity: "error",
    en: () => "no files to import",
    zh: () => "没有要导入的文件",
  }),
  unknownFormatOption: message({
    severity: "error",
    en: (p: { format: string }) => `unknown --format "${p.format}"; see \`capplan formats\``,
    zh: (p) => `未知的 --format "${p.format}"；参见 \`capplan formats\``,
  }),
  /** A file of a folder that no importer recognises. */
  notRecognised: message({
    severity: "warning",
    en: () => "not a recognised benchmark output; skipped",
    zh: () => "不是可识别的压测输出；已跳过",
  }),
  /** A file of a folder left out for `cause` (empty, binary, …). */
  skipped: message({
    severity: "warning",
    en: (p: { cause: Problem<object> }, nested) => `${nested(p.cause)}; skipped`,
    zh: (p, nested) => `${nested(p.cause)}；已跳过`,
  }),
  /** A file no importer recognises; `cause` says what it looked like (`importShape.*`). */
  unknownFormat: message({
    severity: "error",
    en: (p: { cause: Problem<object> }, nested) =>
      `unrecognised format: ${nested(p.cause)}; see \`capplan formats\` for what can be imported`,
    zh: (p, nested) => `无法识别的格式：${nested(p.cause)}；可导入的格式见 \`capplan formats\``,
  }),
  importerFailed: message({
    severity: "error",
    en: (p: { importer: string; error: string }) => `${p.importer} importer failed: ${p.error}`,
    zh: (p) => `${p.importer} 导入器出错：${p.error}`,
  }),
  /** `capplan import --concurrency N` with more than one file. */
  concurrencyOneFile: message({
    severity: "error",
    en: (p: { files: number }) =>
      `--concurrency applies to a single file; ${p.files} files were given (name the load level in each path, e.g. …-concurrency8/)`,
    zh: (p) =>
      `--concurrency 只适用于单个文件；给出了 ${p.files} 个文件（请在每个路径中写明负载档位，例如 …-concurrency8/）`,
  }),
  noPoints: message({
    severity: "error",
    en: () => "no load levels with results were found",
    zh: () => "没有找到带结果的负载档位",
  }),
  readFailed: message({
    severity: "error",
    en: (p: { error: string }) => `could not be read (${p.error})`,
    zh: (p) => `无法读取（${p.error}）`,
  }),
  workerFailed: message({
    severity: "error",
    en: (p: { error: string }) => `the import worker failed: ${p.error}`,
    zh: (p) => `导入 worker 出错：${p.error}`,
  }),
  /** A programming error caught around the import (never bad input): the thrown text as it is. */
  internal: message({
    severity: "error",
    en: (p: { error: string }) => String(p.error),
    zh: (p) => `导入出错：${p.error}`,
  }),
  utf16: message({
    severity: "info",
    en: (p: { endian: "little" | "big" }) =>
      `read as UTF-16 (${p.endian}-endian, by its byte-order mark)`,
    zh: (p) => `按 UTF-16（${p.endian === "little" ? "小端" : "大端"}，依据字节顺序标记）读取`,
  }),
  latin1: message({
    severity: "warning",
    en: () => "not valid UTF-8: read as Latin-1 (Windows-1252); check names with accents",
    zh: () => "不是有效的 UTF-8：按 Latin-1（Windows-1252）读取；请核对带重音的名称",
  }),
  outOfRange: message({
    severity: "error",
    en: (p: { literal: string }) => `number ${p.literal} is out of range (beyond ±1.8e308)`,
    zh: (p) => `数字 ${p.literal} 超出范围（超过 ±1.8e308）`,
  }),
  /** A JSON syntax error as the JavaScript engine words it (`detail`, its position stripped). */
  invalidJson: message({
    severity: "error",
    en: (p: { detail: string }) => `invalid JSON: ${p.detail}`,
    zh: (p) => `JSON 无效：${v8JsonZh(String(p.detail))}`,
  }),
  /** A corrupt file of a folder (`cause`: why it could not be imported): its sweep lacks a level. */
  lostLevel: message({
    severity: "error",
    en: (p: { where: string; cause: Problem<object>; concurrency: number | null }, nested) =>
      `${p.where} could not be imported (${nested(p.cause)}): this sweep lacks its load level${p.concurrency != null ? ` (concurrency ${p.concurrency}, by its path)` : ""}`,
    zh: (p, nested) =>
      `${p.where} 无法导入（${nested(p.cause)}）：该扫描缺少这个负载档位${p.concurrency != null ? `（按路径为并发 ${p.concurrency}）` : ""}`,
  }),
  repeats: message({
    severity: "info",
    en: (p: PointLoad & { n: number; files: string }) =>
      `${pointLoadEn(p)} was measured ${p.n} times (in ${p.files}): repeats, the point holds the median of each statistic`,
    zh: (p) =>
      `${pointLoadZh(p)} 测了 ${p.n} 次（${p.files}）：视为重复运行，该点取每个统计量的中位数`,
  }),
  unstable: message({
    severity: "warning",
    en: (p: Unstable) =>
      `${pointLoadEn(p)}: the ${p.n} repeated runs differ by more than 10 %: ${spreads(p)}${p.more ? `, and ${p.more} other statistic(s)` : ""}; the point holds their median (the runs were not stable: warm-up, noisy neighbour?)`,
    zh: (p) =>
      `${pointLoadZh(p)}：${p.n} 次重复运行相差超过 10 %：${spreads(p)}${p.more ? `，另有 ${p.more} 个统计量` : ""}；该点取其中位数（运行不稳定：预热不足或有干扰？）`,
  }),
  pathLoad: message({
    severity: "info",
    en: () => "concurrency read from the file path (the file's content does not record it)",
    zh: () => "并发取自文件路径（文件内容中没有记录）",
  }),
});

const DELIM = { comma: "逗号", semicolon: "分号", tab: "制表符" } as const;

/** What an unrecognised file looked like (src/import/describe.ts), never its content. */
export const importShapeMessages = defineMessages("importShape", {
  jsonArray: message({
    severity: "info",
    en: (p: { n: number; kinds: string }) =>
      `a JSON array of ${p.n} element(s) (${p.kinds}) that no importer knows`,
    zh: (p) => `JSON 数组，${p.n} 个元素（${p.kinds}），没有导入器认识`,
  }),
  emptyArray: message({
    severity: "info",
    en: () => "an empty JSON array",
    zh: () => "空的 JSON 数组",
  }),
  jsonObject: message({
    severity: "info",
    en: (p: { keys: number }) =>
      `a JSON object of another shape (${p.keys} top-level key(s), none of a known format)`,
    zh: (p) => `其他结构的 JSON 对象（${p.keys} 个顶层键，都不属于已知格式）`,
  }),
  jsonLines: message({
    severity: "info",
    en: () => "JSON lines of another shape",
    zh: () => "其他结构的 JSON 行",
  }),
  markdown: message({
    severity: "info",
    en: (p: { lines: number }) => `Markdown (${p.lines} line(s)) without a table of load levels`,
    zh: (p) => `Markdown（${p.lines} 行），没有负载档位表`,
  }),
  table: message({
    severity: "info",
    en: (p: {
      delimiter: "comma" | "semicolon" | "tab";
      columns: number;
      lines: number;
      hasLoad: boolean;
      hasMetric: boolean;
    }) => {
      // The load column's aliases include Chinese ones, so the English names one (as it always did).
      const missing = [
        p.hasLoad ? null : "a load column (concurrency, request rate, 并发…)",
        p.hasMetric ? null : "a metric column (RPS, tokens/s, P99 TTFT…)",
      ].filter(Boolean);
      return `a ${p.delimiter}-separated table of ${p.columns} column(s) and ${p.lines} line(s) without ${missing.length ? missing.join(" or ") : "the needed columns"}`;
    },
    zh: (p) => {
      const missing = [
        p.hasLoad ? null : "负载列（并发、请求速率…）",
        p.hasMetric ? null : "指标列（RPS、tokens/s、P99 TTFT…）",
      ].filter(Boolean);
      return `${DELIM[p.delimiter]}分隔的表格（${p.columns} 列，${p.lines} 行），缺少${missing.length ? missing.join("或") : "所需的列"}`;
    },
  }),
  text: message({
    severity: "info",
    en: (p: { lines: number }) => `text of ${p.lines} line(s) in no known format`,
    zh: (p) => `文本（${p.lines} 行），不属于任何已知格式`,
  }),
});

/** The catalogues of this family (registered through ./index.ts). */
export const pipelineCatalogues: readonly Catalogue[] = [
  importMessages,
  importShapeMessages,
] as unknown as Catalogue[];
