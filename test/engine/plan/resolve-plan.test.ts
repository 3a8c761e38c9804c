import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildPlanSheet,
  createPlanSheet,
  planEntries,
  resolvePlan,
  computedPath,
  computedSkus,
  isNumberField,
  sheetEntries,
  skuIds,
} from "../../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../../src/engine/base/types";
import { SPEC_EXAMPLE_TEXT } from "../plan-example";
import { computePlan } from "../../../src/engine/plan/plan";
import { trafficOf } from "../../../src/engine/demand/traffic";
import { words } from "../../words";

function example(): PlanFile {
  return JSON.parse(SPEC_EXAMPLE_TEXT) as PlanFile;
}
const P = (p: Record<string, unknown>): PlanFile =>
  ({ format: "capplan.plan/v1", ...p }) as unknown as PlanFile;
const resolve = (p: Record<string, unknown>) => resolvePlan(P(structuredClone(p)));
const paths = (e: readonly [string, unknown][]) => e.map(([p]) => p);
const errPaths = (r: { errors: { path: string }[] }) => r.errors.map((e) => e.path);
/** The one-request-a-second workload most cases here need. */
const W = { name: "w", peakRps: 1, inputTokens: 1, outputTokens: 1 };
const pointsOf = (ref: unknown) => (ref as { points: Record<string, unknown>[] }).points;
/** A resolved pool and usage row, every field in its place (null where the plan leaves it out). */
type N = number | null;
const pool = (
  name: string,
  costPerDay: N,
  sku: string | null = null,
  cap: N = null,
  n: N = null,
) => ({ name, costPerDay, sku, capacityTokensPerDay: cap, replicas: n });
const usage = (team: string, pool: string | null, input: N, output: N, reserved: N = null) => ({
  team,
  pool,
  inputTokens: input,
  outputTokens: output,
  reservedReplicas: reserved,
});
const weights11 = { method: "tokens", inputWeight: 1, outputWeight: 1 };
const tokens = { ...weights11, idle: "proportional", basis: "usage" };

describe("plan resolution", () => {
  it("resolves docs/plan-file.md example", () => {
    const r = resolvePlan(example());
    expect(r.errors).toEqual([]);
    expect(r).toMatchObject({ title: "70B chat service", currency: "CNY", sloMode: "measured" });
    expect(r.elasticity).toBe(1.2);
    // chat_peak = peak * 0.8 = 50 * 0.8 = 40
    expect(r.cells).toEqual({ peak: 50, gpu_hour: 20, chat_peak: 40 });
    const none = { avgRps: null, dailyRequests: null };
    expect(r.workloads).toEqual([
      { ...none, name: "chat", peakRps: 40, avgRps: 16, inputTokens: 300, outputTokens: 300 },
      { ...none, name: "docs", peakRps: 10, inputTokens: 3000, outputTokens: 500 },
    ]);
    expect(r.slo).toEqual([
      { metric: "ttft", stat: "p99", maxMs: 1000 },
      { metric: "itl", stat: "p95", maxMs: 100 },
    ]);
    expect(r.redundancy).toEqual({ factor: 1.2 });
    // H100: pricePerGpuHour "=gpu_hour" = 20; its SKU-level sweep is repeated for both workloads
    const given = { kind: "given", replicaOutputTokensPerSec: 1500 };
    expect(r.skus[0]).toEqual({
      ...{ name: "H100 TP4", gpu: "h100-sxm", gpusPerReplica: 4, pricePerGpuHour: 20 },
      sweeps: { chat: given, docs: given },
    });
    const l40s = { kind: "file", file: "sweeps/l40s-genai-perf/" };
    expect(r.skus[1]!.sweeps).toEqual({ chat: l40s, docs: l40s });
    const p = { concurrency: 8, requestRate: null, rps: 2.1, outputTokensPerSec: 640 };
    expect(r.skus[2]!.sweeps).toEqual({
      chat: { kind: "points", points: [{ ...p, ttftMs: { p99: 700 }, itlMs: { p95: 40 } }] },
      docs: { kind: "file", file: "sweeps/a100-docs.json" },
    });
    expect(r.tenants).toEqual({
      ...tokens,
      pools: [pool("70b", 1920)],
      shared: [],
      usage: [usage("search", "70b", 1e7, 2e7), usage("support", "70b", 6e7, 4e7)],
    });
  });

  it("fills the defaults of a minimal plan", () => {
    const r = resolvePlan({
      format: "capplan.plan/v1",
      workload: { peakRps: 50, inputTokens: 300, outputTokens: 300 },
      skus: [{ name: "A", gpusPerReplica: 1, pricePerGpuHour: 2, sweeps: {} }],
      tenants: { method: "output", usage: [{ team: "t", inputTokens: 1, outputTokens: 2 }] },
    });
    expect(r).toMatchObject({ title: "Untitled plan", currency: "USD", sloMode: "measured" });
    expect(r.elasticity).toBe(1);
    expect(r.redundancy).toEqual({ factor: 1 });
    expect(r.workloads.map((w) => w.name)).toEqual(["default"]);
    expect(r.skus[0]!.sweeps).toEqual({ default: { kind: "missing" } });
    const tenants = { method: "output", inputWeight: 0, outputWeight: 1, idle: "proportional" };
    expect(r.tenants).toMatchObject({ ...tenants, pools: [] });
    expect(r.tenants!.usage[0]!.pool).toBeNull();
    expect([r.slo, r.cells]).toEqual([[], {}]);
  });

  it("resolves N+k redundancy and formulas in nested fields", () => {
    // inline points hold plain numbers in the PlanFile type; formulas there are accepted too (docs/plan-file.md)
    const ttftMs = { p99: "=k * 100", p50: 80 };
    const point = { concurrency: 4, requestRate: null, outputTokensPerSec: "=base * 2", ttftMs };
    const r = resolve({
      cells: { k: 2, base: "1,500" },
      workload: { peakRps: 1, inputTokens: 1, outputTokens: 1 },
      factors: { elasticity: "=1 + 0.2", redundancy: { spare: "=k" } },
      skus: [{ name: "A", gpusPerReplica: 1, pricePerGpuHour: 1, sweep: { points: [point] } }],
    });
    expect(r.errors).toEqual([]);
    expect(r.elasticity).toBeCloseTo(1.2, 12);
    expect(r.redundancy).toEqual({ spare: 2 });
    // outputTokensPerSec = 1500 * 2 = 3000 ; p99 = 2 * 100 = 200
    const resolved = { ...point, outputTokensPerSec: 3000, ttftMs: { p99: 200, p50: 80 } };
    expect(r.skus[0]!.sweeps.default!).toEqual({ kind: "points", points: [resolved] });
  });

  it("reports a cycle on both cells and still resolves every other field", () => {
    const plan = example();
    plan.cells = { ...plan.cells, a: "=b+1", b: "=a" };
    const r = resolvePlan(plan);
    expect(r.errors.map((e) => [e.path, e.kind, e.message])).toEqual([
      ["cells.a", "CYCLE", "circular reference: cells.a → cells.b → cells.a"],
      ["cells.b", "CYCLE", "circular reference: cells.b → cells.a → cells.b"],
    ]);
    expect(r.cells).toEqual({ peak: 50, gpu_hour: 20, chat_peak: 40, a: null, b: null });
    expect([r.workloads[0]!.peakRps, r.skus[0]!.pricePerGpuHour]).toEqual([40, 20]);
  });

  it("reports an unknown name in a SKU price with that path, leaving the field null", () => {
    const plan = example();
    plan.skus[0]!.pricePerGpuHour = "=nosuch*2";
    const r = resolvePlan(plan);
    expect(r.errors).toEqual([
      {
        path: "skus[0].pricePerGpuHour",
        kind: "NAME",
        message: "unknown name `nosuch` in skus[0].pricePerGpuHour (no cell cells.nosuch)",
        problem: expect.objectContaining({ code: "formula.unknownNames" }),
      },
    ]);
    expect(r.skus[0]!.pricePerGpuHour).toBeNull();
    expect(r.skus[1]!.pricePerGpuHour).toBe(8);
  });

  it("names every numeric field by its path in the sheet", () => {
    expect(paths(planEntries(example()))).toEqual(
      words(`cells.peak cells.gpu_hour cells.chat_peak
        workloads[0].peakRps workloads[0].avgRps workloads[0].inputTokens workloads[0].outputTokens
        workloads[1].peakRps workloads[1].inputTokens workloads[1].outputTokens
        slo[0].maxMs slo[1].maxMs factors.elasticity factors.redundancy
        skus[0].gpusPerReplica skus[0].pricePerGpuHour skus[0].sweep.replicaOutputTokensPerSec
        skus[1].gpusPerReplica skus[1].pricePerGpuHour skus[2].gpusPerReplica skus[2].pricePerGpuHour
        tenants.pools[0].costPerDay tenants.usage[0].inputTokens tenants.usage[0].outputTokens
        tenants.usage[1].inputTokens tenants.usage[1].outputTokens`),
    );
  });
});

