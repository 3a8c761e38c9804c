/** The factors card: elasticity and redundancy (a factor or spare replicas), currency, SLO mode. */
import type { JSX } from "solid-js";
import { useWorkbook } from "../../state/context";
import { t } from "../../state/i18n";
import { Grid } from "../Grid";
import { numCell } from "./num-cell";

/** The factors card. */
export function FactorsCard(): JSX.Element {
  const wb = useWorkbook();
  const spare = () =>
    typeof wb.plan.factors?.redundancy === "object" && wb.plan.factors?.redundancy !== null;
  const rows = () => [
    { key: "elasticity", label: t("elasticity") },
    spare()
      ? { key: "spare", label: t("spareReplicas") }
      : { key: "redundancy", label: t("redundancy") },
  ];
  const path = (r: number) =>
    r === 0 ? "factors.elasticity" : spare() ? "factors.redundancy.spare" : "factors.redundancy";
  return (
    <section class="card">
      <h3>{t("factors")}</h3>
      <Grid
        id="factors"
        label={t("factors")}
        columns={[{ key: "value", label: t("cellValue"), numeric: true }]}
        rows={rows()}
        corner=""
        cell={(r) => numCell(wb, path(r))}
        onCommit={(r, _c, raw) => wb.setNumber(path(r), raw, false)}
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
  );
}
