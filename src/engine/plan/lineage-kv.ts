/**
 * The lineage of a SKU's KV memory (docs/memory.md, docs/lineage.md): `skus[i].kv.availableGiB`,
 * `tokens`, `perRequestTokens`, `maxConcurrency`, every number of `kv.terms`, and each workload's
 * `kv.perRequestTokens` and `kv.maxConcurrency`, as steps of the declared chain
 * (chain/kv-quantities.ts) down to the catalogue's GPU and model, the plan's
 * `gpuMemoryUtilization` and the measured constants of catalog/kv-budget.ts.
 */
import { ACTIVATION_GIB, GIB, nonTorchGiBPerGpu, RUNTIME_RESERVE_GIB } from "../catalog/kv-budget";
import type { QuantityId } from "../chain/quantities";
import type { LineageConstant } from "./lineage-messages";
import type { LineageContext, LineageNode } from "./lineage-types";
import { num } from "./lineage-util";

/** What the KV lineage needs of the lineage builder (lineage.ts). */
export interface KvLineageHost {
  readonly ctx: LineageContext;
  declared(
    path: string,
    value: number | null,
    id: QuantityId,
    from: Readonly<Record<string, LineageNode>>,
    inputs: LineageNode[],
  ): LineageNode;
  field(path: string, value: number | null, rawPath?: string): LineageNode;
  constant(id: LineageConstant, value: number): LineageNode;
  workload(i: number, key: string): LineageNode | null;
}

/** The steps of one SKU's budget, each built once. */
function budgetSteps(h: KvLineageHost, si: number) {
  const s = h.ctx.result.skus[si]!;
  const t = s.kv!.terms;
  const p = `skus[${si}].kv`;
  const catalogue = (key: string, value: number, id: string | null): LineageNode => ({
    path: `${p}.terms.${key}`,
    kind: "catalogue",
    value,
    ...(id ? { catalogue: id } : {}),
    inputs: [],
  });
  const gpus = h.field(`skus[${si}].gpusPerReplica`, s.gpusPerReplica);
  const memory = catalogue("memoryGB", t.memoryGB, s.gpu);
  const reserve = h.constant("runtimeReserveGiB", RUNTIME_RESERVE_GIB);
  const util = h.field("gpuMemoryUtilization", t.gpuMemoryUtilization);
  if (util.raw === undefined) util.raw = `${t.gpuMemoryUtilization} (default)`;
  const weights = catalogue("weightsGiB", t.weightsGiB, s.kv!.model);
  const perToken = catalogue("kvBytesPerToken", t.kvBytesPerToken, s.kv!.model);
  const gpuGiB = h.declared(
    `${p}.terms.gpuGiB`,
    t.gpuGiB,
    "kvGpuGiB",
    { gpuMemoryGB: memory, runtimeReserveGiB: reserve },
    [memory, reserve],
  );
  const usable = h.declared(
    `${p}.terms.usableGiB`,
    t.usableGiB,
    "kvUsableGiB",
    { gpusPerReplica: gpus, kvGpuGiB: gpuGiB, gpuMemoryUtilization: util },
    [gpus, gpuGiB, util],
  );
  const actPer = h.constant("activationGiBPerGpu", ACTIVATION_GIB);
  const activation = h.declared(
    `${p}.terms.activationGiB`,
    t.activationGiB,
    "kvActivationGiB",
    { gpusPerReplica: gpus, activationGiBPerGpu: actPer },
    [gpus, actPer],
  );
  const ntPer = h.constant("nonTorchGiBPerGpu", nonTorchGiBPerGpu(t.gpus));
  const nonTorch = h.declared(
    `${p}.terms.nonTorchGiB`,
    t.nonTorchGiB,
    "kvNonTorchGiB",
    { gpusPerReplica: gpus, nonTorchGiBPerGpu: ntPer },
    [gpus, ntPer],
  );
  const available = h.declared(
    `${p}.availableGiB`,
    t.availableGiB,
    "kvAvailableGiB",
    {
      kvUsableGiB: usable,
      weightsGiB: weights,
      kvActivationGiB: activation,
      kvNonTorchGiB: nonTorch,
    },
    [usable, weights, activation, nonTorch],
  );
  const gib = h.constant("bytesPerGiB", GIB);
  const tokens = h.declared(
    `${p}.tokens`,
    t.tokens,
    "kvTokens",
    { kvAvailableGiB: available, bytesPerGiB: gib, kvBytesPerToken: perToken },
    [available, gib, perToken],
  );
  const terms: Record<string, LineageNode> = {
    gpus,
    memoryGB: memory,
    gpuMemoryUtilization: util,
    gpuGiB,
    usableGiB: usable,
    weightsGiB: weights,
    activationGiB: activation,
    nonTorchGiB: nonTorch,
    availableGiB: available,
    kvBytesPerToken: perToken,
    tokens,
  };
  return { terms, available, tokens };
}

