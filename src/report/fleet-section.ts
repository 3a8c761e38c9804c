/**
 * The fleet answers of a plan (docs/report.md "Fleet", docs/cli.md `plan --json` `fleet`): the
 * cheapest mix of its SKUs (`capplan optimize`), each SKU's fleet simulated at the plan's traffic
 * (`capplan simulate`, bounded: a fixed number of requests and a seed), and each SKU's KV memory
 * (`skus[].kv`). The CLI computes the answers (src/cli/fleet-answers.ts, loading HiGHS and the
 * simulator only then); this module writes them as JSON and as the report's Markdown section.
 */
import { fmtValue } from "../engine/base/number-format";
import type { Problem } from "../engine/base/problems";
import type { SimulationAnswer } from "../engine/fleet/fleet-plan";
import { reasonText, type FleetResult } from "../engine/plan/optimize";
import type { PlanResult } from "../engine/plan/plan-result";
import { fleetJson } from "./fleet-output";
import type { Lang } from "./i18n";
import { renderProblem } from "./messages";
import { fmtMoney, oneLine } from "./plan-output";
import { burstDecides, burstText, simulateJson } from "./simulate-text";

/** One SKU's simulation: its answer, or why it could not be simulated. */
export interface FleetSimulation {
  sku: string;
  answer: SimulationAnswer | null;
  problem: Problem | null;
}

/** Everything the fleet section and `plan --json`'s `fleet` say. */
export interface FleetAnswers {
  mix: FleetResult;
  /** Requests simulated per SKU (the first ones of a trace). */
  requests: number;
  seed: number;
  arrivals: "poisson" | "trace";
  /** The trace replayed (as the plan names it), when `arrivals` is `trace`. */
  trace: string | null;
  simulations: FleetSimulation[];
}

/** `plan --json`'s `fleet` object: `optimize --json`'s keys under `mix`, `simulate --json`'s per SKU. */
export function fleetAnswersJson(a: FleetAnswers, currency: string, lang: Lang = "en"): object {
  return {
    requests: a.requests,
    seed: a.seed,
    arrivals: a.arrivals,
    trace: a.trace,
    mix: fleetJson(a.mix, currency, lang),
    simulations: a.simulations.map((s) =>
      s.answer
        ? simulateJson(s.answer)
        : { sku: s.sku, error: s.problem ? renderProblem(s.problem, lang) : null },
    ),
  };
}

const WORDS = {
  en: {
    title: "Fleet",
    mix: "Cheapest mix",
    split: "split workloads",
    whole: "each workload on one SKU",
    optimal: "optimal",
    notOptimal: "not proven optimal",
    perHour: "/h",
    replicas: "replicas",
    gpus: "GPUs",
    cost: "cost per hour",
    assignment: "Assignment",
    best: "Best single SKU",
    none: "none serves every workload within its cap",
    savings: "savings",
    infeasible: "No feasible mix",
    tail: "Simulated tail per SKU",
    poisson: (n: string, seed: number) =>
      `Poisson arrivals at the plan's peak rate, ${n} requests, seed ${seed}`,
    trace: (file: string, n: string, cv: string, seed: number) =>
      `the first ${n} requests of trace ${file}, interarrival CV ${cv} (1 for Poisson), seed ${seed}`,
    fleet: "replicas × slots",
    queued: "queued",
    util: "utilization",
    formula: "replicas (formula)",
    forSlo: "replicas for the SLOs",
    noneUpTo: (n: number) => `none ≤ ${n}`,
    notSimulated: "not simulated",
    kv: "KV memory per replica",
    kvHead: ["model", "available", "tokens", "per request", "max concurrency", "limited"],
    yes: "yes",
    no: "no",
    noKv: "no SKU names a catalogue model and GPU (docs/memory.md)",
    colon: ": ",
    open: " (",
    close: ")",
    semi: "; ",
    comma: ", ",
  },
  zh: {
    title: "集群",
    mix: "最低成本组合",
    split: "负载可拆分",
    whole: "每个负载只用一种 SKU",
    optimal: "最优",
    notOptimal: "未证明最优",
    perHour: "/小时",
    replicas: "副本",
    gpus: "GPU",
    cost: "每小时成本",
    assignment: "分配",
    best: "最佳单一 SKU",
    none: "没有单一 SKU 能在上限内承载全部负载",
    savings: "节省",
    infeasible: "没有可行的组合",
    tail: "各 SKU 的仿真尾延迟",
    poisson: (n: string, seed: number) => `按计划峰值速率的泊松到达，${n} 个请求，随机种子 ${seed}`,
    trace: (file: string, n: string, cv: string, seed: number) =>
      `请求轨迹 ${file} 的前 ${n} 个请求，到达间隔 CV ${cv}（泊松为 1），随机种子 ${seed}`,
    fleet: "副本 × 槽位",
    queued: "排队占比",
    util: "利用率",
    formula: "副本（公式）",
    forSlo: "满足 SLO 的副本",
    noneUpTo: (n: number) => `≤ ${n} 均不满足`,
    notSimulated: "未仿真",
    kv: "每副本 KV 缓存",
    kvHead: ["模型", "可用", "token 数", "每请求", "最大并发", "受限"],
    yes: "是",
    no: "否",
    noKv: "没有 SKU 指定目录中的模型和 GPU（docs/memory.md）",
    colon: "：",
    open: "（",
    close: "）",
    semi: "；",
    comma: "，",
  },
} as const;

/** A name in a Markdown line (`name`) or table cell (`cell`): one line, pipes escaped in cells. */
const name = (s: string) => oneLine(s);
const cell = (s: string) => oneLine(s).replace(/\|/g, "\\|");

