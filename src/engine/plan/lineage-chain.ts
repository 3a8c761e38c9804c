/**
 * The lineage of a SKU's declared chain (src/engine/chain/quantities.ts, docs/lineage.md): the
 * chain evaluated with its trace from the numbers the result holds, and each traced step rendered
 * (formula in English and Chinese, numbers plugged in, recomputed value) down to its leaves: the
 * SKU's fields, the factors, the constants and each workload's terms. Also an error bar's ends.
 */
import {
  checkCapacity,
  forecastRate,
  type CapacityFactors,
  type WorkloadInput,
} from "../chain/capacity";
import { evaluateSku, formulaText, pluggedText, recompute, type Step } from "../chain/evaluate";
import { nameOf } from "../chain/names";
import {
  CONSTANTS,
  isConstant,
  QUANTITIES,
  type ConstantId,
  type QuantityId,
} from "../chain/quantities";
import type { LineageConstant } from "./lineage-messages";
import type { LineageContext, LineageNode } from "./lineage-types";
import { finite, get, N, num, words } from "./lineage-util";

/** What the chain's steps read of the lineage builder (lineage.ts `Builder`). */
export interface ChainLineageHost {
  readonly ctx: LineageContext;
  field(path: string, value: number | null, rawPath?: string): LineageNode;
  constant(id: LineageConstant, value: number): LineageNode;
  sku(si: number, key: string, rest: readonly (string | number)[]): LineageNode | null;
  workloadField(
    i: number,
    key: "peakRps" | "avgRps" | "dailyRequests" | "inputTokens" | "outputTokens",
  ): LineageNode;
  elasticity(): LineageNode;
  redundancy(): LineageNode;
  /** The output tokens/s one replica reaches for workload wi (lineage-sweep.ts). */
  capacityFor(si: number, wi: number): LineageNode | null;
}

/** The trace of one SKU's chain: its steps by result key, and per workload by `key:index`. */
interface SkuTrace {
  sku: Map<string, Step>;
  perWorkload: Map<string, Step>;
}

/** Result keys of a SKU that the chain computes, at `skus[i].<key>` of `plan --json`. */
export const SKU_RESULT_KEYS: ReadonlySet<string> = new Set([
  "replicasBase",
  "replicasRaw",
  "replicas",
  "gpus",
  "costPerHour",
  "costPerDay",
  "costPerMonth",
  "replicaOutputTokensPerSec",
  "costPerOutputToken",
  "costPerMillionOutputTokens",
  "costPerRequest",
  "utilizationAtPeak",
]);

/** The chain's keys that `plan --json` nests under `peak` and `forecast`. */
const NESTED_KEYS: Readonly<Record<string, string>> = {
  peakOutputTokensPerSec: "peak.outputTokensPerSec",
  peakCostPerOutputToken: "peak.costPerOutputToken",
  peakCostPerMillionOutputTokens: "peak.costPerMillionOutputTokens",
  forecastOutputTokensPerSec: "forecast.outputTokensPerSec",
  forecastCostPerOutputToken: "forecast.costPerOutputToken",
  forecastCostPerMillionOutputTokens: "forecast.costPerMillionOutputTokens",
  forecastUtilization: "forecast.utilization",
};

/** Where a chain key sits in a SKU's result (undefined: a step with no result of its own). */
const RESULT_PATH_OF_KEY: Readonly<Record<string, string>> = {
  ...Object.fromEntries([...SKU_RESULT_KEYS].map((k) => [k, k])),
  ...NESTED_KEYS,
};

/** The chain key of a nested result path (`peak.costPerOutputToken`). */
export const CHAIN_KEY_OF_PATH: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(NESTED_KEYS).map(([k, v]) => [v, k]),
);

/** The chain's steps over one lineage builder; each SKU's chain is evaluated once. */
export class ChainLineage {
  /** Each SKU's chain with its trace, once evaluated (null: the SKU has no capacity). */
  private readonly chains = new Map<number, SkuTrace | null>();
  constructor(private readonly b: ChainLineageHost) {}

