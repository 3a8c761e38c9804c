/** The SLO grid: metric | statistic | max ms; a metric or statistic not known stays in its cell as an error. */
import { STAT_PATTERN } from "../../../engine/plan/plan-file";
import { METRIC_KEYS, type MetricKey } from "../../../engine/base/types";
import { t } from "../../state/i18n";
import type { Workbook } from "../../state/workbook";
import type { CellView } from "../grid/types";
import { numCell } from "./num-cell";

/** A text cell (metric or statistic) in capitals, or the rejected text with its error. */
function textCell(wb: Workbook, path: string, value: string | undefined): CellView {
  const bad = wb.cell(`${path}#text`);
  return bad.error
    ? { raw: bad.raw, display: bad.raw, error: bad.error }
    : { raw: value ?? "", display: (value ?? "").toUpperCase() };
}

/** The cell of SLO `r`, column `c`. */
export function sloCell(wb: Workbook, r: number, c: number): CellView {
  const s = wb.plan.slo?.[r];
  if (c === 0) return textCell(wb, `slo[${r}].metric`, s?.metric);
  if (c === 1) return textCell(wb, `slo[${r}].stat`, s?.stat);
  return numCell(wb, `slo[${r}].maxMs`, 2);
}

/** Commit to SLO `r`, column `c`: a metric of METRIC_KEYS, a statistic like p95, a number. */
export function sloCommit(wb: Workbook, r: number, c: number, raw: string): void {
  const v = raw.trim().toLowerCase();
  if (c === 0) {
    if ((METRIC_KEYS as readonly string[]).includes(v)) {
      wb.setText(`slo[${r}].metric#text`, "");
      wb.setSloMetric(r, v as MetricKey);
    } else
      wb.reject(`slo[${r}].metric#text`, raw, t("badMetric", { list: METRIC_KEYS.join(", ") }));
  } else if (c === 1) {
    if (STAT_PATTERN.test(v)) {
      wb.setText(`slo[${r}].stat#text`, "");
      wb.setText(`slo[${r}].stat`, v);
    } else wb.reject(`slo[${r}].stat#text`, raw, t("badStat"));
  } else wb.setNumber(`slo[${r}].maxMs`, raw, true);
}
