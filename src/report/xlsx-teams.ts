/**
 * The Teams sheet of the workbook export (docs/xlsx.md): each pool's teams with their daily tokens
 * (inputs), weighted tokens, share and cost (formulas on the usage basis), the rounded amounts
 * capplan books (values: largest-remainder rounding is not a spreadsheet formula), and each team's
 * totals over the pools.
 */
import type { PoolAllocation } from "../engine/finops/allocation";
import type { TenantsResult } from "../engine/plan/plan-result";
import { TEAM_FORMULAS } from "./xlsx-formulas";
import type { XlsxLabels } from "./xlsx-labels";
import { formula, input, ref, text, type XCell, type XSheet } from "./xlsx-cells";

/** Columns of the pool tables. */
const P = {
  pool: 1,
  team: 2,
  inputTokens: 3,
  outputTokens: 4,
  tokens: 5,
  share: 6,
  cost: 7,
  rounded: 8,
  capacity: 9,
};

/**
 * The Teams sheet. `poolCostRef` names the Comparison cell a pool's daily cost comes from (a pool
 * priced from a SKU), or null when the plan gives the pool's cost (then it is an input here).
 */
export function teamsSheet(
  t: TenantsResult,
  poolCostRef: (pool: string) => string | null,
  L: XlsxLabels,
): XSheet {
  const rows: (XCell | null)[][] = [];
  const add = (row: (XCell | null)[]): number => rows.push(row);
  add(L.teamsHead.map((h) => text(h, true)));
  for (const p of t.pools) poolRows(p, t.idle, rows, poolCostRef(p.name));
  const lastPoolRow = rows.length;
  add([text(L.teamTotals, true)]);
  add(L.totalsHead.map((h) => text(h, true)));
  for (const m of t.teams) {
    const row = rows.length + 1;
    add([
      text(m.name),
      formula(
        TEAM_FORMULAS.teamCost({
          teams: `${ref(P.team, 2)}:${ref(P.team, lastPoolRow)}`,
          team: ref(1, row),
          costs: `${ref(P.cost, 2)}:${ref(P.cost, lastPoolRow)}`,
        }),
        m.cost,
        "money",
      ),
      { value: m.sharedCost, format: "money" },
      formula(`${ref(2, row)}+${ref(3, row)}`, m.total, "money"),
      { value: m.totalRounded, format: "money" },
    ]);
  }
  if (t.shared.length) {
    add([]);
    add([text(L.sharedCosts, true)]);
    add(L.sharedHead.map((h) => text(h, true)));
    for (const s of t.shared)
      add([
        text(s.name),
        input(s.cost, "money"),
        text(s.split),
        { value: s.unallocated, format: "money" },
      ]);
  }
  return { name: "Teams", rows, widths: [22, 22, 16, 16, 18, 10, 16, 20, 18] };
}

/** One pool's rows: its teams, the pool line and the idle line, then an empty row. */
function poolRows(
  p: PoolAllocation,
  idle: string,
  rows: (XCell | null)[][],
  fromSku: string | null,
): void {
  const add = (row: (XCell | null)[]): number => rows.push(row);
  const first = rows.length + 1;
  const last = first + p.teams.length - 1;
  const poolRow = last + 1;
  const range = `${ref(P.tokens, first)}:${ref(P.tokens, last)}`;
  const costRange = `${ref(P.cost, first)}:${ref(P.cost, last)}`;
  const poolTokens = ref(P.tokens, poolRow);
  const poolCost = ref(P.cost, poolRow);
  const capacity = ref(P.capacity, poolRow);
  const separate =
    idle === "separate" && p.capacityTokens !== null && p.usedTokens <= p.capacityTokens;
  const costFormula = p.basis === "usage" && p.usedTokens > 0;
  for (const m of p.teams) {
    const row = rows.length + 1;
    const c = (col: number) => ref(col, row);
    const cost = !costFormula
      ? { value: m.cost, format: "money" as const }
      : formula(
          separate
            ? TEAM_FORMULAS.costSeparate({
                tokens: c(P.tokens),
                poolCost,
                capacityTokens: capacity,
              })
            : TEAM_FORMULAS.costProportional({ tokens: c(P.tokens), poolTokens, poolCost }),
          m.cost,
          "money",
        );
    add([
      text(p.name),
      text(m.name),
      input(m.inputTokens, "int"),
      input(m.outputTokens, "int"),
      formula(
        TEAM_FORMULAS.tokens({ inputTokens: c(P.inputTokens), outputTokens: c(P.outputTokens) }),
        m.tokens,
        "num",
      ),
      p.usedTokens > 0
        ? formula(TEAM_FORMULAS.share({ tokens: c(P.tokens), poolTokens }), m.share, "percent")
        : { value: m.share, format: "percent" },
      cost,
      { value: m.costRounded, format: "money" },
    ]);
  }
  add([
    text(p.name, true),
    text("(pool)", true),
    null,
    null,
    p.teams.length
      ? formula(TEAM_FORMULAS.poolTokens({ range }), p.usedTokens, "num")
      : { value: 0 },
    null,
    fromSku ? formula(fromSku, p.cost, "money") : input(p.cost, "money"),
    { value: p.costRounded, format: "money" },
    input(p.capacityTokens, "int"),
  ]);
  add([
    text(p.name),
    text("(idle)"),
    null,
    null,
    null,
    null,
    separate && costFormula
      ? formula(TEAM_FORMULAS.idle({ poolCost, range: costRange }), p.idle, "money")
      : { value: p.idle, format: "money" },
    { value: p.idleRounded, format: "money" },
  ]);
  add([]);
}
