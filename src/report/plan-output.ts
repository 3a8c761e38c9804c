/**
 * Renderings of a plan result for `capplan plan`: the JSON object of spec §7 (unrounded
 * numbers), a readable text table, Markdown and CSV (rounded for display). Pure.
 */
import type { PlanResult, SkuResult } from "../engine/plan";
import type { Lang } from "./i18n";
import { localizeError, localizeMessage } from "./messages";
import { translateMessage } from "./messages-zh";

export type { Lang };

const SKU_NUMBER_KEYS = ["replicasBase", "replicasRaw", "replicas", "gpus", "costPerHour", "costPerDay", "costPerMonth", "costPerOutputToken", "costPerMillionOutputTokens", "costPerRequest"] as const;
const EMPTY_OPERATING_POINT = { concurrency: null, requestRate: null, rps: null, outputTokensPerSec: null, totalTokensPerSec: null, basis: null, bindingSlo: null, bindingErrorRate: null, sloBinding: null };

/** The `plan --json` object: the result without the imported sweeps' raw points. */
export function planJson(r: PlanResult): unknown {
  return {
    ...r,
    skus: r.skus.map(s => ({
      // Every key of spec §7 is present: numbers a SKU does not have (infeasible, input error) are null.
      ...Object.fromEntries(SKU_NUMBER_KEYS.map(k => [k, null])),
      ...s,
      operatingPoint: s.operatingPoint ?? EMPTY_OPERATING_POINT,
      workloads: s.workloads.map(w => {
        const { sweep, detail, ...rest } = w;
        return {
          ...rest,
          sweep: sweep ? { label: sweep.label, source: sweep.source, meta: sweep.meta, points: sweep.points.length } : null,
          missing: detail?.missing ?? [],
          failure: detail?.failure ?? null,
        };
      }),
    })),
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

const FORMATS = new Map<string, Intl.NumberFormat>();

/** A cached Intl.NumberFormat (building one costs far more than formatting with it). */
function cachedFormat(locale: string, opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(opts)}`;
  let f = FORMATS.get(key);
  if (!f) FORMATS.set(key, (f = new Intl.NumberFormat(locale, opts)));
  return f;
}

const nf = (digits: number, lang: Lang) => cachedFormat(lang === "zh" ? "zh-CN" : "en-US", { maximumFractionDigits: digits });

/** Format a number for display (Intl, grouping, given max fraction digits); "—" when absent. */
export function fmtNum(x: number | null | undefined, digits = 2, lang: Lang = "en"): string {
  if (x == null || !Number.isFinite(x)) return "—";
  return nf(digits, lang).format(x);
}

/**
 * A currency code Intl rejects (`€`, `<script>`: plan data from a link or a file) must never throw
 * while rendering: the amount is printed as a plain number followed by the code as given (control
 * characters removed, cut to 12 characters). See docs/persistence.md ("Bad values").
 */
export function moneyFallback(x: number, currency: string, lang: Lang = "en"): string {
  const code = String(currency).replace(/[\u0000-\u001f\u007f-\u009f]/g, "").slice(0, 12);
  return `${fmtNum(x, 2, lang)} ${code}`.trim();
}

/** Format money in the plan currency; tiny amounts keep 3 significant digits (e.g. $0.0074, 1.48e-5). */
export function fmtMoney(x: number | null | undefined, currency: string, lang: Lang = "en"): string {
  if (x == null || !Number.isFinite(x)) return "—";
  try {
    return fmtMoneyIntl(x, currency, lang);
  } catch {
    return moneyFallback(x, currency, lang);
  }
}

function fmtMoneyIntl(x: number, currency: string, lang: Lang): string {
  const loc = lang === "zh" ? "zh-CN" : "en-US";
  const abs = Math.abs(x);
  if (abs !== 0 && abs < 1e-4) {
    const sym = cachedFormat(loc, { style: "currency", currency, currencyDisplay: "narrowSymbol" }).formatToParts(0).find(p => p.type === "currency")?.value ?? currency;
    return `${sym}${x.toExponential(2)}`;
  }
  if (abs !== 0 && abs < 1) {
    return cachedFormat(loc, { style: "currency", currency, currencyDisplay: "narrowSymbol", minimumSignificantDigits: 3, maximumSignificantDigits: 3 }).format(x);
  }
  return cachedFormat(loc, { style: "currency", currency, currencyDisplay: "narrowSymbol" }).format(x);
}

function opText(s: SkuResult, w: PlanWords, lang: Lang): string {
  // Several workloads: each has its own operating point on its own sweep.
  if (s.workloads.length > 1) return s.workloads.map(x => `${x.workload}: ${opOne(x.operatingPoint, w, lang)}`).join("; ");
  return opOne(s.operatingPoint, w, lang);
}

function opOne(op: SkuResult["operatingPoint"], w: PlanWords, lang: Lang): string {
  if (!op) return "—";
  const load = op.concurrency != null ? `${w.conc} ${fmtNum(op.concurrency, 1, lang)}` : op.requestRate != null ? `${w.rate} ${op.requestRate}` : w[op.basis];
  const tps = op.outputTokensPerSec != null ? `${fmtNum(op.outputTokensPerSec, 0, lang)} tok/s` : "";
  return [load, tps].filter(Boolean).join(", ");
}

function sloText(s: SkuResult, w: PlanWords, r: PlanResult, lang: Lang): string {
  const op = s.operatingPoint;
  if (!op || op.basis === "given") return "—";
  if (op.bindingErrorRate) return `${w.failedShare} ≤ ${fmtNum(r.maxErrorRatePct, 2, lang)} %`;
  if (!op.bindingSlo) return w.none;
  return `${op.bindingSlo.stat.toUpperCase()} ${op.bindingSlo.metric.toUpperCase()} ≤ ${op.bindingSlo.maxMs} ms`;
}

/** Rows of the SKU comparison (metric label, one display value per SKU). */
export function comparisonRows(r: PlanResult, lang: Lang): string[][] {
  const w = planWords(lang);
  const c = r.currency;
  const m = (x: number | null | undefined) => fmtMoney(x, c, lang);
  const rows: [string, (s: SkuResult) => string][] = [
    [w.feasible, s => (s.feasible === true ? w.yes : s.feasible === false ? w.no : w.unknown)],
    [w.op, s => opText(s, w, lang)],
    [w.basis, s => (s.operatingPoint ? w[s.operatingPoint.basis] : "—")],
    [w.binding, s => sloText(s, w, r, lang)],
    [w.checked, s => (s.sloChecked ? w.yes : w.notChecked)],
    [w.replicasBase, s => fmtNum(s.replicasBase, 2, lang)],
    [w.replicasRaw, s => fmtNum(s.replicasRaw, 2, lang)],
    [w.replicas, s => fmtNum(s.replicas, 0, lang)],
    [w.gpus, s => fmtNum(s.gpus, 0, lang)],
    [w.perHour, s => m(s.costPerHour)],
    [w.perDay, s => m(s.costPerDay)],
    [w.perMonth, s => m(s.costPerMonth)],
    [w.perToken, s => m(s.costPerOutputToken)],
    [w.perMillion, s => m(s.costPerMillionOutputTokens)],
    [w.perRequest, s => m(s.costPerRequest)],
    [w.peakPerMillion, s => m(s.peak?.costPerMillionOutputTokens)],
    [w.forecastPerMillion, s => m(s.forecast?.costPerMillionOutputTokens)],
    [w.utilization, s => (s.forecast ? `${fmtNum(s.forecast.utilization * 100, 1, lang)} %` : "—")],
    [w.reason, s => (s.infeasibleReason ? translateMessage(s.infeasibleReason, lang) : "")],
  ];
  // A row that is empty for every SKU (e.g. "Why" when all are feasible) is left out.
  return rows.map(([label, f]) => [label, ...r.skus.map(f)]).filter(row => row.slice(1).some(v => v !== "" && v !== "—"));
}

function textTable(rows: string[][]): string {
  const widths: number[] = [];
  // East Asian wide characters take two terminal columns (CJK, Hangul, fullwidth forms).
  const wide = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
  const width = (s: string) => [...s].reduce((n, ch) => n + (wide.test(ch) ? 2 : 1), 0);
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, width(cell))));
  return rows.map(row => row.map((cell, i) => cell + " ".repeat(widths[i]! - width(cell))).join("  ").trimEnd()).join("\n");
}

const LINE_BREAK = /[\r\n\u2028\u2029]+/g;
const HAS_BREAK = /[\r\n\u2028\u2029]/;
const oneLine = (s: string): string => (HAS_BREAK.test(s) ? s.replace(LINE_BREAK, " ") : s);

/**
 * The result with line breaks in its title and names (SKUs, workloads, pools, teams) replaced by
 * spaces, so that a name cannot break a table row or start a Markdown block (docs/security.md).
 */
export function singleLineNames(r: PlanResult): PlanResult {
  const names = [r.title, ...r.skus.map(s => s.name), ...r.workloads.map(w => w.name)];
  if (r.tenants) for (const p of r.tenants.pools) names.push(p.name, ...p.teams.map(t => t.name));
  if (!names.some(n => typeof n === "string" && HAS_BREAK.test(n))) return r;
  return {
    ...r,
    title: oneLine(r.title),
    cheapest: r.cheapest === null ? null : oneLine(r.cheapest),
    workloads: r.workloads.map(w => ({ ...w, name: oneLine(w.name) })),
    skus: r.skus.map(s => ({ ...s, name: oneLine(s.name), workloads: s.workloads.map(x => ({ ...x, workload: oneLine(x.workload) })) })),
    tenants: r.tenants && {
      ...r.tenants,
      pools: r.tenants.pools.map(p => ({ ...p, name: oneLine(p.name), teams: p.teams.map(t => ({ ...t, name: oneLine(t.name) })) })),
      teams: r.tenants.teams.map(t => ({ ...t, name: oneLine(t.name) })),
    },
  };
}

function mdTable(rows: string[][]): string {
  const esc = (s: string) => oneLine(s).replace(/\|/g, "\\|");
  const [head, ...body] = rows;
  return [`| ${head!.map(esc).join(" | ")} |`, `|${head!.map(() => "---").join("|")}|`, ...body.map(r => `| ${r.map(esc).join(" | ")} |`)].join("\n");
}

function tenantRows(r: PlanResult, lang: Lang): string[][] | null {
  if (!r.tenants) return null;
  const w = planWords(lang);
  const rows: string[][] = [[w.pool, w.team, w.share, w.costDay]];
  for (const p of r.tenants.pools) {
    for (const t of p.teams) rows.push([p.name, t.name, `${fmtNum(t.share * 100, 2, lang)} %`, fmtMoney(t.costRounded, r.currency, lang)]);
    if (p.idleRounded) rows.push([p.name, `(${w.idle})`, "", fmtMoney(p.idleRounded, r.currency, lang)]);
    rows.push([p.name, w.total, "", fmtMoney(p.costRounded, r.currency, lang)]);
  }
  return rows;
}

function workloadRows(r: PlanResult, lang: Lang): string[][] {
  const w = planWords(lang);
  return [[w.workload, w.peakRps, w.tokPerReq, w.tokPerSec], ...r.workloads.map(x => [x.name, fmtNum(x.peakRps, 2, lang), fmtNum(x.tokensPerRequest, 0, lang), fmtNum(x.tokensPerSec, 0, lang)])];
}

function footer(r: PlanResult, lang: Lang, md: boolean): string[] {
  const w = planWords(lang);
  const out: string[] = [];
  out.push(`${w.cheapest}: ${r.cheapest ? (r.recommendationChecked === false ? `${r.cheapest} (${w.uncheckedPick})` : r.cheapest) : w.noneFeasible}`);
  if (r.errors.length) out.push(`${w.errors}:`, ...r.errors.map(e => `${md ? "- " : "  "}${e.path}: ${localizeError(e, lang)}`));
  const warns = [...new Set([...r.warnings, ...r.skus.flatMap(s => s.warnings)])];
  if (warns.length) out.push(`${w.warnings}:`, ...warns.map(x => `${md ? "- " : "  "}${localizeMessage(x, lang, r.problems)}`));
  // Messages quote names: one line each.
  return out.map(oneLine);
}

/** The readable plan table of `capplan plan`. */
export function planText(result: PlanResult, lang: Lang = "en"): string {
  const r = singleLineNames(result);
  const w = planWords(lang);
  const parts = [r.title, "", textTable(workloadRows(r, lang)), "", textTable([[w.metric, ...r.skus.map(s => s.name)], ...comparisonRows(r, lang)])];
  const t = tenantRows(r, lang);
  if (t) parts.push("", w.teams, textTable(t));
  parts.push("", ...footer(r, lang, false));
  return parts.join("\n") + "\n";
}

/** `capplan plan --markdown`. */
export function planMarkdown(result: PlanResult, lang: Lang = "en"): string {
  const r = singleLineNames(result);
  const w = planWords(lang);
  const parts = [`## ${r.title}`, "", mdTable(workloadRows(r, lang)), "", mdTable([[w.metric, ...r.skus.map(s => s.name)], ...comparisonRows(r, lang)])];
  const t = tenantRows(r, lang);
  if (t) parts.push("", `### ${w.teams}`, "", mdTable(t));
  parts.push("", ...footer(r, lang, true).map(l => (l.startsWith("- ") ? l : `**${l}**`)));
  return parts.join("\n") + "\n";
}

/** Neutralise spreadsheet formula injection: cells starting with = + - @ (or tab/CR) get a leading '. */
export function csvCell(v: string | number | null | undefined): string {
  if (v == null) return "";
  let s = typeof v === "number" ? (Number.isFinite(v) ? String(v) : "") : v;
  if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** `capplan plan --csv`: one row per SKU with unrounded numbers, for diffing in CI. */
export function planCsv(r: PlanResult): string {
  const cols = ["sku", "feasible", "basis", "concurrency", "requestRate", "outputTokensPerSec", "bindingSlo", "replicasBase", "replicasRaw", "replicas", "gpus", "costPerHour", "costPerDay", "costPerMonth", "costPerOutputToken", "costPerMillionOutputTokens", "costPerRequest", "currency", "cheapest", "sloChecked"];
  const lines = [cols.join(",")];
  for (const s of r.skus) {
    const op = s.operatingPoint;
    const slo = op?.bindingErrorRate ? `failed share <= ${r.maxErrorRatePct} %` : op?.bindingSlo ? `${op.bindingSlo.metric} ${op.bindingSlo.stat} <= ${op.bindingSlo.maxMs}` : "";
    const row = [s.name, String(s.feasible), op?.basis ?? "", op?.concurrency ?? "", op?.requestRate ?? "", op?.outputTokensPerSec ?? "", slo, s.replicasBase ?? "", s.replicasRaw ?? "", s.replicas ?? "", s.gpus ?? "", s.costPerHour ?? "", s.costPerDay ?? "", s.costPerMonth ?? "", s.costPerOutputToken ?? "", s.costPerMillionOutputTokens ?? "", s.costPerRequest ?? "", r.currency, String(r.cheapest === s.name), String(s.sloChecked)];
    lines.push(row.map(v => csvCell(v as string | number)).join(","));
  }
  return lines.join("\n") + "\n";
}
