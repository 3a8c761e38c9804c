/**
 * The workloads grid: name, the typed rates and lengths (a number left empty on a workload with a
 * trace is the trace's, greyed), then the derived tokens per request and per second.
 */
import { workloadName } from "../../../engine/plan/plan-file";
import { workloadDerivations } from "../../explain";
import { fmtValue } from "../../format";
import type { UiKey } from "../../i18n";
import { t } from "../../state/i18n";
import type { Workbook } from "../../state/workbook";
import type { CellView, GridColumn } from "../grid/types";
import { numCell } from "./num-cell";

/** The typed fields of a workload, in column order after its name. */
export const WL_FIELDS = [
  "peakRps",
  "avgRps",
  "dailyRequests",
  "inputTokens",
  "outputTokens",
] as const;
/** The fields a workload needs (a commit of an empty one is an error). */
const REQUIRED = new Set<string>(["peakRps", "inputTokens", "outputTokens"]);

/** The workloads grid's columns. */
export function workloadColumns(): GridColumn[] {
  return [
    { key: "name", label: t("wlName") },
    ...WL_FIELDS.map((f) => ({ key: f, label: t(`wl_${f}` as UiKey), numeric: true })),
    { key: "tokensPerRequest", label: t("tokensPerRequest"), numeric: true },
    { key: "tokensPerSec", label: t("tokensPerSec"), numeric: true },
  ];
}

/** The plan's workloads (a list, or the single `workload`). */
export function workloads(wb: Workbook) {
  return wb.plan.workloads ?? (wb.plan.workload ? [wb.plan.workload] : []);
}

/** The plan path of workload `r`. */
export function workloadBase(wb: Workbook, r: number): string {
  return wb.plan.workloads ? `workloads[${r}]` : "workload";
}

/** The lineage path of a derived column, or null for a typed one. */
export function workloadLineagePath(r: number, c: number): string | null {
  if (c <= WL_FIELDS.length) return null;
  return `workloads[${r}].${c === WL_FIELDS.length + 1 ? "tokensPerRequest" : "tokensPerSec"}`;
}

/** The cell of workload `r`, column `c`. */
export function workloadCell(wb: Workbook, r: number, c: number): CellView {
  const wls = workloads(wb);
  const w = wls[r];
  const result = wb.computed().result;
  if (c === 0) return { raw: w?.name ?? "", display: workloadName(w, r, wls.length) };
  if (c <= WL_FIELDS.length) {
    const field = WL_FIELDS[c - 1]!;
    const view = numCell(wb, `${workloadBase(wb, r)}.${field}`);
    // Left empty on a workload with a trace: the trace gives the number (docs/traffic.md); typing one overrides it.
    const fromTrace =
      w?.trace && view.raw.trim() === "" && !view.error ? result.workloads[r]?.[field] : null;
    if (fromTrace == null) return view;
    const tr = w!.trace!;
    return {
      ...view,
      display: fmtValue(fromTrace, 3),
      class: "from-trace",
      note: t("wlFromTrace", {
        file: tr.name ?? tr.file ?? "",
        bin: fmtValue(tr.binSec ?? tr.traffic?.binSec ?? 60, 0),
        peak: tr.peak === "p99" ? t("trPeakP99") : t("trPeakMax"),
      }),
    };
  }
  const d = workloadDerivations(result)[r]?.[c - WL_FIELDS.length - 1];
  return {
    raw: "",
    display: d?.value ?? "—",
    readOnly: true,
    note: d ? `${t(d.key as UiKey)} = ${d.formula}` : undefined,
  };
}

/** Commit to workload `r`, column `c` (the derived columns are read-only). */
export function workloadCommit(wb: Workbook, r: number, c: number, raw: string): void {
  const base = workloadBase(wb, r);
  if (c === 0) wb.setText(`${base}.name`, raw.trim());
  else if (c <= WL_FIELDS.length) {
    const field = WL_FIELDS[c - 1]!;
    wb.setNumber(`${base}.${field}`, raw, REQUIRED.has(field));
  }
}
