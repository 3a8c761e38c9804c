/**
 * The trust state of the workbook (docs/trust.md): ONE pure function from the plan, its computed
 * result and the entries the workbook rejected to `{ level, items, recommendation }`. It drives the
 * status bar, the recommendation banner and the warnings written into exports, so they can never
 * disagree. The level is `ok` (green) only when nothing that feeds the shown numbers is an error,
 * unchecked, unmapped, defaulted, dropped or missing; otherwise every item says what and where
 * (a plan path, the sheet and the element to go to). No solid-js here: unit-tested in Node.
 */
import type { PlanResult, SkuResult } from "../../engine/plan/plan";
import type { Problem } from "../../engine/base/problems";
import { defaultedPrices } from "../../engine/catalog/price-default";
import type { PlanFile } from "../../engine/base/types";
import { fieldOf, indexIn, locate, pathSteps, rowOf, type TrustWhere } from "./trust-where";

// Components name these with the rest of the trust state.
export type { SheetId, TrustWhere } from "./trust-where";
import { localizeError, renderProblem } from "../../report/messages";
import { UI, type UiKey, type UiLang } from "../i18n";

/** Green, amber or red. */
export type TrustLevel = "ok" | "warn" | "error";

/** What kind of problem an item is. */
export type TrustKind =
  | "error" // a formula or input error the engine reported
  | "rejected" // something typed that was not taken (the plan keeps the previous value)
  | "needsPrice" // a SKU without a price yet (not a user error, but nothing is costed)
  | "unchecked" // capacity given or estimated, never checked against the SLOs
  | "usagePool" // usage rows whose pool is unknown (unmapped)
  | "defaulted" // a price filled from the GPU catalogue, not typed by the planner
  | "dropped" // files of an imported folder that could not be read: the sweep lacks their levels
  | "warning" // a note of the engine on a SKU (dropped points, substituted statistic, …)
  | "noSkus" // nothing to compare yet
  | "noFeasible"; // no SKU meets the SLOs

/** One reason the state is not green. */
export interface TrustItem {
  kind: TrustKind;
  level: "warn" | "error";
  /**
   * Dictionary key and parameters of the text; `msg` holds an engine message in English, shown in
   * the language of the app from `problem` (its value, docs/problems.md) when it has one.
   */
  what: { key: UiKey; params: Record<string, string | number>; problem?: Problem };
  where: TrustWhere;
}

/** What the recommendation banner and the status bar say about the recommendation. */
export type RecommendationState =
  | { kind: "none" } // no SKU yet
  | { kind: "recommended"; sku: SkuResult; checked: boolean }
  | { kind: "needsPrice"; skus: string[] } // feasible SKUs exist, none has a price
  | { kind: "unknown" } // no SKU is known feasible and some are unknown (errors, missing statistics)
  | { kind: "infeasible" }; // every SKU fails the SLOs

/** The trust state. */
export interface TrustState {
  level: TrustLevel;
  items: TrustItem[];
  recommendation: RecommendationState;
}

/** An entry the workbook rejected: the plan kept its previous value. */
export interface Rejection {
  path: string;
  raw: string;
  message: string;
  /** The reason as a value (docs/problems.md), rendered in the app's language. */
  problem?: Problem;
}

/** Inputs of {@link trustState}. */
export interface TrustInput {
  plan: PlanFile;
  result: PlanResult;
  rejected?: readonly Rejection[];
}

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** The price of SKU `i` is missing (empty, as a new SKU starts), not mistyped. */
export function priceMissing(plan: PlanFile, i: number): boolean {
  const v = (plan.skus[i] as { pricePerGpuHour?: unknown } | undefined)?.pricePerGpuHour;
  return v === undefined || v === null || (typeof v === "string" && v.trim() === "");
}

/**
 * True when SKU `s` has a capacity that was never checked against the SLOs (spec: `sloChecked`
 * false). Uses the engine's `sloChecked` when the result carries it, else the operating point's
 * basis (`given` = typed-in capacity).
 */
export function isUnchecked(s: SkuResult): boolean {
  const flag = (s as { sloChecked?: boolean | null }).sloChecked;
  if (typeof flag === "boolean") return !flag;
  return (
    s.workloads.some((w) => w.operatingPoint?.basis === "given") ||
    s.operatingPoint?.basis === "given"
  );
}