  /**
   * A step of the declared chain (src/engine/chain/quantities.ts): its formula in English and
   * Chinese, the numbers plugged in and the recomputed value all come from declaration `id`.
   * `from` gives each input's node (or, for a constant, nothing: its number is the declaration's);
   * `names` renames inputs in the formula (one workload's `outputTokens` for the mean).
   */
  declared(
    path: string,
    value: number | null,
    id: QuantityId,
    from: Readonly<Record<string, LineageNode>>,
    inputs: LineageNode[],
    names: Readonly<Record<string, string>> = {},
  ): LineageNode {
    const step = {
      id,
      inputs: QUANTITIES[id].inputs.map((i) => {
        const f = from[i];
        const v = f === undefined ? (CONSTANTS[i as ConstantId] ?? null) : f.value;
        return { id: i, value: num(v) ? v : null };
      }),
      lists: [],
      value,
    };
    return this.traced(path, value, step, inputs, names);
  }

  /** A step of the chain as evaluated (`step`: its declaration and the numbers it read). */
  traced(
    path: string,
    value: number | null,
    step: Pick<Step, "id" | "inputs" | "lists" | "value">,
    inputs: LineageNode[],
    names: Readonly<Record<string, string>> = {},
  ): LineageNode {
    const node: LineageNode = {
      path,
      kind: "computed",
      value,
      formula: formulaText(step.id, "en", names),
      plugged: pluggedText(step, N),
      recomputed: recompute(step),
      inputs,
    };
    const zh = formulaText(step.id, "zh", names);
    if (zh !== node.formula) node.formulaZh = zh;
    return node;
  }

  /**
   * An end of an error bar (docs/uncertainty.md): the chain evaluated at the low or high end of
   * the operating point's 95 % t-interval of output tokens/s. Replicas and cost are high where
   * capacity is low, so `[0]` of replicas and cost comes from the capacity's high end.
   */
  interval(si: number, rest: readonly (string | number)[]): LineageNode | null {
    // Callers pass a SKU of the result (Builder.sku checks it).
    const iv = this.b.ctx.result.skus[si]!.interval;
    const [key, end] = rest;
    if (!iv || typeof key !== "string" || (end !== 0 && end !== 1) || rest.length !== 2)
      return null;
    const range = (iv as unknown as Record<string, readonly (number | null)[] | undefined>)[key];
    if (!range) return null;
    const capEnd = key === "outputTokensPerSec" ? end : 1 - end;
    // The capacity's end is a leaf: the t-interval of the repeated runs.
    const capacity: LineageNode = {
      path: `skus[${si}].interval.outputTokensPerSec[${capEnd}]`,
      kind: "computed",
      value: iv.outputTokensPerSec[capEnd] ?? null,
      ...words("intervalEnd", { high: capEnd === 1 }),
      inputs: [],
    };
    if (key === "outputTokensPerSec") return capacity;
    return {
      path: `skus[${si}].interval.${key}[${end}]`,
      kind: "computed",
      value: range[end] ?? null,
      ...words("intervalChain", { key, high: capEnd === 1 }),
      inputs: [capacity],
    };
  }

  /**
   * SKU si's chain evaluated with its trace, from the numbers the result holds (the plan's
   * workloads, the SKU's fields and each workload's capacity as its operating point gives it);
   * null when the SKU has no capacity. Evaluated once per SKU per explanation.
   */
  private chainOf(si: number): SkuTrace | null {
    if (this.chains.has(si)) return this.chains.get(si)!;
    // A `<id>_tok_s` formula that leads back to this SKU while it is evaluated finds no chain.
    this.chains.set(si, null);
    const s = this.b.ctx.result.skus[si]!;
    const ws = this.b.ctx.result.workloads;
    const f = this.b.ctx.result.factors;
    if (!s.capacity || s.workloads.length !== ws.length) return null;
    // The leaves as capacity.ts checks and builds them (the spare rounded up, the forecast rate
    // falling back to the peak), from the numbers the result holds.
    const caps = ws.map((_, wi) => this.b.capacityFor(si, wi)?.value);
    const { leaves } = checkCapacity(
      {
        gpusPerReplica: s.gpusPerReplica as number,
        pricePerGpuHour: s.pricePerGpuHour as number,
        perWorkload: ws.map((w, wi) => ({
          workload: w as WorkloadInput,
          replicaOutputTokensPerSec: caps[wi] as number,
        })),
      },
      {
        elasticity: f.elasticity as number,
        redundancy: f.redundancy as CapacityFactors["redundancy"],
      },
    );
    if (!leaves) return null;
    const e = evaluateSku(leaves, { trace: true });
    const trace: SkuTrace = { sku: new Map(), perWorkload: new Map() };
    for (const st of e.trace!)
      if (st.workload === undefined) trace.sku.set(st.key, st);
      else trace.perWorkload.set(`${st.key}:${st.workload}`, st);
    this.chains.set(si, trace);
    return trace;
  }

