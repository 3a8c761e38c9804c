/**
 * The KV-cache budget of one replica, declared in the chain (docs/memory.md): what the engine may
 * use of the replica's GPU memory, less the weights, the activations of its profiling run and the
 * memory outside PyTorch, in GiB and in tokens, and how many requests of a workload's length fit.
 * `catalog/kv-budget.ts` computes the same terms for the plan (the catalogue folder comes before
 * the chain); lineage (`capplan explain skus[0].kv.availableGiB`) renders these declarations, and
 * test/engine/plan/lineage-kv.test.ts checks that they recompute the plan's numbers exactly.
 */
import { formula, type Declaration } from "./quantity-types";

const d = (x: Declaration) => x;

// `satisfies`, not `as const`: Stryker does not mutate inside an `as` expression.
export const KV_DECLARATIONS = {
  kvGpuGiB: d({
    scope: "memory",
    inputs: ["gpuMemoryGB", "runtimeReserveGiB"],
    unit: "GiB",
    compute: (v) => v.gpuMemoryGB! - v.runtimeReserveGiB!,
    text: formula<"gpuMemoryGB" | "runtimeReserveGiB">(
      (p) => `${p.gpuMemoryGB} − ${p.runtimeReserveGiB}`,
    ),
  }),
  kvUsableGiB: d({
    scope: "memory",
    inputs: ["gpusPerReplica", "kvGpuGiB", "gpuMemoryUtilization"],
    unit: "GiB",
    compute: (v) => v.gpusPerReplica! * v.kvGpuGiB! * v.gpuMemoryUtilization!,
    text: formula<"gpusPerReplica" | "kvGpuGiB" | "gpuMemoryUtilization">(
      (p) => `${p.gpusPerReplica} × ${p.kvGpuGiB} × ${p.gpuMemoryUtilization}`,
    ),
  }),
  kvActivationGiB: d({
    scope: "memory",
    inputs: ["gpusPerReplica", "activationGiBPerGpu"],
    unit: "GiB",
    compute: (v) => v.gpusPerReplica! * v.activationGiBPerGpu!,
    text: formula<"gpusPerReplica" | "activationGiBPerGpu">(
      (p) => `${p.gpusPerReplica} × ${p.activationGiBPerGpu}`,
    ),
  }),
  kvNonTorchGiB: d({
    scope: "memory",
    inputs: ["gpusPerReplica", "nonTorchGiBPerGpu"],
    unit: "GiB",
    compute: (v) => v.gpusPerReplica! * v.nonTorchGiBPerGpu!,
    text: formula<"gpusPerReplica" | "nonTorchGiBPerGpu">(
      (p) => `${p.gpusPerReplica} × ${p.nonTorchGiBPerGpu}`,
    ),
  }),
  kvAvailableGiB: d({
    scope: "memory",
    inputs: ["kvUsableGiB", "weightsGiB", "kvActivationGiB", "kvNonTorchGiB"],
    unit: "GiB",
    compute: (v) => v.kvUsableGiB! - v.weightsGiB! - v.kvActivationGiB! - v.kvNonTorchGiB!,
    text: formula<"kvUsableGiB" | "weightsGiB" | "kvActivationGiB" | "kvNonTorchGiB">(
      (p) => `${p.kvUsableGiB} − ${p.weightsGiB} − ${p.kvActivationGiB} − ${p.kvNonTorchGiB}`,
    ),
  }),
  kvTokens: d({
    scope: "memory",
    inputs: ["kvAvailableGiB", "bytesPerGiB", "kvBytesPerToken"],
    unit: "tokens",
    // Nothing left (the weights do not fit) holds no token.
    compute: (v) =>
      Math.floor((Math.max(0, v.kvAvailableGiB!) * v.bytesPerGiB!) / v.kvBytesPerToken!),
    text: formula<"kvAvailableGiB" | "bytesPerGiB" | "kvBytesPerToken">(
      (p) => `floor(max(0, ${p.kvAvailableGiB}) × ${p.bytesPerGiB} ÷ ${p.kvBytesPerToken})`,
    ),
  }),
  kvMaxConcurrency: d({
    scope: "memory",
    inputs: ["kvTokens", "tokensPerRequest"],
    unit: "requests",
    compute: (v) => Math.floor(v.kvTokens! / v.tokensPerRequest!),
    text: formula<"kvTokens" | "tokensPerRequest">(
      (p) => `floor(${p.kvTokens} ÷ ${p.tokensPerRequest})`,
    ),
  }),
} satisfies Record<string, Declaration>;
