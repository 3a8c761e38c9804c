/**
 * Hand-built plans and a compact form of lineage trees for the lineage survivor tests
 * (test/engine/plan/lineage-*.test.ts, issue #15): each node on one line
 * `path [kind] = value | formula | plugged | re recomputed | raw …`, its inputs indented below.
 */
import {
  consistent,
  explainPath,
  lineageNodes,
  type LineageNode,
} from "../../../src/engine/plan/lineage";
import { words } from "../../words";
import { computePlan } from "../../../src/engine/plan/plan";
import type { PlanResult } from "../../../src/engine/plan/plan-result";
import type { ResolvedPlan } from "../../../src/engine/plan/resolved-plan-types";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import { planJson } from "../../../src/report/plan-output";
import type { PlanFile, SweepPoint } from "../../../src/engine/base/types";
import fc from "fast-check";

export interface Ctx {
  plan: PlanFile;
  resolved: ResolvedPlan;
  result: PlanResult;
}

export function ctxOf(plan: PlanFile): Ctx {
  const resolved = resolvePlan(plan);
  return { plan, resolved, result: computePlan(resolved) };
}

/** One node on one line. */
export function line(n: LineageNode): string {
  let s = `${n.path} [${n.kind}] = ${n.value}`;
  if (n.formula !== undefined) s += ` | ${n.formula}`;
  if (n.plugged !== undefined) s += ` | ${n.plugged}`;
  if (n.recomputed !== undefined) s += ` | re ${n.recomputed}`;
  if (n.raw !== undefined) s += ` | raw ${n.raw}`;
  if (n.catalogue !== undefined) s += ` | catalogue ${n.catalogue}`;
  return s;
}

/** A tree down to `depth` levels of inputs, one line per node, inputs indented by two spaces. */
export function tree(n: LineageNode, depth = 1, at = 0): string[] {
  return [
    `${"  ".repeat(at)}${line(n)}`,
    ...(at < depth ? n.inputs.flatMap((c) => tree(c, depth, at + 1)) : []),
  ];
}

/** The explanation of `path`, as lines down to `depth`; an error as `ERROR <message>`. */
export function show(c: Ctx, path: string, depth = 1): string[] {
  const a = explainPath(c, path);
  return a.ok ? tree(a.node, depth) : [`ERROR ${a.error}`];
}

/** The explanations of several paths, one after the other (one assertion for a test's paths). */
export function showAll(c: Ctx, paths: readonly string[], depth = 1): string[] {
  return paths.flatMap((p) => show(c, p, depth));
}

/** The answer for a path that names no number, as `show` prints it. */
export const none = (path: string) => [`ERROR ${path}: no number with a lineage at this path`];

/** The node of `path` (a test fails on an error answer). */
export const node = (c: Ctx, path: string): LineageNode => {
  const a = explainPath(c, path);
  if (!a.ok) throw new Error(a.error);
  return a.node;
};

/** 10^e written with thousands separators, as lineageNumber writes it. */
export const big = (e: number) => `1${"0".repeat(e % 3)}${",000".repeat(Math.floor(e / 3))}`;

/** SKU "G": 1 GPU a replica at 2/h, 100 output tokens/s a replica; `over` written into it. */
export const G = (over: Record<string, unknown> = {}) => ({
  name: "G",
  gpusPerReplica: 1,
  pricePerGpuHour: 2,
  sweep: { replicaOutputTokensPerSec: 100 },
  ...over,
});

/** The numeric paths of `capplan plan --json` of a plan result. */
export function resultPaths(r: PlanResult): [string, number][] {
  return numericPaths(JSON.parse(JSON.stringify(planJson(r))));
}

/** Every numeric leaf of a JSON value with its path (`skus[0].replicas`), problems left out (as test/cli/explain.test.ts). */
export function numericPaths(
  v: unknown,
  path = "",
  out: [string, number][] = [],
): [string, number][] {
  if (typeof v === "number") out.push([path, v]);
  else if (Array.isArray(v)) v.forEach((x, i) => numericPaths(x, `${path}[${i}]`, out));
  else if (v && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) {
      if (
        (path === "" && k === "errors") ||
        ["problems", "errorProblems", "infeasibleProblem", "problem"].includes(k)
      )
        continue;
      numericPaths(x, path ? `${path}.${k}` : k, out);
    }
  }
  return out;
}

