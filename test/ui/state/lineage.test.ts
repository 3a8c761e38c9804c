import { describe, expect, it } from "vitest";
import { explainPath, lineageNodes } from "../../../src/engine/plan/lineage";
import { minorUnitDigits } from "../../../src/engine/finops/money";
import { computePlan } from "../../../src/engine/plan/plan";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import { allocationLines } from "../../../src/report/allocation-csv";
import { allocationPath, teamTotalPath } from "../../../src/ui/state/lineage";
import { examplePlan } from "../../e2e/expected";

const close = (a: number | null, b: number | null) =>
  a !== null && b !== null && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

describe("the Teams sheet's numbers open their lineage (docs/lineage.md)", () => {
  const plan = examplePlan("multi-sku");
  const resolved = resolvePlan(plan);
  const result = computePlan(resolved);
  const d = minorUnitDigits(result.currency);
  const lines = allocationLines(result);

  it("every team cost, per-1M, share and token cell, the idle and the pool total explain to the number the sheet shows", () => {
    const shown = (l: (typeof lines)[number], c: number): number | null =>
      [
        l.inputTokens,
        l.outputTokens,
        l.weightedTokens,
        l.share,
        l.costPerDayMinor / 10 ** d,
        l.costPerDayMinor / 10 ** d,
        l.costPerMillionTokens,
        l.costPerMillionInputTokens,
        l.costPerMillionOutputTokens,
      ][c] ?? null;
    let explained = 0;
    const failures: string[] = [];
    for (const l of lines) {
      for (let c = 0; c < 9; c++) {
        const path = allocationPath(result, l, c);
        if (path === null) continue;
        const a = explainPath({ plan, resolved, result }, path);
        if (!a.ok) {
          failures.push(`${l.kind} ${l.team ?? ""} col ${c}: ${a.error}`);
          continue;
        }
        explained++;
        if (!close(a.node.value, shown(l, c)))
          failures.push(
            `${l.kind} ${l.team ?? ""} col ${c}: lineage ${a.node.value}, sheet ${shown(l, c)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    const teams = lines.filter((l) => l.kind === "team").length;
    // tokens ×3, share, day, month, per 1M weighted / input / output for each team; day and month of
    // idle; weighted, day, month and the three per-1M costs of the total
    expect(explained).toBe(teams * 9 + 2 + 6);
  });

  it("a team's cost reaches the pool cost, the recommended SKU's replicas and a benchmark point", () => {
    const team = lines.find((l) => l.kind === "team")!;
    const a = explainPath({ plan, resolved, result }, allocationPath(result, team, 4)!);
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    const paths = lineageNodes(a.node).map((n) => n.path);
    expect(paths).toContain("tenants.pools[0].cost");
    expect(paths.some((p) => /^skus\[\d\]\.replicas$/.test(p))).toBe(true);
    expect(lineageNodes(a.node).some((n) => n.kind === "sweepPoint")).toBe(true);
  });

  it("idle and total rows map to the pool's idle and cost; a team's total over pools to its rounded cost", () => {
    const idle = lines.find((l) => l.kind === "idle")!;
    const total = lines.find((l) => l.kind === "total")!;
    expect(allocationPath(result, idle, 4)).toBe("tenants.pools[0].idleRounded");
    expect(allocationPath(result, idle, 0)).toBeNull();
    expect(allocationPath(result, total, 4)).toBe("tenants.pools[0].costRounded");
    expect(allocationPath(result, { kind: "team", pool: "nope", team: "x" }, 4)).toBeNull();
    expect(teamTotalPath(2)).toBe("tenants.teams[2].costRounded");
  });
});
