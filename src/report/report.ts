/**
 * The benchmark report of the report table (docs/report.md), rendered from a computed plan, in English or
 * Chinese: metadata, hardware, SLO targets, the concurrency sweep table per SKU, conclusions
 * (max concurrency and throughput within SLO), the diagnostics and next steps. Deterministic
 * (no "today" date), so CI can diff it.
 */
import type { PlanResult, SkuResult } from "../engine/plan/plan";
import { fmtValue } from "../engine/base/number-format";
import { sloText } from "../engine/curve/slo-label";
import { fmtMoney, singleLineNames, type Lang } from "./plan-output";
import { allocationReportMarkdown } from "./allocation-report";
import { scheduleSection } from "./schedule-section";
import { sweepTableMarkdown } from "./sweep-table";
import { localizeReason } from "./messages";

const T = {
  en: {
    title: "Inference benchmark report",
    meta: "Date / environment / engine version / model and quantisation",
    hardware: "Hardware",
    slo: "SLO targets",
    workload: "Workload",
    results: "Results (concurrency sweep)",
    conclusions: "Conclusions",
    maxWithin: "Max concurrency / throughput within SLO",
    bottleneck: "Bottleneck analysis",
    next: "Next steps",
    none: "no sweep (capacity given)",
    noFindings: "no bottleneck signature found in the sweep",
    infeasible: "does not meet the SLOs at any measured load",
    unknown: "SLO check unknown",
    notBinding:
      "every measured point meets the SLOs: capacity may be higher than measured; extend the sweep",
    recommend: (s: SkuResult, cur: string) =>
      `Recommended: **${s.name}**: ${fmtValue(s.capacity?.replicas ?? null, 0)} replicas (${fmtValue(s.capacity?.gpus ?? null, 0)} GPUs), ${fmtMoney(s.capacity?.costPerMonth ?? null, cur)} per month, ${fmtMoney(s.capacity?.costPerMillionOutputTokens ?? null, cur)} per 1M output tokens.`,
    noneFeasible:
      "No SKU meets the SLOs: relax the SLOs, add faster hardware, or optimise the engine and re-run the sweep.",
    rerun:
      "After each change (quantisation, parallelism, engine upgrade) re-run the same sweep and compare with `capplan compare baseline candidate`.",
    zones: "zones",
    knee: "knee at",
    gpus: "GPUs per replica",
    and: " and ",
    tokensGoal: "tokens/s needed at peak",
    basis: { measured: "measured", interpolated: "interpolated", given: "given" } as Record<
      string,
      string
    >,
    givenCap: "capacity given",
    opRule: "How the operating point is chosen",
    opRuleText: (maxErr: string, interp: boolean) =>
      `a load level passes when every SLO holds and at most ${maxErr} % of its requests failed; among the passing levels below the first failing one, ` +
      `the operating point is the one with the most output throughput (ties: the lower load), because past saturation throughput falls while latency may still pass` +
      (interp
        ? "; between the last passing and the first failing level, the limit is interpolated linearly and counts as one more candidate"
        : ""),
    failedShare: (maxErr: string) => `failed share ≤ ${maxErr} %`,
    unchecked: "capacity given or estimated, never checked against the SLOs",
    recommendUnchecked:
      "No SKU whose capacity was checked against the SLOs is feasible; the recommendation below rests on a given or estimated capacity.",
    colon: ": ",
  },
  zh: {
    title: "推理基准报告",
    meta: "日期 / 环境 / 引擎版本 / 模型与量化方式",
    hardware: "硬件",
    slo: "SLO 目标",
    workload: "负载",
    results: "结果表（并发扫描）",
    conclusions: "结论",
    maxWithin: "达到 SLO 的最大并发 / 最大吞吐",
    bottleneck: "瓶颈分析",
    next: "下一步优化建议",
    none: "无压测数据（容量为给定值）",
    noFindings: "压测曲线中未发现瓶颈特征",
    infeasible: "在所有测得的负载下都不满足 SLO",
    unknown: "SLO 判断未知",
    notBinding: "所有测得的点都满足 SLO：实际容量可能更高，建议扩大扫描范围",
    recommend: (s: SkuResult, cur: string) =>
      `推荐：**${s.name}**：${fmtValue(s.capacity?.replicas ?? null, 0)} 个副本（${fmtValue(s.capacity?.gpus ?? null, 0)} 张 GPU），每月 ${fmtMoney(s.capacity?.costPerMonth ?? null, cur, "zh")}，每百万输出 token ${fmtMoney(s.capacity?.costPerMillionOutputTokens ?? null, cur, "zh")}。`,
    noneFeasible: "没有 SKU 满足 SLO：放宽 SLO、换更快的硬件，或优化引擎后重新压测。",
    rerun:
      "每次改动（量化、并行、引擎升级）后重跑同一套压测，用 `capplan compare baseline candidate` 对比。",
    zones: "区间",
    knee: "拐点在",
    gpus: "每副本 GPU 数",
    and: "，且 ",
    tokensGoal: "峰值所需 token/s",
    basis: { measured: "实测", interpolated: "插值", given: "给定" } as Record<string, string>,
    givenCap: "容量为给定值",
    opRule: "运行点的选取方式",
    opRuleText: (maxErr: string, interp: boolean) =>
      `某一负载档位在所有 SLO 都满足、且失败请求不超过 ${maxErr} % 时通过；在第一个不通过的档位之前的通过档位中，选输出吞吐最高的一个（吞吐相同时取较低负载），` +
      `因为越过饱和点后吞吐会下降而延迟可能仍然达标` +
      (interp
        ? "；在最后一个通过档位与第一个不通过档位之间按线性插值求出达到上限的负载，作为又一个候选"
        : ""),
    failedShare: (maxErr: string) => `失败请求占比 ≤ ${maxErr} %`,
    unchecked: "容量为给定或估算值，从未按 SLO 校验",
    recommendUnchecked: "没有经过 SLO 校验的 SKU 能满足要求；下面的推荐基于给定或估算的容量。",
    colon: "：",
  },
} as const;