/** A plan of the format with `over` written into it. */
export const base = (over: Partial<PlanFile>): PlanFile => ({
  format: "capplan.plan/v1",
  currency: "USD",
  skus: [],
  ...over,
});

/**
 * Usage basis, idle separate, one pool priced from SKU G (2 replicas at 10/h = 480 a day),
 * weighted 1 : 3; team a has two rows (one without a pool), b one; shared costs even, weighted, none.
 */
export const USAGE_SEPARATE: PlanFile = base({
  workloads: [{ name: "chat", peakRps: 10, inputTokens: 100, outputTokens: 50 }],
  factors: { elasticity: 2 },
  skus: [G({ pricePerGpuHour: 10, sweep: { replicaOutputTokensPerSec: 500 } })],
  tenants: {
    method: "weighted",
    inputWeight: 1,
    outputWeight: 3,
    idle: "separate",
    pools: [{ name: "p", sku: "G" }],
    usage: [
      { team: "a", pool: "p", inputTokens: 1e7, outputTokens: 2e6 },
      { team: "b", inputTokens: 3e7, outputTokens: 1e6 },
      { team: "a", inputTokens: 2e7, outputTokens: 0 },
    ],
    shared: [
      { name: "ops", costPerDay: 30, split: "even" },
      { name: "sec", costPerDay: 60, split: "weighted" },
      { name: "lic", costPerDay: 10, split: "none" },
    ],
  },
});

/**
 * The worked example of docs/allocation.md (8 replicas, 240 a day, 1e6 weighted tokens fill one
 * replica): team a reserves 3 and uses 1 replica, b reserves 1 and uses 1; `over` sets the basis,
 * idle and more.
 */
export const reservation = (
  tenants: Partial<NonNullable<PlanFile["tenants"]>>,
  usage?: NonNullable<PlanFile["tenants"]>["usage"],
): PlanFile =>
  base({
    workload: { name: "w", peakRps: 1, inputTokens: 100, outputTokens: 100 },
    tenants: {
      basis: "reservation",
      pools: [{ name: "gpu", costPerDay: 240, replicas: 8, capacityTokensPerDay: 8e6 }],
      usage: usage ?? [
        { team: "a", inputTokens: 6e5, outputTokens: 4e5, reservedReplicas: 3 },
        { team: "b", inputTokens: 5e5, outputTokens: 5e5, reservedReplicas: 1 },
      ],
      ...tenants,
    },
  });

export const RESERVATION_SEPARATE = reservation({ idle: "separate" });
export const RESERVATION_PROPORTIONAL = reservation({ idle: "proportional" });
/** Reservations of 6 + 4 replicas exceed the pool's 8: no idle, the cost is split by billed replicas. */
export const RESERVATION_OVERFULL = reservation({ idle: "separate" }, [
  { team: "a", inputTokens: 6e5, outputTokens: 4e5, reservedReplicas: 6 },
  { team: "b", inputTokens: 5e5, outputTokens: 5e5, reservedReplicas: 2 },
  { team: "b", inputTokens: 0, outputTokens: 0, reservedReplicas: 2 },
]);
/** Nobody uses or reserves anything: the whole pool is idle; a shared cost weighted by own costs of 0 is split evenly. */
export const RESERVATION_EMPTY = reservation(
  { idle: "separate", shared: [{ name: "s", costPerDay: 9, split: "weighted" }] },
  [{ team: "a", inputTokens: 0, outputTokens: 0 }],
);

/**
 * No pools: one pool named after the recommended (cheapest) SKU B; method output (weights 0 and 1),
 * idle proportional; two workloads.
 */
