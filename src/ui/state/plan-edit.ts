/**
 * Pure helpers of the workbook store: reading a value at a plan path, turning what the user typed
 * into a plan value (number, `=formula` or a readable rejection), and building new SKUs from
 * imported sweeps. No solid-js here, so they are unit-tested in Node.
 */
import { findGpu, type Gpu } from "../../engine/catalog/catalog";
import { readNumberText } from "../../engine/base/number-text";
import { parsePath } from "../../engine/plan/plan-path";
import type { PlanFile, SkuDef, Sweep, SweepRef } from "../../engine/base/types";
import { formulaMessages } from "../../engine/formula/messages";
import { englishOf, type Problem } from "../../engine/base/problems";

/** The value at `path` (`skus[1].pricePerGpuHour`) in `root`, or undefined. */
export function getAtPath(root: unknown, path: string): unknown {
  const steps = parsePath(path);
  if (!steps) return undefined;
  let node: unknown = root;
  for (const s of steps) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[s];
  }
  return node;
}

/** The text a cell shows when edited: numbers in full precision, formulas as written. */
export function rawText(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "";
  return String(v);
}

/** Outcome of reading typed text for a numeric field. */
export type NumberEntry =
  | { ok: true; value: number | string | undefined }
  | { ok: false; message: string; problem: Problem };

/** How typed numbers are read: the user's locale, and whether the field itself is in percent. */
export interface EntryOptions {
  /** The user's locale (`de-DE` reads `2,5` as 2.5); default: `.` is the decimal mark. */
  locale?: string | undefined;
  /** The field is a percentage (`maxErrorRatePct`): `5%` stores 5. Elsewhere `50%` stores 0.5, as in a spreadsheet. */
  percentField?: boolean | undefined;
}

/** A refused entry: the problem (code `formula.*`) and its English. */
function refused(problem: Problem): NumberEntry {
  return { ok: false, message: englishOf(problem), problem };
}

/**
 * Read what the user typed into a numeric field (docs/plan-file.md): a number as people write it (`$2.99`,
 * `50%`, `1.5k`, `1 500`, `2,5` in a decimal-comma locale; docs/grid.md), a formula starting
 * with `=`, or empty (removes an optional field). The number is stored, not the text. Anything else
 * is rejected with a reason, so the store keeps the previous value and the cell keeps the typed text.
 */
export function readNumberEntry(
  text: string,
  required: boolean,
  opts: EntryOptions = {},
): NumberEntry {
  const t = text.trim();
  if (t === "")
    return required
      ? refused(formulaMessages.problem("valueRequired", {}))
      : { ok: true, value: undefined };
  if (t.startsWith("=")) return { ok: true, value: t };
  const n = readNumberText(t, opts.locale === undefined ? {} : { locale: opts.locale });
  if (n.kind !== "number" || !Number.isFinite(n.value))
    return refused(formulaMessages.problem("textValue", { text: `"${t}"` }));
  const value = n.percent && !opts.percentField ? Number((n.value / 100).toPrecision(15)) : n.value;
  return { ok: true, value };
}

