/**
 * The lineage of a number (docs/lineage.md): for any numeric value of a plan result (a path of
 * `capplan plan --json`, e.g. `skus[1].replicas`), the chain of steps that produced it, each with
 * its formula and the numbers plugged in, down to its inputs: a cell (with its formula), a plan
 * field, a catalogue entry or a sweep point (its files and position). Pure: reads the plan file
 * as written, its resolved values and the result; finding a sweep point's line in its file is the
 * caller's (the CLI reads files, see `locateSweepLeaves` in src/cli/commands/explain.ts).
 *
 * Each computed step also recomputes its value from its inputs (`recomputed`), so a test can
 * check that the explanation is the arithmetic that gave the number, not a story beside it.
 */
import type { QuantityId } from "../chain/quantities";
import { compiledFormula } from "../formula/formula";
import {
  CHAIN_KEY_OF_PATH,
  ChainLineage,
  SKU_RESULT_KEYS,
  type ChainLineageHost,
} from "./lineage-chain";
import { kvLineage, workloadKvLineage, type KvLineageHost } from "./lineage-kv";
import type { LineageConstant } from "./lineage-messages";
import { SweepLineage, type SweepLineageHost } from "./lineage-sweep";
import { TenantLineage } from "./lineage-tenants";
import type { LineageAnswer, LineageContext, LineageNode } from "./lineage-types";
import { get, lineageNumber, N, num, parseLineagePath, words, type Words } from "./lineage-util";
import type { SkuWorkloadResult } from "./plan-result";

export { lineageNumber, parseLineagePath };
export { consistent, lineageNodes, lineageText, sweepLeaves } from "./lineage-tree";
export type {
  LineageAnswer,
  LineageContext,
  LineageKind,
  LineageNode,
  SweepSource,
} from "./lineage-types";
export type { SkuWorkloadResult };

/** Builds lineage trees of one plan result. */
class Builder implements KvLineageHost, SweepLineageHost, ChainLineageHost {
  private cellsSeen = new Map<string, LineageNode>();
  /** SKUs whose `<id>_tok_s` chain is being built (the cycle guard). */
  private readonly tokSOpen = new Set<number>();
  private readonly sweeps = new SweepLineage(this);
  private readonly chain = new ChainLineage(this);
  constructor(readonly ctx: LineageContext) {}

  /** A named cell, with its formula's cells as inputs (cycles end in a leaf). */
  cell(name: string, depth = 0): LineageNode {
    const hit = this.cellsSeen.get(name);
    if (hit) return hit;
    const raw = this.ctx.plan.cells?.[name];
    const value = this.ctx.resolved.cells[name] ?? null;
    const node: LineageNode = { path: `cells.${name}`, kind: "cell", value, inputs: [] };
    this.cellsSeen.set(name, node);
    if (raw !== undefined) node.raw = String(raw);
    if (typeof raw === "string" && raw.trim().startsWith("=") && depth < 50)
      this.formulaInputs(node, raw, depth);
    return node;
  }

  /**
   * A formula's inputs: the cells it reads (and `<id>_tok_s` hops), found as the sheet finds them
   * (`compiledFormula`), and the formula with their values plugged in, written from its parsed tree.
   */
  formulaInputs(node: LineageNode, raw: string, depth: number): void {
    const expr = raw.trim().slice(1).trim();
    node.formula = expr;
    const compiled = compiledFormula(expr);
    // A formula the sheet refused (its error says why), or one met before the app's lazily loaded
    // formula engine arrived: the formula as written and its value, with no inputs.
    if (!compiled.ok) {
      node.plugged = `${expr} = ${N(node.value)}`;
      return;
    }
    const cells = this.ctx.resolved.cells;
    const values = new Map<string, number | null>();
    for (const n of compiled.names) {
      if (Object.hasOwn(cells, n)) {
        node.inputs.push(this.cell(n, depth + 1));
        values.set(n, cells[n] ?? null);
        continue;
      }
      // `<id>_tok_s`: a SKU's computed replica output tokens/s (docs/formulas.md), followed into
      // that SKU's own chain (operating point → sweep points → file lines).
      const si = this.tokSku(n);
      if (si === undefined) continue;
      const hop = this.tokS(n, si);
      node.inputs.push(hop);
      values.set(n, hop.value);
    }
    // In a call's arguments a "," separates them: numbers there are written without grouping.
    const text = compiled.written((n, inCall) => {
      if (!values.has(n)) return undefined;
      const v = N(values.get(n));
      return inCall ? v.replaceAll(",", "") : v;
    });
    node.plugged = `${text} = ${N(node.value)}`;
  }

  /** The SKU whose `<id>_tok_s` a formula name reads (the first SKU with that id), if any. */
  private tokSku(name: string): number | undefined {
    if (!name.endsWith("_tok_s") || Object.hasOwn(this.ctx.plan.cells ?? {}, name))
      return undefined;
    const id = name.slice(0, -"_tok_s".length);
    const i = this.ctx.plan.skus.findIndex((s) => s.id === id);
    return i >= 0 ? i : undefined;
  }