const pct = (x: number | null | undefined) =>
  x === null || x === undefined ? "—" : `${fmtValue(x * 100, 1)} %`;

function mixLines(m: FleetResult, currency: string, lang: Lang): string[] {
  const t = WORDS[lang];
  const money = (x: number | null) => fmtMoney(x, currency, lang);
  const mode = `${m.split ? t.split : t.whole}${t.semi}${m.solver}`;
  const out: string[] = [];
  if (!m.feasible) {
    out.push(`- ${t.infeasible}${t.open}${mode}${t.close}${t.colon.trimEnd()}`);
    for (const x of m.reasons)
      out.push(`  - ${name(reasonText(x.problem, x.details, (p) => renderProblem(p, lang)))}`);
  } else {
    out.push(
      `- ${t.mix}${t.colon}${money(m.costPerHour)}${t.perHour}${t.open}${mode}${t.semi}${m.optimal ? t.optimal : t.notOptimal}${t.close}`,
      "",
      `| SKU | ${t.replicas} | ${t.gpus} | ${t.cost} |`,
      "|---|---:|---:|---:|",
      ...m.skus.map(
        (s) =>
          `| ${cell(s.name)} | ${fmtValue(s.replicas, 0)} | ${fmtValue(s.gpus, 0)} | ${money(s.costPerHour)} |`,
      ),
      "",
      `- ${t.assignment}${t.colon}${m.assignment.map((a) => `${name(a.workload)} → ${name(a.sku)} (${fmtValue(a.share * 100, 1)} %)`).join(t.semi)}`,
    );
  }
  const savings =
    m.savingsPct !== null ? `${t.semi}${t.savings} ${fmtValue(m.savingsPct, 1)} %` : "";
  out.push(
    m.bestSingle
      ? `- ${t.best}${t.colon}${name(m.bestSingle.name)}${t.comma}${money(m.bestSingle.costPerHour)}${t.perHour}${savings}`
      : `- ${t.best}${t.colon}${t.none}`,
  );
  for (const p of m.problems) out.push(`- ${name(renderProblem(p, lang))}`);
  return out;
}

function tailLines(a: FleetAnswers, lang: Lang): string[] {
  const t = WORDS[lang];
  const n = fmtValue(a.requests, 0);
  const cv = a.simulations.find((s) => s.answer)?.answer?.arrivals.interarrivalCv ?? null;
  const how =
    a.arrivals === "trace"
      ? t.trace(name(a.trace ?? "?"), n, fmtValue(cv, 2), a.seed)
      : t.poisson(n, a.seed);
  const out = [
    `- ${t.tail}${t.open}${how}${t.close}${t.colon.trimEnd()}`,
    "",
    `| SKU | ${t.fleet} | P50 TTFT | P99 TTFT | P50 E2E | P99 E2E | ${t.queued} | ${t.util} | ${t.formula} | ${t.forSlo} |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  const notes: string[] = [];
  for (const s of a.simulations) {
    const x = s.answer;
    if (!x) {
      out.push(`| ${cell(s.sku)} | ${t.notSimulated} | — | — | — | — | — | — | — | — |`);
      if (s.problem)
        notes.push(`- ${name(s.sku)}${t.colon}${name(renderProblem(s.problem, lang))}`);
      continue;
    }
    const ms = (v: number | null | undefined) => (v == null ? "—" : `${fmtValue(v, 1)} ms`);
    const forSlo =
      x.searchedUpTo === null
        ? "—"
        : x.replicasForSlo === null
          ? t.noneUpTo(x.searchedUpTo)
          : fmtValue(x.replicasForSlo, 0);
    out.push(
      `| ${cell(x.sku)} | ${x.replicas} × ${x.slots} | ${ms(x.ttftMs?.p50)} | ${ms(x.ttftMs?.p99)} | ${ms(x.e2eMs?.p50)} | ${ms(x.e2eMs?.p99)} | ${pct(x.queuedShare)} | ${pct(x.utilization)} | ${fmtValue(x.formulaReplicas, 0)} | ${forSlo} |`,
    );
    if (burstDecides(x)) notes.push(`- ${name(x.sku)}${t.colon}${burstText(x, lang)}`);
  }
  return notes.length ? [...out, "", ...notes] : out;
}

function kvLines(result: PlanResult, lang: Lang): string[] {
  const t = WORDS[lang];
  const rows = result.skus.filter((s) => s.kv);
  if (!rows.length) return [`- ${t.kv}${t.colon}${t.noKv}`];
  return [
    `- ${t.kv}${t.colon.trimEnd()}`,
    "",
    `| SKU | ${t.kvHead.join(" | ")} |`,
    "|---|---|---:|---:|---:|---:|---|",
    ...rows.map((s) => {
      const k = s.kv!;
      return `| ${cell(s.name)} | ${cell(k.model)} | ${fmtValue(k.availableGiB, 2)} GiB | ${fmtValue(k.tokens, 0)} | ${fmtValue(k.perRequestTokens, 0)} | ${fmtValue(k.maxConcurrency, 0)} | ${k.limited ? t.yes : t.no} |`;
    }),
  ];
}

/** The report's "Fleet" section (docs/report.md): the mix, the simulated tail, the KV memory. */
export function fleetSectionMarkdown(a: FleetAnswers, result: PlanResult, lang: Lang): string[] {
  const t = WORDS[lang];
  return [
    "",
    `### ${t.title}`,
    "",
    ...mixLines(a.mix, result.currency, lang),
    ...tailLines(a, lang),
    "",
    ...kvLines(result, lang),
  ];
}
