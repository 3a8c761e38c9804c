/**
 * What the allocation's lineage modules read of each other: the lineage builder's steps
 * (lineage.ts `Builder`) and the allocation's own shared steps (lineage-tenants.ts), as
 * interfaces so that lineage-pools.ts and lineage-team-totals.ts do not import lineage-tenants.ts.
 */
import type { LineageContext, LineageNode } from "./lineage-types";
import type { Words } from "./lineage-util";

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
/** The tenants method's token weights, each with its node (a plan field or the method's constant). */
export interface TokenWeights {
  wi: number;
  wo: number;
  inNode: LineageNode;
  outNode: LineageNode;
}

/** The allocation's shared steps (lineage-tenants.ts `TenantLineage`). */
export interface TenantStepsHost {
  readonly b: TenantLineageHost;
  /** Any number of the allocation (`pools`, `teams`, `shared` …). */
  tenants(rest: readonly (string | number)[]): LineageNode | null;
  rounded(path: string, value: number | null, of: LineageNode, how: Words): LineageNode;
  weights(): TokenWeights;
  weighted(
    path: string,
    value: number | null,
    perMillion: LineageNode,
    which: "input" | "output",
  ): LineageNode;
  teamWeighted(pi: number, ti: number): LineageNode;
}
