/**
 * The readable output of `capplan simulate` (docs/simulate.md), in English or Chinese: the fleet,
 * the arrivals and their burstiness, a latency table (ms), the queued share, utilization, SLO
 * attainment, and the replicas the SLOs need beside the formula's. Numbers go through the one
 * formatter (`fmtValue`); the JSON output carries them unrounded.
 */
import { fmtValue } from "../engine/base/number-format";
import { englishOf } from "../engine/base/problems";
import { sloText } from "../engine/curve/slo-label";
import type { SimulationAnswer } from "../engine/fleet/fleet-plan";
import type { LatencyStats } from "../engine/fleet/fleet-result";
import type { Lang } from "./i18n";
import { renderProblem } from "./messages";

const WORDS = {
  en: {
    title: "Fleet simulation",
    fleet: (sku: string, r: number, s: number) => `${sku}: ${r} replicas × ${s} slots`,
    formula: (n: number) => ` (replicas by the formula: ${n})`,
    mean: "mean",
    trace: "trace",
    poisson: "Poisson",
    arrivals: (src: string, n: string, sec: string, rps: string, cv: string, seed: number) =>
      `Arrivals: ${src}, ${n} requests over ${sec} s (mean ${rps} rps, interarrival CV ${cv}; seed ${seed})`,
    metric: "ms",
    wait: "wait",
    queued: "Requests that waited",
    utilization: "Utilization",
    attainment: "Requests meeting every SLO",
    sloHead: "SLO",
    simulated: "simulated",
    holds: "holds",
    yes: "yes",
    no: "no",
    forSlo: "Fewest replicas meeting the SLOs",
    none: (max: number) => `none up to ${max}`,
    noSlo: "no SLO the simulation can judge",
    burst: (cv: string) =>
      `The arrivals are bursty (interarrival CV ${cv}; 1 for Poisson): the bursts, not the mean rate, decide this fleet.`,
    notes: "Notes",
    colon: ": ",
  },
  zh: {
    title: "集群仿真",
    fleet: (sku: string, r: number, s: number) => `${sku}：${r} 个副本 × ${s} 个槽位`,
    formula: (n: number) => `（公式计算的副本数：${n}）`,
    mean: "平均",
    trace: "请求轨迹",
    poisson: "泊松到达",
    arrivals: (src: string, n: string, sec: string, rps: string, cv: string, seed: number) =>
      `到达：${src}，${n} 个请求，历时 ${sec} 秒（平均 ${rps} rps，到达间隔 CV ${cv}；随机种子 ${seed}）`,
    metric: "毫秒",
    wait: "排队等待",
    queued: "排队请求占比",
    utilization: "利用率",
    attainment: "满足全部 SLO 的请求占比",
    sloHead: "SLO",
    simulated: "仿真值",
    holds: "满足",
    yes: "是",
    no: "否",
    forSlo: "满足 SLO 的最少副本数",
    none: (max: number) => `至 ${max} 个仍不满足`,
    noSlo: "没有仿真可判断的 SLO",
    burst: (cv: string) =>
      `到达具有突发性（到达间隔 CV ${cv}；泊松为 1）：决定集群规模的是突发，而不是平均速率。`,
    notes: "说明",
    colon: "：",
  },
} as const;

const pct = (x: number | null) => (x === null ? "—" : `${fmtValue(x * 100, 1)} %`);

/** Whether the arrivals are bursty enough to say so: interarrival CV above 1.5 (Poisson has 1). */
export function burstDecides(a: SimulationAnswer): boolean {
  const cv = a.arrivals.interarrivalCv;
  const forSlo = a.replicasForSlo;
  return (
    cv !== null &&
    cv > 1.5 &&
    (forSlo === null || a.formulaReplicas === null || forSlo > a.formulaReplicas)
  );
}

/**
 * The object of `capplan simulate --json`: the answer with its problems as English `warnings`
 * (warnings and errors) and `notes` (information), numbers unrounded.
 */
export function simulateJson(a: SimulationAnswer): object {
  const { problems, ...plain } = a;
  return {
    ...plain,
    warnings: problems.filter((p) => p.severity !== "info").map(englishOf),
    notes: problems.filter((p) => p.severity === "info").map(englishOf),
  };
}

/** The sentence saying that the bursts, not the mean rate, decide the fleet (see {@link burstDecides}). */
export function burstText(a: SimulationAnswer, lang: Lang): string {
  return WORDS[lang].burst(fmtValue(a.arrivals.interarrivalCv, 1));
}

/** The answer as Markdown-style text. */
export function simulateText(a: SimulationAnswer, lang: Lang): string {
  const w = WORDS[lang];
  const lines: string[] = [`# ${w.title}`, ""];
  const formula = a.formulaReplicas === null ? "" : w.formula(a.formulaReplicas);
  lines.push(w.fleet(a.sku, a.replicas, a.slots) + formula);
  lines.push(
    w.arrivals(
      a.arrivals.source === "trace" ? w.trace : w.poisson,
      fmtValue(a.requests, 0),
      fmtValue(a.durationSec, 1),
      fmtValue(a.arrivals.meanRps, 2),
      fmtValue(a.arrivals.interarrivalCv, 2),
      a.seed,
    ),
    "",
  );
  const row = (name: string, s: LatencyStats | null) =>
    `| ${name} | ${[s?.mean, s?.p50, s?.p90, s?.p99, s?.max].map((x) => fmtValue(x, 1)).join(" | ")} |`;
  lines.push(
    `| ${w.metric} | ${w.mean} | P50 | P90 | P99 | max |`,
    "|---|---:|---:|---:|---:|---:|",
    row("TTFT", a.ttftMs),
    row("E2E", a.e2eMs),
    row(w.wait, a.waitMs),
    row("TPOT", a.tpotMs),
    "",
    `- ${w.queued}${w.colon}${pct(a.queuedShare)}`,
    `- ${w.utilization}${w.colon}${pct(a.utilization)}`,
    `- ${w.attainment}${w.colon}${pct(a.sloAttainment)}`,
  );
  const forSlo =
    a.searchedUpTo === null
      ? w.noSlo
      : a.replicasForSlo === null
        ? w.none(a.searchedUpTo)
        : String(a.replicasForSlo);
  lines.push(`- ${w.forSlo}${w.colon}${forSlo}${formula}`, "");
  if (a.slo.length) {
    lines.push(`| ${w.sloHead} | ${w.simulated} | ${w.holds} |`, "|---|---:|---|");
    for (const s of a.slo)
      lines.push(
        `| ${sloText(s, {})} | ${fmtValue(s.simulatedMs, 1)} ms | ${s.holds ? w.yes : w.no} |`,
      );
    lines.push("");
  }
  if (burstDecides(a)) lines.push(burstText(a, lang), "");
  if (a.problems.length) {
    lines.push(`${w.notes}${w.colon.trimEnd()}`);
    for (const p of a.problems) lines.push(`- ${renderProblem(p, lang)}`);
    lines.push("");
  }
  return lines.join("\n");
}
