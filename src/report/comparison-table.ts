/**
 * The SKU comparison of a plan (docs/architecture.md): one typed cell per SKU and row, rendered
 * as text in English or Chinese by {@link cellText} for the CLI's table, the Markdown report and
 * the app's comparison sheet.
 */
import { fmtValue } from "../engine/base/number-format";
import type { OperatingPointSummary, PlanResult, SkuResult } from "../engine/plan/plan-result";
import { sloText } from "../engine/curve/slo-label";
import type { Basis, Slo } from "../engine/base/types";
import type { Problem } from "../engine/base/problems";
import type { Lang } from "./i18n";
import { localizeReason, problemEnglish } from "./messages";
import { fmtMoney } from "./money";
import { planWords, type PlanWords } from "./plan-words";

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