/** The recommendation, as the banner and the status bar state it. */
export function recommendationState(result: PlanResult): RecommendationState {
  if (!result.skus.length) return { kind: "none" };
  const rec = result.skus.find((s) => s.name === result.cheapest);
  if (rec) {
    const flag = (result as { recommendationChecked?: boolean | null }).recommendationChecked;
    return {
      kind: "recommended",
      sku: rec,
      checked: typeof flag === "boolean" ? flag : !isUnchecked(rec),
    };
  }
  const feasible = result.skus.filter((s) => s.feasible === true);
  const unpriced = feasible.filter((s) => !isNum(s.pricePerGpuHour));
  if (unpriced.length) return { kind: "needsPrice", skus: unpriced.map((s) => s.name) };
  if (result.skus.some((s) => s.feasible !== false)) return { kind: "unknown" };
  return { kind: "infeasible" };
}

const ORDER: TrustKind[] = [
  "rejected",
  "error",
  "usagePool",
  "noSkus",
  "noFeasible",
  "dropped",
  "needsPrice",
  "defaulted",
  "unchecked",
  "warning",
];

/** Files shown by name in an item before "…" (the full list is on the sweep card). */
const SHOWN_FILES = 3;

/** The files dropped from SKU `i`'s sweeps (plan: `dropped` of each inline sweep), by base name, once each. */
export function droppedFiles(plan: PlanFile, i: number): string[] {
  const s = plan.skus[i];
  if (!s) return [];
  const refs = [s.sweep, ...Object.values(s.sweeps ?? {})];
  const names = new Set<string>();
  for (const r of refs)
    for (const d of r?.dropped ?? [])
      if (d && typeof d.file === "string") names.add(d.file.replace(/^.*[\\/]/, ""));
  return [...names];
}

/** Adds one item to the state being built (its place is found from `path` with {@link locate}). */
type AddItem = (
  kind: TrustKind,
  level: TrustItem["level"],
  key: UiKey,
  params: Record<string, string | number>,
  path: string,
  problem?: Problem,
) => void;

/** A usage row whose pool names no pool: the engine's NAME error at `tenants.usage[i].pool`. */
const isUnmappedPool = (e: PlanResult["errors"][number]) =>
  e.kind === "NAME" && rowOf(e.path, "pool", "tenants", "usage") !== null;

/** Entries typed but not taken: the plan kept its previous value. */
function addRejected(add: AddItem, plan: PlanFile, rejected: readonly Rejection[]): void {
  for (const r of rejected) {
    const params = {
      field: fieldName(r.path),
      raw: r.raw,
      msg: r.message,
      kept: keptText(plan, r.path),
    };
    add("rejected", "error", "trustRejected", params, r.path, r.problem);
  }
}

/**
 * The engine's errors. A price that is missing (not mistyped) is "needs a price", once per SKU;
 * unmapped usage pools are counted in one item by {@link addUnmappedPools}.
 */
function addErrors(add: AddItem, plan: PlanFile, result: PlanResult): void {
  const priced = new Set<number>();
  for (const e of result.errors) {
    const i = rowOf(e.path, "pricePerGpuHour", "skus");
    if (i !== null && priceMissing(plan, i)) {
      if (!priced.has(i))
        add(
          "needsPrice",
          "warn",
          "trustNeedsPrice",
          { sku: plan.skus[i]?.name ?? `#${i + 1}` },
          e.path,
        );
      priced.add(i);
      continue;
    }
    if (isUnmappedPool(e)) continue;
    const params = { field: fieldName(e.path), msg: renderProblem(e.problem, "en") };
    add("error", "error", "trustError", params, e.path, e.problem);
  }
}

/** One item for every usage row whose pool is unknown, naming up to three of those pools. */
function addUnmappedPools(add: AddItem, plan: PlanFile, result: PlanResult): void {
  const badPools = result.errors.filter(isUnmappedPool);
  if (!badPools.length) return;
  const usage = plan.tenants?.usage ?? [];
  const names = badPools.map((e) => usage[rowOf(e.path, "pool", "tenants", "usage")!]?.pool ?? "");
  const pools = [...new Set(names)].filter(Boolean).slice(0, 3).join(", ");
  const params = { n: badPools.length, total: usage.length, pools };
  add("usagePool", "error", "trustUsagePool", params, badPools[0]!.path);
}

/** One item per SKU whose imported folder had files that could not be read. */
function addDropped(add: AddItem, plan: PlanFile): void {
  plan.skus.forEach((s, i) => {
    const files = droppedFiles(plan, i);
    if (!files.length) return;
    const shown = files.length > SHOWN_FILES ? [...files.slice(0, SHOWN_FILES), "…"] : files;
    const params = { sku: s.name, n: files.length, files: shown.join(", ") };
    add(
      "dropped",
      "warn",
      "trustDropped",
      params,
      s.sweep ? `skus[${i}].sweep` : `skus[${i}].sweeps`,
    );
  });
}

