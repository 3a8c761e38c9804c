/**
 * One pool's allocation result: its grid of teams, idle and total lines (the first
 * POOL_ROW_LIMIT teams until "Show all"), and its conservation check.
 */
import { createMemo, createSignal, type JSX, Show } from "solid-js";
import type { AllocationLine } from "../../../report/allocation-csv";
import { fmtValue } from "../../format";
import { useWorkbook } from "../../state/context";
import { t } from "../../state/i18n";
import { allocationPath, setLineagePath } from "../../state/lineage";
import type { Conservation } from "../../state/usage-edit";
import { Grid } from "../Grid";
import { badUsageRows } from "../teams/tenant-errors";
import {
  lineCell,
  lineRow,
  type MoneyFormat,
  POOL_ROW_LIMIT,
  poolResultColumns,
  methodOf,
  shownLines,
} from "./alloc-lines";

/** The conservation line of a pool: teams + idle = pool cost, and any usage rows not placed. */
function PoolConservation(props: {
  k: Conservation;
  index: number;
  unplaced: number;
  money: MoneyFormat;
}): JSX.Element {
  const k = () => props.k;
  const m = (minor: number) => props.money.minor(minor);
  return (
    <p
      class="conservation"
      classList={{
        good: k().ok && !props.unplaced,
        warn: k().ok && !!props.unplaced,
        bad: !k().ok,
      }}
      data-testid={`conservation-${props.index}`}
      data-ok={k().ok ? "true" : "false"}
      data-unplaced={props.unplaced}
    >
      {k().ok ? (props.unplaced ? "⚠ " : "✓ ") : "✗ "}
      {t("conservation", {
        parts: m(k().partsMinor),
        total: m(k().totalMinor),
        month: m(k().totalMonthMinor),
      })}
      <Show when={props.unplaced}> — {t("conservationUnplaced", { n: props.unplaced })}</Show>
    </p>
  );
}

/** One pool's result. */
export function PoolResult(props: {
  pool: string;
  index: number;
  lines: readonly AllocationLine[];
  check: Conservation | undefined;
  money: MoneyFormat;
}): JSX.Element {
  const wb = useWorkbook();
  const result = () => wb.computed().result;
  const [all, setAll] = createSignal(false);
  const poolLines = createMemo(() => props.lines.filter((l) => l.pool === props.pool));
  const teamCount = () => poolLines().filter((l) => l.kind === "team").length;
  const mine = createMemo(() => shownLines(poolLines(), all()));
  // Teams + idle = pool cost holds even when usage rows were not placed (their teams are simply
  // missing): then the check is not green and says so (docs/trust.md).
  const unplaced = () => badUsageRows(result().errors);
  const heading = () => t("poolHeading", { name: props.pool });
  return (
    <div class="pool-result">
      <h4>{heading()}</h4>
      <Grid
        id={`alloc-${props.index}`}
        label={heading()}
        columns={poolResultColumns(methodOf(wb.plan.tenants?.method))}
        rows={mine().map(lineRow)}
        corner={t("team")}
        cell={(r, c) => lineCell(mine()[r]!, c, props.money)}
        onSelect={(r, c) => {
          const l = mine()[r];
          setLineagePath(l ? allocationPath(result(), l, c) : null);
        }}
      />
      <Show when={!all() && teamCount() > POOL_ROW_LIMIT}>
        <p class="rows-limited">
          {t("rowsShown", { shown: fmtValue(POOL_ROW_LIMIT, 0), n: fmtValue(teamCount(), 0) })}{" "}
          <button onClick={() => setAll(true)}>
            {t("showAllRows", { n: fmtValue(teamCount(), 0) })}
          </button>
        </p>
      </Show>
      <Show when={props.check}>
        {(k) => (
          <PoolConservation k={k()} index={props.index} unplaced={unplaced()} money={props.money} />
        )}
      </Show>
    </div>
  );
}
