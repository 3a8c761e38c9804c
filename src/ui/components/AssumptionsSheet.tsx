/**
 * The Assumptions sheet: named cells (value or `=formula`), workloads, SLOs, elasticity and
 * redundancy, currency, and the derived cells of every SKU explained with the numbers plugged in.
 * Errors stay in the cell that causes them; everything else keeps computing.
 */
import { createMemo, createSignal, For, Show, type JSX } from "solid-js";
import { keyPath, STAT_PATTERN, workloadName } from "../../engine/plan/plan-file";
import { METRIC_KEYS, type MetricKey } from "../../engine/base/types";
import { fmtComputed, fmtValue } from "../format";
import { formulaWithValues, skuDerivations, workloadDerivations } from "../explain";
import { setLineagePath } from "../state/lineage";
import { LineagePanel } from "./LineagePanel";
import type { UiKey } from "../i18n";
import { useWorkbook } from "../state/context";
import { lang, t } from "../state/i18n";
import { recBasis } from "../state/trust";
import { localizeReason } from "../../report/messages";
import { Grid, type CellView } from "./Grid";

/** The Assumptions sheet. */
export function AssumptionsSheet(): JSX.Element {
  const wb = useWorkbook();
  const result = () => wb.computed().result;
  // One list per change of the cells (each grid cell reads it: a call per cell would cost O(N²)).
  const names = createMemo(() => Object.keys(wb.plan.cells ?? {}));
  const numCell = (path: string, digits = 4): CellView => {
    const v = wb.cell(path);
    const note =
      v.raw.startsWith("=") && v.value !== null
        ? formulaWithValues(v.raw, wb.computed().resolved.cells, v.value)
        : undefined;
    return {
      raw: v.raw,
      display: v.value === null ? v.raw : (v.typed ?? fmtValue(v.value, digits)),
      error: v.error,
      note,
    };
  };

  // Named cells: name | value or formula | result.
  const cellRows = () => [
    ...names().map((n) => ({ key: n, label: n })),
    { key: "__new", label: "+" },
  ];
  const cellsCell = (r: number, c: number): CellView => {
    const name = names()[r];
    if (name === undefined)
      return c === 0
        ? { raw: "", display: "", note: t("newCellHint") }
        : { raw: "", display: "", readOnly: c === 2 };
    const path = keyPath("cells", name);
    if (c === 0) {
      const bad = wb.cell(`${path}#name`);
      return { raw: name, display: name, error: bad.error, class: "name" };
    }
    const v = numCell(path);
    if (c === 1) return { ...v, display: v.raw, error: v.error };
    // The result column shows the number itself (the value column shows it as typed: `$2.99`).
    const value = wb.cell(path).value;
    return {
      raw: "",
      display: v.error || value === null ? "" : fmtComputed(value),
      readOnly: true,
      note: v.note ?? undefined,
      error: v.error,
    };
  };
  const commitCells = (r: number, c: number, raw: string) => {
    const name = names()[r];
    if (name === undefined) {
      if (c === 0 && raw.trim()) wb.renameCell("", raw.trim()) && wb.setCell(raw.trim(), "0");
      return;
    }
    if (c === 0) {
      if (raw.trim() === "") wb.removeCell(name);
      else wb.renameCell(name, raw.trim());
    } else if (c === 1) wb.setCell(name, raw);
  };

  // Workloads.
  const wlFields = ["peakRps", "avgRps", "dailyRequests", "inputTokens", "outputTokens"] as const;
  const wlCols = () => [
    { key: "name", label: t("wlName") },
    ...wlFields.map((f) => ({ key: f, label: t(`wl_${f}` as UiKey), numeric: true })),
    { key: "tokensPerRequest", label: t("tokensPerRequest"), numeric: true },
    { key: "tokensPerSec", label: t("tokensPerSec"), numeric: true },
  ];
  const wls = () => wb.plan.workloads ?? (wb.plan.workload ? [wb.plan.workload] : []);
  const wlBase = (r: number) => (wb.plan.workloads ? `workloads[${r}]` : "workload");
  const [wlSel, setWlSel] = createSignal(0);
  const wlCell = (r: number, c: number): CellView => {
    const w = wls()[r];
    if (c === 0) return { raw: w?.name ?? "", display: workloadName(w, r, wls().length) };
    if (c <= wlFields.length) {
      const field = wlFields[c - 1]!;
      const view = numCell(`${wlBase(r)}.${field}`);
      // Left empty on a workload with a trace: the trace gives the number (docs/traffic.md); typing one overrides it.
      const fromTrace =
        w?.trace && view.raw.trim() === "" && !view.error ? result().workloads[r]?.[field] : null;
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
    const d = workloadDerivations(result())[r]?.[c - wlFields.length - 1];
    return {
      raw: "",
      display: d?.value ?? "—",
      readOnly: true,
      note: d ? `${t(d.key as UiKey)} = ${d.formula}` : undefined,
    };
  };
  const wlCommit = (r: number, c: number, raw: string) => {
    if (c === 0) wb.setText(`${wlBase(r)}.name`, raw.trim());
    else if (c <= wlFields.length)
      wb.setNumber(
        `${wlBase(r)}.${wlFields[c - 1]}`,
        raw,
        ["peakRps", "inputTokens", "outputTokens"].includes(wlFields[c - 1]!),
      );
  };

  // SLOs.
  const [sloSel, setSloSel] = createSignal(0);
  const sloCell = (r: number, c: number): CellView => {
    const s = wb.plan.slo?.[r];
    if (c === 0) {
      const bad = wb.cell(`slo[${r}].metric#text`);
      return bad.error
        ? { raw: bad.raw, display: bad.raw, error: bad.error }
        : { raw: s?.metric ?? "", display: (s?.metric ?? "").toUpperCase() };
    }
    if (c === 1) {
      const bad = wb.cell(`slo[${r}].stat#text`);
      return bad.error
        ? { raw: bad.raw, display: bad.raw, error: bad.error }
        : { raw: s?.stat ?? "", display: (s?.stat ?? "").toUpperCase() };
    }
    return numCell(`slo[${r}].maxMs`, 2);
  };
  const sloCommit = (r: number, c: number, raw: string) => {
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
  };

  // Factors.
  const spare = () =>
    typeof wb.plan.factors?.redundancy === "object" && wb.plan.factors?.redundancy !== null;
  const factorRows = () => [
    { key: "elasticity", label: t("elasticity") },
    spare()
      ? { key: "spare", label: t("spareReplicas") }
      : { key: "redundancy", label: t("redundancy") },
  ];
  const factorPath = (r: number) =>
    r === 0 ? "factors.elasticity" : spare() ? "factors.redundancy.spare" : "factors.redundancy";

  return (
    <div class="assume" data-testid="sheet-assumptions">
      <div class="assume-grid">
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
            rows={cellRows()}
            cell={cellsCell}
            onCommit={commitCells}
          />
        </section>
        <section class="card">
          <h3>{t("factors")}</h3>
          <Grid
            id="factors"
            label={t("factors")}
            columns={[{ key: "value", label: t("cellValue"), numeric: true }]}
            rows={factorRows()}
            corner=""
            cell={(r) => numCell(factorPath(r))}
            onCommit={(r, _c, raw) => wb.setNumber(factorPath(r), raw, false)}
          />
          <div class="inline-fields">
            <label class="field">
              <span class="field-label">{t("redundancyMode")}</span>
              <select
                data-testid="redundancy-mode"
                value={spare() ? "spare" : "factor"}
                onChange={(e) => wb.setRedundancyMode(e.currentTarget.value as "factor" | "spare")}
              >
                <option value="factor">{t("modeFactor")}</option>
                <option value="spare">{t("modeSpare")}</option>
              </select>
            </label>
            <label class="field">
              <span class="field-label">{t("currency")}</span>
              <input
                data-testid="currency"
                value={wb.plan.currency ?? "USD"}
                maxLength={3}
                style={{ width: "4em" }}
                onChange={(e) => {
                  const v = e.currentTarget.value.trim().toUpperCase();
                  if (/^[A-Z]{3}$/.test(v)) wb.setText("currency", v);
                  else e.currentTarget.value = wb.plan.currency ?? "USD";
                }}
              />
            </label>
            <label class="field">
              <span class="field-label">{t("sloMode")}</span>
              <select
                data-testid="slo-mode"
                value={wb.plan.sloMode ?? "measured"}
                onChange={(e) => wb.setText("sloMode", e.currentTarget.value)}
              >
                <option value="measured">{t("basis_measured")}</option>
                <option value="interpolated">{t("basis_interpolated")}</option>
              </select>
            </label>
          </div>
        </section>
      </div>
      <section class="card">
        <h3>{t("workloads")}</h3>
        <Grid
          id="workloads"
          label={t("workloads")}
          columns={wlCols()}
          rows={wls().map((w, i) => ({ key: String(i), label: String(i + 1) }))}
          corner="#"
          cell={wlCell}
          onCommit={wlCommit}
          onSelect={(r, c) => {
            setWlSel(r);
            if (c > wlFields.length)
              setLineagePath(
                `workloads[${r}].${c === wlFields.length + 1 ? "tokensPerRequest" : "tokensPerSec"}`,
              );
          }}
        />
        <div class="card-actions">
          <button data-testid="add-workload" onClick={() => wb.addWorkload()}>
            {t("addWorkload")}
          </button>
          <button disabled={wls().length <= 1} onClick={() => wb.removeWorkload(wlSel())}>
            {t("removeRow", { n: wlSel() + 1 })}
          </button>
        </div>
      </section>
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
          cell={sloCell}
          onCommit={sloCommit}
          onSelect={(r) => setSloSel(r)}
        />
        <div class="card-actions">
          <button data-testid="add-slo" onClick={() => wb.addSlo()}>
            {t("addSlo")}
          </button>
          <button disabled={!(wb.plan.slo ?? []).length} onClick={() => wb.removeSlo(sloSel())}>
            {t("removeRow", { n: sloSel() + 1 })}
          </button>
        </div>
      </section>
      <section class="card">
        <h3>{t("derived")}</h3>
        <p class="muted small">{t("derivedHint")}</p>
        <div class="derived-list">
          <For each={result().skus}>
            {(s, i) => (
              <div class="derived" classList={{ rec: s.name === result().cheapest }}>
                <h4 title={wb.plan.skus[i()]?.sweep?.label ?? s.name}>
                  {s.name}
                  <Show when={s.name === result().cheapest}>
                    {" "}
                    <span class="badge" title={recBasis(result(), lang())}>
                      ★ {t("recommended")}
                    </span>
                  </Show>
                </h4>
                <Show
                  when={skuDerivations(result(), s, lang()).length}
                  fallback={<p class="muted small">{localizeReason(s, lang()) || t("noResult")}</p>}
                >
                  <Grid
                    id={`derived-${i()}`}
                    label={t("gridDerived", { name: s.name })}
                    columns={[
                      { key: "value", label: t("cellResult"), numeric: true, width: "8em" },
                      { key: "formula", label: t("formula") },
                    ]}
                    rows={skuDerivations(result(), s, lang()).map((d) => ({
                      key: d.key,
                      label: t(d.key as UiKey),
                    }))}
                    corner=""
                    onSelect={(r) => {
                      const d = skuDerivations(result(), s, lang())[r];
                      if (d) setLineagePath(`skus[${i()}].${d.key}`);
                    }}
                    cell={(r, c) => {
                      const d = skuDerivations(result(), s, lang())[r]!;
                      return c === 0
                        ? {
                            raw: "",
                            display: d.value,
                            readOnly: true,
                            note: `${t(d.key as UiKey)} = ${d.formula}`,
                          }
                        : { raw: "", display: d.formula, readOnly: true, class: "formula-text" };
                    }}
                  />
                </Show>
              </div>
            )}
          </For>
        </div>
        <LineagePanel />
      </section>
    </div>
  );
}