export const NO_POOLS_OUTPUT: PlanFile = base({
  workloads: [
    { name: "chat", peakRps: 4, inputTokens: 1000, outputTokens: 250 },
    { name: "sum", peakRps: 1, inputTokens: 3000, outputTokens: 500 },
  ],
  skus: [
    { name: "A", gpusPerReplica: 2, pricePerGpuHour: 5, sweep: { replicaOutputTokensPerSec: 750 } },
    { name: "B", gpusPerReplica: 1, pricePerGpuHour: 2, sweep: { replicaOutputTokensPerSec: 300 } },
  ],
  tenants: {
    method: "output",
    idle: "proportional",
    usage: [
      { team: "x", inputTokens: 5e6, outputTokens: 1e6 },
      { team: "y", inputTokens: 1e6, outputTokens: 3e6 },
    ],
  },
});

/**
 * Yen (no minor unit), method tokens (weights 1 and 1, not written), idle separate; pool "x" has its
 * own cost, replicas and capacity and is over-used (so idle is spread), pool "y" is priced from
 * SKU G, pool "z" has no usage; team a uses x and y; shared costs weighted by the teams' own cost.
 */
export const POOLS_JPY: PlanFile = base({
  currency: "JPY",
  workloads: [{ name: "chat", peakRps: 2, inputTokens: 300, outputTokens: 100 }],
  skus: [G({ pricePerGpuHour: 100 })],
  tenants: {
    idle: "separate",
    pools: [
      { name: "x", costPerDay: 1000, replicas: 4, capacityTokensPerDay: 1e6 },
      { name: "y", sku: "G" },
      { name: "z", costPerDay: 7 },
    ],
    usage: [
      { team: "a", pool: "x", inputTokens: 9e5, outputTokens: 1e5 },
      { team: "b", pool: "x", inputTokens: 5e5, outputTokens: 5e5 },
      { team: "a", pool: "y", inputTokens: 1e6, outputTokens: 2e5 },
    ],
    shared: [{ name: "net", costPerDay: 100, split: "weighted" }],
  },
});

/**
 * Three workloads whose forecast rates come from avgRps (a), dailyRequests ÷ 86,400 (b) and the
 * peak (c); SKU G: 2 GPUs at 3/h, 1,000 output tokens/s per replica; elasticity 1.5 and 1 spare.
 */
export const SKU_MIX: PlanFile = base({
  cells: { peak: 10, out: "=peak * 20" },
  workloads: [
    { name: "a", peakRps: "=peak", avgRps: 4, inputTokens: 100, outputTokens: "=out" },
    { name: "b", peakRps: 5, dailyRequests: 86400, inputTokens: 300, outputTokens: 100 },
    { name: "c", peakRps: 2, inputTokens: 50, outputTokens: 50 },
  ],
  slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
  maxErrorRatePct: 2,
  factors: { elasticity: 1.5, redundancy: { spare: 1 } },
  skus: [G({ gpusPerReplica: 2, pricePerGpuHour: 3, sweep: { replicaOutputTokensPerSec: 1000 } })],
});

/**
 * Forecast rates exactly 0: a's avgRps 0 is taken (not its dailyRequests), b's dailyRequests 0 is
 * taken (not its peak); a redundancy factor of 1.25.
 */
export const FORECAST_ZERO: PlanFile = base({
  workloads: [
    { name: "a", peakRps: 8, avgRps: 0, dailyRequests: 864000, inputTokens: 10, outputTokens: 100 },
    { name: "b", peakRps: 2, dailyRequests: 0, inputTokens: 10, outputTokens: 100 },
    { name: "c", peakRps: 1, avgRps: 0.5, inputTokens: 10, outputTokens: 400 },
  ],
  factors: { redundancy: 1.25 },
  skus: [G({ pricePerGpuHour: 4, sweep: { replicaOutputTokensPerSec: 500 } })],
});

/** A measured point read from line `line` of run.csv (100 requests, none failed) at `load`. */
export const runPoint = (
  load: Partial<import("../../../src/engine/base/types").SweepPoint>,
  out: number,
  ttft: number,
  line: number,
) => ({
  concurrency: null,
  requestRate: null,
  ...load,
  outputTokensPerSec: out,
  ttftMs: { p99: ttft },
  completed: 100,
  failed: 0,
  sources: [{ file: "run.csv", line }],
});

