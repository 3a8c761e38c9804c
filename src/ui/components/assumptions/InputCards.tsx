/** The named cells, workloads and SLO cards of the Assumptions sheet: each a grid with its actions. */
import { createMemo, createSignal, type JSX } from "solid-js";
import { useWorkbook } from "../../state/context";
import { t } from "../../state/i18n";
import { setLineagePath } from "../../state/lineage";
import { Grid } from "../Grid";
import { commitNamedCell, namedCell, namedCellRows } from "./named-cells";
import { sloCell, sloCommit } from "./slo-grid";
import {
  workloadCell,
  workloadColumns,
  workloadCommit,
  workloadLineagePath,
  workloads,
} from "./workload-grid";

/** The named cells card. */
export function NamedCellsCard(): JSX.Element {
  const wb = useWorkbook();
  // One list per change of the cells (each grid cell reads it: a call per cell would cost O(N²)).
  const names = createMemo(() => Object.keys(wb.plan.cells ?? {}));
  return (
    <section class="card">
      <h3>{t("namedCells")}</h3>
      <p class="muted small">{t("namedCellsHint")}</p>
      <Grid
        id="cells"
        label={t("namedCells")}
        columns={[
          { key: "name", label: t("cellName") },
          { key: "value", label: t("cellValue") },
          { key: "result", label: t("cellResult"), numeric: true },
        ]}
        rows={namedCellRows(names())}
        cell={(r, c) => namedCell(wb, names(), r, c)}
        onCommit={(r, c, raw) => commitNamedCell(wb, names(), r, c, raw)}
      />
    </section>
  );
}

/** The workloads card. */
export function WorkloadsCard(): JSX.Element {
  const wb = useWorkbook();
  const [selected, setSelected] = createSignal(0);
  return (
    <section class="card">
      <h3>{t("workloads")}</h3>
      <Grid
        id="workloads"
        label={t("workloads")}
        columns={workloadColumns()}
        rows={workloads(wb).map((_, i) => ({ key: String(i), label: String(i + 1) }))}
        corner="#"
        cell={(r, c) => workloadCell(wb, r, c)}
        onCommit={(r, c, raw) => workloadCommit(wb, r, c, raw)}
        onSelect={(r, c) => {
          setSelected(r);
          const path = workloadLineagePath(r, c);
          if (path) setLineagePath(path);
        }}
      />
      <div class="card-actions">
        <button data-testid="add-workload" onClick={() => wb.addWorkload()}>
          {t("addWorkload")}
        </button>
        <button disabled={workloads(wb).length <= 1} onClick={() => wb.removeWorkload(selected())}>
          {t("removeRow", { n: selected() + 1 })}
        </button>
      </div>
    </section>
  );
}

/** The SLO card. */
export function SloCard(): JSX.Element {
  const wb = useWorkbook();
  const [selected, setSelected] = createSignal(0);
  return (
    <section class="card">
      <h3>{t("slos")}</h3>
      <Grid
        id="slo"
        label={t("slos")}
        columns={[
          { key: "metric", label: t("metric") },
          { key: "stat", label: t("statistic") },
          { key: "maxMs", label: t("maxMs"), numeric: true },
        ]}
        rows={(wb.plan.slo ?? []).map((_, i) => ({ key: String(i), label: String(i + 1) }))}
        corner="#"
        cell={(r, c) => sloCell(wb, r, c)}
        onCommit={(r, c, raw) => sloCommit(wb, r, c, raw)}
        onSelect={(r) => setSelected(r)}
      />
      <div class="card-actions">
        <button data-testid="add-slo" onClick={() => wb.addSlo()}>
          {t("addSlo")}
        </button>
        <button disabled={!(wb.plan.slo ?? []).length} onClick={() => wb.removeSlo(selected())}>
          {t("removeRow", { n: selected() + 1 })}
        </button>
      </div>
    </section>
  );
}
