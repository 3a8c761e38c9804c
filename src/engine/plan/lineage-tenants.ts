/**
 * The lineage of the allocation's numbers (`tenants.pools[i].…`, `tenants.teams[i].…`,
 * `tenants.shared[i].…`; docs/allocation.md, docs/lineage.md): pool costs, capacities and
 * replicas, each team's tokens, share, billed replicas and cost, idle, shared costs and the
 * rounding to the currency's minor unit. Each step recomputes its value from its inputs as the
 * allocation does, so a test can check the explanation against the engine's number. The steps of
 * the SKU behind a pool come from the host (lineage.ts).
 */
import { minorUnitDigits } from "../finops/money";
import { PoolLineage } from "./lineage-pools";
import { TeamTotalsLineage } from "./lineage-team-totals";
import type { TenantLineageHost, TenantStepsHost, TokenWeights } from "./lineage-tenant-host";
import type { LineageNode } from "./lineage-types";
import { get, mul, N, num, plus, sumOf, val, words, type Words } from "./lineage-util";

export type { TenantLineageHost } from "./lineage-tenant-host";

/** The allocation's steps over one lineage builder: the entry, the teams' steps in a pool. */
export class TenantLineage implements TenantStepsHost {
  readonly pools = new PoolLineage(this);
  private readonly totals = new TeamTotalsLineage(this);
  constructor(readonly b: TenantLineageHost) {}

  weights(): TokenWeights {
    const t = this.b.ctx.resolved.tenants!;
    const method = t.method;
    const wi = method === "output" ? 0 : method === "weighted" ? (t.inputWeight ?? 1) : 1;
    const wo = method === "weighted" ? (t.outputWeight ?? 1) : 1;
    const mk = (k: "inputWeight" | "outputWeight", v: number) =>
      method === "weighted" && get(this.b.ctx.plan, ["tenants", k]) !== undefined
        ? this.b.field(`tenants.${k}`, v)
        : { path: `${k} (method ${method})`, kind: "constant" as const, value: v, inputs: [] };
    return { wi, wo, inNode: mk("inputWeight", wi), outNode: mk("outputWeight", wo) };
  }

  /** The usage rows of team `team` in pool `pool` summed (`inputTokens` or `outputTokens`). */
  private teamTokens(pi: number, ti: number, which: "inputTokens" | "outputTokens"): LineageNode {
    const tr = this.b.ctx.result.tenants!;
    const pool = tr.pools[pi]!;
    const team = pool.teams[ti]!;
    const t = this.b.ctx.resolved.tenants!;
    const single = tr.pools.length === 1;
    const rows = t.usage
      .map((u, i) => ({ u, i }))
      .filter(
        ({ u }) =>
          u.team === team.name &&
          (u.pool === pool.name || (u.pool === null && single)) &&
          num(u.inputTokens) &&
          num(u.outputTokens),
      );
    const nodes = rows.map(({ u, i }) => this.b.field(`tenants.usage[${i}].${which}`, u[which]));
    const value = team[which] ?? null;
    const path = `tenants.pools[${pi}].teams[${ti}].${which}`;
    if (nodes.length === 1)
      return {
        path,
        kind: "computed",
        value,
        ...words("usageRow", { which }),
        plugged: `${N(nodes[0]!.value)} = ${N(value)}`,
        recomputed: nodes[0]!.value,
        inputs: nodes,
      };
    return this.b.step(
      path,
      value,
      words("usageRows", { which }),
      plus(nodes),
      nodes,
      sumOf(nodes),
    );
  }

  teamWeighted(pi: number, ti: number): LineageNode {
    const team = this.b.ctx.result.tenants!.pools[pi]!.teams[ti]!;
    const { wi, wo, inNode, outNode } = this.weights();
    const i = this.teamTokens(pi, ti, "inputTokens");
    const o = this.teamTokens(pi, ti, "outputTokens");
    return this.b.step(
      `tenants.pools[${pi}].teams[${ti}].tokens`,
      team.tokens,
      words("weightedTokens"),
      [inNode, " × ", i, " + ", outNode, " × ", o],
      [inNode, i, outNode, o],
      wi * val(i) + wo * val(o),
    );
  }

