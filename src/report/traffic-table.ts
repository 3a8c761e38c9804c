/**
 * The readable form of a trace's traffic statistics (`capplan traffic` without --json), in
 * English or Chinese: the headline rates, burstiness, request lengths, per team / per model, and
 * the hour-of-day profile (docs/traffic.md).
 */
import type { LengthStats, TrafficGroup, TrafficSummary } from "../engine/demand/traffic";
import { ABSENT, fmtReadable } from "./format";
import type { Lang } from "./i18n";
import { renderProblem } from "./messages";

const WORDS = {
  en: {
    title: "Traffic",
    file: "File",
    format: "Format",
    requests: "Requests",
    failed: "failed (left out)",
    bad: "bad rows (left out)",
    span: "Span",
    duration: "Duration",
    meanRps: "Mean rate",
    bin: "Bin",
    peak: "Peak",
    p99: "P99 of bins",
    p50: "P50 of bins",
    peakToMean: "Peak ÷ mean",
    cv: "Interarrival CV",
    lengths: "Request lengths (tokens)",
    input: "Input",
    output: "Output",
    mean: "Mean",
    max: "Max",
    teams: "Per team",
    models: "Per model",
    name: "Name",
    share: "Share",
    dailyIn: "Input tokens/day",
    dailyOut: "Output tokens/day",
    hourly: "Hour of day (UTC)",
    hourlyRel: "Hour since the start",
    hour: "Hour",
    weekdays: "Weekday (UTC)",
    weekday: "Weekday",
    days: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
    notes: "Notes",
    s: "s",
    rps: "req/s",
    burst: (cv: string, ptm: string) =>
      `Burstiness: interarrival CV ${cv} (1 for random Poisson arrivals, above 1 bursty); the peak bin is ${ptm} × the mean rate.`,
  },
  zh: {
    title: "流量",
    file: "文件",
    format: "格式",
    requests: "请求数",
    failed: "失败（已剔除）",
    bad: "错误行（已剔除）",
    span: "时间范围",
    duration: "时长",
    meanRps: "平均速率",
    bin: "分箱",
    peak: "峰值",
    p99: "分箱 P99",
    p50: "分箱 P50",
    peakToMean: "峰均比",
    cv: "到达间隔 CV",
    lengths: "请求长度（tokens）",
    input: "输入",
    output: "输出",
    mean: "均值",
    max: "最大",
    teams: "按团队",
    models: "按模型",
    name: "名称",
    share: "占比",
    dailyIn: "日输入 tokens",
    dailyOut: "日输出 tokens",
    hourly: "按小时（UTC）",
    hourlyRel: "自开始起的小时",
    hour: "小时",
    weekdays: "按星期（UTC）",
    weekday: "星期",
    days: ["周一", "周二", "周三", "周四", "周五", "周六", "周日"],
    notes: "说明",
    s: "秒",
    rps: "请求/秒",
    burst: (cv: string, ptm: string) =>
      `突发性：到达间隔 CV 为 ${cv}（泊松随机到达为 1，大于 1 即为突发）；峰值分箱是平均速率的 ${ptm} 倍。`,
  },
} as const;

/** What the table shows besides the statistics. */
export interface TrafficTableSource {
  file: string;
  format: string;
  badRows: number;
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(" | ")} |`;
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  return [row(head), row(head.map(() => "---")), ...rows.map(row)].join("\n");
}

/** Readable traffic statistics as Markdown. */
export function trafficMarkdown(s: TrafficSummary, src: TrafficTableSource, lang: Lang): string {
  const w = WORDS[lang];
  const n = (v: number | null | undefined, f = 2) => fmtReadable(v, lang, f);
  const rate = (v: number | null | undefined) => (v == null ? ABSENT : `${n(v, 3)} ${w.rps}`);
  const out: string[] = [`## ${w.title}`, ""];
  const head = [
    [w.file, src.file],
    [w.format, src.format],
    [
      w.requests,
      `${n(s.requests, 0)}${s.failed ? ` (+ ${n(s.failed, 0)} ${w.failed})` : ""}${src.badRows ? ` (+ ${n(src.badRows, 0)} ${w.bad})` : ""}`,
    ],
    [
      w.span,
      s.firstTimestamp && s.lastTimestamp
        ? `${s.firstTimestamp} … ${s.lastTimestamp}`
        : `${n(s.seriesStartSec, 0)} ${w.s} …`,
    ],
    [w.duration, `${n(s.durationSec, 1)} ${w.s}`],
    [w.meanRps, rate(s.meanRps)],
    [w.bin, `${n(s.binSec, 3)} ${w.s} (${n(s.bins, 0)})`],
    [w.peak, rate(s.peakRps)],
    [w.p99, rate(s.p99Rps)],
    [w.p50, rate(s.p50Rps)],
    [w.peakToMean, n(s.peakToMean, 2)],
    [w.cv, n(s.interarrivalCv, 3)],
  ];
  out.push(table(["", ""], head), "");
  if (s.interarrivalCv != null && s.peakToMean != null)
    out.push(w.burst(n(s.interarrivalCv, 2), n(s.peakToMean, 1)), "");
  const len = (label: string, l: LengthStats) => [
    label,
    n(l.mean, 1),
    n(l.p50, 1),
    n(l.p90, 1),
    n(l.p95, 1),
    n(l.p99, 1),
    n(l.max, 0),
  ];
  out.push(
    `### ${w.lengths}`,
    "",
    table(
      ["", w.mean, "P50", "P90", "P95", "P99", w.max],
      [len(w.input, s.inputTokens), len(w.output, s.outputTokens)],
    ),
    "",
  );
  const groups = (title: string, gs: readonly TrafficGroup[] | undefined) => {
    if (!gs?.length) return;
    out.push(
      `### ${title}`,
      "",
      table(
        [
          w.name,
          w.requests,
          w.share,
          w.meanRps,
          w.peak,
          `${w.input} ${w.mean}`,
          `${w.output} ${w.mean}`,
          w.dailyIn,
          w.dailyOut,
        ],
        gs.map((g) => [
          g.name,
          n(g.requests, 0),
          `${n(g.share * 100, 1)} %`,
          n(g.meanRps, 3),
          n(g.peakRps, 3),
          n(g.inputTokens.mean, 1),
          n(g.outputTokens.mean, 1),
          n(g.dailyInputTokens, 0),
          n(g.dailyOutputTokens, 0),
        ]),
      ),
      "",
    );
  };
  groups(w.teams, s.teams);
  groups(w.models, s.models);
  if (s.hourly) {
    const hs = s.hourly.filter((h) => h.bins > 0);
    out.push(
      `### ${s.relativeTime ? w.hourlyRel : w.hourly}`,
      "",
      table(
        [w.hour, w.meanRps, w.peak],
        hs.map((h) => [String(h.hour), n(h.meanRps, 3), n(h.peakRps, 3)]),
      ),
      "",
    );
  }
  if (s.weekdays) {
    const ds = s.weekdays.filter((d) => d.bins > 0);
    out.push(
      `### ${w.weekdays}`,
      "",
      table(
        [w.weekday, w.meanRps, w.peak],
        ds.map((d) => [w.days[d.weekday]!, n(d.meanRps, 3), n(d.peakRps, 3)]),
      ),
      "",
    );
  }
  // Each note from its problem in `lang` (a summary stored without problems keeps its English).
  const note = (x: string, i: number) => {
    const p = s.problems?.[i];
    return p ? renderProblem(p, lang) : x;
  };
  if (s.notes.length) out.push(`${w.notes}:`, ...s.notes.map((x, i) => `- ${note(x, i)}`), "");
  return out.join("\n");
}