/** SKU `name` of 1 GPU a replica at 1/h on sweep `label`, read from run.csv. */
export const swept = (name: string, label: string, points: ReturnType<typeof runPoint>[]) => ({
  name,
  gpusPerReplica: 1,
  pricePerGpuHour: 1,
  sweep: { label, source: { files: ["run.csv"], format: "generic-csv" }, points },
});

/** One SKU per kind of load level (concurrency, offered rate or inf, achieved rps, fractional rate and concurrency); measured points under TTFT p99 ≤ 1,000 ms. */
export const SWEEPS: PlanFile = base({
  workloads: [{ name: "w", peakRps: 10, inputTokens: 100, outputTokens: 100 }],
  slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
  skus: [
    swept("C", "conc", [
      runPoint({ concurrency: 1.5 }, 100, 100, 2),
      runPoint({ concurrency: 16 }, 1000, 500, 3),
      runPoint({ concurrency: 32 }, 1200, 3000, 4),
    ]),
    swept("R", "rate", [
      runPoint({ requestRate: 0.25 }, 100, 100, 2),
      runPoint({ requestRate: 2.5 }, 1000, 500, 3),
      runPoint({ requestRate: "inf" }, 1100, 900, 4),
    ]),
    swept("A", "achieved", [
      runPoint({ rps: 1.125 }, 100, 100, 2),
      runPoint({ rps: 12 }, 1000, 500, 3),
    ]),
    swept("R2", "rate2", [
      runPoint({ requestRate: 0.25 }, 100, 100, 2),
      runPoint({ requestRate: 2.346 }, 1000, 500, 3),
    ]),
    swept("C2", "conc2", [runPoint({ concurrency: 1.126 }, 1000, 100, 2)]),
  ],
});

/** A workload whose input tokens are a formula that fails (a name that is no cell), and one at 0 req/s. */
export const BROKEN: PlanFile = base({
  workloads: [{ name: "bad", peakRps: 3, inputTokens: "=nope * 2", outputTokens: 100 }],
  skus: [G()],
});

/** No traffic: 0 req/s needs 0 replicas. */
export const IDLE: PlanFile = base({
  workloads: [{ name: "none", peakRps: 0, inputTokens: 10, outputTokens: 100 }],
  skus: [G()],
});

/** No peak traffic but a forecast of 1 req/s: 0 replicas, forecast utilization 0 (as capacity.ts gives it). */
export const IDLE_FORECAST: PlanFile = base({
  workloads: [{ name: "later", peakRps: 0, avgRps: 1, inputTokens: 10, outputTokens: 100 }],
  skus: [G()],
});

/** Tenants of `over` on pool p (60 a day): team a uses 100 + 100 tokens, b 300 + `bOut`. */
const weighed = (
  over: Partial<NonNullable<PlanFile["tenants"]>>,
  bOut: number,
  more: object[] = [],
) =>
  base({
    tenants: {
      ...over,
      pools: [{ name: "p", costPerDay: 60 }],
      usage: [
        { team: "a", inputTokens: 100, outputTokens: 100 },
        { team: "b", inputTokens: 300, outputTokens: bOut },
        ...(more as never[]),
      ],
    },
  });

/** Method weighted with only the output weight written: the input weight is the method's 1. */
export const WEIGHTED_DEFAULT: PlanFile = weighed({ method: "weighted", outputWeight: 2 }, 0, [
  // An error of the plan, left out: a pool that does not exist.
  { team: "a", pool: "nope", inputTokens: 1000, outputTokens: 0 },
]);

/**
 * Idle separate. Pool "full" (100 a day, 1,000 tokens a day) is used exactly to its capacity
 * (600 + 400): teams pay by capacity and the idle is 0 by subtraction. Pool "q" has no capacity:
 * its idle is spread (share × cost). Two rows are errors and left out.
 */
