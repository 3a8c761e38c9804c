/**
 * One sweep as a named, editable grid (rows = load levels) with its SKU assignment: name, GPU from
 * `models/gpus.json`, GPUs per replica and price. Rows can be added and removed; TSV blocks paste
 * in (rows beyond the end are added). The zone of each row and the operating point are shown.
 * The head, meta line and cells are in `./sweep/`.
 */
import { createMemo, createSignal, type JSX } from "solid-js";
import type { SweepPoint } from "../../engine/base/types";
import type { SkuWorkloadResult } from "../../engine/plan/plan";
import { useWorkbook } from "../state/context";
import { t } from "../state/i18n";
import { getAtPath } from "../state/plan-edit";
import { Grid } from "./Grid";
import { SkuHeader } from "./sweep/SkuHeader";
import { opRowOf, pointCell, sweepWords, zoneCell } from "./sweep/sweep-cells";
import { type SweepInfo, SweepMeta } from "./sweep/SweepMeta";
import { sweepColumns } from "./sweep-columns";

/** Props of {@link SweepCard}. */
export interface SweepCardProps {
  skuIndex: number;
  /** `skus[0].sweep` or `skus[0].sweeps.chat`. */
  sweepPath: string;
  workload: string | null;
  color: string;
  focused: boolean;
  onFocus(): void;
  result: SkuWorkloadResult | null;
}

/** The card of one SKU's sweep. */
export function SweepCard(props: SweepCardProps): JSX.Element {
  const wb = useWorkbook();
  const [selRow, setSelRow] = createSignal(0);
  const skuName = () => wb.plan.skus[props.skuIndex]?.name ?? "";
  const info = () => (getAtPath(wb.plan, props.sweepPath) as SweepInfo | undefined) ?? {};
  const points = (): SweepPoint[] => {
    wb.computed();
    const sweep = getAtPath(wb.plan, props.sweepPath) as { points?: SweepPoint[] } | undefined;
    return sweep?.points ?? [];
  };
  const columns = createMemo(() => {
    const w = sweepWords();
    return sweepColumns(points(), w.columns, w.stats);
  });
  const opRow = () => opRowOf(props.result);
  const pointPath = (r: number, sub: string) => `${props.sweepPath}.points[${r}].${sub}`;
  return (
    <article
      class="card"
      classList={{ focused: props.focused }}
      data-testid={`sweep-card-${props.skuIndex}`}
      onMouseDown={() => props.onFocus()}
    >
      <SkuHeader skuIndex={props.skuIndex} workload={props.workload} color={props.color} />
      <SweepMeta info={info()} points={points().length} result={props.result} />
      <Grid
        id={`sweep-${props.skuIndex}${props.workload ? `-${props.workload}` : ""}`}
        label={
          props.workload
            ? t("gridSweepWorkload", { name: skuName(), workload: props.workload })
            : t("gridSweep", { name: skuName() })
        }
        columns={[
          { key: "zone", label: t("colZone"), width: "6.5em" },
          ...columns().map((c) => ({ key: c.key, label: c.label, numeric: true })),
        ]}
        rows={points().map((_, i) => ({
          key: `r${i}`,
          label: String(i + 1),
          class: opRow() === i ? "op-row" : "",
        }))}
        corner="#"
        cell={(r, c) => {
          if (c === 0) return zoneCell(props.result?.zones[r] ?? null, opRow() === r);
          const col = columns()[c - 1]!;
          return pointCell(wb.cell(pointPath(r, col.sub)), col.digits);
        }}
        onSelect={(r) => setSelRow(r)}
        onCommit={(r, c, raw) => {
          const col = columns()[c - 1];
          if (col) wb.setNumber(pointPath(r, col.sub), raw, false);
        }}
        onPasteBlock={(r, c, block) => {
          const fields = columns()
            .slice(Math.max(0, c - 1))
            .map((x) => x.sub);
          const cells = c === 0 ? block.map((row) => row.slice(1)) : block;
          wb.setPointBlock(props.sweepPath, r, fields, cells);
        }}
      />
      <div class="card-actions">
        <button
          data-testid={`add-row-${props.skuIndex}`}
          onClick={() => wb.addPoint(props.sweepPath)}
        >
          {t("addRow")}
        </button>
        <button
          data-testid={`remove-row-${props.skuIndex}`}
          disabled={points().length === 0}
          onClick={() => wb.removePoints(props.sweepPath, [selRow()])}
        >
          {t("removeRow", { n: selRow() + 1 })}
        </button>
      </div>
    </article>
  );
}