const ZONE_ZH: Record<string, string> = { idle: "空闲区", linear: "线性区", saturated: "饱和区" };

function sloList(r: PlanResult, lang: Lang): string {
  // The same sign as the comparison table and the check itself (a level passes when value ≤ limit).
  const parts = r.slo.map((s) => sloText(s, { format: (ms) => fmtValue(ms, 1) }));
  return parts.join(T[lang].and) || "—";
}

function metaLine(s: SkuResult): string {
  const sw = s.workloads.find((w) => w.sweep)?.sweep;
  if (!sw) return "—";
  const m = sw.meta;
  return (
    [m.date, m.engine, m.toolVersion ? `${m.tool ?? ""} ${m.toolVersion}`.trim() : m.tool, m.model]
      .filter(Boolean)
      .join(" / ") || "—"
  );
}

function maxWithin(s: SkuResult, lang: Lang, maxErr: number | null): string {
  const t = T[lang];
  const why = s.infeasibleProblem
    ? lang === "zh"
      ? `（${localizeReason(s, lang)}）`
      : ` (${localizeReason(s, lang)})`
    : "";
  if (s.feasible === false) return `${s.name}${t.colon}${t.infeasible}${why}`;
  if (s.feasible === null) return `${s.name}${t.colon}${t.unknown}${why}`;
  const op = s.operatingPoint;
  if (!op) return `${s.name}${t.colon}—`;
  if (op.basis === "given")
    return `${s.name}${t.colon}${t.givenCap}, ${fmtValue(op.outputTokensPerSec, 0)} tokens/s (${t.unchecked})`;
  const load =
    op.concurrency != null
      ? `${lang === "zh" ? "并发" : "concurrency"} ${fmtValue(op.concurrency, 1)}`
      : op.requestRate != null
        ? `${lang === "zh" ? "速率" : "rate"} ${op.requestRate}`
        : op.basis;
  const slo = op.bindingErrorRate
    ? ` — ${t.failedShare(fmtValue(maxErr, 2))}`
    : op.bindingSlo
      ? ` — ${sloText(op.bindingSlo)}`
      : "";
  const extra = !op.sloBinding ? `; ${t.notBinding}` : "";
  return `${s.name}${t.colon}${load}, ${fmtValue(op.rps, 2)} RPS, ${fmtValue(op.outputTokensPerSec, 0)} tokens/s (${t.basis[op.basis] ?? op.basis}${slo})${extra}`;
}

/** Where a workload's numbers come from when it has a trace (docs/traffic.md): " (from trace code.csv: 8,819 requests, peak = highest 60-s bin)". */
function traceNote(w: PlanResult["workloads"][number], lang: Lang): string {
  if (!w.trace) return "";
  const name = w.trace.file ?? w.trace.name ?? "?";
  const n = w.traffic ? fmtValue(w.traffic.requests, 0) : "?";
  const bin = fmtValue(w.trace.binSec, 3);
  if (lang === "zh")
    return `（来自请求轨迹 ${name}：${n} 个请求，峰值 = ${w.trace.peak === "p99" ? `${bin} 秒分箱速率的 P99` : `最忙的 ${bin} 秒分箱`}）`;
  return ` (from trace ${name}: ${n} requests, peak = ${w.trace.peak === "p99" ? `p99 of ${bin}-s bins` : `busiest ${bin}-s bin`})`;
}

