/**
 * Renderings of a plan result for `capplan plan` (docs/cli.md): a readable text table, Markdown
 * and CSV (rounded for display); the JSON object is plan-json.ts's, the SKU comparison
 * comparison-table.ts's. Warnings and errors are rendered from the result's problems in the
 * language asked for (docs/problems.md). Pure.
 */
import { fmtValue } from "../engine/base/number-format";
import type { PlanResult } from "../engine/plan/plan-result";
import type { Lang } from "./i18n";
import type { Problem } from "../engine/base/problems";
import { localizeError, problemEnglish, renderProblem, resultProblems } from "./messages";
import { scheduleLines } from "./schedule-section";
import { fmtMoney } from "./money";
import { comparisonText } from "./comparison-table";
import { planWords } from "./plan-words";
import { SKU_NUMBER_KEYS } from "./plan-json";
import { oneLine, singleLineNames, textTable } from "./text-table";

export type { Lang };
export { planJson } from "./plan-json";
export { planWords, type PlanWords } from "./plan-words";
export {
  cellText,
  comparisonCells,
  comparisonTable,
  comparisonText,
  COMPARISON_KEYS,
  isEmptyCell,
  type BindingLimit,
  type ComparisonCell,
  type ComparisonKey,
  type ComparisonRow,
  type ComparisonTextRow,
} from "./comparison-table";
export { oneLine, singleLineNames, textTable, textWidth } from "./text-table";

// Money formatting lives in ./money.ts (the app's first load needs it, not the rest of this module).
export { fmtMoney, moneyFallback } from "./money";

const comparisonGrid = (r: PlanResult, lang: Lang): string[][] => [
  [planWords(lang).metric, ...r.skus.map((s) => s.name)],
  ...comparisonText(r, lang).map((row) => [row.label, ...row.cells]),
];

function mdTable(rows: string[][]): string {
  const esc = (s: string) => oneLine(s).replace(/\|/g, "\\|");
  const [head, ...body] = rows;
  return [
    `| ${head!.map(esc).join(" | ")} |`,
    `|${head!.map(() => "---").join("|")}|`,
    ...body.map((r) => `| ${r.map(esc).join(" | ")} |`),
  ].join("\n");
}

function tenantRows(r: PlanResult, lang: Lang): string[][] | null {
  if (!r.tenants) return null;
  const w = planWords(lang);
  const rows: string[][] = [[w.pool, w.team, w.share, w.costDay]];
  for (const p of r.tenants.pools) {
    for (const t of p.teams)
      rows.push([
        p.name,
        t.name,
        `${fmtValue(t.share * 100, 2)} %`,
        fmtMoney(t.costRounded, r.currency, lang),
      ]);
    if (p.idleRounded)
      rows.push([p.name, `(${w.idle})`, "", fmtMoney(p.idleRounded, r.currency, lang)]);
    rows.push([p.name, w.total, "", fmtMoney(p.costRounded, r.currency, lang)]);
  }
  for (const x of r.tenants.shared) {
    for (const t of x.teams)
      rows.push([
        `${w.sharedCost}: ${x.name}`,
        t.name,
        "",
        fmtMoney(t.costRounded, r.currency, lang),
      ]);
    if (x.unallocatedRounded)
      rows.push([
        `${w.sharedCost}: ${x.name}`,
        `(${w.unallocated})`,
        "",
        fmtMoney(x.unallocatedRounded, r.currency, lang),
      ]);
  }
  return rows;
}

/** Team totals over pools and shared costs (docs/allocation.md), when there are shared costs or several pools. */
function teamTotalRows(r: PlanResult, lang: Lang): string[][] | null {
  const t = r.tenants;
  if (!t || (!t.shared.length && t.pools.length < 2)) return null;
  const w = planWords(lang);
  const m = (x: number | null) => fmtMoney(x, r.currency, lang);
  return [
    [w.team, w.ownDay, w.sharedDay, w.totalDay, w.perMIn, w.perMOut],
    ...t.teams.map((x) => [
      x.name,
      m(x.costRounded),
      m(x.sharedCostRounded),
      m(x.totalRounded),
      m(x.costPerMillionInputTokens),
      m(x.costPerMillionOutputTokens),
    ]),
  ];
}

function workloadRows(r: PlanResult, lang: Lang): string[][] {
  const w = planWords(lang);
  return [
    [w.workload, w.peakRps, w.tokPerReq, w.tokPerSec],
    ...r.workloads.map((x) => [
      x.name,
      fmtValue(x.peakRps, 2),
      fmtValue(x.tokensPerRequest, 0),
      fmtValue(x.tokensPerSec, 0),
    ]),
  ];
}