/** One item per price filled from the GPU catalogue rather than typed. */
function addDefaulted(add: AddItem, plan: PlanFile, result: PlanResult): void {
  const priceOf = (i: number) => {
    const v = result.skus[i]?.pricePerGpuHour;
    return typeof v === "number" ? v : null;
  };
  for (const d of defaultedPrices(plan, priceOf)) {
    const { usdPerGpuHour, gpu, retrieved } = d.default;
    const params = { sku: d.sku, price: `$${usdPerGpuHour}`, gpu, retrieved };
    add("defaulted", "warn", "trustDefaulted", params, `skus[${d.index}].pricePerGpuHour`);
  }
}

/** Per SKU: its unchecked capacity, and the first of the engine's notes on it. */
function addSkuNotes(add: AddItem, result: PlanResult): void {
  result.skus.forEach((s, i) => {
    if (isUnchecked(s)) add("unchecked", "warn", "trustUnchecked", { sku: s.name }, `skus[${i}]`);
    // The capacity-given note repeats the unchecked item; the first other note is shown without the SKU's name.
    const notes = s.problems.filter((p) => p.code !== "plan.capacityGiven");
    if (!notes[0]) return;
    const { subject: _, ...first } = notes[0];
    const params = { sku: s.name, n: notes.length, msg: renderProblem(first, "en") };
    add("warning", "warn", "trustNotes", params, `skus[${i}]`, first);
  });
}

/** The plan's own notes, each pointing at the SKU it is about when it is about one. */
function addPlanNotes(add: AddItem, result: PlanResult): void {
  for (const p of result.problems) {
    // A plan note about one SKU points at that SKU (so an export that does not use it is not
    // marked); the engine's "recommended although never checked" repeats the unchecked item.
    const w = renderProblem(p, "en");
    const i = result.skus.findIndex(
      (s) => w.startsWith(`${s.name} `) || w.startsWith(`${s.name}:`),
    );
    if (i >= 0 && isUnchecked(result.skus[i]!) && p?.code === "plan.uncheckedRecommended") continue;
    add("warning", "warn", "trustPlanNote", { msg: w }, i >= 0 ? `skus[${i}]` : "workloads", p);
  }
}

/** The trust state of a plan and its result (see the module comment and docs/trust.md). */
export function trustState(input: TrustInput): TrustState {
  const { plan, result } = input;
  const items: TrustItem[] = [];
  const add: AddItem = (kind, level, key, params, path, problem) =>
    items.push({
      kind,
      level,
      what: problem ? { key, params, problem } : { key, params },
      where: locate(plan, path),
    });
  addRejected(add, plan, input.rejected ?? []);
  addErrors(add, plan, result);
  addUnmappedPools(add, plan, result);
  addDropped(add, plan);
  addDefaulted(add, plan, result);
  addSkuNotes(add, result);
  addPlanNotes(add, result);
  const rec = recommendationState(result);
  if (rec.kind === "none") add("noSkus", "warn", "trustNoSkus", {}, "skus");
  else if (rec.kind === "infeasible") add("noFeasible", "warn", "trustNoFeasible", {}, "slo");
  // Most serious first: the status bar's one-line summary shows the first item.
  items.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  const level: TrustLevel = items.some((x) => x.level === "error")
    ? "error"
    : items.length
      ? "warn"
      : "ok";
  return { level, items, recommendation: rec };
}

