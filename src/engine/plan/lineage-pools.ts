/**
 * The lineage of a pool of the allocation (`tenants.pools[i].…`; docs/allocation.md,
 * docs/lineage.md): its cost (given, or its SKU's daily cost), capacity in weighted tokens a day,
 * replicas, used and billed amounts, prices per 1M tokens, and idle, each as the allocation
 * computes it. The teams' steps come from the host (lineage-tenants.ts).
 */
import { SECONDS_PER_DAY } from "../chain/quantities";
import type { LineageNode } from "./lineage-types";
import { N, num, plus, sumOf, val, words } from "./lineage-util";
import type { TenantStepsHost } from "./lineage-tenant-host";
import type { ResolvedPool } from "./resolved-plan-types";

/** The pool steps over the allocation's lineage. */
export class PoolLineage {
  constructor(private readonly t: TenantStepsHost) {}

  private get b() {
    return this.t.b;
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

  poolCost(pi: number): LineageNode | null {
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

  poolCapacity(pi: number): LineageNode | null {
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
    const { wi, wo, inNode, outNode } = this.t.weights();
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
  poolReplicas(pi: number): LineageNode | null {
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

  /** A number of pool pi (`tenants.pools[pi].<k1>`). */
  pool(i0: number, k1: unknown): LineageNode | null {
    const pool = this.b.ctx.result.tenants!.pools[i0]!;
    const pp = `tenants.pools[${i0}]`;
    switch (k1) {
      case "cost":
        return this.poolCost(i0);
      case "costRounded": {
        const c = this.poolCost(i0)!;
        const at = `${pp}.costRounded`;
        return this.t.rounded(at, pool.costRounded, c, words("poolRounded"));
      }
      case "usedTokens": {
        const nodes = pool.teams.map((_, ti) => this.t.teamWeighted(i0, ti));
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
          this.t.tenants(["pools", i0, "teams", ti, "billedReplicas"]),
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
        const u = this.t.tenants(["pools", i0, "usedTokens"])!;
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
        const m = this.t.tenants(["pools", i0, "costPerMillionTokens"]);
        const at = `${pp}.${k1}`;
        return m
          ? this.t.weighted(
              at,
              pool[k1],
              m,
              k1 === "costPerMillionInputTokens" ? "input" : "output",
            )
          : null;
      }
      case "idle":
        return this.idle(i0);
      case "idleRounded": {
        const idle = this.t.tenants(["pools", i0, "idle"]);
        const at = `${pp}.idleRounded`;
        return idle ? this.t.rounded(at, pool.idleRounded, idle, words("idleRounded")) : null;
      }
    }
    return null;
  }

  /** The pool's idle cost: what its teams leave of it, or none (docs/allocation.md). */
  idle(i0: number): LineageNode | null {
    const pool = this.b.ctx.result.tenants!.pools[i0]!;
    const pp = `tenants.pools[${i0}]`;
    const c = this.poolCost(i0)!;
    const teams = pool.teams
      .map((_, ti) => this.t.tenants(["pools", i0, "teams", ti, "cost"]))
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
      if (this.b.ctx.resolved.tenants!.idle !== "separate" || billed > (pool.replicas ?? 0))
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
      this.b.ctx.resolved.tenants!.idle !== "separate" ||
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
}