  /** Σ reservedReplicas of the team's usage rows in the pool; null when none gives one. */
  private teamReserved(pi: number, ti: number): LineageNode | null {
    const tr = this.b.ctx.result.tenants!;
    const pool = tr.pools[pi]!;
    const team = pool.teams[ti]!;
    if (!num(team.reservedReplicas)) return null;
    const single = tr.pools.length === 1;
    const rows = this.b.ctx.resolved
      .tenants!.usage.map((u, i) => ({ u, i }))
      .filter(
        ({ u }) =>
          u.team === team.name &&
          (u.pool === pool.name || (u.pool === null && single)) &&
          num(u.reservedReplicas),
      );
    const nodes = rows.map(({ u, i }) =>
      this.b.field(`tenants.usage[${i}].reservedReplicas`, u.reservedReplicas),
    );
    return this.b.step(
      `tenants.pools[${pi}].teams[${ti}].reservedReplicas`,
      team.reservedReplicas,
      words("reservedRows"),
      plus(nodes),
      nodes,
      sumOf(nodes),
    );
  }

  /** A cost per 1M input or output tokens: the method's weight × the cost per 1M weighted tokens. */
  weighted(
    path: string,
    value: number | null,
    perMillion: LineageNode,
    which: "input" | "output",
  ): LineageNode {
    const { wi, wo, inNode, outNode } = this.weights();
    const w = which === "input" ? inNode : outNode;
    return this.b.step(
      path,
      value,
      words("weightedPrice", { which }),
      [w, " × ", perMillion],
      [w, perMillion],
      mul(which === "input" ? wi : wo, perMillion.value),
    );
  }

  rounded(path: string, value: number | null, of: LineageNode, how: Words): LineageNode {
    const digits = minorUnitDigits(this.b.ctx.result.currency);
    return {
      path,
      kind: "computed",
      value,
      ...how,
      plugged: `round(${N(of.value)}, ${digits}) → ${N(value)}`,
      recomputed: value,
      inputs: [of],
    };
  }

  tenants(rest: readonly (string | number)[]): LineageNode | null {
    const tr = this.b.ctx.result.tenants;
    if (!tr || !this.b.ctx.resolved.tenants) return null;
    const [k0, i0, k1, i1, k2] = rest;
    if (k0 === "teams" && typeof i0 === "number" && rest.length === 3)
      return this.totals.team(i0, k1);
    if (k0 === "shared" && typeof i0 === "number") return this.totals.sharedLine(i0, rest.slice(2));
    if (k0 !== "pools" || typeof i0 !== "number") return null;
    const pool = tr.pools[i0];
    if (!pool) return null;
    if (rest.length === 3) return this.pools.pool(i0, k1);
    return this.poolTeam(i0, k1, i1, k2, rest.length);
  }

