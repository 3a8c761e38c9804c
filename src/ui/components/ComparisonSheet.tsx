/**
 * The GPU comparison sheet: SKUs as columns, metrics as rows (operating point and basis, binding
 * SLO, replicas, GPUs, costs, utilization, warnings); the cheapest feasible SKU highlighted;
 * infeasible SKUs explain which SLO fails and by how much; GPUs per replica and price editable;
 * bar charts of cost per 1M output tokens and monthly cost. Rows are addressed by key through
 * the row table in `./comparison/row-table.ts`.
 */
import { createMemo, createSignal, Show, type JSX } from "solid-js";
import { planWords } from "../../report/plan-output";
import { createComparisonRows } from "../state/comparison-rows";
import { useWorkbook } from "../state/context";
import { lang, t } from "../state/i18n";
import { comparisonPath, setLineagePath } from "../state/lineage";
import { CostBars } from "./comparison/CostBars";
import { type ComparisonContext, comparisonRowDefs, gridRows } from "./comparison/row-table";
import { FleetMix } from "./FleetMix";
import { Grid } from "./Grid";
import { LineagePanel } from "./LineagePanel";
import { RecBanner } from "./TrustStatus";
import { type SelectedCell, WhatIfPanel } from "./WhatIfPanel";

/** The comparison sheet. */
export function ComparisonSheet(): JSX.Element {
  const wb = useWorkbook();
  const result = () => wb.computed().result;
  const comparisonRows = createComparisonRows();
  const table = createMemo(() => comparisonRows(result(), lang()));
  // Getters, so that each cell tracks only what it reads.
  const ctx: ComparisonContext = {
    get result() {
      return result();
    },
    get lang() {
      return lang();
    },
    get table() {
      return table();
    },
    input: (path) => wb.cell(path),
  };
  const defs = createMemo(() => comparisonRowDefs(ctx));
  const [selected, setSelected] = createSignal<SelectedCell | null>(null);
  const columns = () =>
    result().skus.map((s, i) => ({
      key: `s${i}`,
      label: s.name,
      // A name shortened from a long sweep label keeps the whole label as its title.
      title: s.name.endsWith("…") ? (wb.plan.skus[i]?.sweep?.label ?? s.name) : s.name,
      numeric: true,
      width: "11em",
    }));
  const recIndex = () => result().skus.findIndex((s) => s.name === result().cheapest);
  const select = (r: number, c: number) => {
    const row = defs()[r];
    const path = comparisonPath(row?.key ?? "", c);
    setLineagePath(path);
    // Goal seek starts from a computed cell (not an input, not a text row).
    const computed = path !== null && row !== undefined && row.field === undefined;
    setSelected(computed ? { path, label: row.label(ctx), sku: c } : null);
  };
  return (
    <div class="compare" data-testid="sheet-comparison">
      <Show when={result().skus.length} fallback={<p class="empty">{t("noSkus")}</p>}>
        <RecBanner />
        <Grid
          id="cmp"
          label={t("gridComparison")}
          columns={columns()}
          rows={gridRows(defs(), ctx)}
          corner={planWords(lang()).metric}
          cell={(r, c) => defs()[r]?.cell(ctx, c) ?? { raw: "", display: "", readOnly: true }}
          columnClass={(c) =>
            c === recIndex() ? "rec" : result().skus[c]?.feasible === false ? "infeasible" : ""
          }
          onSelect={select}
          onCommit={(r, c, raw) => {
            const field = defs()[r]?.field;
            if (field) wb.setNumber(`skus[${c}].${field}`, raw, true);
          }}
        />
        <LineagePanel />
        <div class="bars">
          <CostBars result={result()} />
        </div>
        <Show when={result().skus.length > 1 && result().workloads.length > 0}>
          <FleetMix />
        </Show>
        <WhatIfPanel selected={selected} />
      </Show>
    </div>
  );
}
