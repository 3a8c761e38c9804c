/**
 * Reading the parts of a plan with the formula sheet's values (resolve-plan.ts, docs/plan-file.md):
 * a numeric field through its sheet entry, a sweep's points or reference, a schedule, a SKU and
 * the tenants, with the defaults of the plan file. Pure: the sheet is evaluated by the caller.
 */
import type { SweepPoint } from "../base/types";
import type { Sheet } from "../formula/sheet";
import { keyPath } from "./plan-file";
import type {
  ResolvedSchedule,
  ResolvedSku,
  ResolvedSweepRef,
  ResolvedTenants,
} from "./resolved-plan-types";

/** A JSON object of the plan. */
export type Obj = Record<string, unknown>;

/** A JSON object (not null, not an array). */
export function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Set an own property even for keys like `__proto__` (names come from the plan). */
export function put<T>(o: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(o, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** The objects of an array (anything else: an empty object); not an array: none. */
export function list(v: unknown): Obj[] {
  return Array.isArray(v) ? v.map((x) => (isObj(x) ? x : {})) : [];
}

const POINT_NUMBERS = [
  "concurrency",
  "rps",
  "outputTokensPerSec",
  "totalTokensPerSec",
  "meanInputTokens",
  "meanOutputTokens",
  "completed",
  "failed",
  "failedPct",
];
const POINT_STATS = ["ttftMs", "itlMs", "tpotMs", "ntpotMs", "e2eMs"];

/** Every number of the plan as `[path, raw]` sheet entries, in document order. */

export type Reader = (path: string, raw: unknown) => number | null;

/**
 * The reader of the sheet. Every caller takes a finite plain number itself, before building the path
 * (a sheet entry at its path could only hold the same number: readRaw): this keeps inline sweeps and
 * usage rows (thousands of numbers) from building a path string per number. So the reader is only
 * asked about other values: formulas, text, non-finite numbers.
 */
export function readerOf(sheet: Sheet): Reader {
  return (path) => (sheet.has(path) ? sheet.value(path) : null);
}

/** The number of `o[key]` at path `base.key` (key an identifier); the path is built only for non-numbers. */
export function numField(num: Reader, o: Obj, base: string, key: string): number | null {
  const raw = o[key];
  if (typeof raw === "number" && Number.isFinite(raw)) return raw;
  return raw === undefined ? null : num(`${base}.${key}`, raw);
}

function resolvePoints(points: unknown, base: string, num: Reader): SweepPoint[] {
  return list(points).map((p, i) => {
    const out: Record<string, unknown> = { ...p };
    for (const k of POINT_NUMBERS) {
      const v = p[k];
      if (v !== undefined)
        out[k] =
          v === null
            ? null
            : typeof v === "number" && Number.isFinite(v)
              ? v
              : num(`${base}.points[${i}].${k}`, v);
    }
    const c = p.concurrency;
    out.concurrency =
      c == null
        ? null
        : typeof c === "number" && Number.isFinite(c)
          ? c
          : num(`${base}.points[${i}].concurrency`, c);
    const r = p.requestRate;
    out.requestRate =
      r === "inf"
        ? "inf"
        : r == null
          ? null
          : typeof r === "number" && Number.isFinite(r)
            ? r
            : num(`${base}.points[${i}].requestRate`, r);
    for (const m of POINT_STATS) {
      const stats = p[m];
      if (!isObj(stats)) continue;
      const resolved: Record<string, number> = {};
      for (const s in stats) {
        if (!Object.hasOwn(stats, s)) continue;
        const v = stats[s];
        const n =
          typeof v === "number" && Number.isFinite(v)
            ? v
            : num(keyPath(`${base}.points[${i}].${m}`, s), v);
        if (n !== null) resolved[s] = n;
      }
      out[m] = resolved;
    }
    return out as unknown as SweepPoint;
  });
}

function resolveRef(ref: unknown, base: string, num: Reader): ResolvedSweepRef {
  if (!isObj(ref)) return { kind: "missing" };
  if (Array.isArray(ref.points)) {
    const r: ResolvedSweepRef = { kind: "points", points: resolvePoints(ref.points, base, num) };
    if (typeof ref.label === "string") r.label = ref.label;
    if (isObj(ref.meta)) r.meta = ref.meta;
    if (Array.isArray(ref.warnings))
      r.warnings = ref.warnings.filter((w): w is string => typeof w === "string");
    return r;
  }
  if (typeof ref.file === "string") return { kind: "file", file: ref.file };
  if (ref.replicaOutputTokensPerSec != null) {
    return {
      kind: "given",
      replicaOutputTokensPerSec: numField(num, ref, base, "replicaOutputTokensPerSec"),
    };
  }
  return { kind: "missing" };
}

/** A workload's `schedule` with its numbers (docs/schedules.md), or undefined when it has none. */
export function resolveSchedule(
  v: unknown,
  base: string,
  num: Reader,
): ResolvedSchedule | undefined {
  if (!isObj(v)) return undefined;
  const fromTrace = v.fromTrace === true;
  const rps =
    !fromTrace && Array.isArray(v.rps)
      ? v.rps.map((x, j) =>
          typeof x === "number" && Number.isFinite(x) ? x : num(`${base}.rps[${j}]`, x),
        )
      : null;
  return {
    intervalSec: numField(num, v, base, "intervalSec"),
    rps,
    minReplicas: numField(num, v, base, "minReplicas"),
    leadIntervals: numField(num, v, base, "leadIntervals"),
    fromTrace,
  };
}

export function resolveSku(s: Obj, i: number, names: string[], num: Reader): ResolvedSku {
  const base = `skus[${i}]`;
  const sweeps: Record<string, ResolvedSweepRef> = {};
  // A SKU-level sweep is resolved once and shared by every workload without its own sweep.
  let shared: ResolvedSweepRef | undefined;
  for (const w of names) {
    const own = isObj(s.sweeps) ? s.sweeps[w] : undefined;
    put(
      sweeps,
      w,
      own !== undefined && Object.hasOwn(s.sweeps as Obj, w)
        ? resolveRef(own, keyPath(`${base}.sweeps`, w), num)
        : (shared ??= resolveRef(s.sweep, `${base}.sweep`, num)),
    );
  }
  const out: ResolvedSku = {
    name: typeof s.name === "string" ? s.name : base,
    gpu: typeof s.gpu === "string" ? s.gpu : null,
    gpusPerReplica: numField(num, s, base, "gpusPerReplica"),
    pricePerGpuHour: numField(num, s, base, "pricePerGpuHour"),
    sweeps,
  };
  if (s.reservedPricePerGpuHour !== undefined)
    out.reservedPricePerGpuHour = numField(num, s, base, "reservedPricePerGpuHour");
  if (s.maxReplicas !== undefined) out.maxReplicas = numField(num, s, base, "maxReplicas");
  if (typeof s.model === "string" && s.model !== "") out.model = s.model;
  if (s.quantization === "bf16" || s.quantization === "fp8" || s.quantization === "int4")
    out.quantization = s.quantization;
  if (s.kvCacheDtype === "bf16" || s.kvCacheDtype === "fp8") out.kvCacheDtype = s.kvCacheDtype;
  return out;
}

export function resolveTenants(t: unknown, num: Reader): ResolvedTenants | null {
  if (!isObj(t)) return null;
  const method = t.method === "output" || t.method === "weighted" ? t.method : "tokens";
  const weights = { tokens: [1, 1], output: [0, 1] } as const;
  return {
    method,
    inputWeight:
      method === "weighted" ? numField(num, t, "tenants", "inputWeight") : weights[method][0],
    outputWeight:
      method === "weighted" ? numField(num, t, "tenants", "outputWeight") : weights[method][1],
    idle: t.idle === "separate" ? "separate" : "proportional",
    basis: t.basis === "reservation" ? "reservation" : "usage",
    pools: list(t.pools).map((p, i) => ({
      name: typeof p.name === "string" ? p.name : `pool${i + 1}`,
      costPerDay: numField(num, p, `tenants.pools[${i}]`, "costPerDay"),
      sku: typeof p.sku === "string" ? p.sku : null,
      capacityTokensPerDay: numField(num, p, `tenants.pools[${i}]`, "capacityTokensPerDay"),
      replicas: numField(num, p, `tenants.pools[${i}]`, "replicas"),
    })),
    shared: list(t.shared).map((s, i) => ({
      name: typeof s.name === "string" ? s.name : `shared${i + 1}`,
      costPerDay: numField(num, s, `tenants.shared[${i}]`, "costPerDay"),
      split: s.split === "even" || s.split === "none" ? s.split : "weighted",
    })),
    usage: list(t.usage).map((u, i) => {
      // Plain numbers inline: no path string per usage row (thousands of teams).
      const a = u.inputTokens;
      const b = u.outputTokens;
      return {
        team: typeof u.team === "string" ? u.team : `team${i + 1}`,
        pool: typeof u.pool === "string" ? u.pool : null,
        inputTokens:
          typeof a === "number" && Number.isFinite(a)
            ? a
            : numField(num, u, `tenants.usage[${i}]`, "inputTokens"),
        outputTokens:
          typeof b === "number" && Number.isFinite(b)
            ? b
            : numField(num, u, `tenants.usage[${i}]`, "outputTokens"),
        reservedReplicas: numField(num, u, `tenants.usage[${i}]`, "reservedReplicas"),
      };
    }),
  };
}

/** Path of SKU i's computed replica output tokens/s (read in formulas as `<id>_tok_s`). */