  /** The `<id>_tok_s` hop: SKU si's replicaOutputTokensPerSec with its chain; a cycle ends in a leaf. */
  private tokS(name: string, si: number): LineageNode {
    const s = this.ctx.result.skus[si];
    const c = s?.capacity?.replicaOutputTokensPerSec;
    const value = num(c) ? c : null;
    const sku = s?.name ?? `SKU ${si + 1}`;
    const node: LineageNode = {
      path: name,
      kind: "computed",
      value,
      ...words("tokS", { si, name: sku }),
      plugged: `${N(value)} = ${N(value)}`,
      recomputed: value,
      inputs: [],
    };
    if (this.tokSOpen.has(si)) {
      Object.assign(node, words("tokSCycle", { si, name: sku }));
      return node;
    }
    this.tokSOpen.add(si);
    try {
      const inner = this.sku(si, "replicaOutputTokensPerSec", []);
      if (inner) {
        node.inputs = [inner];
        node.recomputed = inner.value;
      }
    } finally {
      this.tokSOpen.delete(si);
    }
    return node;
  }

  /** A field of the plan file (`skus[0].pricePerGpuHour`), its value as resolved. */
  field(path: string, value: number | null, rawPath: string = path): LineageNode {
    const keys = parseLineagePath(rawPath); // null for a name that is not a key (`sweeps.support-bot…`): the caller reads it
    let raw = keys ? get(this.ctx.plan, keys) : undefined;
    if (raw === undefined && keys?.[0] === "workloads")
      raw = get((this.ctx.plan as unknown as { workload?: unknown }).workload, keys.slice(2));
    const node: LineageNode = { path, kind: "field", value, inputs: [] };
    if (typeof raw === "number" || typeof raw === "string") {
      node.raw = String(raw);
      if (typeof raw === "string" && raw.trim().startsWith("=")) this.formulaInputs(node, raw, 0);
    }
    return node;
  }

  /** A fixed number of the method: its id as the path, its words in both languages. */
  constant(id: LineageConstant, value: number): LineageNode {
    return { path: id, kind: "constant", value, ...words(id), inputs: [] };
  }

  /** A step of the declared chain (lineage-chain.ts `declared`). */
  declared(
    path: string,
    value: number | null,
    id: QuantityId,
    from: Readonly<Record<string, LineageNode>>,
    inputs: LineageNode[],
    names: Readonly<Record<string, string>> = {},
  ): LineageNode {
    return this.chain.declared(path, value, id, from, inputs, names);
  }

  /** A computed step. `parts` alternate text and inputs: ["ceil(", a, ")"]. */
  step(
    path: string,
    value: number | null,
    formula: Words,
    plugged: (string | LineageNode)[],
    inputs: LineageNode[],
    recomputed: number | null,
  ): LineageNode {
    const text = plugged.map((p) => (typeof p === "string" ? p : N(p.value))).join("");
    return {
      path,
      kind: "computed",
      value,
      ...formula,
      plugged: `${text} = ${N(value)}`,
      recomputed,
      inputs,
    };
  }

  // ---- workloads --------------------------------------------------------------------------

  workloadField(
    i: number,
    key: "peakRps" | "avgRps" | "dailyRequests" | "inputTokens" | "outputTokens",
  ): LineageNode {
    const w = this.ctx.result.workloads[i]!;
    return this.field(`workloads[${i}].${key}`, w[key] ?? null);
  }

  workload(i: number, key: string): LineageNode | null {
    const w = this.ctx.result.workloads[i];
    if (!w) return null;
    switch (key) {
      case "peakRps":
      case "avgRps":
      case "dailyRequests":
      case "inputTokens":
      case "outputTokens":
        return this.workloadField(i, key);
      case "tokensPerRequest": {
        const a = this.workloadField(i, "inputTokens");
        const b = this.workloadField(i, "outputTokens");
        return this.declared(
          `workloads[${i}].tokensPerRequest`,
          w.tokensPerRequest,
          "tokensPerRequest",
          { inputTokens: a, outputTokens: b },
          [a, b],
        );
      }
      case "tokensPerSec": {
        const a = this.workloadField(i, "peakRps");
        const b = this.workload(i, "tokensPerRequest")!;
        const path = `workloads[${i}].tokensPerSec`;
        return this.declared(
          path,
          w.tokensPerSec,
          "tokensPerSec",
          { peakRps: a, tokensPerRequest: b },
          [a, b],
        );
      }
    }
    return null;
  }

  // ---- factors and SLOs --------------------------------------------------------------------

  elasticity(): LineageNode {
    return this.field("factors.elasticity", this.ctx.result.factors.elasticity);
  }

  redundancy(): LineageNode {
    const r = this.ctx.result.factors.redundancy;
    if ("spare" in r) return this.field("factors.redundancy.spare", r.spare);
    const raw = get(this.ctx.plan, ["factors", "redundancy"]);
    const node = this.field("factors.redundancy", r.factor);
    if (raw === undefined) node.raw = "1 (default)";
    return node;
  }