describe("incremental plan sheet", () => {
  it("an edit recomputes only its dependents, and resolving equals a fresh copy of the edited plan", () => {
    const ps = createPlanSheet(example());
    // peak → chat_peak → workloads[0].peakRps
    expect(ps.set("cells.peak", 100)).toEqual(
      words("cells.peak cells.chat_peak workloads[0].peakRps"),
    );
    expect(ps.resolve().workloads[0]!.peakRps).toBe(80);
    const edited = example();
    edited.cells!.peak = 100;
    expect(ps.resolve()).toEqual(resolvePlan(edited));
  });

  it("adding a new cell and pointing a field at it works like a fresh plan", () => {
    const ps = createPlanSheet(example());
    expect(ps.set("skus[1].pricePerGpuHour", "=l40s_hour")).toEqual(["skus[1].pricePerGpuHour"]);
    expect(ps.resolve().errors.map((e) => e.kind)).toEqual(["NAME"]);
    expect(ps.set("cells.l40s_hour", 9)).toEqual(["cells.l40s_hour", "skus[1].pricePerGpuHour"]);
    const edited = example();
    edited.skus[1]!.pricePerGpuHour = "=l40s_hour";
    edited.cells!.l40s_hour = 9;
    expect(ps.resolve()).toEqual(resolvePlan(edited));
    expect(ps.resolve().skus[1]!.pricePerGpuHour).toBe(9);
  });

  it("update() with a structurally edited plan equals resolving it fresh", () => {
    const ps = createPlanSheet(example());
    const next = example();
    next.workloads!.push({
      name: "batch",
      peakRps: "=peak / 10",
      inputTokens: 100,
      outputTokens: 100,
    });
    delete next.cells!.gpu_hour;
    ps.update(next);
    const r = ps.resolve();
    expect(r).toEqual(resolvePlan(next));
    expect(r.workloads[2]!.peakRps).toBe(5);
    expect(r.errors.map((e) => [e.path, e.kind])).toEqual([["skus[0].pricePerGpuHour", "NAME"]]);
  });

  it("refuses paths into prototypes and leaves the plan unchanged", () => {
    const ps = createPlanSheet(example());
    expect(ps.set("__proto__.polluted", 1)).toEqual([]);
    expect(ps.set("cells.constructor.prototype.x", 1)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(ps.resolve()).toEqual(resolvePlan(example()));
  });

  it("random edits of cells and fields resolve like a fresh copy of the edited plan", () => {
    const paths = words(`cells.peak cells.gpu_hour cells.chat_peak workloads[0].peakRps
      skus[0].pricePerGpuHour factors.elasticity tenants.pools[0].costPerDay`);
    const formulas = [
      "=peak * 2",
      "=gpu_hour + chat_peak",
      "=nosuch",
      "=chat_peak",
      "oops",
      "2,500",
    ];
    const raw = fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constantFrom(...formulas));
    const edits = fc.array(fc.tuple(fc.constantFrom(...paths), raw), { maxLength: 12 });
    fc.assert(
      fc.property(edits, (edits) => {
        const ps = createPlanSheet(example());
        for (const [p, v] of edits) ps.set(p, v);
        expect(ps.resolve()).toEqual(resolvePlan(structuredClone(ps.plan())));
      }),
      { numRuns: 200 },
    );
  });
});