/** A readable name of a plan path: `skus[0].pricePerGpuHour` → `skus[0] › price`. */
function fieldName(path: string): string {
  return path.replace(/#text$/, "");
}

/** What the plan still holds at a rejected path (`TTFT` for a mistyped SLO metric). */
function keptText(plan: PlanFile, path: string): string {
  if (!path.endsWith("#text")) return "";
  const steps = pathSteps(path);
  const i = indexIn(steps, "slo");
  const field = fieldOf(steps, 2, ["metric", "stat"]);
  if (i === null || !field || steps.length !== 3) return "";
  const v = (plan.slo?.[i] as Record<string, unknown> | undefined)?.[field];
  return typeof v === "string" ? v.toUpperCase() : "—";
}

/**
 * What the recommendation is the cheapest by (docs/schedules.md `recommendBy`; the fleet's cost per
 * hour at the peak by default), said wherever the recommended SKU is marked: "★ recommended:
 * cheapest fleet per hour at the peak".
 */
export function recBasis(result: Pick<PlanResult, "recommendBy">, lang: UiLang): string {
  const d = UI[lang];
  const by = result.recommendBy ?? "peak";
  const basis = {
    peak: d.recBasisPeak,
    static: d.recBasisStatic,
    autoscaled: d.recBasisAutoscaled,
    blended: d.recBasisBlended,
  }[by];
  return fill(d.recMarked, { basis });
}

/** The text of an item in a language (engine messages inside are translated). */
export function trustText(item: TrustItem, lang: UiLang): string {
  const params: Record<string, string | number> = { ...item.what.params };
  const p = item.what.problem;
  if (p) params.msg = renderProblem(p, lang);
  else if (typeof params.msg === "string")
    params.msg = localizeError({ message: params.msg }, lang);
  let key = item.what.key;
  if (key === "trustRejected" && !params.kept) key = "trustRejectedPlain";
  return fill(UI[lang][key], params);
}

function fill(s: string, vars: Record<string, string | number>): string {
  return s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

/** One line summing up the state (status bar, export warning). */
export function trustSummary(state: TrustState, lang: UiLang): string {
  const d = UI[lang];
  if (state.level === "ok") return d.trustOk;
  const errors = state.items.filter((x) => x.level === "error").length;
  const warns = state.items.length - errors;
  const first = trustText(state.items.find((x) => x.level === state.level)!, lang);
  const counts = [
    errors ? fill(d.trustErrors, { n: errors }) : "",
    warns ? fill(d.trustWarns, { n: warns }) : "",
  ]
    .filter(Boolean)
    .join(" · ");
  return `${counts}: ${first}`;
}

/** The exports that warn (docs/trust.md): the allocation CSVs (allocation, FOCUS) and the report. */
export type ExportKind = "allocation" | "report";

/**
 * The items that feed an export. The report carries every number; the allocation CSVs carry the
 * team costs: the Teams sheet's own problems, the inputs every number depends on (cells, workloads,
 * SLOs, factors), and the SKUs whose cost the pools take (a pool's `sku`, else the recommendation).
 */
export function exportItems(
  state: TrustState,
  plan: PlanFile,
  result: PlanResult,
  kind: ExportKind,
): TrustItem[] {
  if (kind === "report") return state.items;
  const pools = plan.tenants?.pools ?? [];
  const feeding = new Set<string>();
  if (!pools.length || pools.some((p) => !p.sku && p.costPerDay === undefined))
    if (result.cheapest) feeding.add(result.cheapest);
  for (const p of pools) if (p.sku) feeding.add(p.sku);
  return state.items.filter((x) => {
    const i = indexIn(pathSteps(x.where.path), "skus");
    if (i !== null) return feeding.has(plan.skus[i]?.name ?? "");
    if (x.kind === "noSkus" || x.kind === "noFeasible") return !pools.length;
    return true;
  });
}

/**
 * The warning an export writes at its top when its numbers are not all trustworthy (null when
 * none of `items` concern it): a title line and one line per item, in the export's language.
 */
export function exportWarning(
  items: readonly TrustItem[] | TrustState,
  lang: UiLang,
): string[] | null {
  const list = "items" in items ? items.items : items;
  if (!list.length) return null;
  return [UI[lang].exportUntrusted, ...list.map((x) => `- ${trustText(x, lang)}`)];
}

/**
 * True when an item makes a number of an export wrong or unchecked, so the export asks first:
 * errors, rejected entries, missing or defaulted prices, unchecked capacity, unmapped usage,
 * dropped files, no SKU or none feasible. An engine note (`warning`) asks only when the note is an
 * error; informational notes ("every point meets the SLOs … capacity may be higher") and other
 * warnings are carried by the export without asking.
 */
export function needsConfirm(item: TrustItem): boolean {
  if (item.level === "error") return true;
  if (item.kind !== "warning") return true;
  return item.what.problem?.severity === "error";
}

/**
 * The Markdown report with its warning on top, as a quoted block (unchanged when there is no
 * warning). CSV exports never get lines above their header: the FOCUS file carries the warning in
 * its `x_CapplanWarnings` column, the others in the app's confirmation (docs/trust.md).
 */
export function withExportWarning(text: string, warning: readonly string[] | null): string {
  if (!warning) return text;
  return `> **⚠ ${warning[0]}**\n${warning
    .slice(1)
    .map((l) => `> ${l}`)
    .join("\n")}\n\n${text}`;
}