/** `maxConcurrency` of workload `wi` on SKU `si`: the KV tokens ÷ its tokens per request. */
function maxConcurrency(
  h: KvLineageHost,
  si: number,
  wi: number,
  path: string,
  value: number,
): LineageNode | null {
  const per = h.workload(wi, "tokensPerRequest");
  if (!per) return null;
  const { tokens } = budgetSteps(h, si);
  return h.declared(path, value, "kvMaxConcurrency", { kvTokens: tokens, tokensPerRequest: per }, [
    tokens,
    per,
  ]);
}

/** A workload's tokens per request, named by the KV path that reads it. */
function perRequest(h: KvLineageHost, wi: number, path: string): LineageNode | null {
  const n = h.workload(wi, "tokensPerRequest");
  return n ? { ...n, path } : null;
}

/** The lineage of `skus[si].kv.<rest>`; null when the SKU has no KV budget or the path no number. */
export function kvLineage(
  h: KvLineageHost,
  si: number,
  rest: readonly (string | number)[],
): LineageNode | null {
  const s = h.ctx.result.skus[si];
  const kv = s?.kv;
  if (!s || !kv) return null;
  const [key, sub] = rest;
  if (key === "terms" && typeof sub === "string" && rest.length === 2)
    return Object.hasOwn(kv.terms, sub) ? (budgetSteps(h, si).terms[sub] ?? null) : null;
  if (rest.length !== 1) return null;
  const p = `skus[${si}].kv.${String(key)}`;
  if (key === "availableGiB") return budgetSteps(h, si).available;
  if (key === "tokens") return budgetSteps(h, si).tokens;
  // The workload with the longest context binds the cache (plan.ts): the first with kv's length.
  const wi = s.workloads.findIndex((w) => w.kv && w.kv.perRequestTokens === kv.perRequestTokens);
  if (wi < 0) return null;
  if (key === "perRequestTokens") return perRequest(h, wi, p);
  if (key === "maxConcurrency" && num(kv.maxConcurrency))
    return maxConcurrency(h, si, wi, p, kv.maxConcurrency);
  return null;
}

/** The lineage of `skus[si].workloads[wi].kv.<key>`. */
export function workloadKvLineage(
  h: KvLineageHost,
  si: number,
  wi: number,
  rest: readonly (string | number)[],
): LineageNode | null {
  const wkv = h.ctx.result.skus[si]?.workloads[wi]?.kv;
  if (!wkv || !h.ctx.result.skus[si]!.kv || rest.length !== 1) return null;
  const p = `skus[${si}].workloads[${wi}].kv.${String(rest[0])}`;
  if (rest[0] === "perRequestTokens") return perRequest(h, wi, p);
  if (rest[0] === "maxConcurrency" && num(wkv.maxConcurrency))
    return maxConcurrency(h, si, wi, p, wkv.maxConcurrency);
  return null;
}
