/**
 * The workbook export as data (docs/xlsx.md): the sheets Assumptions, Comparison, Teams and FOCUS,
 * each a grid of cells. Inputs are values; every derived number is an Excel formula (from
 * ./xlsx-formulas) with capplan's number as its cached value, so that Excel (or any reader that
 * recalculates) shows capplan's numbers and follows the analyst's changes. Pure: the file itself
 * is written by ./xlsx-write with exceljs.
 */
import type { PlanFile } from "../engine/base/types";
import { CONSTANTS } from "../engine/chain/quantities";
import type { PlanResult, SkuCapacity, SkuResult } from "../engine/plan/plan-result";
import { parseCsv } from "../import/csv";
import { type FocusOptions, focusCsv, poolSku } from "./focus";
import {
  type ForecastTerm,
  NAMES,
  SKU_FORMULAS,
  type SkuQuantity,
  type SkuRefs,
  WORKLOAD_FORMULAS,
} from "./xlsx-formulas";
import { teamsSheet } from "./xlsx-teams";
import { type XlsxLabels, xlsxLabels } from "./xlsx-labels";
import type { Lang } from "./plan-output";
import { renderProblem } from "./messages";
import {
  type CellFormat,
  formula,
  input,
  ref,
  text,
  type XCell,
  type XSheet,
  type XWorkbook,
} from "./xlsx-cells";

export type { CellFormat, XCell, XSheet, XWorkbook };

const num = (x: number | null | undefined): x is number =>
  typeof x === "number" && Number.isFinite(x);

/** The Comparison sheet's rows: the quantity's key (as in `plan --json`), its label and format. */
export const COMPARISON_QUANTITIES: readonly [SkuQuantity, CellFormat][] = [
  ["replicasBase", "num"],
  ["replicasRaw", "num"],
  ["replicas", "int"],
  ["gpus", "int"],
  ["costPerHour", "money"],
  ["costPerDay", "money"],
  ["costPerMonth", "money"],
  ["replicaOutputTokensPerSec", "num"],
  ["costPerOutputToken", "small"],
  ["costPerMillionOutputTokens", "money"],
  ["peak.outputTokensPerSec", "num"],
  ["costPerRequest", "small"],
  ["peak.costPerMillionOutputTokens", "money"],
  ["utilizationAtPeak", "percent"],
  ["forecast.outputTokensPerSec", "num"],
  ["forecast.costPerMillionOutputTokens", "money"],
  ["forecast.utilization", "percent"],
];

