/**
 * The lineage of the allocation's per-team totals (`tenants.teams[i].…`: cost and tokens over
 * pools, shared costs, totals) and its shared cost lines (`tenants.shared[i].…`; docs/allocation.md,
 * docs/lineage.md), each summed or split as the allocation does, rounding included.
 */
import { fromMinor, minorUnitDigits, toMinor } from "../finops/money";
import type { LineageNode } from "./lineage-types";
import { N, num, plus, sumOf, val, words, type Words } from "./lineage-util";
import type { TenantStepsHost } from "./lineage-tenant-host";

/** The team-total and shared-cost steps over the allocation's lineage. */
export class TeamTotalsLineage {
  constructor(private readonly t: TenantStepsHost) {}

  private get b() {
    return this.t.b;
  }

  /** A team's number over pools and shared costs (`tenants.teams[i0].<k1>`). */
  team(i0: number, k1: unknown): LineageNode | null {
    const tr = this.b.ctx.result.tenants!;
    const team = tr.teams[i0];
    if (!team) return null;
    const parts: LineageNode[] = [];
    tr.pools.forEach((pool, pi) => {
      // A pool without the team: index -1 names no team, so tenants() gives null.
      const n = this.t.tenants([
        "pools",
        pi,
        "teams",
        pool.teams.findIndex((t) => t.name === team.name),
        k1 === "costRounded" ? "costRounded" : "cost",
      ]);
      if (n) parts.push(n);
    });
    if (k1 !== "cost" && k1 !== "costRounded") return this.teamTotal(i0, k1);
    const value = team[k1];
    const re = sumOf(parts);
    return this.b.step(
      `tenants.teams[${i0}].${k1}`,
      value,
      words("overPools", { key: String(k1) }),
      plus(parts),
      parts,
      k1 === "costRounded"
        ? fromMinor(
            toMinor(re, minorUnitDigits(this.b.ctx.result.currency)),
            minorUnitDigits(this.b.ctx.result.currency),
          )
        : re,
    );
  }

  /** A team's totals over pools and shared costs (`tenants.teams[i].…`). */
  private teamTotal(i0: number, k1: unknown): LineageNode | null {
    const tr = this.b.ctx.result.tenants!;
    const team = tr.teams[i0]!;
    const path = `tenants.teams[${i0}].${String(k1)}`;
    const digits = minorUnitDigits(this.b.ctx.result.currency);
    const round = (x: number) => fromMinor(toMinor(x, digits), digits);
    const sum = (parts: LineageNode[], what: Words, value: number | null, rounded: boolean) =>
      this.b.step(
        path,
        value,
        what,
        plus(parts),
        parts,
        rounded ? round(sumOf(parts)) : sumOf(parts),
      );
    const overPools = (k: string) => {
      const parts: LineageNode[] = [];
      tr.pools.forEach((pool, pi) => {
        // A pool without the team: index -1 names no team, so tenants() gives null.
        const n = this.t.tenants([
          "pools",
          pi,
          "teams",
          pool.teams.findIndex((t) => t.name === team.name),
          k,
        ]);
        if (n) parts.push(n);
      });
      return parts;
    };
    const overShared = (k: "cost" | "costRounded") => {
      const parts: LineageNode[] = [];
      tr.shared.forEach((s, si) => {
        // A shared cost without the team (split none, or no teams): index -1 names no team part.
        const n = this.sharedLine(si, ["teams", s.teams.findIndex((t) => t.name === team.name), k]);
        if (n) parts.push(n);
      });
      return parts;
    };
    switch (k1) {
      case "tokens":
      case "inputTokens":
      case "outputTokens":
        return sum(overPools(k1), words("overPools", { key: String(k1) }), team[k1], false);
      case "sharedCost":
        return sum(overShared("cost"), words("teamShared"), team.sharedCost, false);
      case "sharedCostRounded":
        return sum(
          overShared("costRounded"),
          words("teamSharedRounded"),
          team.sharedCostRounded,
          true,
        );
      case "total":
      case "totalRounded": {
        const r = k1 === "totalRounded";
        // Both are sums over the team's parts (the team exists: tenants() checked it), never null.
        const a = this.t.tenants(["teams", i0, r ? "costRounded" : "cost"])!;
        const b = this.teamTotal(i0, r ? "sharedCostRounded" : "sharedCost")!;
        return this.b.step(
          path,
          team[k1],
          words("ownPlusShared"),
          [a, " + ", b],
          [a, b],
          r ? round(val(a) + val(b)) : val(a) + val(b),
        );
      }
      case "costPerMillionTokens": {
        const c = this.t.tenants(["teams", i0, "cost"])!;
        const t = this.teamTotal(i0, "tokens")!;
        return this.b.step(
          path,
          team.costPerMillionTokens,
          words("ownPerMillion"),
          [c, " ÷ ", t, " × 1,000,000"],
          [c, t],
          val(t) > 0 ? (val(c) / val(t)) * 1e6 : null,
        );
      }
      case "costPerMillionInputTokens":
      case "costPerMillionOutputTokens": {
        const m = this.teamTotal(i0, "costPerMillionTokens");
        return m
          ? this.t.weighted(
              path,
              team[k1],
              m,
              k1 === "costPerMillionInputTokens" ? "input" : "output",
            )
          : null;
      }
    }
    return null;
  }

