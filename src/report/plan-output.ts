/**
 * Renderings of a plan result for `capplan plan` (docs/cli.md): the JSON object (unrounded
 * numbers), a readable text table, Markdown and CSV (rounded for display). Pure.
 */
import { fmtValue } from "../engine/base/number-format";
import type { OperatingPointSummary, PlanResult, SkuResult } from "../engine/plan/plan-result";
import { sloText } from "../engine/curve/slo-label";
import type { Basis, Slo } from "../engine/base/types";
import type { Lang } from "./i18n";
import type { Problem } from "../engine/base/problems";
import {
  localizeError,
  localizeReason,
  problemEnglish,
  renderProblem,
  resultProblems,
} from "./messages";
import { scheduleLines } from "./schedule-section";
import { fmtMoney } from "./money";

export type { Lang };

const SKU_NUMBER_KEYS = [
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
] as const;
const EMPTY_OPERATING_POINT = {
  concurrency: null,
  requestRate: null,
  rps: null,
  outputTokensPerSec: null,
  totalTokensPerSec: null,
  basis: null,
  bindingSlo: null,
  bindingErrorRate: null,
  sloBinding: null,
};

/**
 * The `plan --json` object: the result without the imported sweeps' raw points. A SKU's
 * capacity numbers are written flat on the SKU (docs/plan-file.md): the ten numbers of
 * `SKU_NUMBER_KEYS` first (each null when the SKU has no capacity), then the SKU's own fields,
 * then `peak`, `forecast`, `utilizationAtPeak` and `replicaOutputTokensPerSec` when it has one,
 * then `schedule` when the plan has schedules.
 */
export function planJson(result: PlanResult): unknown {
  const { errors, problems: planProblems, ...r } = result;
  return {
    ...r,
    skus: r.skus.map((sku) => {
      const { capacity, schedule, infeasibleProblem, sloChecked, problems, errorProblems, ...s } =
        sku;
      return {
        ...Object.fromEntries(SKU_NUMBER_KEYS.map((k) => [k, capacity ? capacity[k] : null])),
        ...s,
        // The English strings of the contract are rendered here, at the edge, from the problems.
        infeasibleReason: infeasibleProblem ? problemEnglish(infeasibleProblem) : null,
        infeasibleProblem,
        sloChecked,
        warnings: problems.map(problemEnglish),
        errors: errorProblems.map(problemEnglish),
        problems,
        errorProblems,
        ...(capacity && {
          peak: capacity.peak,
          forecast: capacity.forecast,
          utilizationAtPeak: capacity.utilizationAtPeak,
          replicaOutputTokensPerSec: capacity.replicaOutputTokensPerSec,
        }),
        // The schedule's numbers follow the capacity's (they are worked out from it).
        ...(schedule !== undefined && { schedule }),
        operatingPoint: s.operatingPoint ?? EMPTY_OPERATING_POINT,
        workloads: s.workloads.map((w) => {
          const {
            sweep,
            detail,
            replicaOutputTokensPerSec: _perReplica,
            problems,
            errorProblems,
            ...rest
          } = w;
          return {
            ...rest,
            warnings: problems.map(problemEnglish),
            errors: errorProblems.map(problemEnglish),
            problems,
            errorProblems,
            sweep: sweep
              ? {
                  label: sweep.label,
                  source: sweep.source,
                  meta: sweep.meta,
                  points: sweep.points.length,
                }
              : null,
            missing: detail?.missing ?? [],
            failure: detail?.failure ?? null,
          };
        }),
      };
    }),
    // The contract's English strings, rendered here from the problems (docs/problems.md).
    errors: errors.map((e) => ({
      path: e.path,
      kind: e.kind,
      message: problemEnglish(e.problem),
      problem: e.problem,
    })),
    warnings: planProblems.map(problemEnglish),
    problems: planProblems,
  };
}

