/**
 * The number whose lineage is shown (a path of the plan result, e.g. `skus[1].replicas`), or
 * null. Set by selecting a computed number; read by the lineage panel (docs/lineage.md).
 */
import { createSignal } from "solid-js";

const [lineagePath, setLineagePath] = createSignal<string | null>(null);
export { lineagePath, setLineagePath };

/** Result paths of the comparison sheet's rows (their `planWords` keys), for SKU `i`. */
export function comparisonPath(key: string, i: number): string | null {
  const p = `skus[${i}]`;
  const map: Record<string, string> = {
    gpusPerReplica: `${p}.gpusPerReplica`,
    pricePerGpuHour: `${p}.pricePerGpuHour`,
    op: `${p}.operatingPoint.outputTokensPerSec`,
    replicasBase: `${p}.replicasBase`,
    replicasRaw: `${p}.replicasRaw`,
    replicas: `${p}.replicas`,
    gpus: `${p}.gpus`,
    perHour: `${p}.costPerHour`,
    perDay: `${p}.costPerDay`,
    perMonth: `${p}.costPerMonth`,
    perToken: `${p}.costPerOutputToken`,
    perMillion: `${p}.costPerMillionOutputTokens`,
    perRequest: `${p}.costPerRequest`,
    peakPerMillion: `${p}.peak.costPerMillionOutputTokens`,
    forecastPerMillion: `${p}.forecast.costPerMillionOutputTokens`,
    utilization: `${p}.forecast.utilization`,
  };
  return map[key] ?? null;
}