  skuWorkload(
    si: number,
    wi: number,
    key: string,
    rest: readonly (string | number)[],
  ): LineageNode | null {
    // Callers pass a SKU of the result (sku() checks it).
    const wl = this.ctx.result.skus[si]!.workloads[wi];
    if (!wl) return null;
    if (key === "kv") return workloadKvLineage(this, si, wi, rest);
    if (key === "replicasBase" && rest.length === 0)
      return this.capacityFor(si, wi)
        ? this.chain.workloadStep(si, "workloadReplicasBase", wi)
        : null;
    const opPath = `skus[${si}].workloads[${wi}].operatingPoint`;
    if (key === "operatingPoint") return this.sweeps.operatingPoint(si, wi, rest, opPath);
    return this.sweeps.recorded(si, wi, key, rest);
  }

  /** The output tokens/s one replica reaches for workload `wi` (lineage-sweep.ts). */
  capacityFor(si: number, wi: number): LineageNode | null {
    return this.sweeps.capacityFor(si, wi);
  }

  // ---- SKUs --------------------------------------------------------------------------------

  sku(si: number, key: string, rest: readonly (string | number)[]): LineageNode | null {
    const s = this.ctx.result.skus[si];
    if (!s) return null;
    const p = `skus[${si}]`;
    switch (key) {
      case "gpusPerReplica":
      case "pricePerGpuHour": {
        const node = this.field(`${p}.${key}`, s[key]);
        if (key === "pricePerGpuHour" && s.gpu && node.raw === undefined) node.catalogue = s.gpu;
        return node;
      }
      case "workloads":
        return typeof rest[0] === "number" && typeof rest[1] === "string"
          ? this.skuWorkload(si, rest[0], rest[1], rest.slice(2))
          : null;
      case "operatingPoint":
        return this.sweeps.operatingPoint(si, 0, rest, `${p}.operatingPoint`);
      case "interval":
        return this.chain.interval(si, rest);
      case "kv":
        return kvLineage(this, si, rest);
    }
    if (rest.length === 0 && SKU_RESULT_KEYS.has(key)) return this.chain.chainNode(si, key);
    if ((key === "peak" || key === "forecast") && rest.length === 1) {
      const chainKey = CHAIN_KEY_OF_PATH[`${key}.${String(rest[0])}`];
      return chainKey ? this.chain.chainNode(si, chainKey) : null;
    }
    return null;
  }

  /** The allocation's numbers (`tenants.…`): lineage-tenants.ts. */
  tenants(rest: readonly (string | number)[]): LineageNode | null {
    return new TenantLineage(this).tenants(rest);
  }

  // ---- entry -------------------------------------------------------------------------------

  explain(keys: (string | number)[]): LineageNode | null {
    const [k0, i0, k1, ...rest] = keys;
    // A key that is an index, or none, names no number of a workload or a SKU: String() of it matches no key there.
    if (k0 === "workloads" && typeof i0 === "number" && rest.length === 0)
      return this.workload(i0, String(k1));
    if (k0 === "skus" && typeof i0 === "number") return this.sku(i0, String(k1), rest);
    if (k0 === "tenants") return this.tenants(keys.slice(1));
    if (k0 === "slo" && typeof i0 === "number" && k1 === "maxMs" && rest.length === 0) {
      const s = this.ctx.result.slo[i0];
      return s ? this.field(`slo[${i0}].maxMs`, s.maxMs) : null;
    }
    if (k0 === "factors" && keys.length === 2 && i0 === "elasticity") return this.elasticity();
    if (
      k0 === "factors" &&
      i0 === "redundancy" &&
      (keys.length === 2 || (keys.length === 3 && (k1 === "spare" || k1 === "factor")))
    )
      return this.redundancy();
    if (
      k0 === "cells" &&
      typeof i0 === "string" &&
      keys.length === 2 &&
      Object.hasOwn(this.ctx.resolved.cells, i0)
    )
      return this.cell(i0);
    // A top-level setting of the plan (e.g. `maxErrorRatePct`): the field as written, or its default.
    const v = get(this.ctx.result, keys);
    // A path of one index (`[0]`) reads nothing of the result.
    if (keys.length === 1 && num(v)) {
      const node = this.field(String(k0), v);
      if (node.raw === undefined) node.raw = `${N(v)} (default)`;
      return node;
    }
    return null;
  }
}

/**
 * The lineage of the number at `path` of a plan result (a path of `plan --json`). An error when
 * the path names no number, or a number that has no explanation (e.g. a value that is null).
 */
export function explainPath(ctx: LineageContext, path: string): LineageAnswer {
  const keys = parseLineagePath(path.trim());
  if (!keys)
    return {
      ok: false,
      error: `"${path}" is not a path (e.g. skus[0].replicas, tenants.teams[1].cost)`,
    };
  const node = new Builder(ctx).explain(keys);
  if (!node && keys[0] === "fleet")
    return {
      ok: false,
      error: `${path}: the fleet answers of plan --json are a solver's mix and a simulation's statistics, not a chain of formulas: capplan optimize and capplan simulate give them (docs/cli.md)`,
    };
  if (!node) return { ok: false, error: `${path}: no number with a lineage at this path` };
  node.path = path;
  return { ok: true, node };
}
