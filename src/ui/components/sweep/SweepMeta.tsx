/** The line under a sweep card's head: its label, format, number of points and operating point. */
import { type JSX, Show } from "solid-js";
import type { SkuWorkloadResult } from "../../../engine/plan/plan";
import { fmtValue } from "../../format";
import { t } from "../../state/i18n";

/** What a sweep says about itself (the importer's label, format and files, the model). */
export interface SweepInfo {
  label?: string;
  source?: { format?: string; files?: string[] };
  meta?: { model?: string | null };
}

/** The meta line. */
export function SweepMeta(props: {
  info: SweepInfo;
  points: number;
  result: SkuWorkloadResult | null;
}): JSX.Element {
  return (
    <div class="card-meta muted">
      {props.info.label} · {props.info.source?.format ?? ""} ·{" "}
      {props.points === 1 ? t("onePoint") : t("nPoints", { n: props.points })}
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
  );
}