/** A capacity number by its key (`replicas`, `peak.outputTokensPerSec`, `forecast.utilization`). */
export function capacityValue(c: SkuCapacity, key: string): number | null {
  const [a, b] = key.split(".") as [string, string | undefined];
  const v =
    b === undefined
      ? (c as unknown as Record<string, unknown>)[a]
      : ((c as unknown as Record<string, Record<string, unknown> | null>)[a]?.[b] ?? null);
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** Where the workbook's rows sit, for the formulas that refer to them. */
interface Layout {
  workloadRow: Map<string, number>;
  skuRow: Map<string, number>;
  /** `sku\u0000workload` → row of its replica tok/s and replicasBase. */
  throughputRow: Map<string, number>;
}

const A = "Assumptions";
/** Columns of the workloads table (Assumptions). */
const W = {
  name: 1,
  peakRps: 2,
  inputTokens: 3,
  outputTokens: 4,
  avgRps: 5,
  dailyRequests: 6,
  tokensPerRequest: 7,
  tokensPerSec: 8,
};
/** Columns of the SKUs table and the throughput table (Assumptions). */
const S = { name: 1, gpu: 2, gpusPerReplica: 3, pricePerGpuHour: 4, feasible: 5, sloChecked: 6 };
const T = { sku: 1, workload: 2, replicaOutputTokensPerSec: 3, replicasBase: 4 };

function assumptions(
  r: PlanResult,
  plan: PlanFile | undefined,
  names: XWorkbook["names"],
  L: XlsxLabels,
): { sheet: XSheet; layout: Layout } {
  const rows: (XCell | null)[][] = [];
  const add = (row: (XCell | null)[]): number => rows.push(row);
  const name = (n: string, row: number): void => void names.push({ name: n, ref: ref(2, row, A) });
  add([text(`${L.title}${r.title}`, true)]);
  add([text(L.inputsNote(r.currency))]);
  add([]);
  add([text(L.factors, true)]);
  name(NAMES.elasticity, add([text(L.elasticity), input(r.factors.elasticity)]));
  const red = r.factors.redundancy;
  if ("spare" in red) name(NAMES.spare, add([text(L.spare), input(red.spare, "int")]));
  else name(NAMES.redundancy, add([text(L.redundancy), input(red.factor)]));
  name(NAMES.hoursPerMonth, add([text(L.hoursPerMonth), input(CONSTANTS.hoursPerMonth, "int")]));
  if (r.tenants) {
    const w = allocationWeights(r, plan);
    name(NAMES.inputWeight, add([text(L.inputWeight), input(w.wi)]));
    name(NAMES.outputWeight, add([text(L.outputWeight), input(w.wo)]));
  }
  add([]);
  add([text(L.workloads, true)]);
  add(L.workloadHead.map((h) => text(h, true)));
  const workloadRow = new Map<string, number>();
  for (const w of r.workloads) {
    const row = rows.length + 1;
    const c = (col: number) => ref(col, row);
    add([
      text(w.name),
      input(w.peakRps),
      input(w.inputTokens),
      input(w.outputTokens),
      input(w.avgRps),
      input(w.dailyRequests),
      formula(
        WORKLOAD_FORMULAS.tokensPerRequest({
          inputTokens: c(W.inputTokens),
          outputTokens: c(W.outputTokens),
        }),
        w.tokensPerRequest,
        "num",
      ),
      formula(
        WORKLOAD_FORMULAS.tokensPerSec({
          peakRps: c(W.peakRps),
          tokensPerRequest: c(W.tokensPerRequest),
        }),
        w.tokensPerSec,
        "num",
      ),
    ]);
    workloadRow.set(w.name, row);
  }
  add([]);
  add([text(L.skus, true)]);
  add(L.skuHead(r.currency).map((h) => text(h, true)));
  const skuRow = new Map<string, number>();
  for (const s of r.skus) {
    skuRow.set(s.name, rows.length + 1);
    add([
      text(s.name),
      text(s.gpu ?? ""),
      input(s.gpusPerReplica, "int"),
      input(s.pricePerGpuHour, "money"),
      text(s.feasible === null ? L.unknown : s.feasible ? L.yes : L.no),
      text(s.sloChecked ? L.yes : L.no),
    ]);
  }
  const throughputRow = throughputTable(r, rows, workloadRow, L);
  return {
    sheet: { name: A, rows, widths: [34, 16, 16, 18, 14, 16, 16, 18] },
    layout: { workloadRow, skuRow, throughputRow },
  };
}

/**
 * The replica throughput table of Assumptions, appended to `rows`: per SKU and workload the replica
 * output tok/s (an input) and that workload's base replicas (a formula). Returns each row by
 * `sku\u0000workload`.
 */
function throughputTable(
  r: PlanResult,
  rows: (XCell | null)[][],
  workloadRow: ReadonlyMap<string, number>,
  L: XlsxLabels,
): Map<string, number> {
  const add = (row: (XCell | null)[]): number => rows.push(row);
  add([]);
  add([text(L.throughput, true)]);
  add(L.throughputHead.map((h) => text(h, true)));
  const throughputRow = new Map<string, number>();
  for (const s of r.skus) {
    if (!s.capacity) continue;
    for (const sw of s.workloads) {
      const row = rows.length + 1;
      const wr = workloadRow.get(sw.workload);
      throughputRow.set(`${s.name}\u0000${sw.workload}`, row);
      add([
        text(s.name),
        text(sw.workload),
        input(sw.replicaOutputTokensPerSec),
        wr === undefined
          ? input(sw.replicasBase)
          : formula(
              WORKLOAD_FORMULAS.replicasBase({
                peakRps: ref(W.peakRps, wr),
                outputTokens: ref(W.outputTokens, wr),
                replicaOutputTokensPerSec: ref(T.replicaOutputTokensPerSec, row),
              }),
              sw.replicasBase,
              "num",
            ),
      ]);
    }
  }
  return throughputRow;
}

/** The allocation's input and output token weights (docs/allocation.md). */
function allocationWeights(r: PlanResult, plan: PlanFile | undefined): { wi: number; wo: number } {
  const method = r.tenants?.method;
  if (method === "output") return { wi: 0, wo: 1 };
  if (method !== "weighted") return { wi: 1, wo: 1 };
  const t = plan?.tenants;
  const given = (v: unknown): number | null =>
    typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null;
  const pool = r.tenants?.pools.find(
    (p) => num(p.costPerMillionTokens) && p.costPerMillionTokens! > 0,
  );
  const derived = (x: number | null | undefined): number =>
    pool && num(x) ? x / pool.costPerMillionTokens! : 1;
  return {
    wi: given(t?.inputWeight) ?? derived(pool?.costPerMillionInputTokens),
    wo: given(t?.outputWeight) ?? derived(pool?.costPerMillionOutputTokens),
  };
}

const C = "Comparison";
const FIRST_SKU_COL = 3;
/** Rows of the Comparison sheet above the quantities: header, GPUs / replica, price, feasible, recommended. */
const HEAD_ROWS = 5;
const quantityRow = (q: SkuQuantity): number =>
  HEAD_ROWS + 1 + COMPARISON_QUANTITIES.findIndex(([k]) => k === q);

function skuRefs(s: SkuResult, col: number, r: PlanResult, layout: Layout): SkuRefs {
  const own = (q: SkuQuantity) => ref(col, quantityRow(q));
  const wl = s.workloads.map((sw) => ({
    sw,
    row: layout.workloadRow.get(sw.workload)!,
    tRow: layout.throughputRow.get(`${s.name}\u0000${sw.workload}`)!,
  }));
  const forecast: ForecastTerm[] = wl.map(({ sw, row }) => {
    const w = r.workloads.find((x) => x.name === sw.workload)!;
    const outputTokens = ref(W.outputTokens, row, A);
    if (num(w.avgRps) && w.avgRps >= 0)
      return { kind: "avgRps", avgRps: ref(W.avgRps, row, A), outputTokens };
    if (num(w.dailyRequests) && w.dailyRequests >= 0)
      return { kind: "dailyRequests", dailyRequests: ref(W.dailyRequests, row, A), outputTokens };
    return { kind: "peakRps", peakRps: ref(W.peakRps, row, A), outputTokens };
  });
  return {
    gpusPerReplica: ref(col, 2),
    pricePerGpuHour: ref(col, 3),
    workloadReplicasBase: wl.map(({ tRow }) => ref(T.replicasBase, tRow, A)),
    workloads: wl.map(({ row }) => ({
      peakRps: ref(W.peakRps, row, A),
      outputTokens: ref(W.outputTokens, row, A),
    })),
    singleReplicaOutputTokensPerSec:
      wl.length === 1 ? ref(T.replicaOutputTokensPerSec, wl[0]!.tRow, A) : null,
    forecast,
    replicasBase: own("replicasBase"),
    replicasRaw: own("replicasRaw"),
    replicas: own("replicas"),
    costPerHour: own("costPerHour"),
    costPerOutputToken: own("costPerOutputToken"),
    replicaOutputTokensPerSec: own("replicaOutputTokensPerSec"),
    peakOutputTokensPerSec: own("peak.outputTokensPerSec"),
    forecastOutputTokensPerSec: own("forecast.outputTokensPerSec"),
  };
}

/** Quantities whose formula does not hold for this SKU's numbers: they stay values. */
function formulaHolds(q: SkuQuantity, s: SkuResult, c: SkuCapacity): boolean {
  const rps = s.workloads.length;
  if (q.startsWith("forecast.")) return c.forecast !== null;
  // With no load at all capplan falls back to per-request means: values, not the peak formulas.
  if (q === "costPerRequest" || (q === "replicaOutputTokensPerSec" && rps > 1))
    return c.peak.outputTokensPerSec > 0;
  return true;
}

function comparison(r: PlanResult, layout: Layout, L: XlsxLabels, lang: Lang): XSheet {
  const mode = r.factors.redundancy && "spare" in r.factors.redundancy ? "spare" : "factor";
  const head = (label: string, key: string) => [text(label), text(key)];
  const rows: (XCell | null)[][] = [
    [text(L.quantity, true), text(L.key, true), ...r.skus.map((s) => text(s.name, true))],
    [
      ...head(L.gpusPerReplica, "gpusPerReplica"),
      ...r.skus.map((s) =>
        formula(ref(S.gpusPerReplica, layout.skuRow.get(s.name)!, A), s.gpusPerReplica, "int"),
      ),
    ],
    [
      ...head(L.price(r.currency), "pricePerGpuHour"),
      ...r.skus.map((s) =>
        formula(ref(S.pricePerGpuHour, layout.skuRow.get(s.name)!, A), s.pricePerGpuHour, "money"),
      ),
    ],
    [
      ...head(L.feasible, "feasible"),
      ...r.skus.map((s) => text(s.feasible === null ? L.unknown : s.feasible ? L.yes : L.no)),
    ],
    [
      ...head(L.recommended, "cheapest"),
      ...r.skus.map((s) =>
        text(
          s.name === r.cheapest
            ? r.recommendationChecked === false
              ? L.recommendedUnchecked
              : L.yes
            : "",
        ),
      ),
    ],
  ];
  for (const [q, format] of COMPARISON_QUANTITIES) {
    rows.push([
      ...head(L.quantities[q], q),
      ...r.skus.map((s, i) => {
        const c = s.capacity;
        if (!c) return null;
        const v = capacityValue(c, q);
        if (v === null) return null;
        if (!formulaHolds(q, s, c)) return { value: v, format };
        const refs = skuRefs(s, FIRST_SKU_COL + i, r, layout);
        return formula(SKU_FORMULAS[q](refs, mode), v, format);
      }),
    ]);
  }
  rows.push([
    ...head(L.whyNot, "infeasibleReason"),
    ...r.skus.map((s) => (s.capacity ? null : text(whyNot(s, lang)))),
  ]);
  return { name: C, rows, widths: [40, 34, ...r.skus.map(() => 20)] };
}

/** Why a SKU has no capacity, in `lang` (from its problem; its English text otherwise). */
function whyNot(s: SkuResult, lang: Lang): string {
  return s.infeasibleProblem ? renderProblem(s.infeasibleProblem, lang) : "";
}

/** The FOCUS sheet: the rows of `plan --focus` (docs/focus.md) as values. */
function focus(r: PlanResult, options: FocusOptions): XSheet {
  const f = focusCsv(r, options);
  if (!f.ok) return { name: "FOCUS", rows: [[text(f.reason)]], widths: [80] };
  const table = parseCsv(f.csv, ",").rows.filter((row) => row.some((c) => c !== ""));
  const numeric = /^-?\d+(\.\d+)?$/;
  const rows = table.map((row, i) =>
    row.map((c) => (i > 0 && numeric.test(c) ? { value: Number(c) } : text(c, i === 0))),
  );
  return {
    name: "FOCUS",
    rows,
    widths: table[0]?.map((h) => Math.max(12, Math.min(30, h.length + 2))) ?? [],
  };
}

/** Options of {@link planWorkbook}: the FOCUS period and the plan file (to name each pool's SKU and weights). */
export interface WorkbookOptions {
  period: FocusOptions["period"];
  plan?: PlanFile;
  /** The language of the labels (default English); formulas and numbers are the same in both. */
  lang?: Lang;
  /** Lines saying which numbers are unchecked or wrong (docs/trust.md): shown atop Assumptions. */
  warnings?: readonly string[];
}

/** The workbook of a computed plan (docs/xlsx.md). */
export function planWorkbook(r: PlanResult, options: WorkbookOptions): XWorkbook {
  const names: XWorkbook["names"] = [];
  const lang = options.lang ?? "en";
  const L = xlsxLabels(lang);
  const { sheet, layout } = assumptions(r, options.plan, names, L);
  // Row 3 of Assumptions is left empty for them: the warnings never move a formula's cells.
  if (options.warnings?.length) sheet.rows[2] = [text(options.warnings.join(" "), true)];
  const sheets = [sheet, comparison(r, layout, L, lang)];
  if (r.tenants) {
    const costPerDay = (pool: string): string | null => {
      const sku = poolSku(r, options.plan, pool);
      const i = r.skus.findIndex((s) => s.name === sku);
      const p = r.tenants!.pools.find((x) => x.name === pool);
      const c = r.skus[i]?.capacity;
      return c && p && c.costPerDay === p.cost
        ? ref(FIRST_SKU_COL + i, quantityRow("costPerDay"), C)
        : null;
    };
    sheets.push(teamsSheet(r.tenants, costPerDay, L));
  }
  sheets.push(
    focus(r, { period: options.period, ...(options.plan ? { plan: options.plan } : {}) }),
  );
  return { sheets, names };
}
