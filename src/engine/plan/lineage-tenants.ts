/**
 * The lineage of the allocation's numbers (`tenants.pools[i].…`, `tenants.teams[i].…`,
 * `tenants.shared[i].…`; docs/allocation.md, docs/lineage.md): pool costs, capacities and
 * replicas, each team's tokens, share, billed replicas and cost, idle, shared costs and the
 * rounding to the currency's minor unit. Each step recomputes its value from its inputs as the
 * allocation does, so a test can check the explanation against the engine's number. The steps of
 * the SKU behind a pool come from the host (lineage.ts).
 */
import { SECONDS_PER_DAY } from "../chain/quantities";
import { fromMinor, minorUnitDigits, toMinor } from "../finops/money";
import type { LineageContext, LineageNode } from "./lineage-types";
import type { ResolvedPool } from "./resolved-plan-types";
import { get, mul, N, num, plus, sumOf, val, words, type Words } from "./lineage-util";

/** What the allocation's steps read of the lineage builder (lineage.ts `Builder`). */
export interface TenantLineageHost {
  readonly ctx: LineageContext;
  step(
    path: string,
    value: number | null,
    formula: Words,
    plugged: (string | LineageNode)[],
    inputs: LineageNode[],
    recomputed: number | null,
  ): LineageNode;
  field(path: string, value: number | null, rawPath?: string): LineageNode;
  sku(si: number, key: string, rest: readonly (string | number)[]): LineageNode | null;
  workloadField(
    i: number,
    key: "peakRps" | "avgRps" | "dailyRequests" | "inputTokens" | "outputTokens",
  ): LineageNode;
}

/** The allocation's steps over one lineage builder. */
export class TenantLineage {
  constructor(private readonly b: TenantLineageHost) {}