  /** A shared cost line (`tenants.shared[i].…`): its cost, what stays unallocated, each team's part. */
  sharedLine(i0: number, rest: readonly (string | number)[]): LineageNode | null {
    const tr = this.b.ctx.result.tenants!;
    const line = tr.shared[i0];
    if (!line) return null;
    const path = `tenants.shared[${i0}]`;
    const defs = this.b.ctx.resolved.tenants!.shared;
    // Every shared line of the result comes from a definition of that name (plan-tenants.ts).
    const di = defs.findIndex((d) => d.name === line.name);
    const cost = this.b.field(`tenants.shared[${di}].costPerDay`, defs[di]!.costPerDay);
    const [k, ti, k2] = rest;
    if (rest.length === 1) {
      if (k === "cost") return cost;
      if (k === "costRounded") {
        const at = `${path}.costRounded`;
        return this.t.rounded(at, line.costRounded, cost, words("sharedRounded"));
      }
      if (k === "unallocated") {
        const whole = line.split === "none" || line.teams.length === 0;
        return {
          path: `${path}.unallocated`,
          kind: "computed",
          value: line.unallocated,
          ...(whole ? words("sharedWhole") : words("sharedNone")),
          plugged: `${N(line.unallocated)}`,
          recomputed: whole ? cost.value : 0,
          inputs: whole ? [cost] : [],
        };
      }
      if (k === "unallocatedRounded") {
        const u = this.sharedLine(i0, ["unallocated"])!;
        const at = `${path}.unallocatedRounded`;
        return this.t.rounded(at, line.unallocatedRounded, u, words("unallocatedRounded"));
      }
      return null;
    }
    if (k !== "teams" || typeof ti !== "number" || rest.length !== 3) return null;
    const team = line.teams[ti];
    if (!team) return null;
    const tp = `${path}.teams[${ti}]`;
    if (k2 === "costRounded") {
      const c = this.sharedLine(i0, ["teams", ti, "cost"]);
      return c
        ? this.t.rounded(`${tp}.costRounded`, team.costRounded, c, words("sharedPartsRounded"))
        : null;
    }
    if (k2 !== "cost") return null;
    const ownSum = tr.teams.reduce((a, t) => a + t.cost, 0);
    if (line.split === "even" || !(ownSum > 0)) {
      const n: LineageNode = {
        path: "teams",
        kind: "constant",
        value: line.teams.length,
        inputs: [],
      };
      return this.b.step(
        `${tp}.cost`,
        team.cost,
        words("sharedEven"),
        [cost, " ÷ ", n],
        [cost, n],
        num(cost.value) ? cost.value / line.teams.length : null,
      );
    }
    const ti2 = tr.teams.findIndex((t) => t.name === team.name);
    // The teams sharing a cost are the allocation's teams: ti2 is never -1, own never null.
    const own = this.t.tenants(["teams", ti2, "cost"])!;
    const all: LineageNode = {
      path: "Σ teams' own cost",
      kind: "computed",
      value: ownSum,
      ...words("sumPoolCosts"),
      plugged: `${N(ownSum)}`,
      recomputed: ownSum,
      inputs: [],
    };
    return this.b.step(
      `${tp}.cost`,
      team.cost,
      words("sharedWeighted"),
      [cost, " × ", own, " ÷ ", all],
      [cost, own, all],
      val(cost) * (val(own) / ownSum),
    );
  }
}