const WORDS = {
  en: {
    metric: "Metric",
    feasible: "Feasible",
    yes: "yes",
    no: "no",
    unknown: "unknown",
    op: "Operating point",
    basis: "Basis",
    binding: "Binding SLO",
    checked: "Checked against SLOs",
    notChecked: "no (capacity given or estimated)",
    failedShare: "failed share",
    uncheckedPick: "capacity never checked against the SLOs",
    none: "none (all points pass)",
    replicasBase: "Replicas (base)",
    replicasRaw: "Replicas (× factors)",
    replicas: "Replicas",
    gpus: "GPUs",
    perHour: "Cost / hour",
    perDay: "Cost / day",
    perMonth: "Cost / month",
    perToken: "Cost / output token",
    perMillion: "Cost / 1M output tokens",
    perRequest: "Cost / request",
    peakPerMillion: "Cost / 1M output tokens at peak",
    forecastPerMillion: "Cost / 1M output tokens at forecast",
    utilization: "Utilization (forecast)",
    schedReplicas: "Replicas (busiest interval)",
    schedStatic: "Static cost / period",
    schedAutoscaled: "Autoscaled cost / period",
    schedReserved: "Reserved replicas",
    schedBlended: "Reserved + on-demand cost / period",
    kv: "KV cache (per replica)",
    kvLimited: "limited",
    cheapest: "Recommended (cheapest feasible)",
    noneFeasible: "no feasible SKU",
    conc: "concurrency",
    rate: "rate",
    workload: "Workload",
    peakRps: "Peak RPS",
    tokPerReq: "Tokens / request",
    tokPerSec: "Tokens / s",
    teams: "Team cost allocation",
    team: "Team",
    pool: "Pool",
    share: "Share",
    costDay: "Cost / day",
    idle: "idle capacity",
    total: "Total",
    teamTotals: "Team totals (own cost, shared costs, total)",
    ownDay: "Own / day",
    sharedDay: "Shared / day",
    totalDay: "Total / day",
    perMIn: "/ 1M input tokens",
    perMOut: "/ 1M output tokens",
    sharedCost: "Shared cost",
    unallocated: "unallocated",
    basisLine: "Basis",
    errors: "Errors",
    warnings: "Warnings",
    reason: "Why",
    measured: "measured",
    interpolated: "interpolated",
    given: "given",
  },
  zh: {
    metric: "指标",
    feasible: "满足 SLO",
    yes: "是",
    no: "否",
    unknown: "未知",
    op: "运行点",
    basis: "依据",
    binding: "约束 SLO",
    checked: "已按 SLO 校验",
    notChecked: "否（容量为给定或估算值）",
    failedShare: "失败请求占比",
    uncheckedPick: "容量从未按 SLO 校验",
    none: "无（所有点都满足）",
    replicasBase: "副本数（基准）",
    replicasRaw: "副本数（× 系数）",
    replicas: "副本数",
    gpus: "GPU 数",
    perHour: "每小时成本",
    perDay: "每日成本",
    perMonth: "每月成本",
    perToken: "每输出 token 成本",
    perMillion: "每百万输出 token 成本",
    perRequest: "每请求成本",
    peakPerMillion: "峰值下每百万输出 token 成本",
    forecastPerMillion: "预测量下每百万输出 token 成本",
    utilization: "利用率（预测）",
    schedReplicas: "副本数（最忙时段）",
    schedStatic: "固定规模成本 / 周期",
    schedAutoscaled: "自动伸缩成本 / 周期",
    schedReserved: "预留副本数",
    schedBlended: "预留 + 按需成本 / 周期",
    kv: "KV 缓存（每副本）",
    kvLimited: "受限",
    cheapest: "推荐（最便宜且满足 SLO）",
    noneFeasible: "没有满足 SLO 的 SKU",
    conc: "并发",
    rate: "速率",
    workload: "负载",
    peakRps: "峰值 RPS",
    tokPerReq: "每请求 token",
    tokPerSec: "token/s",
    teams: "团队成本分摊",
    team: "团队",
    pool: "资源池",
    share: "占比",
    costDay: "每日成本",
    idle: "闲置容量",
    total: "合计",
    teamTotals: "各团队合计（自身成本、共享成本、合计）",
    ownDay: "自身/天",
    sharedDay: "共享/天",
    totalDay: "合计/天",
    perMIn: "每百万输入 token",
    perMOut: "每百万输出 token",
    sharedCost: "共享成本",
    unallocated: "未分摊",
    basisLine: "分摊基准",
    errors: "错误",
    warnings: "警告",
    reason: "原因",
    measured: "实测",
    interpolated: "插值",
    given: "给定",
  },
} as const;