export const USAGE_FULL: PlanFile = base({
  tenants: {
    idle: "separate",
    pools: [
      { name: "full", costPerDay: 100, capacityTokensPerDay: 1000 },
      { name: "q", costPerDay: 50 },
    ],
    usage: [
      { team: "a", pool: "full", inputTokens: 500, outputTokens: 100 },
      { team: "b", pool: "full", inputTokens: 0, outputTokens: 400 },
      { team: "c", pool: "q", inputTokens: 1, outputTokens: 1 },
      { team: "a", pool: "q", inputTokens: 2, outputTokens: 0 },
      // Left out of the allocation (errors of the plan): no pool named among two, a number that failed.
      { team: "c", inputTokens: 7, outputTokens: 7 },
      { team: "b", pool: "full", inputTokens: "=nope", outputTokens: 1 },
    ],
  },
});

/** Reservations of 5 + 3 fill the pool's 8 replicas exactly: still split by pool replicas, idle 0 by subtraction. */
export const RESERVATION_FULL = reservation({ idle: "separate" }, [
  { team: "a", inputTokens: 6e5, outputTokens: 4e5, reservedReplicas: 5 },
  { team: "b", inputTokens: 5e5, outputTokens: 5e5, reservedReplicas: 3 },
  { team: "b", inputTokens: 0, outputTokens: 0 },
]);

/**
 * Cents that do not add up in binary: team a pays 0.1 and 0.2 in two pools and 0.1 + 0.2 of two
 * shared costs split evenly; 0.1 + 0.2 is 0.30000000000000004, rounded to 0.3.
 */
export const CENTS: PlanFile = base({
  tenants: {
    pools: [
      { name: "p1", costPerDay: 0.1 },
      { name: "p2", costPerDay: 0.2 },
    ],
    usage: [
      { team: "a", pool: "p1", inputTokens: 1, outputTokens: 0 },
      { team: "a", pool: "p2", inputTokens: 1, outputTokens: 0 },
      { team: "b", pool: "p1", inputTokens: 0, outputTokens: 0 },
    ],
    shared: [
      { name: "s1", costPerDay: 0.2, split: "even" },
      { name: "s2", costPerDay: 0.4, split: "even" },
    ],
  },
});

/**
 * A SKU without a capacity (0 GPUs per replica is refused by the capacity model): no peak or
 * forecast numbers; forecast rates that are negative formulas resolve to nothing.
 */
export const NO_CAPACITY: PlanFile = base({
  workloads: [
    {
      name: "w",
      peakRps: 2,
      avgRps: "=0 - 1",
      dailyRequests: "=0 - 86400",
      inputTokens: 10,
      outputTokens: 100,
    },
  ],
  skus: [G({ gpusPerReplica: 0 })],
});

/** Every forecast rate is 0: forecast output 0 tokens/s, so no forecast cost per token. */
export const FORECAST_NONE: PlanFile = base({
  workloads: [{ name: "w", peakRps: 2, avgRps: 0, inputTokens: 10, outputTokens: 100 }],
  skus: [G()],
});

/** Method tokens ignores the weights written (5 and 7): both are 1. */
export const TOKENS_WRITTEN_WEIGHTS = weighed(
  { method: "tokens", inputWeight: 5, outputWeight: 7 },
  100,
);

/** Method weighted 2 : 3, both written. */
export const WEIGHTED_2_3 = weighed({ method: "weighted", inputWeight: 2, outputWeight: 3 }, 0);

/**
 * Paths as one text; a word ending in "." prefixes the next words: `a. b c.d` is a.b, a.c.d.
 * `${…}` inserts a list of keys written once (e.g. `TEAM_KEYS`).
 */
export const paths = (s: TemplateStringsArray, ...keys: string[]) =>
  pathsOf(s.reduce((text, part, i) => text + (keys[i - 1] ?? "") + part));
/** The paths of a text written as `paths` takes it. */
const pathsOf = (text: string) => {
  let prefix = "";
  return words(text).flatMap((w) => {
    if (!w.endsWith(".")) return [prefix + w];
    prefix = w;
    return [];
  });
};
/** The lines of a text, each trimmed, blank ones left out (a list of long texts, one a line). */
export const lines = (s: TemplateStringsArray) =>
  s[0]!
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");

