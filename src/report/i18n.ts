/**
 * English and Chinese words for tables and reports (docs/report.md uses Chinese headers). A plain typed
 * dictionary: every language must define every key (checked by the compiler), so the app can
 * reuse it for its own labels later.
 */

/** Languages of the readable outputs (`--lang en|zh`). */
export type Lang = "en" | "zh";
/** Every supported language. */
export const LANGS: readonly Lang[] = ["en", "zh"];

const en = {
  concurrency: "Concurrency",
  rps: "RPS",
  tokensPerSec: "tokens/s",
  p50Ttft: "P50 TTFT",
  p99Ttft: "P99 TTFT",
  p95Itl: "P95 ITL",
  p99Itl: "P99 ITL",
  p95Tpot: "P95 TPOT",
  p99Tpot: "P99 TPOT",
  latenciesInMs: "Latencies in ms.",
  rate: "rate",
  requestRate: "Request rate",
  result: "Result",
  regression: "regression",
  ok: "ok",
  colon: ": ",
  files: "Files",
  format: "Format",
  model: "Model",
  engine: "Engine",
  gpu: "GPU",
  warnings: "Warnings",
  baseline: "Baseline",
  candidate: "Candidate",
  unmatched: "Unmatched load levels",
  onlyInBaseline: "only in baseline",
  onlyInCandidate: "only in candidate",
  regressions: "Regressions",
  tpotInsteadOfItl: "ITL columns show TPOT (the sweep has no ITL).",
  sinceHeading: "Since the previous run",
  previousRun: "Previous run",
  threshold: "threshold",
  noSharedLevel: "The two runs share no load level.",
  metric: "Metric",
  before: "Before",
  after: "After",
  change: "Change",
  sinceRegressions: "Regressions since the previous run",
  sinceNoRegression: "No regression since the previous run",
} as const;

/** The keys every language defines. */
export type MessageKey = keyof typeof en;

/** One language's words. */
export type Messages = { readonly [K in MessageKey]: string };

const zh: Messages = {
  concurrency: "并发",
  rps: "RPS",
  tokensPerSec: "tokens/s",
  p50Ttft: "P50 TTFT",
  p99Ttft: "P99 TTFT",
  p95Itl: "P95 ITL",
  p99Itl: "P99 ITL",
  p95Tpot: "P95 TPOT",
  p99Tpot: "P99 TPOT",
  latenciesInMs: "延迟单位：毫秒。",
  rate: "速率",
  requestRate: "请求速率",
  result: "结果",
  regression: "退化",
  ok: "正常",
  colon: "：",
  files: "文件",
  format: "格式",
  model: "模型",
  engine: "引擎",
  gpu: "GPU",
  warnings: "警告",
  baseline: "基线",
  candidate: "候选",
  unmatched: "未匹配的负载档位",
  onlyInBaseline: "仅基线有",
  onlyInCandidate: "仅候选有",
  regressions: "退化项",
  tpotInsteadOfItl: "ITL 列显示的是 TPOT（该扫描没有 ITL）。",
  sinceHeading: "与上次运行相比",
  previousRun: "上次运行",
  threshold: "阈值",
  noSharedLevel: "两次运行没有共同的负载档位。",
  metric: "指标",
  before: "之前",
  after: "之后",
  change: "变化",
  sinceRegressions: "与上次运行相比的退化项",
  sinceNoRegression: "与上次运行相比没有退化",
};

/** The dictionary: `MESSAGES[lang][key]`. */
export const MESSAGES: Readonly<Record<Lang, Messages>> = { en, zh };

/** The word for `key` in `lang`. */
export function t(lang: Lang, key: MessageKey): string {
  return MESSAGES[lang][key];
}

/** Parse a `--lang` value; null when it is not a supported language. */
export function parseLang(v: string | undefined | true): Lang | null {
  if (v === undefined) return "en";
  return v === "en" || v === "zh" ? v : null;
}