describe("resolvePlan part by part: entries, points, sweeps, schedules, SKUs, tenants, defaults, ids", () => {
  /**
   * Plan resolution (src/engine/plan/resolve-plan.ts, docs/plan-file.md, docs/formulas.md): which numbers
   * the sheet holds, how sweep points, sweep references, schedules, SKUs and tenants resolve (with
   * their defaults), SKU ids and `<id>_tok_s`, range checks in the plan's currency, error order, and
   * the incremental plan sheet's returned paths (issue #15). Hand-written plans; exact values.
   */
  describe("planEntries and sheetEntries", () => {
    const ttftMs = { p99: "=b", p50: 3 };
    const point = {
      concurrency: 4,
      requestRate: "inf",
      rps: "=a",
      outputTokensPerSec: 100,
      ttftMs,
    };
    const plan = P({
      cells: { a: 1, b: "=a * 2" },
      workloads: [{ name: "w", peakRps: 5, inputTokens: "=a", outputTokens: "1,500" }],
      slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
      skus: [{ name: "s", gpusPerReplica: 1, pricePerGpuHour: 2, sweep: { points: [point] } }],
    });

    it("planEntries: every cell and input field in document order, sweep data only as text", () => {
      expect(paths(planEntries(plan))).toEqual(
        words(`cells.a cells.b workloads[0].peakRps workloads[0].inputTokens
          workloads[0].outputTokens slo[0].maxMs skus[0].gpusPerReplica skus[0].pricePerGpuHour
          skus[0].sweep.points[0].rps skus[0].sweep.points[0].ttftMs.p99`),
      );
    });

    it("sheetEntries: every cell (even a plain number), other fields only when not a plain finite number; the literal 'inf' is not an entry", () => {
      expect(sheetEntries(plan)).toEqual([
        ["cells.a", 1],
        ["cells.b", "=a * 2"],
        ["workloads[0].inputTokens", "=a"],
        ["workloads[0].outputTokens", "1,500"],
        ["skus[0].sweep.points[0].rps", "=a"],
        ["skus[0].sweep.points[0].ttftMs.p99", "=b"],
      ]);
    });

    it("a non-finite number in sweep data or an input is an entry (an error of its cell, never a silent blank)", () => {
      const p = P({
        workloads: [{ name: "w", peakRps: Number.NaN }],
        skus: [
          { name: "s", sweep: { points: [{ concurrency: Number.POSITIVE_INFINITY, rps: 1 }] } },
        ],
      });
      expect(paths(sheetEntries(p))).toEqual(
        words("workloads[0].peakRps skus[0].sweep.points[0].concurrency"),
      );
    });

    it("a SKU whose <id>_tok_s a formula reads gets a computed entry after the SKUs, depending on its sweep, the SLOs, the failed-share limit and the workloads", () => {
      const at = (rps: string) => ({ points: [{ concurrency: 1, rps }] });
      const p = P({
        cells: { est: "=m_tok_s * 2", other: "=x" },
        maxErrorRatePct: "=1",
        workloads: [{ name: "w", peakRps: "=3", inputTokens: 1, outputTokens: 1 }],
        slo: [{ metric: "ttft", stat: "p99", maxMs: "=900" }],
        skus: [
          { name: "m", id: "m", gpusPerReplica: "=1", sweep: at("=2") },
          { name: "n", id: "n", sweep: at("=4") },
        ],
        tenants: { pools: [{ name: "p", costPerDay: "=5" }] },
      });
      const e = sheetEntries(p);
      expect(paths(e)).toEqual([
        ...words(`cells.est cells.other workloads[0].peakRps slo[0].maxMs maxErrorRatePct
          skus[0].gpusPerReplica skus[0].sweep.points[0].rps skus[1].sweep.points[0].rps`),
        computedPath(0),
        "tenants.pools[0].costPerDay",
      ]);
      const raw = e.find(([q]) => q === "skus[0].replicaOutputTokensPerSec")![1];
      expect(raw).toMatchObject({
        computed: true,
        deps: words(
          "workloads[0].peakRps slo[0].maxMs maxErrorRatePct skus[0].sweep.points[0].rps",
        ),
        pending: "SKU 1 has no operating point yet",
      });
    });
  });

  describe("isNumberField", () => {
    const p = P({
      cells: { a: 1 },
      workloads: [{ name: "w", peakRps: 1 }],
      skus: [{ name: "s", sweep: { points: [{ concurrency: 1 }] } }],
    });
    // true for a numeric input field whose containers exist; false for cells, sweep data and missing containers
    it.each([
      [["workloads", 0, "peakRps"], true],
      [["skus", 0, "pricePerGpuHour"], true],
      [["cells", "a"], false],
      [["skus", 0, "sweep", "points", 0, "concurrency"], false],
      [["skus", 3, "pricePerGpuHour"], false],
    ] as const)("%j → %s", (path, expected) => {
      expect(isNumberField(p, path as unknown as (string | number)[])).toBe(expected);
    });
  });

  describe("sweep points", () => {
    const pts = (points: unknown[], cells: Record<string, unknown> = { a: 7 }) => {
      const r = resolve({ cells, workloads: [W], skus: [{ name: "s", sweep: { points } }] });
      const ref = r.skus[0]!.sweeps.w!;
      if (ref.kind !== "points") throw new Error(ref.kind);
      return { r, points: ref.points as unknown as Record<string, unknown>[] };
    };

    it("resolves text numbers; keeps null, 'inf' and absent keys; concurrency and requestRate are null when absent", () => {
      const { points } = pts([
        { concurrency: "=a", rps: null, outputTokensPerSec: "1,500", completed: 10 },
        { requestRate: "inf", totalTokensPerSec: 3 },
        { requestRate: "=a * 2", concurrency: null },
      ]);
      expect(points).toEqual([
        { concurrency: 7, requestRate: null, rps: null, outputTokensPerSec: 1500, completed: 10 },
        { concurrency: null, requestRate: "inf", totalTokensPerSec: 3 },
        { concurrency: null, requestRate: 14 },
      ]);
    });

    it("statistics: formulas resolve, a failed formula drops only that statistic, a non-object is left as written", () => {
      const written = { p50: "=a", p99: "=nosuch", p90: 3 };
      const { r, points } = pts([
        { concurrency: 1, ttftMs: written, itlMs: 5, e2eMs: { mean: "2" } },
      ]);
      const { ttftMs, itlMs, e2eMs } = points[0]!;
      expect([ttftMs, itlMs, e2eMs]).toEqual([{ p50: 7, p90: 3 }, 5, { mean: 2 }]);
      expect(errPaths(r)).toEqual(["skus[0].sweep.points[0].ttftMs.p99"]);
    });

    it("a non-object point is an empty point", () => {
      expect(pts([3, { concurrency: 2 }]).points).toEqual([
        { concurrency: null, requestRate: null },
        { concurrency: 2, requestRate: null },
      ]);
    });
  });

  describe("sweep references", () => {
    const refOf = (sweep: unknown) =>
      resolve({ workloads: [W], skus: [{ name: "s", sweep }] }).skus[0]!.sweeps.w;

    // inline points keep a text label, an object meta and the text warnings only; a file, a given
    // capacity (even 0 or a formula), or missing
    const run1 = { points: [], label: "run 1", meta: { engine: "vllm" } };
    const cap = (n: unknown) => ({ replicaOutputTokensPerSec: n });
    const given = (n: unknown) => ({ kind: "given", ...cap(n) });
    const missing = { kind: "missing" };
    it.each([
      [
        "points",
        { ...run1, warnings: ["a", 3, "b"] },
        { kind: "points", ...run1, warnings: ["a", "b"] },
      ],
      [
        "bad extras",
        { points: [], label: 3, meta: "x", warnings: "w" },
        { kind: "points", points: [] },
      ],
      ["file", { file: "a.json" }, { kind: "file", file: "a.json" }],
      ["given 0", cap(0), given(0)],
      ["given formula", cap("=2 * 3"), given(6)],
      ["given null", cap(null), missing],
      ["file 3", { file: 3 }, missing],
      ["none", undefined, missing],
      ["array", [1], missing],
    ])("%s: sweep %j → %j", (_, sweep, expected) => {
      expect(refOf(sweep)).toEqual(expected);
    });

    it("a SKU-level sweep is resolved once and shared by the workloads without their own; an own sweep wins", () => {
      const r = resolve({
        workloads: ["a", "b", "c"].map((name) => ({ ...W, name })),
        skus: [
          { name: "s", sweep: { points: [{ concurrency: 1 }] }, sweeps: { b: { file: "b.json" } } },
        ],
      });
      const s = r.skus[0]!.sweeps;
      expect(s.b).toEqual({ kind: "file", file: "b.json" });
      expect(s.a).toBe(s.c);
      expect(s.a).toEqual({ kind: "points", points: [{ concurrency: 1, requestRate: null }] });
      // `sweeps` that is not an object: every workload takes the shared sweep.
      const t = resolve({
        workloads: [{ ...W, name: "a" }],
        skus: [{ name: "s", sweep: { file: "x" }, sweeps: "nope" }],
      });
      expect(t.skus[0]!.sweeps.a).toEqual({ kind: "file", file: "x" });
    });

    it("an own sweep at a workload named __proto__ is kept as an own key", () => {
      const plan = JSON.parse(
        '{"format":"capplan.plan/v1","workloads":[{"name":"__proto__","peakRps":1,"inputTokens":1,"outputTokens":1}],"skus":[{"name":"s","sweeps":{"__proto__":{"file":"p.json"}}}]}',
      );
      const s = resolvePlan(plan).skus[0]!.sweeps;
      expect(Object.hasOwn(s, "__proto__")).toBe(true);
      const own = Object.getOwnPropertyDescriptor(s, "__proto__")!.value;
      expect(own).toEqual({ kind: "file", file: "p.json" });
    });

    it("a workload named like an Object property (toString) without its own sweep takes the SKU's", () => {
      const r = resolve({
        workloads: [{ ...W, name: "toString" }],
        skus: [{ name: "s", sweep: { file: "x.json" }, sweeps: {} }],
      });
      expect(r.skus[0]!.sweeps.toString).toEqual({ kind: "file", file: "x.json" });
    });
  });

  describe("schedules", () => {
    const sched = (schedule: unknown) =>
      resolve({ cells: { n: 4 }, workloads: [{ ...W, schedule }] }).workloads[0]!.schedule;
    const none = { intervalSec: null, rps: null, minReplicas: null, leadIntervals: null };

    // resolves the rates (formulas too), interval, minimum replicas and lead; absent numbers are
    // null; fromTrace only when exactly true, and then the written rates are not read; a schedule
    // that is not an object is none
    const full = { intervalSec: 1800, minReplicas: "=n / 2", leadIntervals: 1 };
    it.each([
      [
        "full",
        { ...full, rps: [1, "=n", "2"] },
        { ...full, rps: [1, 4, 2], minReplicas: 2, fromTrace: false },
      ],
      ["empty", {}, { ...none, fromTrace: false }],
      ["from trace", { fromTrace: true, rps: [1, 2] }, { ...none, fromTrace: true }],
      ["text true", { fromTrace: "true", rps: [1] }, { ...none, rps: [1], fromTrace: false }],
      ["array", [1, 2], undefined],
      ["text", "hourly", undefined],
    ])("%s: schedule %j → %j", (_, schedule, expected) => {
      expect(sched(schedule)).toEqual(expected);
    });

    it("a workload without a schedule or a trace has no schedule key and no trace keys", () => {
      const w = resolve({ workloads: [W] }).workloads[0]!;
      expect("schedule" in w).toBe(false);
      expect("trace" in w || "traffic" in w).toBe(false);
    });
  });

  describe("SKUs", () => {
    it("a SKU without a text name is named by its path; a non-text gpu is null; the reserved price only when written", () => {
      const r = resolve({
        skus: [
          { gpu: 3, gpusPerReplica: "=2", pricePerGpuHour: 1 },
          { name: "n", gpu: "h100", reservedPricePerGpuHour: "=0.5" },
        ],
      });
      expect(r.skus).toEqual([
        { name: "skus[0]", gpu: null, gpusPerReplica: 2, pricePerGpuHour: 1, sweeps: {} },
        {
          ...{ name: "n", gpu: "h100", gpusPerReplica: null, pricePerGpuHour: null },
          ...{ reservedPricePerGpuHour: 0.5, sweeps: {} },
        },
      ]);
    });
  });

  describe("tenants", () => {
    it("defaults: method tokens (weights 1 : 1), idle proportional, basis usage, names pool1 / shared1 / team1, split weighted", () => {
      const r = resolve({
        tenants: {
          ...{ method: "nope", inputWeight: 5, idle: "x", basis: "x", pools: [{}] },
          shared: [{ split: "x" }],
          usage: [{ inputTokens: "=2", outputTokens: 3 }],
        },
      });
      expect(r.tenants).toEqual({
        ...tokens,
        pools: [pool("pool1", null)],
        shared: [{ name: "shared1", costPerDay: null, split: "weighted" }],
        usage: [usage("team1", null, 2, 3)],
      });
    });

    // output weighs 0 : 1; weighted reads its weights (null when absent)
    it.each([
      ["output", { inputWeight: 5, outputWeight: 5 }, { inputWeight: 0, outputWeight: 1 }],
      ["weighted", { inputWeight: "=2", outputWeight: 3 }, { inputWeight: 2, outputWeight: 3 }],
      ["weighted", {}, { inputWeight: null, outputWeight: null }],
    ])("method %s with %j → %j", (method, weights, expected) => {
      const tenants = { method, ...weights };
      expect(resolve({ tenants }).tenants).toMatchObject({ method, ...expected });
    });

    it("the written choices are kept", () => {
      const t = resolve({
        tenants: {
          idle: "separate",
          basis: "reservation",
          pools: [{ ...pool("p", null, "s", 1e6, 2), costPerDay: "=10" }],
          shared: [{ name: "ops", costPerDay: 5, split: "even" }, { split: "none" }],
          usage: [
            { team: "t", pool: "p", inputTokens: "1,000", outputTokens: "=2", reservedReplicas: 1 },
          ],
        },
      }).tenants!;
      expect([t.idle, t.basis]).toEqual(["separate", "reservation"]);
      expect(t.pools).toEqual([pool("p", 10, "s", 1e6, 2)]);
      expect(t.shared).toEqual([
        { name: "ops", costPerDay: 5, split: "even" },
        { name: "shared2", costPerDay: null, split: "none" },
      ]);
      expect(t.usage).toEqual([usage("t", "p", 1000, 2, 1)]);
    });

    it("no tenants object: null", () => {
      expect(resolve({ tenants: [1] }).tenants).toBeNull();
      expect(resolve({}).tenants).toBeNull();
    });
  });

  describe("plan-level defaults", () => {
    it("an empty title or currency takes the default; sloMode measured unless interpolated; an SLO stat that is not text is empty", () => {
      const r = resolve({
        ...{ title: "", currency: "", sloMode: "x" },
        slo: [{ metric: "ttft", stat: 99, maxMs: 5 }],
      });
      expect(r).toMatchObject({ title: "Untitled plan", currency: "USD", sloMode: "measured" });
      expect(r.slo).toEqual([{ metric: "ttft", stat: "", maxMs: 5 }]);
      const written = { title: "T", currency: "EUR", sloMode: "interpolated" };
      expect(resolve(written)).toMatchObject(written);
      const fallback = { title: "Untitled plan", currency: "USD" };
      expect(resolve({ title: 3, currency: 3 })).toMatchObject(fallback);
    });

    // absent or null → 1; a number as written (0 too); not finite → null; text → its value
    it.each([
      [{}, 1],
      [{ maxErrorRatePct: null }, 1],
      [{ maxErrorRatePct: 0 }, 0],
      [{ maxErrorRatePct: 2.5 }, 2.5],
      [{ maxErrorRatePct: Number.POSITIVE_INFINITY }, null],
      [{ maxErrorRatePct: "=2 + 1" }, 3],
    ])("maxErrorRatePct of %j → %s", (plan, expected) => {
      expect(resolve(plan).maxErrorRatePct).toBe(expected);
    });

    // elasticity 1 when absent; redundancy factor 1 when absent, a spare count from an object
    it.each([
      [{}, 1, { factor: 1 }],
      [{ factors: { elasticity: null, redundancy: null } }, 1, { factor: 1 }],
      [{ factors: { elasticity: "=1.5", redundancy: 1.2 } }, 1.5, { factor: 1.2 }],
      [{ factors: { redundancy: { spare: "=2" } } }, 1, { spare: 2 }],
      [{ factors: { redundancy: {} } }, 1, { spare: null }],
      [{ factors: "x" }, 1, { factor: 1 }],
    ])("factors of %j: elasticity %s, redundancy %j", (plan, elasticity, redundancy) => {
      const r = resolve(plan);
      expect([r.elasticity, r.redundancy]).toEqual([elasticity, redundancy]);
    });

    it("cells: numbers as written, non-finite → null, text through the sheet", () => {
      const r = resolve({ cells: { a: 2, b: Number.NaN, c: "=a * 3" } });
      expect(r.cells).toEqual({ a: 2, b: null, c: 6 });
    });

    it("recommendBy only when one of the four", () => {
      for (const by of ["static", "autoscaled", "blended", "peak"])
        expect(resolve({ recommendBy: by }).recommendBy).toBe(by);
      expect("recommendBy" in resolve({ recommendBy: "cheapest" })).toBe(false);
    });

    it("errors in document order, whatever the order of evaluation", () => {
      const r = resolve({
        cells: { z: "=nosuch1" },
        workloads: [{ ...W, peakRps: "=nosuch2" }],
        skus: [{ name: "s", pricePerGpuHour: "=nosuch3", gpusPerReplica: "=z" }],
      });
      expect(errPaths(r)).toEqual(
        words("cells.z workloads[0].peakRps skus[0].gpusPerReplica skus[0].pricePerGpuHour"),
      );
    });
  });

  describe("range checks in the plan's currency", () => {
    // USD (2 decimals): prices up to 10,000,000 per GPU-hour; JPY (0 decimals): up to 1,000,000,000.
    const price = (currency?: unknown) =>
      resolve({
        ...(currency !== undefined ? { currency } : {}),
        skus: [{ name: "s", pricePerGpuHour: "=1e8" }],
      });
    it("a formula's result outside the field's range is an error of the field; cells have no range", () => {
      for (const c of [undefined, "", 3])
        expect(errPaths(price(c))).toEqual(["skus[0].pricePerGpuHour"]);
      expect(price().skus[0]!.pricePerGpuHour).toBeNull();
      expect(price("JPY").errors).toEqual([]);
      expect(price("JPY").skus[0]!.pricePerGpuHour).toBe(1e8);
      expect(resolve({ cells: { big: "=1e300", neg: "=-5" } }).errors).toEqual([]);
    });
  });

  describe("SKU ids and <id>_tok_s", () => {
    it("ids must be identifiers; the first SKU wins a repeated id", () => {
      const ids = ["a", "1b", "a", "c_2", "d-e", 5, "_"];
      const p = P({ skus: ids.map((id) => ({ id })) });
      expect([...skuIds(p)]).toEqual([
        ["a", 0],
        ["c_2", 3],
        ["_", 6],
      ]);
    });

    it("a SKU is computed only when some formula names its <id>_tok_s as a whole word and no cell of that name shadows it", () => {
      const skus = [{ id: "m" }, { id: "n" }, { id: "k" }];
      const computed = (cells: Record<string, unknown>) => [...computedSkus(P({ cells, skus }))];
      expect(computed({ a: "=m_tok_s + xn_tok_s", b: "=k_tok_sx" })).toEqual([["m", 0]]);
      expect(computed({ a: "=m_tok_s", m_tok_s: 5 })).toEqual([]);
      expect(computed({ a: "=n_tok_s * k_tok_s" })).toEqual([
        ["n", 1],
        ["k", 2],
      ]);
      expect([...computedSkus(P({ cells: { a: "=m_tok_s" } }))]).toEqual([]);
      expect(computed({ a: 5 })).toEqual([]);
    });

    it("a name reads a cell of that name first; <id>_tok_s of an unknown id is a missing cell", () => {
      const r = resolve({ cells: { x: "=q_tok_s" }, skus: [{ id: "m" }] });
      expect(r.errors.map((e) => [e.path, e.kind, e.message])).toEqual([
        ["cells.x", "NAME", "unknown name `q_tok_s` in cells.x (no cell cells.q_tok_s)"],
      ]);
      const c = resolve({ cells: { x: "=m_tok_s", m_tok_s: 5 }, skus: [{ id: "m" }] });
      expect(c.cells.x).toBe(5);
      expect(c.errors).toEqual([]);
    });

    // a single workload with a peak of 0 still gives its SKU's operating throughput
    it.each([1, 0])("<id>_tok_s of a multi-letter id reads that SKU (peak %s)", (peakRps) => {
      const sweep = { points: [{ concurrency: 1, rps: 1, outputTokensPerSec: 250 }] };
      const r = resolve({
        cells: { x: "=ab_tok_s" },
        workloads: [{ ...W, peakRps }],
        skus: [{ name: "A", id: "ab", gpusPerReplica: 1, pricePerGpuHour: 1, sweep }],
      });
      expect(r.cells.x).toBe(250);
    });

    it("a longer name than <id>_tok_s is a missing cell", () => {
      const m = resolve({ cells: { x: "=ab_tok_sx" }, skus: [{ id: "ab" }] });
      expect(m.errors.map((e) => e.message)).toEqual([
        "unknown name `ab_tok_sx` in cells.x (no cell cells.ab_tok_sx)",
      ]);
    });
  });

  describe("computed results", () => {
    const pt = (c: number, tok: number, ttft: number) => ({
      ...{ concurrency: c, rps: c, outputTokensPerSec: tok },
      ttftMs: { p99: ttft },
    });
    const sku = (name: string, id: string | undefined, sweep: unknown) => ({
      ...{ name, ...(id ? { id } : {}), gpusPerReplica: 1, pricePerGpuHour: 1 },
      sweep,
    });
    const w10 = { name: "w", peakRps: 10, inputTokens: 1, outputTokens: 100 };
    const measured = [pt(1, 100, 100), pt(2, 300, 400), pt(4, 500, 900)];
    const chain = (over: Record<string, unknown> = {}) => ({
      workloads: [w10],
      slo: [{ metric: "ttft", stat: "p99", maxMs: 500 }],
      skus: [
        sku("A", "a", { points: measured }),
        sku("B", "b", { replicaOutputTokensPerSec: "=a_tok_s * 2" }),
        sku("C", undefined, { replicaOutputTokensPerSec: "=b_tok_s + 1" }),
      ],
      ...over,
    });

    it("a chain of SKUs resolves in rounds: a = 300 (concurrency 2 passes 500 ms), b = 600, C reads 601", () => {
      const r = resolve(chain());
      expect(r.errors).toEqual([]);
      expect(r.skus[1]!.sweeps.w).toEqual({ kind: "given", replicaOutputTokensPerSec: 600 });
      expect(r.skus[2]!.sweeps.w).toEqual({ kind: "given", replicaOutputTokensPerSec: 601 });
    });

    it("with several workloads a SKU's <id>_tok_s is its mean throughput: Σ peak × output ÷ Σ base replicas", () => {
      // w1: 10 × 100 = 1,000 tok/s on 300 → 3.33 replicas; w2: 2 × 300 = 600 tok/s on 500 (given) → 1.2 → 1,600 ÷ 4.533 = 352.94…
      const r = resolve({
        ...chain(),
        workloads: [
          { ...w10, name: "w1" },
          { name: "w2", peakRps: 2, inputTokens: 1, outputTokens: 300 },
        ],
        cells: { x: "=a_tok_s" },
        skus: [
          {
            ...{ name: "A", id: "a", gpusPerReplica: 1, pricePerGpuHour: 1 },
            sweeps: { w1: { points: measured }, w2: { replicaOutputTokensPerSec: 500 } },
          },
        ],
      });
      expect(r.errors).toEqual([]);
      expect(r.cells.x).toBeCloseTo(1600 / (1000 / 300 + 600 / 500), 9);
    });

    it("an infeasible SKU gives its readers an error naming it; its own computed entry has no error of its own", () => {
      const r = resolve(chain({ slo: [{ metric: "ttft", stat: "p99", maxMs: 50 }] }));
      expect(errPaths(r)).toEqual(
        words("skus[1].sweep.replicaOutputTokensPerSec skus[2].sweep.replicaOutputTokensPerSec"),
      );
      expect(r.errors[0]!.message).toBe(
        "depends on skus[0].replicaOutputTokensPerSec, which has an error: A has no operating point (P99 TTFT ≤ 50 ms fails already at the lowest load (1): 100 ms, 50 ms (100 %) over)",
      );
      const own = (e: { path: string }) => e.path === computedPath(0) || e.path === computedPath(1);
      expect(r.errors.some(own)).toBe(false);
    });

    it("a cycle through computed results stays an error of the computed entries (kind CYCLE)", () => {
      const r = resolve({
        workloads: [w10],
        skus: [
          sku("A", "a", { replicaOutputTokensPerSec: "=b_tok_s" }),
          sku("B", "b", { replicaOutputTokensPerSec: "=a_tok_s" }),
        ],
      });
      const own = (e: { path: string }) => e.path === computedPath(0) || e.path === computedPath(1);
      expect(r.errors.filter(own).map((e) => e.kind)).toEqual(["CYCLE", "CYCLE"]);
    });

    it("a plan computed through its computed results equals the hand numbers: C = 601 tok/s → 10 × 100 ÷ 601 → 2 replicas", () => {
      const r = computePlan(resolve(chain()));
      expect(r.skus.map((s) => s.capacity?.replicas)).toEqual([4, 2, 2]);
    });
  });

  describe("createPlanSheet", () => {
    const start = () =>
      P({
        cells: { a: 2, b: "=a * 3" },
        workloads: [{ ...W, peakRps: "=b" }],
        skus: [{ name: "s", pricePerGpuHour: 4 }],
      });
    const readers = new Set(["cells.a", "cells.b", "workloads[0].peakRps"]);

    it("set: a plain number outside the cells returns its own path first (no entry); a cell returns it and its dependents", () => {
      const s = createPlanSheet(start());
      expect(s.set("skus[0].pricePerGpuHour", 5)).toEqual(["skus[0].pricePerGpuHour"]);
      expect(s.sheet.has("skus[0].pricePerGpuHour")).toBe(false);
      expect(s.resolve().skus[0]!.pricePerGpuHour).toBe(5);
      expect(s.set("workloads[0].peakRps", 9)).toEqual(["workloads[0].peakRps"]);
      expect(s.sheet.has("workloads[0].peakRps")).toBe(false);
      expect(s.resolve().workloads[0]!.peakRps).toBe(9);
      expect(new Set(s.set("cells.a", 4))).toEqual(new Set(["cells.a", "cells.b"]));
      expect(s.resolve().cells.b).toBe(12);
      expect(s.set("skus[0].pricePerGpuHour", "=a")).toEqual(["skus[0].pricePerGpuHour"]);
      expect(s.resolve().skus[0]!.pricePerGpuHour).toBe(4);
    });

    it("set refuses a path it cannot set (returns nothing); remove deletes a cell and its readers fail", () => {
      const s = createPlanSheet(start());
      expect(s.set("__proto__.x", 1)).toEqual([]);
      expect(new Set(s.remove("cells.a"))).toEqual(new Set(["cells.b", "workloads[0].peakRps"]));
      expect("a" in (s.plan().cells as object)).toBe(false);
      expect(s.resolve().cells.b).toBeNull();
    });

    it("update: only changed entries are re-evaluated; a change of SKU ids reads every formula again", () => {
      const s = createPlanSheet(start());
      const next = structuredClone(start()) as unknown as { cells: Record<string, unknown> };
      next.cells.a = 5;
      expect(new Set(s.update(next as unknown as PlanFile))).toEqual(readers);
      expect(s.resolve().workloads[0]!.peakRps).toBe(15);
      expect(s.update(next as unknown as PlanFile)).toEqual([]);
      const withId = structuredClone(next) as unknown as { skus: Record<string, unknown>[] };
      withId.skus[0]!.id = "m";
      expect(new Set(s.update(withId as unknown as PlanFile))).toEqual(readers);
      // The plan is a private copy.
      withId.skus[0]!.name = "changed";
      expect((s.plan().skus[0] as unknown as { name: string }).name).toBe("s");
    });
  });

  describe("every number of a sweep point and every statistic resolves from text", () => {
    it("concurrency, rps, the token rates and means, completed and failed; TTFT, ITL, TPOT, NTPOT and E2E statistics", () => {
      const keys = words(`concurrency rps outputTokensPerSec totalTokensPerSec meanInputTokens
        meanOutputTokens completed failed ttftMs itlMs tpotMs ntpotMs e2eMs`);
      // the n-th key is written "=n" (statistics as their p50) and resolves to n
      const at = (f: (n: number) => unknown) =>
        Object.fromEntries(
          keys.map((k, i) => [k, k.endsWith("Ms") ? { p50: f(i + 1) } : f(i + 1)]),
        );
      const r = resolve({
        workloads: [W],
        skus: [{ name: "s", sweep: { points: [at((n) => `=${n}`)] } }],
      });
      expect(r.errors).toEqual([]);
      expect(pointsOf(r.skus[0]!.sweeps.w)[0]).toEqual({ ...at((n) => n), requestRate: null });
    });
  });

  describe("non-finite and missing containers", () => {
    it("a NaN input is null with an error at its path; null containers are no containers", () => {
      const r = resolve({ workloads: [{ ...W, peakRps: Number.NaN }] });
      expect(r.workloads[0]!.peakRps).toBeNull();
      expect(errPaths(r)).toEqual(["workloads[0].peakRps"]);
      const n = resolve({ cells: null, factors: null, tenants: null, skus: null, slo: null });
      expect(n).toMatchObject({
        ...{ cells: {}, elasticity: 1, redundancy: { factor: 1 } },
        ...{ tenants: null, skus: [], slo: [] },
      });
    });
  });

  describe("the incremental sheet keeps errors in document order and sees every kind of change", () => {
    it("an error added later at an earlier path is listed first", () => {
      const s = createPlanSheet(
        P({ cells: { a: 1 }, skus: [{ name: "s", pricePerGpuHour: "=nosuch" }] }),
      );
      s.set("cells.z", "=nothere");
      expect(errPaths(s.resolve())).toEqual(["cells.z", "skus[0].pricePerGpuHour"]);
    });

    it("a NaN set on a field is an error of that field, not a silent blank", () => {
      const s = createPlanSheet(P({ skus: [{ name: "s", pricePerGpuHour: 2 }] }));
      s.set("skus[0].pricePerGpuHour", Number.NaN);
      const r = s.resolve();
      expect(r.skus[0]!.pricePerGpuHour).toBeNull();
      expect(errPaths(r)).toEqual(["skus[0].pricePerGpuHour"]);
    });

    it("update: a new cell is evaluated, a removed cell's readers recompute", () => {
      const s = createPlanSheet(P({ cells: { a: 2, b: "=a + 1" } }));
      expect(s.update(P({ cells: { a: 2, b: "=a + 1", c: "=b * 2" } }))).toEqual(["cells.c"]);
      expect(s.resolve().cells.c).toBe(6);
      const removed = s.update(P({ cells: { b: "=a + 1", c: "=b * 2" } }));
      expect(new Set(removed)).toEqual(new Set(["cells.b", "cells.c"]));
      expect(s.resolve().cells).toEqual({ b: null, c: null });
    });

    it("the sheet keeps its own copy of the initial plan", () => {
      const initial = P({ cells: { a: 2 } });
      const s = createPlanSheet(initial);
      (initial.cells as Record<string, unknown>).a = 9;
      expect((s.plan().cells as Record<string, unknown>).a).toBe(2);
      expect(s.resolve().cells.a).toBe(2);
    });
  });

  describe("a workload with a trace", () => {
    // 60-s bins: 120, 60 and 30 requests (2, 1 and 0.5 req/s), each with 100 input and 750 output tokens.
    const recs: { t: number; input: number; output: number }[] = [];
    for (const [minute, n] of [120, 60, 30].entries())
      for (let k = 0; k < n; k++)
        recs.push({ t: 1_700_000_040 + minute * 60 + (k * 60) / n, input: 100, output: 750 });
    const t = trafficOf(recs, 60);
    if (!t.ok) throw new Error(t.error);
    const traffic = t.value;
    const numbers = (w: object) =>
      words("peakRps avgRps inputTokens outputTokens dailyRequests").map((k) => Reflect.get(w, k));
    const trace = { file: "t.csv", name: null, binSec: 60, peak: "max" };

    it("takes from the trace what it does not write (peak, mean rate, lengths); what it writes wins", () => {
      const written = { file: "t.csv", binSec: 60, traffic };
      const r = resolve({
        workloads: [{ name: "w", outputTokens: 500, dailyRequests: 9, trace: written }],
      });
      const w = r.workloads[0]!;
      // 210 requests over the 178 s from the first to the last
      expect(numbers(w)).toEqual([2, 210 / 178, 100, 500, 9]);
      expect([w.trace, w.traffic]).toEqual([trace, traffic]);
    });

    it("a trace not read (no summary) gives no numbers: null, not the written-nothing default", () => {
      const w = resolve({ workloads: [{ name: "w", trace: { file: "t.csv" } }] }).workloads[0]!;
      expect(numbers(w).slice(0, 4)).toEqual([null, null, null, null]);
      expect(w.trace).toEqual(trace);
      expect(w.traffic).toBeNull();
    });
  });

  describe("non-finite numbers in sweep points, schedules and usage rows", () => {
    it("are errors at their paths and resolve to null (a statistic is dropped), never NaN or Infinity", () => {
      const bad = { concurrency: NaN, rps: Infinity, ttftMs: { p99: NaN, p50: 5 } };
      const r = resolve({
        workloads: [{ ...W, schedule: { rps: [1, Number.NaN] } }],
        skus: [{ name: "s", sweep: { points: [bad, { requestRate: Number.NaN }] } }],
        tenants: { usage: [{ team: "t", inputTokens: NaN, outputTokens: -Infinity }] },
      });
      expect(pointsOf(r.skus[0]!.sweeps.w)).toEqual([
        { concurrency: null, requestRate: null, rps: null, ttftMs: { p50: 5 } },
        { concurrency: null, requestRate: null },
      ]);
      expect(r.workloads[0]!.schedule!.rps).toEqual([1, null]);
      expect(r.tenants!.usage[0]).toMatchObject({ inputTokens: null, outputTokens: null });
      expect(errPaths(r)).toEqual(
        words(`workloads[0].schedule.rps[1] skus[0].sweep.points[0].concurrency
          skus[0].sweep.points[0].rps skus[0].sweep.points[0].ttftMs.p99
          skus[0].sweep.points[1].requestRate tenants.usage[0].inputTokens
          tenants.usage[0].outputTokens`),
      );
    });
  });

  describe("statistics objects", () => {
    it("only a statistic's own keys are read (an inherited key is not a statistic)", () => {
      const ttftMs = Object.assign(Object.create({ p90: 5 }) as object, { p50: "=2" });
      const sweep = { points: [{ concurrency: 1, ttftMs }] };
      const plan = P({ workloads: [W], skus: [{ name: "s", sweep }] });
      const stat = pointsOf(resolvePlan(plan).skus[0]!.sweeps.w)[0]!.ttftMs as object;
      expect(stat).toEqual({ p50: 2 });
      expect(Object.keys(stat)).toEqual(["p50"]);
    });
  });
});