  /** A number of team i1 in pool pi (`tenants.pools[pi].teams[i1].<k2>`). */
  poolTeam(i0: number, k1: unknown, i1: unknown, k2: unknown, length: number): LineageNode | null {
    const pool = this.b.ctx.result.tenants!.pools[i0]!;
    const pp = `tenants.pools[${i0}]`;
    if (k1 !== "teams" || typeof i1 !== "number" || length !== 5) return null;
    const team = pool.teams[i1];
    if (!team) return null;
    const tp = `${pp}.teams[${i1}]`;
    switch (k2) {
      case "inputTokens":
      case "outputTokens":
        return this.teamTokens(i0, i1, k2);
      case "tokens":
        return this.teamWeighted(i0, i1);
      case "share": {
        const a = this.teamWeighted(i0, i1);
        const b = this.tenants(["pools", i0, "usedTokens"])!;
        return this.b.step(
          `${tp}.share`,
          team.share,
          words("share"),
          [a, " ÷ ", b],
          [a, b],
          val(b) > 0 ? val(a) / val(b) : 0,
        );
      }
      case "reservedReplicas":
        return this.teamReserved(i0, i1);
      case "usedReplicas": {
        const a = this.teamWeighted(i0, i1);
        const cap = this.pools.poolCapacity(i0);
        const r = this.pools.poolReplicas(i0);
        if (!cap || !r) return null;
        return this.b.step(
          `${tp}.usedReplicas`,
          team.usedReplicas,
          words("usedReplicas"),
          [a, " ÷ ", cap, " × ", r],
          [a, cap, r],
          (val(a) / val(cap)) * val(r),
        );
      }
      case "billedReplicas": {
        const u = this.tenants(["pools", i0, "teams", i1, "usedReplicas"]);
        const r = this.teamReserved(i0, i1) ?? {
          path: "reservedReplicas (none given)",
          kind: "constant" as const,
          value: 0,
          inputs: [],
        };
        if (!u) return null;
        return this.b.step(
          `${tp}.billedReplicas`,
          team.billedReplicas,
          words("billedReplicas"),
          ["max(", r, ", ", u, ")"],
          [r, u],
          num(u.value) ? Math.max(r.value ?? 0, u.value) : null,
        );
      }
      case "costPerMillionInputTokens":
      case "costPerMillionOutputTokens": {
        const m = this.tenants(["pools", i0, "teams", i1, "costPerMillionTokens"]);
        const at = `${tp}.${k2}`;
        return m
          ? this.weighted(at, team[k2], m, k2 === "costPerMillionInputTokens" ? "input" : "output")
          : null;
      }
      case "cost":
        return this.teamCost(i0, i1);
      case "costRounded": {
        const c = this.tenants(["pools", i0, "teams", i1, "cost"]);
        return c
          ? this.rounded(`${tp}.costRounded`, team.costRounded, c, words("teamRounded"))
          : null;
      }
      case "costPerMillionTokens": {
        const c = this.tenants(["pools", i0, "teams", i1, "cost"])!;
        const a = this.teamWeighted(i0, i1);
        return this.b.step(
          `${tp}.costPerMillionTokens`,
          team.costPerMillionTokens,
          words("perMillion"),
          [c, " ÷ ", a, " × 1,000,000"],
          [c, a],
          val(a) > 0 ? (val(c) / val(a)) * 1e6 : null,
        );
      }
    }
    return null;
  }

  /** Team i1's cost in pool pi: by billed replicas, by its tokens over the capacity, or its share. */
  private teamCost(i0: number, i1: number): LineageNode {
    const pool = this.b.ctx.result.tenants!.pools[i0]!;
    const team = pool.teams[i1]!;
    const tp = `tenants.pools[${i0}].teams[${i1}]`;
    const c = this.pools.poolCost(i0)!;
    const a = this.teamWeighted(i0, i1);
    if (pool.basis === "reservation") {
      // A pool billed by reservation has a capacity and replicas, and the definition that gives
      // this pool's cost (c) gives them too (its own numbers, or its SKU's): b and all are never null.
      const b = this.tenants(["pools", i0, "teams", i1, "billedReplicas"])!;
      if (
        this.b.ctx.resolved.tenants!.idle === "separate" &&
        (pool.billedReplicas ?? 0) <= (pool.replicas ?? 0)
      ) {
        const r = this.pools.poolReplicas(i0)!;
        return this.b.step(
          `${tp}.cost`,
          team.cost,
          words("costBilledKeepIdle"),
          [b, " ÷ ", r, " × ", c],
          [b, r, c],
          (val(b) / val(r)) * val(c),
        );
      }
      const all = this.tenants(["pools", i0, "billedReplicas"])!;
      return this.b.step(
        `${tp}.cost`,
        team.cost,
        words("costBilled"),
        [b, " ÷ ", all, " × ", c],
        [b, all, c],
        val(all) === 0 ? 0 : (val(b) / val(all)) * val(c),
      );
    }
    if (
      this.b.ctx.resolved.tenants!.idle === "separate" &&
      num(pool.capacityTokens) &&
      pool.usedTokens <= pool.capacityTokens &&
      pool.usedTokens > 0
    ) {
      const cap = this.pools.poolCapacity(i0)!;
      return this.b.step(
        `${tp}.cost`,
        team.cost,
        words("costKeepIdle"),
        [a, " × ", c, " ÷ ", cap],
        [a, c, cap],
        val(a) * (val(c) / val(cap)),
      );
    }
    const share = this.tenants(["pools", i0, "teams", i1, "share"])!;
    return this.b.step(
      `${tp}.cost`,
      team.cost,
      words("costShare"),
      [share, " × ", c],
      [share, c],
      mul(share.value, c.value),
    );
  }
}
