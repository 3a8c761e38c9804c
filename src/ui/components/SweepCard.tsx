/**
 * One sweep as a named, editable grid (rows = load levels) with its SKU assignment: name, GPU from
 * `models/gpus.json`, GPUs per replica and price. Rows can be added and removed; TSV blocks paste
 * in (rows beyond the end are added). The zone of each row and the operating point are shown.
 */
import { createMemo, createSignal, For, Show, type JSX } from "solid-js";
import type { SkuWorkloadResult } from "../../engine/plan/plan";
import type { SweepPoint } from "../../engine/base/types";
import { fmtValue } from "../format";
import { gpuCatalog } from "../state/catalog";
import { useWorkbook } from "../state/context";
import { t } from "../state/i18n";
import { getAtPath } from "../state/plan-edit";
import { priceMissing } from "../state/trust";
import { FieldInput } from "./FieldInput";
import { Grid, type CellView } from "./Grid";
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
  const sku = () => wb.plan.skus[props.skuIndex];
  const points = (): SweepPoint[] => {
    wb.computed();
    return ((getAtPath(wb.plan, props.sweepPath) as { points?: SweepPoint[] } | undefined)
      ?.points ?? []) as SweepPoint[];
  };
  const columns = createMemo(() =>
    sweepColumns(
      points(),
      {
        concurrency: t("colConcurrency"),
        requestRate: t("colRequestRate"),
        rps: t("colRps"),
        outputTokensPerSec: t("colOutTps"),
        totalTokensPerSec: t("colTotalTps"),
        meanInputTokens: t("colInTokens"),
        meanOutputTokens: t("colOutTokens"),
      },
      { mean: t("statMean"), std: t("statStd"), min: t("statMin"), max: t("statMax") },
    ),
  );
  const zoneOf = (r: number) => props.result?.zones[r] ?? null;
  const opRow = () => {
    const d = props.result?.detail;
    return d && d.feasible && d.basis === "measured" ? d.pointIndex : null;
  };
  const gridCols = () => [
    { key: "zone", label: t("colZone"), width: "6.5em" },
    ...columns().map((c) => ({ key: c.key, label: c.label, numeric: true })),
  ];
  const cell = (r: number, c: number): CellView => {
    if (c === 0) {
      const z = zoneOf(r);
      const op = opRow() === r;
      return {
        raw: "",
        display: `${z ? t(`zone_${z}`) : ""}${op ? " ◆" : ""}`,
        readOnly: true,
        class: `zone zone-${z ?? "none"}${op ? " op" : ""}`,
        note: op ? t("opRowNote") : undefined,
      };
    }
    const col = columns()[c - 1]!;
    const path = `${props.sweepPath}.points[${r}].${col.sub}`;
    const v = wb.cell(path);
    const raw = v.raw === "inf" ? "inf" : v.raw;
    return {
      raw,
      display:
        raw === "inf"
          ? "∞"
          : v.value === null
            ? raw === ""
              ? ""
              : raw
            : (v.typed ?? fmtValue(v.value, col.digits)),
      error: v.error,
    };
  };
  // Picking a GPU for a SKU without a price fills the catalogue's indicative price, flagged as
  // defaulted until the planner types one; without a catalogue price it asks (docs/trust.md).
  const pickGpu = (id: string) => {
    wb.setGpu(props.skuIndex, id);
    if (id && (priceMissing(wb.plan, props.skuIndex) || defaulted()))
      document
        .querySelector<HTMLInputElement>(`[data-testid="sku-price-${props.skuIndex}"]`)
        ?.focus();
  };
  const defaulted = () => {
    const d = sku()?.priceDefault;
    return d && sku()?.pricePerGpuHour === d.usdPerGpuHour ? d : null;
  };
  const rowKeys = () =>
    points().map((_, i) => ({
      key: `r${i}`,
      label: String(i + 1),
      class: opRow() === i ? "op-row" : "",
    }));
  const meta = () =>
    (getAtPath(wb.plan, props.sweepPath) as
      | {
          label?: string;
          source?: { format?: string; files?: string[] };
          meta?: { model?: string | null };
        }
      | undefined) ?? {};

  return (
    <article
      class="card"
      classList={{ focused: props.focused }}
      data-testid={`sweep-card-${props.skuIndex}`}
      onMouseDown={() => props.onFocus()}
    >
      <header class="card-head">
        <span class="swatch" style={{ background: props.color }} />
        <input
          class="sku-name"
          data-testid={`sku-name-${props.skuIndex}`}
          aria-label={t("skuName")}
          value={sku()?.name ?? ""}
          onChange={(e) =>
            e.currentTarget.value.trim() &&
            wb.setText(`skus[${props.skuIndex}].name`, e.currentTarget.value.trim())
          }
        />
        <Show when={props.workload}>
          <span class="chip">{props.workload}</span>
        </Show>
        <label class="field">
          <span class="field-label">{t("gpu")}</span>
          <select
            data-testid={`sku-gpu-${props.skuIndex}`}
            value={sku()?.gpu ?? ""}
            onChange={(e) => {
              pickGpu(e.currentTarget.value);
            }}
          >
            <option value="">—</option>
            <For each={gpuCatalog()}>{(g) => <option value={g.id}>{g.name}</option>}</For>
          </select>
        </label>
        <FieldInput
          path={`skus[${props.skuIndex}].gpusPerReplica`}
          label={t("gpusPerReplica")}
          testId={`sku-gpus-${props.skuIndex}`}
          width="4em"
        />
        <FieldInput
          path={`skus[${props.skuIndex}].pricePerGpuHour`}
          label={t("pricePerGpuHour")}
          testId={`sku-price-${props.skuIndex}`}
          width="8.5em"
          unit={wb.plan.currency ?? "USD"}
          needs={t("needsPrice")}
          defaulted={
            defaulted()
              ? t("priceDefaulted", {
                  source: defaulted()!.source,
                  retrieved: defaulted()!.retrieved,
                })
              : undefined
          }
        />
        <span class="spacer" />
        <button
          class="link danger"
          data-testid={`sku-remove-${props.skuIndex}`}
          onClick={() => wb.removeSku(props.skuIndex)}
        >
          {t("removeSku")}
        </button>
      </header>
      <div class="card-meta muted">
        {meta().label} · {meta().source?.format ?? ""} ·{" "}
        {points().length === 1 ? t("onePoint") : t("nPoints", { n: points().length })}
        <Show when={props.result?.operatingPoint}>
          {(op) => (
            <span class="op-text">
              {" "}
              ·{" "}
              {t("opShort", {
                load: fmtValue(
                  op().concurrency ??
                    (typeof op().requestRate === "number" ? (op().requestRate as number) : null),
                  1,
                ),
                tps: fmtValue(op().outputTokensPerSec, 0),
                basis: t(`basis_${op().basis}`),
              })}
            </span>
          )}
        </Show>
        <Show when={props.result && props.result.feasible === false}>
          <span class="bad"> · {t("infeasible")}</span>
        </Show>
      </div>
      <Grid
        id={`sweep-${props.skuIndex}${props.workload ? `-${props.workload}` : ""}`}
        label={
          props.workload
            ? t("gridSweepWorkload", { name: sku()?.name ?? "", workload: props.workload })
            : t("gridSweep", { name: sku()?.name ?? "" })
        }
        columns={gridCols()}
        rows={rowKeys()}
        corner="#"
        cell={cell}
        onSelect={(r) => setSelRow(r)}
        onCommit={(r, c, raw) => {
          const col = columns()[c - 1];
          if (col)
            wb.setNumber(
              `${props.sweepPath}.points[${r}].${col.sub}`,
              raw,
              col.key === "concurrency" ? false : false,
            );
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