/** A plan with cells, a formula field and tenants with one formula usage row. */
const given1500 = { replicaOutputTokensPerSec: 1500 };
function sheetPlan(): PlanFile {
  return {
    format: "capplan.plan/v1",
    cells: { peak: 50, k: 1000 },
    workloads: [{ name: "chat", peakRps: "=peak", inputTokens: 300, outputTokens: 300 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    skus: [{ name: "a", gpusPerReplica: 1, pricePerGpuHour: 2, sweep: given1500 }],
    tenants: {
      method: "tokens",
      idle: "proportional",
      pools: [{ name: "main", costPerDay: 100 }],
      usage: [
        { team: "x", pool: "main", inputTokens: 1e6, outputTokens: "=k * 1000" },
        { team: "y", pool: "main", inputTokens: 3e6, outputTokens: 0 },
      ],
    },
  };
}

describe("sheetEntries / buildPlanSheet: only the entries that need the sheet", () => {
  it("keep every cell and every non-number, but no plain number outside the cells", () => {
    expect(paths(sheetEntries(sheetPlan()))).toEqual(
      words("cells.peak cells.k workloads[0].peakRps tenants.usage[0].outputTokens"),
    );
    // planEntries still lists every number (document order, used to rank errors).
    expect(planEntries(sheetPlan())).toHaveLength(14);
    const sheet = buildPlanSheet(sheetPlan());
    expect(sheet.has("tenants.usage[0].inputTokens")).toBe(false);
    expect(sheet.value("tenants.usage[0].outputTokens")).toBe(1e6);
    const r = resolvePlan(sheetPlan(), sheet);
    expect(r.tenants!.usage.map((u) => [u.inputTokens, u.outputTokens])).toEqual([
      [1e6, 1e6],
      [3e6, 0],
    ]);
  });

  it("a non-finite number is still an entry, with its error", () => {
    const p = sheetPlan();
    p.skus![0]!.pricePerGpuHour = Infinity;
    const r = resolvePlan(p);
    expect(r.skus[0]!.pricePerGpuHour).toBeNull();
    expect(r.errors.map((e) => [e.path, e.kind])).toEqual([["skus[0].pricePerGpuHour", "VALUE"]]);
  });

  it("setting a plain number over a formula drops the entry; a formula over a number adds one", () => {
    const ps = createPlanSheet(sheetPlan());
    const out0 = "tenants.usage[0].outputTokens";
    expect(ps.set(out0, 5e5)).toEqual([out0]);
    expect(ps.sheet.has(out0)).toBe(false);
    expect(ps.resolve().tenants!.usage[0]!.outputTokens).toBe(5e5);
    expect(ps.set("tenants.usage[1].inputTokens", "=k * 2")).toEqual([
      "tenants.usage[1].inputTokens",
    ]);
    expect(ps.resolve().tenants!.usage[1]!.inputTokens).toBe(2000);
    expect(ps.resolve()).toEqual(resolvePlan(structuredClone(ps.plan())));
  });
});
