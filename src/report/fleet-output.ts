/**
 * `capplan optimize` output (docs/optimize.md): the cheapest mix as JSON (unrounded numbers, the
 * keys of the product contract) and as a readable table in English or Chinese.
 */
import { fmtValue } from "../engine/base/number-format";
import { reasonText, type FleetResult } from "../engine/plan/optimize";
import type { Lang } from "./i18n";
import { renderProblem } from "./messages";
import { fmtMoney } from "./plan-output";

/** The JSON of `capplan optimize --json`: reasons and warnings rendered in `lang`. */
export function fleetJson(r: FleetResult, currency: string, lang: Lang = "en"): object {
  return {
    feasible: r.feasible,
    currency,
    costPerHour: r.costPerHour,
    skus: r.skus,
    assignment: r.assignment,
    bestSingle: r.bestSingle,
    savingsPct: r.savingsPct,
    optimal: r.optimal,
    solver: r.solver,
    split: r.split,
    reasons: r.reasons.map((x) => ({
      workload: x.workload,
      reason: reasonText(x.problem, x.details, (p) => renderProblem(p, lang)),
    })),
    warnings: r.problems.map((p) => renderProblem(p, lang)),
  };
}

const WORDS = {
  en: {
    mix: "Cheapest mix",
    split: "split workloads",
    whole: "each workload on one SKU",
    optimal: "optimal",
    notOptimal: "not proven optimal",
    perHour: "/h",
    sku: "SKU",
    replicas: "replicas",
    gpus: "GPUs",
    cost: "cost per hour",
    assignment: "Assignment",
    best: "Best single SKU",
    none: "none serves every workload within its cap",
    savings: "savings",
    infeasible: "No feasible mix",
  },
  zh: {
    mix: "最低成本组合",
    split: "负载可拆分",
    whole: "每个负载只用一种 SKU",
    optimal: "最优",
    notOptimal: "未证明最优",
    perHour: "/小时",
    sku: "SKU",
    replicas: "副本",
    gpus: "GPU",
    cost: "每小时成本",
    assignment: "分配",
    best: "最佳单一 SKU",
    none: "没有单一 SKU 能在上限内承载全部负载",
    savings: "节省",
    infeasible: "没有可行的组合",
  },
} as const;

function table(rows: string[][]): string[] {
  const w = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map(
    (r) => `  ${r.map((x, c) => (c === 0 ? x.padEnd(w[c]!) : x.padStart(w[c]!))).join("  ")}`,
  );
}

/** The readable answer of `capplan optimize`. */
export function fleetText(r: FleetResult, currency: string, lang: Lang = "en"): string {
  const t = WORDS[lang];
  const money = (x: number | null) => fmtMoney(x, currency, lang);
  const out: string[] = [];
  const mode = r.split ? t.split : t.whole;
  // Chinese text takes full-width punctuation.
  const [colon, open, close, semi] =
    lang === "zh" ? ["：", "（", "）", "；"] : [": ", " (", ")", "; "];
  if (!r.feasible) {
    out.push(`${t.infeasible}${open}${mode}${semi}${r.solver}${close}`);
    for (const x of r.reasons)
      out.push(`  ${reasonText(x.problem, x.details, (p) => renderProblem(p, lang))}`);
  } else {
    out.push(
      `${t.mix}${colon}${money(r.costPerHour)}${t.perHour}${open}${mode}${semi}${r.solver}${semi}${r.optimal ? t.optimal : t.notOptimal}${close}`,
      ...table([
        [t.sku, t.replicas, t.gpus, t.cost],
        ...r.skus.map((s) => [
          s.name,
          fmtValue(s.replicas, 0),
          fmtValue(s.gpus, 0),
          money(s.costPerHour),
        ]),
      ]),
      "",
      `${t.assignment}${colon.trim()}`,
      ...r.assignment.map((a) => `  ${a.workload} → ${a.sku} (${fmtValue(a.share * 100, 1)} %)`),
    );
  }
  out.push(
    "",
    r.bestSingle
      ? `${t.best}${colon}${r.bestSingle.name}${lang === "zh" ? "，" : ", "}${money(r.bestSingle.costPerHour)}${t.perHour}${r.savingsPct !== null ? `${semi}${t.savings} ${fmtValue(r.savingsPct, 1)} %` : ""}`
      : `${t.best}${colon}${t.none}`,
  );
  for (const p of r.problems) out.push(`warning: ${renderProblem(p, lang)}`);
  return `${out.join("\n")}\n`;
}