  /** Result key `key` of SKU si (`replicas`, `peakCostPerOutputToken`, …) with its chain. */
  chainNode(si: number, key: string): LineageNode | null {
    const c = this.chainOf(si);
    const st = c?.sku.get(key);
    if (!c || !st) return null;
    const inputs: LineageNode[] = [];
    for (const i of st.inputs) {
      const n = c.sku.has(i.id) ? this.chainNode(si, i.id) : this.skuLeaf(si, i.id);
      if (!n) return null;
      inputs.push(n);
    }
    for (const l of st.lists)
      for (let wi = 0; wi < l.values.length; wi++)
        inputs.push(
          c.perWorkload.has(`${l.id}:${wi}`)
            ? this.workloadStep(si, l.id, wi)
            : this.workloadLeaf(si, l.id, wi),
        );
    const rel = RESULT_PATH_OF_KEY[key];
    const path = rel ? `skus[${si}].${rel}` : nameOf(key, "en");
    const written = rel ? get(this.b.ctx.result.skus[si]!.capacity, rel.split(".")) : undefined;
    const value = rel ? (num(written) ? written : null) : st.value;
    // A sum (or blend) over one workload is that workload's number: no step of its own.
    if (st.inputs.length === 0 && st.lists.length === 1 && inputs.length === 1)
      return { ...inputs[0]!, path, value };
    return this.traced(path, value, st, inputs);
  }

  /** A SKU-level leaf of the chain: a field of the SKU, a factor or a constant. */
  private skuLeaf(si: number, id: string): LineageNode | null {
    if (isConstant(id)) return this.b.constant(id, CONSTANTS[id]);
    if (id === "gpusPerReplica" || id === "pricePerGpuHour") return this.b.sku(si, id, []);
    if (id === "elasticity") return this.b.elasticity();
    if (id === "redundancy" || id === "spare") return this.b.redundancy();
    return null;
  }

  /** Per-workload step `id` of SKU si (a term of one of its sums), from the declaration. */
  workloadStep(si: number, id: string, wi: number): LineageNode {
    const q = QUANTITIES[id as QuantityId];
    const from: Record<string, LineageNode> = {};
    for (const i of q.inputs)
      from[i] = isConstant(i) ? this.b.constant(i, CONSTANTS[i]) : this.workloadLeaf(si, i, wi);
    const own = id === "workloadReplicasBase" ? this.b.ctx.result.skus[si]!.workloads[wi] : null;
    const value = own
      ? finite(own.replicasBase)
      : (this.chainOf(si)?.perWorkload.get(`${id}:${wi}`)?.value ?? null);
    const path = own
      ? `skus[${si}].workloads[${wi}].replicasBase`
      : `workloads[${wi}] · ${nameOf(id, "en")}`;
    return this.declared(path, value, id as QuantityId, from, Object.values(from));
  }

  /** A per-workload leaf of SKU si's chain: a workload field, its forecast rate or its capacity. */
  private workloadLeaf(si: number, id: string, wi: number): LineageNode {
    const w = this.b.ctx.result.workloads[wi]!;
    if (id === "workloadCapacity") return this.b.capacityFor(si, wi)!;
    if (id === "forecastRps") {
      if (forecastRate(w as WorkloadInput) === null) return this.b.workloadField(wi, "peakRps");
      if (num(w.avgRps) && w.avgRps >= 0) return this.b.workloadField(wi, "avgRps");
      const d = this.b.workloadField(wi, "dailyRequests");
      return this.declared(
        `workloads[${wi}] · ${nameOf("forecastRps", "en")}`,
        forecastRate(w as WorkloadInput),
        "dailyRate",
        { dailyRequests: d },
        [d, this.b.constant("secondsPerDay", CONSTANTS.secondsPerDay)],
      );
    }
    return this.b.workloadField(wi, id as "inputTokens" | "outputTokens" | "peakRps");
  }
}
