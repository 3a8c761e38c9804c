/** Team totals over pools (own and shared costs) and the shared-cost lines, when there are any. */
import { type JSX, Show } from "solid-js";
import { useWorkbook } from "../../state/context";
import { t } from "../../state/i18n";
import { setLineagePath } from "../../state/lineage";
import { Grid } from "../Grid";
import type { MoneyFormat } from "./alloc-lines";
import {
  sharedLineCell,
  sharedLineColumns,
  sharedLinePath,
  totalCell,
  totalColumns,
  totalPath,
} from "./team-totals";

/** The team totals and shared lines. */
export function TeamTotals(props: { pools: number; money: MoneyFormat }): JSX.Element {
  const wb = useWorkbook();
  const tenants = () => wb.computed().result.tenants;
  const hasShared = () => (tenants()?.shared.length ?? 0) > 0;
  return (
    <>
      <Show when={props.pools > 1 || hasShared()}>
        <h4>{hasShared() ? t("teamTotalsShared") : t("teamTotals")}</h4>
        <Grid
          id="team-totals"
          label={t("teamTotals")}
          columns={totalColumns()}
          rows={(tenants()?.teams ?? []).map((x) => ({ key: x.name, label: x.name }))}
          corner={t("team")}
          cell={(r, c) => totalCell(tenants()!, r, c, props.money)}
          onSelect={(r, c) => setLineagePath(totalPath(r, c))}
        />
      </Show>
      <Show when={hasShared()}>
        <h4>{t("sharedLines")}</h4>
        <Grid
          id="shared-lines"
          label={t("sharedLines")}
          columns={sharedLineColumns()}
          rows={(tenants()?.shared ?? []).map((x) => ({ key: x.name, label: x.name }))}
          corner={t("sharedName")}
          cell={(r, c) => sharedLineCell(tenants()!, r, c, props.money)}
          onSelect={(r, c) => setLineagePath(sharedLinePath(r, c))}
        />
      </Show>
    </>
  );
}