/**
 * Render the benchmark report (docs/report.md) of a computed plan as Markdown. `fleet` is the
 * "Fleet" section's lines (src/report/fleet-section.ts), placed before the conclusions; the CLI
 * computes it (it needs the solver and the simulator), the app's Report sheet leaves it out.
 */
export function reportMarkdown(
  result: PlanResult,
  lang: Lang = "en",
  fleet: readonly string[] = [],
): string {
  const r = singleLineNames(result);
  const t = T[lang];
  const out: string[] = [`## ${t.title}${t.colon}${r.title}`, ""];
  const first = r.skus.find((s) => s.workloads.some((w) => w.sweep));
  out.push(`- ${t.meta}${t.colon}${first ? metaLine(first) : "—"}`);
  out.push(
    `- ${t.hardware}${t.colon}${r.skus.map((s) => `${s.name} (${s.gpu ?? "?"} × ${fmtValue(s.gpusPerReplica, 0)})`).join("; ")}`,
  );
  out.push(`- ${t.slo}${t.colon}${sloList(r, lang)}`);
  out.push(
    `- ${t.opRule}${t.colon}${t.opRuleText(fmtValue(r.maxErrorRatePct, 2), r.sloMode === "interpolated")}`,
  );
  out.push(
    `- ${t.workload}${t.colon}${r.workloads.map((w) => `${w.name}: ${fmtValue(w.peakRps, 2)} RPS × (${fmtValue(w.inputTokens, 0)} + ${fmtValue(w.outputTokens, 0)}) tokens = ${fmtValue(w.tokensPerSec, 0)} tokens/s${traceNote(w, lang)}`).join("; ")}`,
  );
  for (const s of r.skus) {
    for (const w of s.workloads) {
      if (!w.sweep) continue;
      out.push(
        "",
        `### ${t.results}${t.colon}${s.name}${r.workloads.length > 1 ? ` · ${w.workload}` : ""}`,
        "",
      );
      out.push(
        `- ${t.hardware}${t.colon}${s.gpu ?? "?"} × ${fmtValue(s.gpusPerReplica, 0)} (${t.gpus}); ${metaLine(s)}`,
      );
      const zones = w.zones.map((z) => (lang === "zh" ? (ZONE_ZH[z] ?? z) : z)).join(" → ");
      const knee =
        w.kneeIndex != null
          ? `; ${t.knee} ${w.sweep.points[w.kneeIndex]?.concurrency ?? w.sweep.points[w.kneeIndex]?.requestRate ?? w.kneeIndex}`
          : "";
      if (zones) out.push(`- ${t.zones}${t.colon}${zones}${knee}`);
      out.push("", sweepTableMarkdown(w.sweep, lang).trimEnd());
    }
  }
  out.push(...scheduleSection(r, lang, fmtMoney));
  out.push(...fleet);
  out.push("", `### ${t.conclusions}`, "", `- ${t.maxWithin}${t.colon.trim()}`);
  for (const s of r.skus) out.push(`  - ${maxWithin(s, lang, r.maxErrorRatePct)}`);
  out.push(`- ${t.bottleneck}${t.colon.trim()}`);
  let anyFinding = false;
  for (const s of r.skus) {
    for (const w of s.workloads) {
      for (const f of w.findings) {
        anyFinding = true;
        const x = lang === "zh" && f.zh ? f.zh : f;
        out.push(
          `  - ${s.name}${lang === "zh" ? "：" : ": "}${x.title}${lang === "zh" ? "：" : ": "}${x.evidence}`,
        );
      }
    }
  }
  if (!anyFinding) out.push(`  - ${t.noFindings}`);
  out.push(`- ${t.next}${t.colon.trim()}`);
  const cheapest = r.skus.find((s) => s.name === r.cheapest);
  if (cheapest && r.recommendationChecked === false) out.push(`  - ${t.recommendUnchecked}`);
  out.push(`  - ${cheapest ? t.recommend(cheapest, r.currency) : t.noneFeasible}`);
  const advice = new Set<string>();
  for (const s of r.skus)
    for (const w of s.workloads)
      for (const f of w.findings) advice.add(lang === "zh" && f.zh ? f.zh.advice : f.advice);
  for (const a of advice) out.push(`  - ${a}`);
  out.push(`  - ${t.rerun}`);
  const alloc = allocationReportMarkdown(result, lang);
  if (alloc) out.push("", alloc.trimEnd());
  return out.join("\n") + "\n";
}
