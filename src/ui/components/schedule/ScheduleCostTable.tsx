/**
 * Per SKU, the cost of one schedule period three ways: static on demand, autoscaled, and reserved
 * + on demand with the best reserved count (its reserved price editable), with the savings.
 */
import { For, type JSX } from "solid-js";
import { fmtMoney, fmtValue } from "../../format";
import { useWorkbook } from "../../state/context";
import { lang, t } from "../../state/i18n";
import { FieldInput } from "../FieldInput";
import { type ScheduleRow, savingText } from "./schedule-text";

/** One SKU's row. */
function CostRow(props: { r: ScheduleRow }): JSX.Element {
  const wb = useWorkbook();
  const r = () => props.r;
  const money = (v: number | null | undefined) =>
    fmtMoney(v, wb.computed().result.currency, lang());
  return (
    <tr
      data-testid={`sched-row-${r().i}`}
      classList={{ rec: r().name === wb.computed().result.cheapest }}
    >
      <th scope="row">{r().name}</th>
      <td data-testid={`sched-static-replicas-${r().i}`}>{fmtValue(r().s.staticReplicas, 0)}</td>
      <td data-testid={`sched-static-${r().i}`}>{money(r().s.staticCost)}</td>
      <td>
        <span data-testid={`sched-autoscaled-${r().i}`}>{money(r().s.autoscaledCost)}</span>{" "}
        <span class="good small">{savingText(r().s.savings.autoscaledFraction)}</span>
      </td>
      <td class="sched-price">
        <FieldInput
          path={`skus[${r().i}].reservedPricePerGpuHour`}
          label=""
          testId={`sched-reserved-price-${r().i}`}
          required={false}
          width="6em"
          unit={wb.plan.currency ?? "USD"}
        />
      </td>
      <td data-testid={`sched-reserved-${r().i}`}>
        {r().s.reservedReplicas === null ? (
          <span class="muted">{t("schedNoReservedPrice")}</span>
        ) : (
          fmtValue(r().s.reservedReplicas, 0)
        )}
      </td>
      <td>
        <span data-testid={`sched-blended-${r().i}`}>
          {r().s.blendedCost === null ? "—" : money(r().s.blendedCost)}
        </span>{" "}
        <span class="good small">{savingText(r().s.savings.blendedFraction)}</span>
      </td>
    </tr>
  );
}

/** The cost table. */
export function ScheduleCostTable(props: { rows: readonly ScheduleRow[] }): JSX.Element {
  return (
    <div class="tr-table-wrap">
      <table class="tr-table sched-table" data-testid="sched-table">
        <thead>
          <tr>
            <th scope="col">{t("schedSku")}</th>
            <th scope="col">{t("schedStaticReplicas")}</th>
            <th scope="col">{t("schedStatic")}</th>
            <th scope="col">{t("schedAutoscaled")}</th>
            <th scope="col">{t("schedReservedPrice")}</th>
            <th scope="col">{t("schedReserved")}</th>
            <th scope="col">{t("schedBlended")}</th>
          </tr>
        </thead>
        <tbody>
          <For each={props.rows}>{(r) => <CostRow r={r} />}</For>
        </tbody>
      </table>
    </div>
  );
}
