/**
 * The cells of a sweep grid: the zone column (with the operating point's ◆) and the measured
 * numbers (∞ for an unbounded rate, typed numbers as typed, else at the column's digits).
 */
import type { SkuWorkloadResult } from "../../../engine/plan/plan";
import { fmtValue } from "../../format";
import type { UiKey } from "../../i18n";
import { t } from "../../state/i18n";
import type { CellState } from "../../state/workbook";
import type { CellView } from "../grid/types";

/** The row of the operating point, when it is a measured point of a feasible sweep. */
export function opRowOf(result: SkuWorkloadResult | null | undefined): number | null {
  const d = result?.detail;
  return d && d.feasible && d.basis === "measured" ? d.pointIndex : null;
}

/** The zone cell of a row: its zone's name, ◆ on the operating point. */
export function zoneCell(zone: string | null, isOp: boolean): CellView {
  return {
    raw: "",
    display: `${zone ? t(`zone_${zone}` as UiKey) : ""}${isOp ? " ◆" : ""}`,
    readOnly: true,
    class: `zone zone-${zone ?? "none"}${isOp ? " op" : ""}`,
    note: isOp ? t("opRowNote") : undefined,
  };
}

/** A measured number's cell: "inf" shows as ∞, a value as typed or at `digits`, else the raw text. */
export function pointCell(v: CellState, digits: number): CellView {
  const raw = v.raw;
  const display =
    raw === "inf" ? "∞" : v.value === null ? raw : (v.typed ?? fmtValue(v.value, digits));
  return { raw, display, error: v.error };
}

/** The column and statistic words of a sweep grid in the UI language. */
export function sweepWords() {
  return {
    columns: {
      concurrency: t("colConcurrency"),
      requestRate: t("colRequestRate"),
      rps: t("colRps"),
      outputTokensPerSec: t("colOutTps"),
      totalTokensPerSec: t("colTotalTps"),
      meanInputTokens: t("colInTokens"),
      meanOutputTokens: t("colOutTokens"),
    },
    stats: { mean: t("statMean"), std: t("statStd"), min: t("statMin"), max: t("statMax") },
  };
}
