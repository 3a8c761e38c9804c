/**
 * The rows of the GPU comparison sheet, addressed by key: one typed table says, for each row, its
 * key, its label, whether it edits a SKU field, and how its cell reads and formats. The row order
 * lives in {@link ROW_ORDER} only; the sheet, its commits and its goal seek look rows up by key.
 */
import { fmtMoney, fmtValue } from "../../format";
import { t } from "../../state/i18n";
import { WHATIF_WORDS } from "../../state/uncertainty";
import type { CellView, GridRow } from "../grid/types";
import { errorBarsCell, textRowCell, warningsCell } from "./cells";
import type { ComparisonContext } from "./context";

export type { ComparisonContext } from "./context";

/** A SKU field the comparison edits in place. */
export type ComparisonField = "gpusPerReplica" | "pricePerGpuHour";

/** One row of the comparison: its key, label, class, the field it edits and how its cell reads. */
export interface ComparisonRowDef {
  readonly key: string;
  label(ctx: ComparisonContext): string;
  readonly class?: string;
  /** The SKU field (`skus[i].<field>`) that a commit in this row sets; absent on computed rows. */
  readonly field?: ComparisonField;
  cell(ctx: ComparisonContext, sku: number): CellView;
}

const gpuRow: ComparisonRowDef = {
  key: "gpu",
  label: () => t("gpu"),
  cell: (ctx, c) => ({ raw: "", display: ctx.result.skus[c]?.gpu ?? "—", readOnly: true }),
};

/** An input row: the cell shows the typed number (or the formatted value) and edits its raw text. */
function inputRow(field: ComparisonField): ComparisonRowDef {
  const money = field === "pricePerGpuHour";
  return {
    key: field,
    // A price row says its currency (the cells are plain numbers while edited).
    label: (ctx) => (money ? `${t(field)} (${ctx.result.currency})` : t(field)),
    class: "editable",
    field,
    cell(ctx, c) {
      const v = ctx.input(`skus[${c}].${field}`);
      // A missing price is not the planner's error: the cell asks for one (docs/trust.md).
      if (money && v.raw.trim() === "")
        return { raw: "", display: t("needsPrice"), class: "needs", note: t("priceMissing") };
      const display =
        v.value === null
          ? v.raw
          : (v.typed ??
            (money ? fmtMoney(v.value, ctx.result.currency, ctx.lang) : fmtValue(v.value, 2)));
      return { raw: v.raw, display, error: v.error };
    },
  };
}

/** The metric rows of `comparisonText`, in its order, each found by its key. */
function textRows(ctx: ComparisonContext): ComparisonRowDef[] {
  return ctx.table.map((tr) => ({
    key: tr.key,
    label: () => tr.label,
    class: tr.key === "reason" ? "reason" : "",
    cell: (now, c) => textRowCell(now, tr.key, c),
  }));
}

const errorBarsRow: ComparisonRowDef = {
  key: "errorBars",
  label: (ctx) => WHATIF_WORDS[ctx.lang].errorBars,
  cell: (ctx, c) => errorBarsCell(ctx.result.skus[c]!, ctx.lang),
};

/** Error bars (docs/uncertainty.md): shown when any SKU has repeats. */
function errorBarRows(ctx: ComparisonContext): ComparisonRowDef[] {
  return ctx.result.skus.some((s) => s.interval) ? [errorBarsRow] : [];
}

const warningsRow: ComparisonRowDef = {
  key: "warnings",
  label: () => t("warningsRow"),
  cell: (ctx, c) => warningsCell(ctx.result.skus[c]!, ctx.lang),
};

/** A fixed row, or a group of rows that depends on the plan (metric rows, error bars). */
type RowSlot = ComparisonRowDef | ((ctx: ComparisonContext) => ComparisonRowDef[]);

/** The comparison's rows, top to bottom: the one place that says their order. */
export const ROW_ORDER: readonly RowSlot[] = [
  gpuRow,
  inputRow("gpusPerReplica"),
  inputRow("pricePerGpuHour"),
  textRows,
  errorBarRows,
  warningsRow,
];

/** The rows the comparison shows for this plan, in order. */
export function comparisonRowDefs(ctx: ComparisonContext): ComparisonRowDef[] {
  return ROW_ORDER.flatMap((slot) => (typeof slot === "function" ? slot(ctx) : [slot]));
}

/** The grid rows (key, label, class) of the row definitions. */
export function gridRows(defs: readonly ComparisonRowDef[], ctx: ComparisonContext): GridRow[] {
  return defs.map((d) => ({
    key: d.key,
    label: d.label(ctx),
    ...(d.class !== undefined ? { class: d.class } : {}),
  }));
}