  private weights(): { wi: number; wo: number; inNode: LineageNode; outNode: LineageNode } {
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

  private teamWeighted(pi: number, ti: number): LineageNode {
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

  /**
   * The plan's pool behind result pool `pi`: of the pools with its name (a name repeats only in a
   * plan with errors), the one plan-tenants.ts kept, in order — a cost, or a SKU with a daily cost.
   */
  private poolDef(pi: number): { def: ResolvedPool | null; defIndex: number } {
    const pools = this.b.ctx.result.tenants!.pools;
    const name = pools[pi]!.name;
    const nth = pools.slice(0, pi).filter((p) => p.name === name).length;
    const kept = this.b.ctx.resolved
      .tenants!.pools.map((p, i) => ({ p, i }))
      .filter(
        ({ p }) =>
          p.name === name &&
          (num(p.costPerDay) ||
            num(this.b.ctx.result.skus.find((s) => s.name === p.sku)?.capacity?.costPerDay)),
      );
    const k = kept[nth];
    return k ? { def: k.p, defIndex: k.i } : { def: null, defIndex: -1 };
  }

  private poolCost(pi: number): LineageNode | null {
    const tr = this.b.ctx.result.tenants!;
    const pool = tr.pools[pi]!;
    const { def, defIndex } = this.poolDef(pi);
    if (def && num(def.costPerDay))
      return this.b.field(`tenants.pools[${defIndex}].costPerDay`, def.costPerDay);
    const skuName = def ? def.sku : this.b.ctx.result.cheapest;
    const si = this.b.ctx.result.skus.findIndex((s) => s.name === skuName);
    if (si < 0) return null;
    const c = this.b.sku(si, "costPerDay", [])!;
    return {
      path: `tenants.pools[${pi}].cost`,
      kind: "computed",
      value: pool.cost,
      ...(def
        ? words("poolSkuCost", { sku: skuName, index: defIndex })
        : words("poolRecommendedCost", { sku: skuName })),
      plugged: `${N(c.value)} = ${N(pool.cost)}`,
      recomputed: c.value,
      inputs: [c],
    };
  }

  private poolCapacity(pi: number): LineageNode | null {
    const tr = this.b.ctx.result.tenants!;
    const pool = tr.pools[pi]!;
    if (!num(pool.capacityTokens)) return null;
    const { def, defIndex } = this.poolDef(pi);
    if (def && num(def.capacityTokensPerDay))
      return this.b.field(
        `tenants.pools[${defIndex}].capacityTokensPerDay`,
        def.capacityTokensPerDay,
      );
    const skuName = def ? def.sku : this.b.ctx.result.cheapest;
    const si = this.b.ctx.result.skus.findIndex((s) => s.name === skuName);
    if (si < 0) return null;
    const { wi, wo, inNode, outNode } = this.weights();
    const ws = this.b.ctx.result.workloads;
    const pw = ws.reduce(
      (a, w) =>
        a + (w.peakRps ?? NaN) * (wi * (w.inputTokens ?? NaN) + wo * (w.outputTokens ?? NaN)),
      0,
    );
    const peakW: LineageNode = {
      path: "peak weighted tokens/s",
      kind: "computed",
      value: pw,
      ...words("weightedPeak"),
      plugged:
        ws
          .map(
            (w) =>
              `${N(w.peakRps)} × (${N(wi)} × ${N(w.inputTokens)} + ${N(wo)} × ${N(w.outputTokens)})`,
          )
          .join(" + ") + ` = ${N(pw)}`,
      recomputed: pw,
      inputs: [
        ...ws.flatMap((_, k) => [
          this.b.workloadField(k, "peakRps"),
          this.b.workloadField(k, "inputTokens"),
          this.b.workloadField(k, "outputTokens"),
        ]),
        inNode,
        outNode,
      ],
    };
    const rep = this.b.sku(si, "replicas", [])!;
    const base = this.b.sku(si, "replicasBase", [])!;
    return this.b.step(
      `tenants.pools[${pi}].capacityTokens`,
      pool.capacityTokens,
      words("poolCapacity", { day: N(SECONDS_PER_DAY) }),
      [peakW, " × (", rep, " ÷ ", base, `) × ${N(SECONDS_PER_DAY)}`],
      [peakW, rep, base],
      num(rep.value) && num(base.value) && base.value > 0
        ? pw * (rep.value / base.value) * SECONDS_PER_DAY
        : null,
    );
  }

  /** The pool's replicas: given (`tenants.pools[i].replicas`) or the SKU's. */
  private poolReplicas(pi: number): LineageNode | null {
    const pool = this.b.ctx.result.tenants!.pools[pi]!;
    if (!num(pool.replicas)) return null;
    const { def, defIndex } = this.poolDef(pi);
    if (def && num(def.replicas))
      return this.b.field(`tenants.pools[${defIndex}].replicas`, def.replicas);
    const skuName = def ? def.sku : this.b.ctx.result.cheapest;
    const si = this.b.ctx.result.skus.findIndex((s) => s.name === skuName);
    if (si < 0) return null;
    const r = this.b.sku(si, "replicas", [])!;
    return {
      path: `tenants.pools[${pi}].replicas`,
      kind: "computed",
      value: pool.replicas,
      ...words("poolReplicas", { sku: skuName }),
      plugged: `${N(r.value)} = ${N(pool.replicas)}`,
      recomputed: r.value,
      inputs: [r],
    };
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
  private weighted(
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
        const n = this.tenants([
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
        const a = this.tenants(["teams", i0, r ? "costRounded" : "cost"])!;
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
        const c = this.tenants(["teams", i0, "cost"])!;
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
          ? this.weighted(
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
  private sharedLine(i0: number, rest: readonly (string | number)[]): LineageNode | null {
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
        return this.rounded(at, line.costRounded, cost, words("sharedRounded"));
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
        return this.rounded(at, line.unallocatedRounded, u, words("unallocatedRounded"));
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
        ? this.rounded(`${tp}.costRounded`, team.costRounded, c, words("sharedPartsRounded"))
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
    const own = this.tenants(["teams", ti2, "cost"])!;
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

  private rounded(path: string, value: number | null, of: LineageNode, how: Words): LineageNode {
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
    if (k0 === "teams" && typeof i0 === "number" && rest.length === 3) {
      const team = tr.teams[i0];
      if (!team) return null;
      const parts: LineageNode[] = [];
      tr.pools.forEach((pool, pi) => {
        // A pool without the team: index -1 names no team, so tenants() gives null.
        const n = this.tenants([
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
    if (k0 === "shared" && typeof i0 === "number") return this.sharedLine(i0, rest.slice(2));
    if (k0 !== "pools" || typeof i0 !== "number") return null;
    const pool = tr.pools[i0];
    if (!pool) return null;
    const pp = `tenants.pools[${i0}]`;
    if (rest.length === 3) {
      switch (k1) {
        case "cost":
          return this.poolCost(i0);
        case "costRounded": {
          const c = this.poolCost(i0)!;
          const at = `${pp}.costRounded`;
          return this.rounded(at, pool.costRounded, c, words("poolRounded"));
        }
        case "usedTokens": {
          const nodes = pool.teams.map((_, ti) => this.teamWeighted(i0, ti));
          return this.b.step(
            `${pp}.usedTokens`,
            pool.usedTokens,
            words("sumWeighted"),
            plus(nodes),
            nodes,
            sumOf(nodes),
          );
        }
        case "capacityTokens":
          return this.poolCapacity(i0);
        case "replicas":
          return this.poolReplicas(i0);
        case "billedReplicas": {
          const nodes = pool.teams.map((_, ti) =>
            this.tenants(["pools", i0, "teams", ti, "billedReplicas"]),
          );
          if (nodes.some((n) => !n)) return null;
          return this.b.step(
            `${pp}.billedReplicas`,
            pool.billedReplicas,
            words("sumBilled"),
            plus(nodes as LineageNode[]),
            nodes as LineageNode[],
            sumOf(nodes as LineageNode[]),
          );
        }
        case "costPerMillionTokens": {
          // A pool of the result always has a cost with a lineage (poolCost: its definition's own cost, or its SKU's).
          const c = this.poolCost(i0)!;
          const u = this.tenants(["pools", i0, "usedTokens"])!;
          return this.b.step(
            `${pp}.costPerMillionTokens`,
            pool.costPerMillionTokens,
            words("poolPerMillion"),
            [c, " ÷ ", u, " × 1,000,000"],
            [c, u],
            val(u) > 0 ? (val(c) / val(u)) * 1e6 : null,
          );
        }
        case "costPerMillionInputTokens":
        case "costPerMillionOutputTokens": {
          const m = this.tenants(["pools", i0, "costPerMillionTokens"]);
          const at = `${pp}.${k1}`;
          return m
            ? this.weighted(
                at,
                pool[k1],
                m,
                k1 === "costPerMillionInputTokens" ? "input" : "output",
              )
            : null;
        }
        case "idle": {
          const c = this.poolCost(i0)!;
          const teams = pool.teams
            .map((_, ti) => this.tenants(["pools", i0, "teams", ti, "cost"]))
            .filter((n): n is LineageNode => !!n);
          if (pool.basis === "reservation") {
            const billed = pool.billedReplicas ?? 0;
            if (billed === 0)
              return {
                path: `${pp}.idle`,
                kind: "computed",
                value: pool.idle,
                ...words("idleWholeNoUse"),
                plugged: `${N(pool.idle)}`,
                recomputed: c.value,
                inputs: [c],
              };
            if (this.b.ctx.resolved.tenants.idle !== "separate" || billed > (pool.replicas ?? 0))
              return {
                path: `${pp}.idle`,
                kind: "computed",
                value: pool.idle,
                ...words("idleNoneReserved"),
                plugged: `${N(pool.idle)}`,
                recomputed: 0,
                inputs: [],
              };
            const re = num(c.value) ? Math.max(0, c.value - sumOf(teams)) : null;
            return this.b.step(
              `${pp}.idle`,
              pool.idle,
              words("idleUnbilled"),
              [c, " − (", ...plus(teams), ")"],
              [c, ...teams],
              re,
            );
          }
          if (
            this.b.ctx.resolved.tenants.idle !== "separate" ||
            !num(pool.capacityTokens) ||
            pool.usedTokens > pool.capacityTokens ||
            pool.usedTokens === 0
          ) {
            return {
              path: `${pp}.idle`,
              kind: "computed",
              value: pool.idle,
              ...(pool.usedTokens === 0 ? words("idleWhole") : words("idleSpread")),
              plugged: `${N(pool.idle)}`,
              recomputed: pool.usedTokens === 0 ? c.value : 0,
              inputs: pool.usedTokens === 0 ? [c] : [],
            };
          }
          const re = num(c.value) ? Math.max(0, c.value - sumOf(teams)) : null;
          return this.b.step(
            `${pp}.idle`,
            pool.idle,
            words("idleRest"),
            [c, " − (", ...plus(teams), ")"],
            [c, ...teams],
            re,
          );
        }
        case "idleRounded": {
          const idle = this.tenants(["pools", i0, "idle"]);
          const at = `${pp}.idleRounded`;
          return idle ? this.rounded(at, pool.idleRounded, idle, words("idleRounded")) : null;
        }
      }
      return null;
    }
    if (k1 !== "teams" || typeof i1 !== "number" || rest.length !== 5) return null;
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
        const cap = this.poolCapacity(i0);
        const r = this.poolReplicas(i0);
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
      case "cost": {
        const c = this.poolCost(i0)!;
        const a = this.teamWeighted(i0, i1);
        if (pool.basis === "reservation") {
          // A pool billed by reservation has a capacity and replicas, and the definition that gives
          // this pool's cost (c) gives them too (its own numbers, or its SKU's): b and all are never null.
          const b = this.tenants(["pools", i0, "teams", i1, "billedReplicas"])!;
          if (
            this.b.ctx.resolved.tenants.idle === "separate" &&
            (pool.billedReplicas ?? 0) <= (pool.replicas ?? 0)
          ) {
            const r = this.poolReplicas(i0)!;
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
          this.b.ctx.resolved.tenants.idle === "separate" &&
          num(pool.capacityTokens) &&
          pool.usedTokens <= pool.capacityTokens &&
          pool.usedTokens > 0
        ) {
          const cap = this.poolCapacity(i0)!;
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
}