function footer(r: PlanResult, lang: Lang, md: boolean): string[] {
  const w = planWords(lang);
  const out: string[] = [];
  out.push(
    `${w.cheapest}: ${r.cheapest ? (r.recommendationChecked === false ? `${r.cheapest} (${w.uncheckedPick})` : r.cheapest) : w.noneFeasible}`,
  );
  if (r.errors.length)
    out.push(
      `${w.errors}:`,
      ...r.errors.map((e) => `${md ? "- " : "  "}${e.path}: ${localizeError(e, lang)}`),
    );
  // The plan's and the SKUs' warnings, each English text once (SKUs sharing a sweep share its warnings).
  const byEnglish = new Map<string, Problem>();
  for (const p of resultProblems(r)) {
    const en = problemEnglish(p);
    if (!byEnglish.has(en)) byEnglish.set(en, p);
  }
  const warns = [...byEnglish.values()].map((p) => renderProblem(p, lang));
  if (warns.length) out.push(`${w.warnings}:`, ...warns.map((x) => `${md ? "- " : "  "}${x}`));
  // Messages quote names: one line each.
  return out.map(oneLine);
}

/** The readable plan table of `capplan plan`. */
export function planText(result: PlanResult, lang: Lang = "en"): string {
  const r = singleLineNames(result);
  const w = planWords(lang);
  const parts = [
    r.title,
    "",
    textTable(workloadRows(r, lang)),
    "",
    textTable(comparisonGrid(r, lang)),
  ];
  const sched = scheduleLines(r, lang);
  if (sched.length) parts.push("", ...sched);
  const t = tenantRows(r, lang);
  if (t)
    parts.push(
      "",
      r.tenants?.basis === "reservation" ? `${w.teams} (${w.basisLine}: reservation)` : w.teams,
      textTable(t),
    );
  const tt = teamTotalRows(r, lang);
  if (tt) parts.push("", w.teamTotals, textTable(tt));
  parts.push("", ...footer(r, lang, false));
  return parts.join("\n") + "\n";
}

/** `capplan plan --markdown`. */
export function planMarkdown(result: PlanResult, lang: Lang = "en"): string {
  const r = singleLineNames(result);
  const w = planWords(lang);
  const parts = [
    `## ${r.title}`,
    "",
    mdTable(workloadRows(r, lang)),
    "",
    mdTable(comparisonGrid(r, lang)),
  ];
  const sched = scheduleLines(r, lang);
  if (sched.length) parts.push("", ...sched);
  const t = tenantRows(r, lang);
  if (t)
    parts.push(
      "",
      `### ${w.teams}`,
      "",
      ...(r.tenants?.basis === "reservation" ? [`${w.basisLine}: reservation`, ""] : []),
      mdTable(t),
    );
  const tt = teamTotalRows(r, lang);
  if (tt) parts.push("", `### ${w.teamTotals}`, "", mdTable(tt));
  parts.push("", ...footer(r, lang, true).map((l) => (l.startsWith("- ") ? l : `**${l}**`)));
  return parts.join("\n") + "\n";
}

/** Neutralise spreadsheet formula injection: cells starting with = + - @ (or tab/CR) get a leading '. */
export function csvCell(v: string | number | null | undefined): string {
  if (v == null) return "";
  let s = typeof v === "number" ? (Number.isFinite(v) ? String(v) : "") : v;
  if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** `capplan plan --csv`: one row per SKU, numbers to 12 significant digits ({@link sig12}), for diffing in CI. */
export function planCsv(r: PlanResult): string {
  const cols = [
    "sku",
    "feasible",
    "basis",
    "concurrency",
    "requestRate",
    "outputTokensPerSec",
    "bindingSlo",
    "replicasBase",
    "replicasRaw",
    "replicas",
    "gpus",
    "costPerHour",
    "costPerDay",
    "costPerMonth",
    "costPerOutputToken",
    "costPerMillionOutputTokens",
    "costPerRequest",
    "currency",
    "cheapest",
    "sloChecked",
  ];
  const lines = [cols.join(",")];
  for (const s of r.skus) {
    const op = s.operatingPoint;
    const c = s.capacity;
    const slo = op?.bindingErrorRate
      ? `failed share <= ${r.maxErrorRatePct} %`
      : op?.bindingSlo
        ? `${op.bindingSlo.metric} ${op.bindingSlo.stat} <= ${op.bindingSlo.maxMs}`
        : "";
    const row = [
      s.name,
      String(s.feasible),
      op?.basis ?? "",
      op?.concurrency ?? "",
      op?.requestRate ?? "",
      op?.outputTokensPerSec ?? "",
      slo,
      ...SKU_NUMBER_KEYS.map((k) => c?.[k] ?? ""),
      r.currency,
      String(r.cheapest === s.name),
      String(s.sloChecked),
    ];
    lines.push(row.map((v) => csvCell(typeof v === "number" ? sig12(v) : v)).join(","));
  }
  return lines.join("\n") + "\n";
}

/**
 * A number to 12 significant digits: far below any cost's or rate's meaning, and it drops binary
 * float noise (`8730.800000000001` → `8730.8`, `14.399999999999999` → `14.4`).
 */
export function sig12(v: number): number {
  return Number.isFinite(v) && !Number.isInteger(v) ? Number(v.toPrecision(12)) : v;
}