export type PlanWords = { [K in keyof (typeof WORDS)["en"]]: string };
export function planWords(lang: Lang): PlanWords {
  return WORDS[lang];
}

// Money formatting lives in ./money.ts (the app's first load needs it, not the rest of this module).
export { fmtMoney, moneyFallback } from "./money";

/** Keys of the rows of the SKU comparison, in display order; each is also its label's key in {@link planWords}. */
export const COMPARISON_KEYS = [
  "feasible",
  "op",
  "basis",
  "binding",
  "checked",
  "replicasBase",
  "replicasRaw",
  "replicas",
  "gpus",
  "perHour",
  "perDay",
  "perMonth",
  "perToken",
  "perMillion",
  "perRequest",
  "peakPerMillion",
  "forecastPerMillion",
  "utilization",
  "schedReplicas",
  "schedStatic",
  "schedAutoscaled",
  "schedReserved",
  "schedBlended",
  "kv",
  "reason",
] as const satisfies readonly (keyof PlanWords)[];
export type ComparisonKey = (typeof COMPARISON_KEYS)[number];

/** What bound a SKU's operating point: an SLO, the failed-share limit (percent), nothing (all points pass); null when there is no checked operating point. */
export type BindingLimit =
  | { kind: "slo"; slo: Slo }
  | { kind: "errorRate"; maxPct: number | null }
  | { kind: "none" }
  | null;

/**
 * One cell of the SKU comparison as a typed value (docs/architecture.md): the CLI's text table,
 * the Markdown report and the app's comparison sheet all render it with {@link cellText}.
 */
export type ComparisonCell =
  | { kind: "feasible"; value: boolean | null }
  | {
      kind: "operatingPoint";
      value: { workload: string | null; op: OperatingPointSummary | null }[];
    }
  | { kind: "basis"; value: Basis | null }
  | { kind: "binding"; value: BindingLimit }
  | { kind: "checked"; value: boolean }
  | { kind: "number"; value: number | null; digits: number }
  | { kind: "money"; value: number | null }
  | { kind: "percent"; value: number | null; digits: number }
  | { kind: "message"; value: string | null; problem?: Problem | null }
  | { kind: "kv"; value: SkuResult["kv"] | null };

/** A row of the SKU comparison: its key and one typed cell per SKU. */
export interface ComparisonRow {
  key: ComparisonKey;
  cells: ComparisonCell[];
}

/** A row of the SKU comparison as text: key, label in the language, one display value per SKU. */
export interface ComparisonTextRow {
  key: ComparisonKey;
  label: string;
  cells: string[];
}

