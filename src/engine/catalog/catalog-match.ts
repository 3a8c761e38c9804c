/**
 * Tolerant lookup of catalogue entries by the free-form names tools write into a sweep's
 * `meta.gpu` / `meta.model`. Re-exported by `catalog.ts`.
 */
import type { Gpu, Llm } from "./catalog-types";

/** Words that name a vendor or product line rather than a model; dropped before matching. */
const NOISE = new Set([
  "nvidia",
  "amd",
  "intel",
  "instinct",
  "tesla",
  "tensor",
  "core",
  "gpu",
  "accelerator",
  "data",
  "center",
]);

/** Lower-case tokens of a GPU spelling: "NVIDIA H100 80GB HBM3" → ["h100", "80gb", "hbm3"]. */
function gpuTokens(s: string): string[] {
  const joined = s.toLowerCase().replace(/(\d+)\s*(gb|gib)\b/g, "$1gb");
  return joined.split(/[^a-z0-9]+/).filter((t) => t !== "" && !NOISE.has(t));
}

/** A memory size token in the query ("141gb") that contradicts the entry rules the entry out. */
function memoryConflicts(query: string[], gpu: Gpu): boolean {
  return query.some((t) => {
    const m = /^(\d+)gb$/.exec(t);
    return m !== null && Math.abs(Number(m[1]) - gpu.memoryGB) > 2;
  });
}

/**
 * The catalogue entry a free-form GPU name refers to, or null. Tolerant of case, vendor words
 * and punctuation: "H100 80GB HBM3", "NVIDIA H100", "h100", "nvidia-h100-80gb" all find
 * `h100-sxm`. Match order: exact id/name/alias; then the entry with the longest id/name/alias
 * whose tokens all occur in the query (so "L40S" never matches `l4`, and "H100 PCIe" prefers
 * `h100-pcie`); then, if the query's tokens occur in exactly one entry's spelling, that entry.
 * A query memory size ("40GB") that contradicts the entry's capacity rules it out.
 */
export function findGpu(catalog: readonly Gpu[], idOrName: string | null | undefined): Gpu | null {
  if (typeof idOrName !== "string") return null;
  const q = gpuTokens(idOrName);
  if (q.length === 0) return null;
  const qKey = q.join(" ");
  const spellings = (g: Gpu): string[][] =>
    [g.id, g.name, ...g.aliases].map(gpuTokens).filter((t) => t.length > 0);
  for (const g of catalog) if (spellings(g).some((t) => t.join(" ") === qKey)) return g;
  const qSet = new Set(q);
  let best: { gpu: Gpu; score: number } | null = null;
  for (const g of catalog) {
    if (memoryConflicts(q, g)) continue;
    for (const t of spellings(g)) {
      if (!t.every((tok) => qSet.has(tok))) continue;
      const score = t.join(" ").length;
      if (best === null || score > best.score) best = { gpu: g, score };
    }
  }
  if (best !== null) return best.gpu;
  const containing = catalog.filter(
    (g) => !memoryConflicts(q, g) && spellings(g).some((t) => q.every((tok) => t.includes(tok))),
  );
  return containing.length === 1 ? containing[0]! : null;
}

/** Lower-case comparison key of a model name: drops the org prefix and punctuation. */
function llmKey(s: string): string {
  const base = s.slice(s.lastIndexOf("/") + 1);
  return base.toLowerCase().replace(/[^a-z0-9.]+/g, "");
}

/**
 * The catalogue model a sweep's `meta.model` refers to, or null: exact id, name, Hugging Face
 * repo or alias, case-insensitive and ignoring the org prefix and punctuation
 * ("meta-llama/Llama-3.1-8B-Instruct" finds the entry listing it as repo or alias).
 */
export function findLlm(catalog: readonly Llm[], idOrName: string | null | undefined): Llm | null {
  if (typeof idOrName !== "string") return null;
  const key = llmKey(idOrName);
  if (key === "") return null;
  for (const m of catalog) {
    if ([m.id, m.name, m.hfRepo, ...m.aliases].some((s) => llmKey(s) === key)) return m;
  }
  return null;
}
