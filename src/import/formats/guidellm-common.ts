/**
 * GuideLLM pieces shared by the JSON and CSV importers (reference `guidellm.md`): the
 * strategy → load-level rule and the DistributionSummary → {@link Stats} conversion.
 */
import type { Stats, SweepPoint } from "../../engine/base/types";
import { isObj, num, str } from "./common-json";

/** GuideLLM percentile keys (`p001` = 0.1th, `p999` = 99.9th) → canonical stat keys. */
export const GUIDELLM_PERCENTILES: Readonly<Record<string, string>> = {
  p001: "p0.1",
  p01: "p1",
  p05: "p5",
  p10: "p10",
  p25: "p25",
  p50: "p50",
  p75: "p75",
  p90: "p90",
  p95: "p95",
  p99: "p99",
  p999: "p99.9",
};

/**
 * Stats of a GuideLLM DistributionSummary (`mean, median, std_dev, min, max,
 * percentiles{p001…p999}`), × `scale`. v0.2.0 has no `percentiles.p50`: `median` is used.
 */
export function distStats(d: unknown, scale = 1): Stats | undefined {
  if (!isObj(d)) return undefined;
  const count = num(d.count);
  if (count === 0) return undefined; // an empty status distribution (all zeros), not a measurement
  const out: Stats = {};
  const set = (k: string, v: unknown) => {
    const n = num(v);
    if (n !== undefined) out[k] = n * scale;
  };
  set("mean", d.mean);
  set("min", d.min);
  set("max", d.max);
  set("std", d.std_dev);
  if (isObj(d.percentiles))
    for (const [k, key] of Object.entries(GUIDELLM_PERCENTILES)) set(key, d.percentiles[k]);
  if (out.p50 === undefined) set("p50", d.median);
  return Object.keys(out).length ? out : undefined;
}

/** Load level of a GuideLLM strategy object; `null` when the strategy does not fix one. */
export function loadOfStrategy(s: unknown): Pick<SweepPoint, "concurrency" | "requestRate"> | null {
  if (!isObj(s)) return null;
  const type = str(s.type_)?.toLowerCase();
  switch (type) {
    case "synchronous":
      return { concurrency: 1, requestRate: null };
    case "concurrent": {
      const n = num(s.streams);
      return n !== undefined && n > 0 ? { concurrency: n, requestRate: null } : null;
    }
    case "throughput":
      return { concurrency: null, requestRate: "inf" };
    case "constant":
    case "poisson":
    case "async":
    case "asynchronous": {
      const r = num(s.rate);
      return r !== undefined && r > 0 ? { concurrency: null, requestRate: r } : null;
    }
    default:
      return null;
  }
}

/**
 * The strategy of benchmark `index` from a profile object (`completed_strategies[index]`, else
 * the profile's `streams` / `rate` list), for the CSV, which only names the strategy type.
 */
export function strategyFromProfile(
  profile: unknown,
  index: number | undefined,
  type: string | undefined,
): unknown {
  if (!isObj(profile)) return type ? { type_: type } : undefined;
  const done = profile.completed_strategies;
  if (Array.isArray(done) && index !== undefined && isObj(done[index])) return done[index];
  const t = type ?? str(profile.type_);
  if (index !== undefined) {
    if (t === "concurrent" && Array.isArray(profile.streams))
      return { type_: t, streams: profile.streams[index] };
    if ((t === "constant" || t === "poisson") && Array.isArray(profile.rate))
      return { type_: t, rate: profile.rate[index] };
  }
  return t ? { type_: t } : undefined;
}