/** A plan with no SKUs and one default workload and SLO, for "New plan". */
export function emptyPlan(title: string): PlanFile {
  return {
    format: "capplan.plan/v1",
    title,
    currency: "USD",
    cells: { peak_rps: 10 },
    workloads: [{ name: "chat", peakRps: "=peak_rps", inputTokens: 500, outputTokens: 200 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    sloMode: "measured",
    factors: { elasticity: 1.2, redundancy: 1.2 },
    skus: [],
  };
}

/** A SKU name not used yet: `base`, `base (2)`, … */
export function uniqueName(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  for (let i = 2; ; i++) if (!taken.includes(`${base} (${i})`)) return `${base} (${i})`;
}

/** The inline sweep reference the app stores for an imported sweep (plan stays self-contained). */
export function inlineSweep(s: Sweep): SweepRef {
  const ref: SweepRef = {
    label: s.label,
    meta: s.meta,
    source: s.source,
    points: structuredClone(s.points),
    warnings: [...s.warnings],
  };
  if (s.dropped?.length) ref.dropped = structuredClone(s.dropped);
  return ref;
}

/** Longest SKU name made from a sweep's label (the full label stays on the sweep, shown as a title). */
export const SKU_NAME_MAX = 40;

/**
 * `text` cut to at most `max` characters at a word boundary (space, `·`, `/`, `-`, `_`) with an
 * ellipsis, never mid-word unless one word is longer than half of `max`.
 */
export function shortName(text: string, max = SKU_NAME_MAX): string {
  const t = text.trim();
  if (t.length <= max) return t;
  const head = t.slice(0, max - 1);
  let cut = -1;
  for (let i = head.length; i > 0; i--)
    if (/[\s·/_-]/.test(t[i]!) && !/[\s·/_-]/.test(t[i - 1]!)) {
      cut = i;
      break;
    }
  const kept = cut >= max / 2 ? t.slice(0, cut) : head;
  return `${kept.replace(/[\s·/_-]+$/, "")}…`;
}

/** The name a sweep's SKU starts from: the catalogue GPU (`H100 TP4`), else the sweep's label, shortened. */
export function skuBase(s: Sweep, catalog: readonly Gpu[]): string {
  const gpu = findGpu(catalog, s.meta.gpu);
  const count = typeof s.meta.gpuCount === "number" && s.meta.gpuCount > 0 ? s.meta.gpuCount : 1;
  return gpu ? `${gpu.id.toUpperCase()}${count > 1 ? ` TP${count}` : ""}` : shortName(s.label);
}

/**
 * SKUs for sweeps imported together. Sweeps that would start from the same name (two engines on
 * one GPU, in one file) are told apart by the metadata that differs between them
 * (`H100 · vllm`, `H100 · sglang`), so their legends and columns say which is which.
 */
export function skusFromSweeps(
  sweeps: readonly Sweep[],
  catalog: readonly Gpu[],
  taken: readonly string[],
): SkuDef[] {
  const bases = sweeps.map((s) => skuBase(s, catalog));
  const names = [...taken];
  return sweeps.map((s, i) => {
    const twins = sweeps.filter((_, j) => bases[j] === bases[i]);
    let base = bases[i]!;
    if (twins.length > 1) {
      const keys = (["engine", "model", "gpuCount"] as const).filter(
        (k) => new Set(twins.map((t) => String(t.meta[k] ?? ""))).size > 1,
      );
      const parts = keys.map((k) => String(s.meta[k] ?? "—"));
      if (parts.length) base = shortName(`${base} · ${parts.join(" · ")}`);
    }
    const sku = skuFromSweep(s, catalog, names, base);
    names.push(sku.name);
    return sku;
  });
}

/**
 * A new SKU for an imported sweep: GPU matched in the catalogue from the sweep's metadata, GPUs per
 * replica from the metadata (else 1). The price starts empty: the cell shows an error until the
 * planner types one, so no made-up price can win the comparison.
 */
export function skuFromSweep(
  s: Sweep,
  catalog: readonly Gpu[],
  taken: readonly string[],
  base: string = skuBase(s, catalog),
): SkuDef {
  const gpu = findGpu(catalog, s.meta.gpu);
  const count = typeof s.meta.gpuCount === "number" && s.meta.gpuCount > 0 ? s.meta.gpuCount : 1;
  const sku: SkuDef = {
    name: uniqueName(base, taken),
    gpusPerReplica: count,
    pricePerGpuHour: "",
    sweep: inlineSweep(s),
  };
  if (gpu) sku.gpu = gpu.id;
  return sku;
}

/** Split pasted text into a block of cells (TSV from Excel/Sheets; a trailing newline is ignored). */
export function parseTsvBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines.map((l) => l.split("\t"));
}

/** A block of cells as TSV (what Excel and Google Sheets paste). */
export function toTsv(block: readonly (readonly string[])[]): string {
  return block.map((r) => r.join("\t")).join("\n");
}
