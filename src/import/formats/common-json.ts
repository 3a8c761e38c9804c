/**
 * Small helpers shared by the GuideLLM, Locust, inference-perf and LLMPerf importers: safe
 * access to untrusted JSON, number coercion (LLMPerf writes some counts as strings), unit
 * scaling of statistic objects, and the load-level hint the pipeline reads from a path.
 */
import { readNumber } from "../csv";
import { concurrencyFromPath } from "../path-load";
import type { Stats } from "../../engine/base/types";

/** A plain JSON object (not an array, not null). */
export type Json = Record<string, unknown>;

/** True for a plain JSON object. */
export function isObj(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Property of an object, or undefined when `v` is not an object. */
export function get(v: unknown, ...path: (string | number)[]): unknown {
  let cur: unknown = v;
  for (const k of path) {
    if (typeof k === "number") {
      if (!Array.isArray(cur)) return undefined;
      cur = cur[k];
    } else {
      if (!isObj(cur)) return undefined;
      cur = cur[k];
    }
  }
  return cur;
}

/**
 * A finite number from a JSON value: numbers as is, numeric strings (`"550"`, `"1,234.5"`)
 * parsed; NaN, ±Infinity, null, other types → undefined (absent, never 0).
 */
export function num(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v === "string") {
    const r = readNumber(v);
    return r.kind === "number" && Number.isFinite(r.value) ? r.value : undefined;
  }
  return undefined;
}

/** A non-empty string, or undefined. */
export function str(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() !== "" ? v : undefined;
}

/**
 * Statistics from `src` keyed by tool names: `map` gives tool key → canonical stat key
 * (`median` → `p50`, …); every value is multiplied by `scale` (1000 for seconds → ms).
 * Returns undefined when no statistic is present.
 */
export function statsFrom(
  src: unknown,
  map: Readonly<Record<string, string>>,
  scale = 1,
): Stats | undefined {
  if (!isObj(src)) return undefined;
  const out: Stats = {};
  let any = false;
  for (const [toolKey, key] of Object.entries(map)) {
    const v = num(src[toolKey]);
    if (v === undefined || out[key] !== undefined) continue;
    out[key] = v * scale;
    any = true;
  }
  return any ? out : undefined;
}

/** ISO date of a unix timestamp in seconds, or null. */
export function isoFromUnixSeconds(v: unknown): string | null {
  const n = num(v);
  if (n === undefined || n <= 0) return null;
  const d = new Date(n * 1000);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * Whether the pipeline will be able to fill a missing load level for this file: the user gave
 * `--concurrency`, or the path carries a concurrency (docs/metrics.md).
 */
export function loadGivenOutside(fileName: string, concurrencyOpt: number | undefined): boolean {
  return concurrencyOpt != null || concurrencyFromPath(fileName) != null;
}