/**
 * Expected explanation lines written as one text, a line each (their common indentation cut), with
 * a repeated node written once: a line `= a. b c` (paths as `paths` reads them, or separated by
 * ", " where a path has spaces) stands for the lines of those nodes, each written in full elsewhere
 * in the same text (at any depth), indented as the `=` line. Every line is compared whole and exactly after the expansion; a path that is
 * not written in full, or is written twice differently, throws.
 */
export function full(s: TemplateStringsArray, ...values: string[]): string[] {
  const text = s.reduce((t, part, i) => t + (values[i - 1] ?? "") + part);
  const written = text.split("\n").filter((l) => l.trim() !== "");
  const cut = Math.min(...written.map((l) => l.length - l.trimStart().length));
  const lines = written.map((l) => l.slice(cut));
  const known = new Map<string, string>();
  for (const l of lines) {
    const path = /^ *(.+?) \[\w+\] = /.exec(l)?.[1];
    if (path === undefined) continue;
    if ((known.get(path) ?? l.trimStart()) !== l.trimStart()) throw new Error(`${path} twice`);
    known.set(path, l.trimStart());
  }
  return lines.flatMap((l) => {
    const [, pad, refs] = /^( *)= (.+)$/.exec(l) ?? [];
    if (refs === undefined) return [l];
    return (refs.includes(", ") ? refs.split(", ") : pathsOf(refs)).map((p) => {
      const line = known.get(p);
      if (line === undefined) throw new Error(`${p}: not written in full in this text`);
      return pad + line;
    });
  });
}
/** `showAll` of the paths written as one text (see `paths`), each to `depth` levels. */
export const showPaths =
  (c: Ctx, depth = 1) =>
  (s: TemplateStringsArray, ...keys: string[]) =>
    showAll(c, paths(s, ...keys), depth);

/** The numbers of a team in a pool (`tenants.pools[i].teams[j].…`), in their order of explanation. */
export const POOL_TEAM_KEYS = `tokens share cost costRounded costPerMillionTokens
  costPerMillionInputTokens costPerMillionOutputTokens inputTokens outputTokens usedReplicas`;
/** A team's totals over the pools (`tenants.teams[j].…`). */
export const TEAM_TOTAL_KEYS = `cost costRounded sharedCost sharedCostRounded total totalRounded
  tokens inputTokens outputTokens costPerMillionTokens costPerMillionInputTokens
  costPerMillionOutputTokens`;

/**
 * A random sweep of 1 to `max` levels at rising concurrency, each a random 1–16 above the last;
 * `fields` are a level's other random numbers, `level` makes the rest of the level from them.
 */
export const risingSweep = <F extends object>(
  fields: { [K in keyof F]: fc.Arbitrary<F[K]> },
  max: number,
  level: (f: F) => Omit<SweepPoint, "concurrency">,
): fc.Arbitrary<SweepPoint[]> =>
  fc
    .array(fc.record({ step: fc.integer({ min: 1, max: 16 }), ...fields } as never), {
      minLength: 1,
      maxLength: max,
    })
    .map((rows) => {
      let c = 0;
      return (rows as (F & { step: number })[]).map((r) => ({
        concurrency: (c += r.step),
        ...level(r),
      }));
    });

/** Equal up to 1e-9 relative (absolute below 1). */
const close = (a: number, b: number) =>
  Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** What is wrong with the explanations of `paths` (path, plan value): none explains, another value, a step that does not recompute. */
export function explainFailures(ctx: Ctx, paths: [string, number][]): string[] {
  const failures: string[] = [];
  for (const [path, value] of paths) {
    const a = explainPath(ctx, path);
    if (!a.ok) {
      failures.push(a.error);
      continue;
    }
    if (a.node.value === null || !close(a.node.value, value))
      failures.push(`${path}: explained ${a.node.value}, plan ${value}`);
    for (const x of lineageNodes(a.node)) {
      if (!consistent(x))
        failures.push(`${path}: ${x.path} = ${x.value}, recomputed ${x.recomputed}`);
      if (x.kind === "computed" && x.recomputed === undefined)
        failures.push(`${path}: ${x.path} has no recomputed value`);
    }
  }
  return failures;
}