/** The comparison cells of one SKU, by row key (the plan's failed-share limit names the binding limit). */
export function comparisonCells(
  s: SkuResult,
  maxErrorRatePct: number | null,
): Record<ComparisonKey, ComparisonCell> {
  const op = s.operatingPoint;
  const c = s.capacity;
  const money = (value: number | null): ComparisonCell => ({ kind: "money", value });
  return {
    feasible: { kind: "feasible", value: s.feasible },
    // Several workloads: each has its own operating point on its own sweep.
    op: {
      kind: "operatingPoint",
      value:
        s.workloads.length > 1
          ? s.workloads.map((x) => ({ workload: x.workload, op: x.operatingPoint }))
          : [{ workload: null, op }],
    },
    basis: { kind: "basis", value: op ? op.basis : null },
    binding: {
      kind: "binding",
      value:
        !op || op.basis === "given"
          ? null
          : op.bindingErrorRate
            ? { kind: "errorRate", maxPct: maxErrorRatePct }
            : op.bindingSlo
              ? { kind: "slo", slo: op.bindingSlo }
              : { kind: "none" },
    },
    checked: { kind: "checked", value: s.sloChecked },
    replicasBase: { kind: "number", value: c?.replicasBase ?? null, digits: 2 },
    replicasRaw: { kind: "number", value: c?.replicasRaw ?? null, digits: 2 },
    replicas: { kind: "number", value: c?.replicas ?? null, digits: 0 },
    gpus: { kind: "number", value: c?.gpus ?? null, digits: 0 },
    perHour: money(c?.costPerHour ?? null),
    perDay: money(c?.costPerDay ?? null),
    perMonth: money(c?.costPerMonth ?? null),
    perToken: money(c?.costPerOutputToken ?? null),
    perMillion: money(c?.costPerMillionOutputTokens ?? null),
    perRequest: money(c?.costPerRequest ?? null),
    peakPerMillion: money(c?.peak.costPerMillionOutputTokens ?? null),
    forecastPerMillion: money(c?.forecast?.costPerMillionOutputTokens ?? null),
    utilization: {
      kind: "percent",
      value: c?.forecast?.utilization != null ? c.forecast.utilization * 100 : null,
      digits: 1,
    },
    // Demand over time (docs/schedules.md): costs over one period of the schedules.
    schedReplicas: { kind: "number", value: s.schedule?.staticReplicas ?? null, digits: 0 },
    schedStatic: money(s.schedule?.staticCost ?? null),
    schedAutoscaled: money(s.schedule?.autoscaledCost ?? null),
    schedReserved: { kind: "number", value: s.schedule?.reservedReplicas ?? null, digits: 0 },
    schedBlended: money(s.schedule?.blendedCost ?? null),
    kv: { kind: "kv", value: s.kv ?? null },
    reason: s.infeasibleProblem
      ? {
          kind: "message",
          value: problemEnglish(s.infeasibleProblem),
          problem: s.infeasibleProblem,
        }
      : { kind: "message", value: null },
  };
}

/** The SKU comparison as typed rows: every row of {@link COMPARISON_KEYS}, one cell per SKU. */
export function comparisonTable(r: PlanResult): ComparisonRow[] {
  const columns = r.skus.map((s) => comparisonCells(s, r.maxErrorRatePct));
  return COMPARISON_KEYS.map((key) => ({ key, cells: columns.map((c) => c[key]) }));
}

function opOne(op: OperatingPointSummary | null, w: PlanWords): string {
  if (!op) return "—";
  const load =
    op.concurrency != null
      ? `${w.conc} ${fmtValue(op.concurrency, 1)}`
      : op.requestRate != null
        ? `${w.rate} ${op.requestRate}`
        : w[op.basis];
  const tps = op.outputTokensPerSec != null ? `${fmtValue(op.outputTokensPerSec, 0)} tok/s` : "";
  return [load, tps].filter(Boolean).join(", ");
}

/** The text of a comparison cell in a language and the plan's currency ("—" or "" when it has no value). */
export function cellText(cell: ComparisonCell, lang: Lang, currency: string): string {
  const w = planWords(lang);
  switch (cell.kind) {
    case "feasible":
      return cell.value === true ? w.yes : cell.value === false ? w.no : w.unknown;
    case "operatingPoint":
      return cell.value
        .map((x) => (x.workload === null ? opOne(x.op, w) : `${x.workload}: ${opOne(x.op, w)}`))
        .join("; ");
    case "basis":
      return cell.value ? w[cell.value] : "—";
    case "binding": {
      const b = cell.value;
      if (!b) return "—";
      if (b.kind === "errorRate") return `${w.failedShare} ≤ ${fmtValue(b.maxPct, 2)} %`;
      return b.kind === "slo" ? sloText(b.slo, {}) : w.none;
    }
    case "checked":
      return cell.value ? w.yes : w.notChecked;
    case "number":
      return fmtValue(cell.value, cell.digits);
    case "money":
      return fmtMoney(cell.value, currency, lang);
    case "percent":
      return cell.value === null ? "—" : `${fmtValue(cell.value, cell.digits)} %`;
    case "kv": {
      // 51.37 GiB · 420,904 tok · 280 × 1,500 tok (limited)
      const k = cell.value;
      if (!k) return "—";
      const fit =
        k.maxConcurrency !== null && k.perRequestTokens !== null
          ? ` · ${fmtValue(k.maxConcurrency, 0)} × ${fmtValue(k.perRequestTokens, 0)} tok`
          : "";
      return `${fmtValue(k.availableGiB, 2)} GiB · ${fmtValue(k.tokens, 0)} tok${fit}${k.limited ? (lang === "zh" ? `（${w.kvLimited}）` : ` (${w.kvLimited})`) : ""}`;
    }
    case "message":
      return cell.problem
        ? localizeReason({ infeasibleProblem: cell.problem }, lang)
        : (cell.value ?? "");
  }
}

/** True when a comparison text cell shows no value: a row with no value for any SKU is left out. */
export const isEmptyCell = (text: string): boolean => text === "" || text === "—";

/** The SKU comparison as text rows in a language; a row empty for every SKU (e.g. "Why" when all are feasible) is left out. */
export function comparisonText(r: PlanResult, lang: Lang): ComparisonTextRow[] {
  const w = planWords(lang);
  return comparisonTable(r)
    .map((row) => ({
      key: row.key,
      label: w[row.key],
      cells: row.cells.map((c) => cellText(c, lang, r.currency)),
    }))
    .filter((row) => row.cells.some((v) => !isEmptyCell(v)));
}

const comparisonGrid = (r: PlanResult, lang: Lang): string[][] => [
  [planWords(lang).metric, ...r.skus.map((s) => s.name)],
  ...comparisonText(r, lang).map((row) => [row.label, ...row.cells]),
];

// East Asian wide characters take two terminal columns (CJK, Hangul, fullwidth forms).
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
/** A character at or above U+1100: it may be wide, or half of a surrogate pair. */
const MAYBE_WIDE = /[^\u0000-\u10ff]/;

/**
 * Terminal columns of a cell: one per code point, two per wide one. Text below U+1100 (numbers,
 * Latin names: nearly every cell) has neither wide characters nor surrogate pairs, so its width is
 * its length.
 */
export function textWidth(s: string): number {
  if (!MAYBE_WIDE.test(s)) return s.length;
  let n = 0;
  for (const ch of s) n += WIDE.test(ch) ? 2 : 1;
  return n;
}

/** Rows as aligned columns (two spaces apart, no trailing spaces); each cell's width is measured once. */
export function textTable(rows: string[][]): string {
  const widths: number[] = [];
  const cellWidths = rows.map((row) =>
    row.map((cell, i) => {
      const w = textWidth(cell);
      widths[i] = Math.max(widths[i] ?? 0, w);
      return w;
    }),
  );
  return rows
    .map((row, r) =>
      row
        .map((cell, i) => cell + " ".repeat(widths[i]! - cellWidths[r]![i]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

const LINE_BREAK = /[\r\n\u2028\u2029]+/g;
const HAS_BREAK = /[\r\n\u2028\u2029]/;
/** A name on one line: its line breaks replaced by spaces (Markdown, text tables). */
export const oneLine = (s: string): string => (HAS_BREAK.test(s) ? s.replace(LINE_BREAK, " ") : s);

/**
 * The result with line breaks in its title and names (SKUs, workloads, pools, teams) replaced by
 * spaces, so that a name cannot break a table row or start a Markdown block (docs/security.md).
 */
export function singleLineNames(r: PlanResult): PlanResult {
  const names = [r.title, ...r.skus.map((s) => s.name), ...r.workloads.map((w) => w.name)];
  if (r.tenants) for (const p of r.tenants.pools) names.push(p.name, ...p.teams.map((t) => t.name));
  if (!names.some((n) => typeof n === "string" && HAS_BREAK.test(n))) return r;
  return {
    ...r,
    title: oneLine(r.title),
    cheapest: r.cheapest === null ? null : oneLine(r.cheapest),
    workloads: r.workloads.map((w) => ({ ...w, name: oneLine(w.name) })),
    skus: r.skus.map((s) => ({
      ...s,
      name: oneLine(s.name),
      workloads: s.workloads.map((x) => ({ ...x, workload: oneLine(x.workload) })),
    })),
    tenants: r.tenants && {
      ...r.tenants,
      pools: r.tenants.pools.map((p) => ({
        ...p,
        name: oneLine(p.name),
        teams: p.teams.map((t) => ({ ...t, name: oneLine(t.name) })),
      })),
      teams: r.tenants.teams.map((t) => ({ ...t, name: oneLine(t.name) })),
    },
  };
}

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
