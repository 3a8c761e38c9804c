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

function example(): PlanFile {
  return JSON.parse(SPEC_EXAMPLE_TEXT) as PlanFile;
}

describe("plan resolution", () => {
  it("resolves docs/plan-file.md example", () => {
    const r = resolvePlan(example());
    expect(r.errors).toEqual([]);
    expect(r.title).toBe("70B chat service");
    expect(r.currency).toBe("CNY");
    // chat_peak = peak * 0.8 = 50 * 0.8 = 40
    expect(r.cells).toEqual({ peak: 50, gpu_hour: 20, chat_peak: 40 });
    expect(r.workloads).toEqual([
      {
        name: "chat",
        peakRps: 40,
        avgRps: 16,
        dailyRequests: null,
        inputTokens: 300,
        outputTokens: 300,
      },
      {
        name: "docs",
        peakRps: 10,
        avgRps: null,
        dailyRequests: null,
        inputTokens: 3000,
        outputTokens: 500,
      },
    ]);
    expect(r.slo).toEqual([
      { metric: "ttft", stat: "p99", maxMs: 1000 },
      { metric: "itl", stat: "p95", maxMs: 100 },
    ]);
    expect(r.sloMode).toBe("measured");
    expect(r.elasticity).toBe(1.2);
    expect(r.redundancy).toEqual({ factor: 1.2 });
    // H100: pricePerGpuHour "=gpu_hour" = 20; its SKU-level sweep is repeated for both workloads
    expect(r.skus[0]).toEqual({
      name: "H100 TP4",
      gpu: "h100-sxm",
      gpusPerReplica: 4,
      pricePerGpuHour: 20,
      sweeps: {
        chat: { kind: "given", replicaOutputTokensPerSec: 1500 },
        docs: { kind: "given", replicaOutputTokensPerSec: 1500 },
      },
    });
    expect(r.skus[1]!.sweeps).toEqual({
      chat: { kind: "file", file: "sweeps/l40s-genai-perf/" },
      docs: { kind: "file", file: "sweeps/l40s-genai-perf/" },
    });
    expect(r.skus[2]!.sweeps).toEqual({
      chat: {
        kind: "points",
        points: [
          {
            concurrency: 8,
            requestRate: null,
            rps: 2.1,
            outputTokensPerSec: 640,
            ttftMs: { p99: 700 },
            itlMs: { p95: 40 },
          },
        ],
      },
      docs: { kind: "file", file: "sweeps/a100-docs.json" },
    });
    expect(r.tenants).toEqual({
      method: "tokens",
      inputWeight: 1,
      outputWeight: 1,
      idle: "proportional",
      basis: "usage",
      pools: [
        { name: "70b", costPerDay: 1920, sku: null, capacityTokensPerDay: null, replicas: null },
      ],
      shared: [],
      usage: [
        {
          team: "search",
          pool: "70b",
          inputTokens: 1e7,
          outputTokens: 2e7,
          reservedReplicas: null,
        },
        {
          team: "support",
          pool: "70b",
          inputTokens: 6e7,
          outputTokens: 4e7,
          reservedReplicas: null,
        },
      ],
    });
  });

  it("fills the defaults of a minimal plan", () => {
    const r = resolvePlan({
      format: "capplan.plan/v1",
      workload: { peakRps: 50, inputTokens: 300, outputTokens: 300 },
      skus: [{ name: "A", gpusPerReplica: 1, pricePerGpuHour: 2, sweeps: {} }],
      tenants: { method: "output", usage: [{ team: "t", inputTokens: 1, outputTokens: 2 }] },
    });
    expect(r.title).toBe("Untitled plan");
    expect(r.currency).toBe("USD");
    expect(r.sloMode).toBe("measured");
    expect(r.elasticity).toBe(1);
    expect(r.redundancy).toEqual({ factor: 1 });
    expect(r.workloads.map((w) => w.name)).toEqual(["default"]);
    expect(r.skus[0]!.sweeps).toEqual({ default: { kind: "missing" } });
    expect(r.tenants).toMatchObject({
      method: "output",
      inputWeight: 0,
      outputWeight: 1,
      idle: "proportional",
      pools: [],
    });
    expect(r.tenants!.usage[0]!.pool).toBeNull();
    expect(r.slo).toEqual([]);
    expect(r.cells).toEqual({});
  });

  it("resolves N+k redundancy and formulas in nested fields", () => {
    // inline points hold plain numbers in the PlanFile type; formulas there are accepted too (docs/plan-file.md)
    const plan = {
      format: "capplan.plan/v1",
      cells: { k: 2, base: "1,500" },
      workload: { peakRps: 1, inputTokens: 1, outputTokens: 1 },
      factors: { elasticity: "=1 + 0.2", redundancy: { spare: "=k" } },
      skus: [
        {
          name: "A",
          gpusPerReplica: 1,
          pricePerGpuHour: 1,
          sweep: {
            points: [
              {
                concurrency: 4,
                requestRate: null,
                outputTokensPerSec: "=base * 2",
                ttftMs: { p99: "=k * 100", p50: 80 },
              },
            ],
          },
        },
      ],
    };
    const r = resolvePlan(plan as unknown as PlanFile);
    expect(r.errors).toEqual([]);
    expect(r.elasticity).toBeCloseTo(1.2, 12);
    expect(r.redundancy).toEqual({ spare: 2 });
    const ref = r.skus[0]!.sweeps.default!;
    // outputTokensPerSec = 1500 * 2 = 3000 ; p99 = 2 * 100 = 200
    expect(ref).toEqual({
      kind: "points",
      points: [
        {
          concurrency: 4,
          requestRate: null,
          outputTokensPerSec: 3000,
          ttftMs: { p99: 200, p50: 80 },
        },
      ],
    });
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
    expect(r.workloads[0]!.peakRps).toBe(40);
    expect(r.skus[0]!.pricePerGpuHour).toBe(20);
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
    const paths = planEntries(example()).map(([p]) => p);
    expect(paths).toEqual([
      "cells.peak",
      "cells.gpu_hour",
      "cells.chat_peak",
      "workloads[0].peakRps",
      "workloads[0].avgRps",
      "workloads[0].inputTokens",
      "workloads[0].outputTokens",
      "workloads[1].peakRps",
      "workloads[1].inputTokens",
      "workloads[1].outputTokens",
      "slo[0].maxMs",
      "slo[1].maxMs",
      "factors.elasticity",
      "factors.redundancy",
      "skus[0].gpusPerReplica",
      "skus[0].pricePerGpuHour",
      "skus[0].sweep.replicaOutputTokensPerSec",
      "skus[1].gpusPerReplica",
      "skus[1].pricePerGpuHour",
      "skus[2].gpusPerReplica",
      "skus[2].pricePerGpuHour",
      "tenants.pools[0].costPerDay",
      "tenants.usage[0].inputTokens",
      "tenants.usage[0].outputTokens",
      "tenants.usage[1].inputTokens",
      "tenants.usage[1].outputTokens",
    ]);
  });
});

describe("incremental plan sheet", () => {
  it("an edit recomputes only its dependents, and resolving equals a fresh copy of the edited plan", () => {
    const ps = createPlanSheet(example());
    // peak → chat_peak → workloads[0].peakRps
    expect(ps.set("cells.peak", 100)).toEqual([
      "cells.peak",
      "cells.chat_peak",
      "workloads[0].peakRps",
    ]);
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
    const paths = [
      "cells.peak",
      "cells.gpu_hour",
      "cells.chat_peak",
      "workloads[0].peakRps",
      "skus[0].pricePerGpuHour",
      "factors.elasticity",
      "tenants.pools[0].costPerDay",
    ];
    const raw = fc.oneof(
      fc.integer({ min: 1, max: 100 }),
      fc.constantFrom(
        "=peak * 2",
        "=gpu_hour + chat_peak",
        "=nosuch",
        "=chat_peak",
        "oops",
        "2,500",
      ),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...paths), raw), { maxLength: 12 }),
        (edits) => {
          const ps = createPlanSheet(example());
          for (const [p, v] of edits) ps.set(p, v);
          expect(ps.resolve()).toEqual(resolvePlan(structuredClone(ps.plan())));
        },
      ),
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
  const P = (p: Record<string, unknown>): PlanFile =>
    ({ format: "capplan.plan/v1", ...p }) as unknown as PlanFile;
  const resolve = (p: Record<string, unknown>) => resolvePlan(P(structuredClone(p)));
  const paths = (e: readonly [string, unknown][]) => e.map(([p]) => p);

  describe("planEntries and sheetEntries", () => {
    const plan = P({
      cells: { a: 1, b: "=a * 2" },
      workloads: [{ name: "w", peakRps: 5, inputTokens: "=a", outputTokens: "1,500" }],
      slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
      skus: [
        {
          name: "s",
          gpusPerReplica: 1,
          pricePerGpuHour: 2,
          sweep: {
            points: [
              {
                concurrency: 4,
                requestRate: "inf",
                rps: "=a",
                outputTokensPerSec: 100,
                ttftMs: { p99: "=b", p50: 3 },
              },
            ],
          },
        },
      ],
    });

    it("planEntries: every cell and input field in document order, sweep data only as text", () => {
      expect(paths(planEntries(plan))).toEqual([
        "cells.a",
        "cells.b",
        "workloads[0].peakRps",
        "workloads[0].inputTokens",
        "workloads[0].outputTokens",
        "slo[0].maxMs",
        "skus[0].gpusPerReplica",
        "skus[0].pricePerGpuHour",
        "skus[0].sweep.points[0].rps",
        "skus[0].sweep.points[0].ttftMs.p99",
      ]);
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
      expect(paths(sheetEntries(p))).toEqual([
        "workloads[0].peakRps",
        "skus[0].sweep.points[0].concurrency",
      ]);
    });

    it("a SKU whose <id>_tok_s a formula reads gets a computed entry after the SKUs, depending on its sweep, the SLOs, the failed-share limit and the workloads", () => {
      const p = P({
        cells: { est: "=m_tok_s * 2", other: "=x" },
        maxErrorRatePct: "=1",
        workloads: [{ name: "w", peakRps: "=3", inputTokens: 1, outputTokens: 1 }],
        slo: [{ metric: "ttft", stat: "p99", maxMs: "=900" }],
        skus: [
          {
            name: "m",
            id: "m",
            gpusPerReplica: "=1",
            sweep: { points: [{ concurrency: 1, rps: "=2" }] },
          },
          { name: "n", id: "n", sweep: { points: [{ concurrency: 1, rps: "=4" }] } },
        ],
        tenants: { pools: [{ name: "p", costPerDay: "=5" }] },
      });
      const e = sheetEntries(p);
      expect(paths(e)).toEqual([
        "cells.est",
        "cells.other",
        "workloads[0].peakRps",
        "slo[0].maxMs",
        "maxErrorRatePct",
        "skus[0].gpusPerReplica",
        "skus[0].sweep.points[0].rps",
        "skus[1].sweep.points[0].rps",
        computedPath(0),
        "tenants.pools[0].costPerDay",
      ]);
      const raw = e.find(([q]) => q === "skus[0].replicaOutputTokensPerSec")![1] as {
        computed: boolean;
        deps: string[];
        pending: string;
      };
      expect(raw.computed).toBe(true);
      expect(raw.deps).toEqual([
        "workloads[0].peakRps",
        "slo[0].maxMs",
        "maxErrorRatePct",
        "skus[0].sweep.points[0].rps",
      ]);
      expect(raw.pending).toBe("SKU 1 has no operating point yet");
    });
  });

  describe("isNumberField", () => {
    const p = P({
      cells: { a: 1 },
      workloads: [{ name: "w", peakRps: 1 }],
      skus: [{ name: "s", sweep: { points: [{ concurrency: 1 }] } }],
    });
    it("true for a numeric input field whose containers exist; false for cells, sweep data and missing containers", () => {
      expect(isNumberField(p, ["workloads", 0, "peakRps"])).toBe(true);
      expect(isNumberField(p, ["skus", 0, "pricePerGpuHour"])).toBe(true);
      expect(isNumberField(p, ["cells", "a"])).toBe(false);
      expect(isNumberField(p, ["skus", 0, "sweep", "points", 0, "concurrency"])).toBe(false);
      expect(isNumberField(p, ["skus", 3, "pricePerGpuHour"])).toBe(false);
    });
  });

  describe("sweep points", () => {
    const pts = (points: unknown[], cells: Record<string, unknown> = { a: 7 }) => {
      const r = resolve({
        cells,
        workloads: [{ name: "w", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
        skus: [{ name: "s", sweep: { points } }],
      });
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
      expect(points[0]).toEqual({
        concurrency: 7,
        requestRate: null,
        rps: null,
        outputTokensPerSec: 1500,
        completed: 10,
      });
      expect(points[1]).toEqual({ concurrency: null, requestRate: "inf", totalTokensPerSec: 3 });
      expect(points[2]).toEqual({ concurrency: null, requestRate: 14 });
    });

    it("statistics: formulas resolve, a failed formula drops only that statistic, a non-object is left as written", () => {
      const { r, points } = pts([
        {
          concurrency: 1,
          ttftMs: { p50: "=a", p99: "=nosuch", p90: 3 },
          itlMs: 5,
          e2eMs: { mean: "2" },
        },
      ]);
      expect(points[0]!.ttftMs).toEqual({ p50: 7, p90: 3 });
      expect(points[0]!.itlMs).toBe(5);
      expect(points[0]!.e2eMs).toEqual({ mean: 2 });
      expect(r.errors.map((e) => e.path)).toEqual(["skus[0].sweep.points[0].ttftMs.p99"]);
    });

    it("a non-object point is an empty point", () => {
      const { points } = pts([3, { concurrency: 2 }]);
      expect(points).toEqual([
        { concurrency: null, requestRate: null },
        { concurrency: 2, requestRate: null },
      ]);
    });
  });

  describe("sweep references", () => {
    const refOf = (sweep: unknown) =>
      resolve({
        workloads: [{ name: "w", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
        skus: [{ name: "s", sweep }],
      }).skus[0]!.sweeps.w;

    it("inline points keep a text label, an object meta and the text warnings only", () => {
      expect(
        refOf({ points: [], label: "run 1", meta: { engine: "vllm" }, warnings: ["a", 3, "b"] }),
      ).toEqual({
        kind: "points",
        points: [],
        label: "run 1",
        meta: { engine: "vllm" },
        warnings: ["a", "b"],
      });
      expect(refOf({ points: [], label: 3, meta: "x", warnings: "w" })).toEqual({
        kind: "points",
        points: [],
      });
    });

    it("a file, a given capacity (even 0 or a formula), or missing", () => {
      expect(refOf({ file: "a.json" })).toEqual({ kind: "file", file: "a.json" });
      expect(refOf({ replicaOutputTokensPerSec: 0 })).toEqual({
        kind: "given",
        replicaOutputTokensPerSec: 0,
      });
      expect(refOf({ replicaOutputTokensPerSec: "=2 * 3" })).toEqual({
        kind: "given",
        replicaOutputTokensPerSec: 6,
      });
      expect(refOf({ replicaOutputTokensPerSec: null })).toEqual({ kind: "missing" });
      expect(refOf({ file: 3 })).toEqual({ kind: "missing" });
      expect(refOf(undefined)).toEqual({ kind: "missing" });
      expect(refOf([1])).toEqual({ kind: "missing" });
    });

    it("a SKU-level sweep is resolved once and shared by the workloads without their own; an own sweep wins", () => {
      const r = resolve({
        workloads: [
          { name: "a", peakRps: 1, inputTokens: 1, outputTokens: 1 },
          { name: "b", peakRps: 1, inputTokens: 1, outputTokens: 1 },
          { name: "c", peakRps: 1, inputTokens: 1, outputTokens: 1 },
        ],
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
        workloads: [{ name: "a", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
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
      expect(Object.getOwnPropertyDescriptor(s, "__proto__")!.value).toEqual({
        kind: "file",
        file: "p.json",
      });
    });
  });

  describe("schedules", () => {
    const sched = (schedule: unknown) =>
      resolve({
        cells: { n: 4 },
        workloads: [{ name: "w", peakRps: 1, inputTokens: 1, outputTokens: 1, schedule }],
      }).workloads[0]!.schedule;

    it("resolves the rates (formulas too), interval, minimum replicas and lead; absent numbers are null", () => {
      expect(
        sched({ intervalSec: 1800, rps: [1, "=n", "2"], minReplicas: "=n / 2", leadIntervals: 1 }),
      ).toEqual({
        intervalSec: 1800,
        rps: [1, 4, 2],
        minReplicas: 2,
        leadIntervals: 1,
        fromTrace: false,
      });
      expect(sched({})).toEqual({
        intervalSec: null,
        rps: null,
        minReplicas: null,
        leadIntervals: null,
        fromTrace: false,
      });
    });

    it("fromTrace only when exactly true, and then the written rates are not read", () => {
      expect(sched({ fromTrace: true, rps: [1, 2] })).toEqual({
        intervalSec: null,
        rps: null,
        minReplicas: null,
        leadIntervals: null,
        fromTrace: true,
      });
      expect(sched({ fromTrace: "true", rps: [1] })!.fromTrace).toBe(false);
      expect(sched({ fromTrace: "true", rps: [1] })!.rps).toEqual([1]);
    });

    it("a schedule that is not an object is none", () => {
      expect(sched([1, 2])).toBeUndefined();
      expect(sched("hourly")).toBeUndefined();
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
      expect(r.skus[0]).toEqual({
        name: "skus[0]",
        gpu: null,
        gpusPerReplica: 2,
        pricePerGpuHour: 1,
        sweeps: {},
      });
      expect(r.skus[1]).toEqual({
        name: "n",
        gpu: "h100",
        gpusPerReplica: null,
        pricePerGpuHour: null,
        reservedPricePerGpuHour: 0.5,
        sweeps: {},
      });
    });
  });

  describe("tenants", () => {
    it("defaults: method tokens (weights 1 : 1), idle proportional, basis usage, names pool1 / shared1 / team1, split weighted", () => {
      const r = resolve({
        tenants: {
          method: "nope",
          inputWeight: 5,
          idle: "x",
          basis: "x",
          pools: [{}],
          shared: [{ split: "x" }],
          usage: [{ inputTokens: "=2", outputTokens: 3 }],
        },
      });
      expect(r.tenants).toEqual({
        method: "tokens",
        inputWeight: 1,
        outputWeight: 1,
        idle: "proportional",
        basis: "usage",
        pools: [
          {
            name: "pool1",
            costPerDay: null,
            sku: null,
            capacityTokensPerDay: null,
            replicas: null,
          },
        ],
        shared: [{ name: "shared1", costPerDay: null, split: "weighted" }],
        usage: [
          { team: "team1", pool: null, inputTokens: 2, outputTokens: 3, reservedReplicas: null },
        ],
      });
    });

    it("output weighs 0 : 1; weighted reads its weights (null when absent); the written choices are kept", () => {
      expect(
        resolve({ tenants: { method: "output", inputWeight: 5, outputWeight: 5 } }).tenants,
      ).toMatchObject({ method: "output", inputWeight: 0, outputWeight: 1 });
      expect(
        resolve({ tenants: { method: "weighted", inputWeight: "=2", outputWeight: 3 } }).tenants,
      ).toMatchObject({ method: "weighted", inputWeight: 2, outputWeight: 3 });
      expect(resolve({ tenants: { method: "weighted" } }).tenants).toMatchObject({
        inputWeight: null,
        outputWeight: null,
      });
      const t = resolve({
        tenants: {
          idle: "separate",
          basis: "reservation",
          pools: [
            { name: "p", costPerDay: "=10", sku: "s", capacityTokensPerDay: 1e6, replicas: 2 },
          ],
          shared: [{ name: "ops", costPerDay: 5, split: "even" }, { split: "none" }],
          usage: [
            { team: "t", pool: "p", inputTokens: "1,000", outputTokens: "=2", reservedReplicas: 1 },
          ],
        },
      }).tenants!;
      expect(t.idle).toBe("separate");
      expect(t.basis).toBe("reservation");
      expect(t.pools).toEqual([
        { name: "p", costPerDay: 10, sku: "s", capacityTokensPerDay: 1e6, replicas: 2 },
      ]);
      expect(t.shared).toEqual([
        { name: "ops", costPerDay: 5, split: "even" },
        { name: "shared2", costPerDay: null, split: "none" },
      ]);
      expect(t.usage).toEqual([
        { team: "t", pool: "p", inputTokens: 1000, outputTokens: 2, reservedReplicas: 1 },
      ]);
    });

    it("no tenants object: null", () => {
      expect(resolve({ tenants: [1] }).tenants).toBeNull();
      expect(resolve({}).tenants).toBeNull();
    });
  });

  describe("plan-level defaults", () => {
    it("an empty title or currency takes the default; sloMode measured unless interpolated; an SLO stat that is not text is empty", () => {
      const r = resolve({
        title: "",
        currency: "",
        sloMode: "x",
        slo: [{ metric: "ttft", stat: 99, maxMs: 5 }],
      });
      expect(r.title).toBe("Untitled plan");
      expect(r.currency).toBe("USD");
      expect(r.sloMode).toBe("measured");
      expect(r.slo).toEqual([{ metric: "ttft", stat: "", maxMs: 5 }]);
      expect(resolve({ title: "T", currency: "EUR", sloMode: "interpolated" })).toMatchObject({
        title: "T",
        currency: "EUR",
        sloMode: "interpolated",
      });
      expect(resolve({ title: 3, currency: 3 })).toMatchObject({
        title: "Untitled plan",
        currency: "USD",
      });
    });

    it("maxErrorRatePct: absent or null → 1; a number as written (0 too); not finite → null; text → its value", () => {
      expect(resolve({}).maxErrorRatePct).toBe(1);
      expect(resolve({ maxErrorRatePct: null }).maxErrorRatePct).toBe(1);
      expect(resolve({ maxErrorRatePct: 0 }).maxErrorRatePct).toBe(0);
      expect(resolve({ maxErrorRatePct: 2.5 }).maxErrorRatePct).toBe(2.5);
      expect(resolve({ maxErrorRatePct: Number.POSITIVE_INFINITY }).maxErrorRatePct).toBeNull();
      expect(resolve({ maxErrorRatePct: "=2 + 1" }).maxErrorRatePct).toBe(3);
    });

    it("factors: elasticity 1 when absent; redundancy factor 1 when absent, a spare count from an object", () => {
      expect(resolve({})).toMatchObject({ elasticity: 1, redundancy: { factor: 1 } });
      expect(resolve({ factors: { elasticity: null, redundancy: null } })).toMatchObject({
        elasticity: 1,
        redundancy: { factor: 1 },
      });
      expect(resolve({ factors: { elasticity: "=1.5", redundancy: 1.2 } })).toMatchObject({
        elasticity: 1.5,
        redundancy: { factor: 1.2 },
      });
      expect(resolve({ factors: { redundancy: { spare: "=2" } } }).redundancy).toEqual({
        spare: 2,
      });
      expect(resolve({ factors: { redundancy: {} } }).redundancy).toEqual({ spare: null });
      expect(resolve({ factors: "x" })).toMatchObject({ elasticity: 1, redundancy: { factor: 1 } });
    });

    it("cells: numbers as written, non-finite → null, text through the sheet", () => {
      expect(resolve({ cells: { a: 2, b: Number.NaN, c: "=a * 3" } }).cells).toEqual({
        a: 2,
        b: null,
        c: 6,
      });
    });

    it("recommendBy only when one of the four", () => {
      for (const by of ["static", "autoscaled", "blended", "peak"])
        expect(resolve({ recommendBy: by }).recommendBy).toBe(by);
      expect("recommendBy" in resolve({ recommendBy: "cheapest" })).toBe(false);
    });

    it("errors in document order, whatever the order of evaluation", () => {
      const r = resolve({
        cells: { z: "=nosuch1" },
        workloads: [{ name: "w", peakRps: "=nosuch2", inputTokens: 1, outputTokens: 1 }],
        skus: [{ name: "s", pricePerGpuHour: "=nosuch3", gpusPerReplica: "=z" }],
      });
      expect(r.errors.map((e) => e.path)).toEqual([
        "cells.z",
        "workloads[0].peakRps",
        "skus[0].gpusPerReplica",
        "skus[0].pricePerGpuHour",
      ]);
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
      expect(price().errors.map((e) => e.path)).toEqual(["skus[0].pricePerGpuHour"]);
      expect(price().skus[0]!.pricePerGpuHour).toBeNull();
      expect(price("").errors.map((e) => e.path)).toEqual(["skus[0].pricePerGpuHour"]);
      expect(price(3).errors.map((e) => e.path)).toEqual(["skus[0].pricePerGpuHour"]);
      expect(price("JPY").errors).toEqual([]);
      expect(price("JPY").skus[0]!.pricePerGpuHour).toBe(1e8);
      expect(resolve({ cells: { big: "=1e300", neg: "=-5" } }).errors).toEqual([]);
    });
  });

  describe("SKU ids and <id>_tok_s", () => {
    it("ids must be identifiers; the first SKU wins a repeated id", () => {
      const p = P({
        skus: [
          { id: "a" },
          { id: "1b" },
          { id: "a" },
          { id: "c_2" },
          { id: "d-e" },
          { id: 5 },
          { id: "_" },
        ],
      });
      expect([...skuIds(p)]).toEqual([
        ["a", 0],
        ["c_2", 3],
        ["_", 6],
      ]);
    });

    it("a SKU is computed only when some formula names its <id>_tok_s as a whole word and no cell of that name shadows it", () => {
      const skus = [{ id: "m" }, { id: "n" }, { id: "k" }];
      expect([
        ...computedSkus(P({ cells: { a: "=m_tok_s + xn_tok_s", b: "=k_tok_sx" }, skus })),
      ]).toEqual([["m", 0]]);
      expect([...computedSkus(P({ cells: { a: "=m_tok_s", m_tok_s: 5 }, skus }))]).toEqual([]);
      expect([...computedSkus(P({ cells: { a: "=n_tok_s * k_tok_s" }, skus }))]).toEqual([
        ["n", 1],
        ["k", 2],
      ]);
      expect([...computedSkus(P({ cells: { a: "=m_tok_s" } }))]).toEqual([]);
      expect([...computedSkus(P({ cells: { a: 5 }, skus }))]).toEqual([]);
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
  });

  describe("computed results", () => {
    const pt = (c: number, tok: number, ttft: number) => ({
      concurrency: c,
      rps: c,
      outputTokensPerSec: tok,
      ttftMs: { p99: ttft },
    });
    const chain = (over: Record<string, unknown> = {}) => ({
      workloads: [{ name: "w", peakRps: 10, inputTokens: 1, outputTokens: 100 }],
      slo: [{ metric: "ttft", stat: "p99", maxMs: 500 }],
      skus: [
        {
          name: "A",
          id: "a",
          gpusPerReplica: 1,
          pricePerGpuHour: 1,
          sweep: { points: [pt(1, 100, 100), pt(2, 300, 400), pt(4, 500, 900)] },
        },
        {
          name: "B",
          id: "b",
          gpusPerReplica: 1,
          pricePerGpuHour: 1,
          sweep: { replicaOutputTokensPerSec: "=a_tok_s * 2" },
        },
        {
          name: "C",
          gpusPerReplica: 1,
          pricePerGpuHour: 1,
          sweep: { replicaOutputTokensPerSec: "=b_tok_s + 1" },
        },
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
        workloads: [
          { name: "w1", peakRps: 10, inputTokens: 1, outputTokens: 100 },
          { name: "w2", peakRps: 2, inputTokens: 1, outputTokens: 300 },
        ],
        slo: [{ metric: "ttft", stat: "p99", maxMs: 500 }],
        cells: { x: "=a_tok_s" },
        skus: [
          {
            name: "A",
            id: "a",
            gpusPerReplica: 1,
            pricePerGpuHour: 1,
            sweeps: {
              w1: { points: [pt(1, 100, 100), pt(2, 300, 400), pt(4, 500, 900)] },
              w2: { replicaOutputTokensPerSec: 500 },
            },
          },
        ],
      });
      expect(r.errors).toEqual([]);
      expect(r.cells.x).toBeCloseTo(1600 / (1000 / 300 + 600 / 500), 9);
    });

    it("an infeasible SKU gives its readers an error naming it; its own computed entry has no error of its own", () => {
      const r = resolve(chain({ slo: [{ metric: "ttft", stat: "p99", maxMs: 50 }] }));
      expect(r.errors.map((e) => e.path)).toEqual([
        "skus[1].sweep.replicaOutputTokensPerSec",
        "skus[2].sweep.replicaOutputTokensPerSec",
      ]);
      expect(r.errors[0]!.message).toBe(
        "depends on skus[0].replicaOutputTokensPerSec, which has an error: A has no operating point (P99 TTFT ≤ 50 ms fails already at the lowest load (1): 100 ms, 50 ms (100 %) over)",
      );
      expect(r.errors.some((e) => e.path === computedPath(0) || e.path === computedPath(1))).toBe(
        false,
      );
    });

    it("a cycle through computed results stays an error of the computed entries (kind CYCLE)", () => {
      const r = resolve({
        workloads: [{ name: "w", peakRps: 10, inputTokens: 1, outputTokens: 100 }],
        skus: [
          {
            name: "A",
            id: "a",
            gpusPerReplica: 1,
            pricePerGpuHour: 1,
            sweep: { replicaOutputTokensPerSec: "=b_tok_s" },
          },
          {
            name: "B",
            id: "b",
            gpusPerReplica: 1,
            pricePerGpuHour: 1,
            sweep: { replicaOutputTokensPerSec: "=a_tok_s" },
          },
        ],
      });
      expect(
        r.errors
          .filter((e) => e.path === computedPath(0) || e.path === computedPath(1))
          .map((e) => e.kind),
      ).toEqual(["CYCLE", "CYCLE"]);
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
        workloads: [{ name: "w", peakRps: "=b", inputTokens: 1, outputTokens: 1 }],
        skus: [{ name: "s", pricePerGpuHour: 4 }],
      });

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
      expect(new Set(s.update(next as unknown as PlanFile))).toEqual(
        new Set(["cells.a", "cells.b", "workloads[0].peakRps"]),
      );
      expect(s.resolve().workloads[0]!.peakRps).toBe(15);
      expect(s.update(next as unknown as PlanFile)).toEqual([]);
      const withId = structuredClone(next) as unknown as { skus: Record<string, unknown>[] };
      withId.skus[0]!.id = "m";
      expect(new Set(s.update(withId as unknown as PlanFile))).toEqual(
        new Set(["cells.a", "cells.b", "workloads[0].peakRps"]),
      );
      // The plan is a private copy.
      withId.skus[0]!.name = "changed";
      expect((s.plan().skus[0] as unknown as { name: string }).name).toBe("s");
    });
  });

  describe("every number of a sweep point and every statistic resolves from text", () => {
    it("concurrency, rps, the token rates and means, completed and failed; TTFT, ITL, TPOT, NTPOT and E2E statistics", () => {
      const point = {
        concurrency: "=1",
        rps: "=2",
        outputTokensPerSec: "=3",
        totalTokensPerSec: "=4",
        meanInputTokens: "=5",
        meanOutputTokens: "=6",
        completed: "=7",
        failed: "=8",
        ttftMs: { p50: "=9" },
        itlMs: { p50: "=10" },
        tpotMs: { p50: "=11" },
        ntpotMs: { p50: "=12" },
        e2eMs: { p50: "=13" },
      };
      const r = resolve({
        workloads: [{ name: "w", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
        skus: [{ name: "s", sweep: { points: [point] } }],
      });
      expect(r.errors).toEqual([]);
      const ref = r.skus[0]!.sweeps.w!;
      expect(ref.kind === "points" && ref.points[0]).toEqual({
        concurrency: 1,
        requestRate: null,
        rps: 2,
        outputTokensPerSec: 3,
        totalTokensPerSec: 4,
        meanInputTokens: 5,
        meanOutputTokens: 6,
        completed: 7,
        failed: 8,
        ttftMs: { p50: 9 },
        itlMs: { p50: 10 },
        tpotMs: { p50: 11 },
        ntpotMs: { p50: 12 },
        e2eMs: { p50: 13 },
      });
    });
  });

  describe("non-finite and missing containers", () => {
    it("a NaN input is null with an error at its path; null containers are no containers", () => {
      const r = resolve({
        workloads: [{ name: "w", peakRps: Number.NaN, inputTokens: 1, outputTokens: 1 }],
      });
      expect(r.workloads[0]!.peakRps).toBeNull();
      expect(r.errors.map((e) => e.path)).toEqual(["workloads[0].peakRps"]);
      const n = resolve({ cells: null, factors: null, tenants: null, skus: null, slo: null });
      expect(n).toMatchObject({
        cells: {},
        elasticity: 1,
        redundancy: { factor: 1 },
        tenants: null,
        skus: [],
        slo: [],
      });
    });

    it("a workload without a schedule has no schedule key", () => {
      expect(
        "schedule" in
          resolve({ workloads: [{ name: "w", peakRps: 1, inputTokens: 1, outputTokens: 1 }] })
            .workloads[0]!,
      ).toBe(false);
    });

    it("a workload named like an Object property (toString) without its own sweep takes the SKU's", () => {
      const r = resolve({
        workloads: [{ name: "toString", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
        skus: [{ name: "s", sweep: { file: "x.json" }, sweeps: {} }],
      });
      expect(r.skus[0]!.sweeps.toString).toEqual({ kind: "file", file: "x.json" });
    });
  });

  describe("names read by formulas", () => {
    it("<id>_tok_s of a multi-letter id reads that SKU; a longer name is a missing cell", () => {
      const pts = [{ concurrency: 1, rps: 1, outputTokensPerSec: 250 }];
      const r = resolve({
        cells: { x: "=ab_tok_s" },
        workloads: [{ name: "w", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
        skus: [
          { name: "A", id: "ab", gpusPerReplica: 1, pricePerGpuHour: 1, sweep: { points: pts } },
        ],
      });
      expect(r.cells.x).toBe(250);
      const m = resolve({ cells: { x: "=ab_tok_sx" }, skus: [{ id: "ab" }] });
      expect(m.errors.map((e) => e.message)).toEqual([
        "unknown name `ab_tok_sx` in cells.x (no cell cells.ab_tok_sx)",
      ]);
    });

    it("a single workload with a peak of 0 still gives its SKU's operating throughput", () => {
      const pts = [{ concurrency: 1, rps: 1, outputTokensPerSec: 250 }];
      const r = resolve({
        cells: { x: "=ab_tok_s" },
        workloads: [{ name: "w", peakRps: 0, inputTokens: 1, outputTokens: 1 }],
        skus: [
          { name: "A", id: "ab", gpusPerReplica: 1, pricePerGpuHour: 1, sweep: { points: pts } },
        ],
      });
      expect(r.cells.x).toBe(250);
    });
  });

  describe("the incremental sheet keeps errors in document order and sees every kind of change", () => {
    it("an error added later at an earlier path is listed first", () => {
      const s = createPlanSheet(
        P({ cells: { a: 1 }, skus: [{ name: "s", pricePerGpuHour: "=nosuch" }] }),
      );
      s.set("cells.z", "=nothere");
      expect(s.resolve().errors.map((e) => e.path)).toEqual(["cells.z", "skus[0].pricePerGpuHour"]);
    });

    it("a NaN set on a field is an error of that field, not a silent blank", () => {
      const s = createPlanSheet(P({ skus: [{ name: "s", pricePerGpuHour: 2 }] }));
      s.set("skus[0].pricePerGpuHour", Number.NaN);
      const r = s.resolve();
      expect(r.skus[0]!.pricePerGpuHour).toBeNull();
      expect(r.errors.map((e) => e.path)).toEqual(["skus[0].pricePerGpuHour"]);
    });

    it("update: a new cell is evaluated, a removed cell's readers recompute", () => {
      const s = createPlanSheet(P({ cells: { a: 2, b: "=a + 1" } }));
      expect(s.update(P({ cells: { a: 2, b: "=a + 1", c: "=b * 2" } }))).toEqual(["cells.c"]);
      expect(s.resolve().cells.c).toBe(6);
      expect(new Set(s.update(P({ cells: { b: "=a + 1", c: "=b * 2" } })))).toEqual(
        new Set(["cells.b", "cells.c"]),
      );
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
    for (const [minute, n] of [
      [0, 120],
      [1, 60],
      [2, 30],
    ] as const)
      for (let k = 0; k < n; k++)
        recs.push({ t: 1_700_000_040 + minute * 60 + (k * 60) / n, input: 100, output: 750 });
    const t = trafficOf(recs, 60);
    if (!t.ok) throw new Error(t.error);
    const traffic = t.value;

    it("takes from the trace what it does not write (peak, mean rate, lengths); what it writes wins", () => {
      const r = resolve({
        workloads: [
          {
            name: "w",
            outputTokens: 500,
            dailyRequests: 9,
            trace: { file: "t.csv", binSec: 60, traffic },
          },
        ],
      });
      const w = r.workloads[0]!;
      expect([w.peakRps, w.avgRps, w.inputTokens, w.outputTokens, w.dailyRequests]).toEqual([
        2,
        210 / 178,
        100,
        500,
        9,
      ]); // 210 requests over the 178 s from the first to the last
      expect(w.trace).toEqual({ file: "t.csv", name: null, binSec: 60, peak: "max" });
      expect(w.traffic).toEqual(traffic);
    });

    it("a trace not read (no summary) gives no numbers: null, not the written-nothing default", () => {
      const r = resolve({ workloads: [{ name: "w", trace: { file: "t.csv" } }] });
      const w = r.workloads[0]!;
      expect([w.peakRps, w.avgRps, w.inputTokens, w.outputTokens]).toEqual([
        null,
        null,
        null,
        null,
      ]);
      expect(w.trace).toEqual({ file: "t.csv", name: null, binSec: 60, peak: "max" });
      expect(w.traffic).toBeNull();
    });

    it("a workload without a trace has no trace keys", () => {
      const w = resolve({ workloads: [{ name: "w", peakRps: 1, inputTokens: 1, outputTokens: 1 }] })
        .workloads[0]!;
      expect("trace" in w || "traffic" in w).toBe(false);
    });
  });

  describe("non-finite numbers in sweep points, schedules and usage rows", () => {
    it("are errors at their paths and resolve to null (a statistic is dropped), never NaN or Infinity", () => {
      const r = resolve({
        workloads: [
          {
            name: "w",
            peakRps: 1,
            inputTokens: 1,
            outputTokens: 1,
            schedule: { rps: [1, Number.NaN] },
          },
        ],
        skus: [
          {
            name: "s",
            sweep: {
              points: [
                {
                  concurrency: Number.NaN,
                  rps: Number.POSITIVE_INFINITY,
                  ttftMs: { p99: Number.NaN, p50: 5 },
                },
                { requestRate: Number.NaN },
              ],
            },
          },
        ],
        tenants: {
          usage: [{ team: "t", inputTokens: Number.NaN, outputTokens: Number.NEGATIVE_INFINITY }],
        },
      });
      const ref = r.skus[0]!.sweeps.w!;
      expect(ref.kind === "points" && ref.points).toEqual([
        { concurrency: null, requestRate: null, rps: null, ttftMs: { p50: 5 } },
        { concurrency: null, requestRate: null },
      ]);
      expect(r.workloads[0]!.schedule!.rps).toEqual([1, null]);
      expect(r.tenants!.usage[0]).toMatchObject({ inputTokens: null, outputTokens: null });
      expect(r.errors.map((e) => e.path)).toEqual([
        "workloads[0].schedule.rps[1]",
        "skus[0].sweep.points[0].concurrency",
        "skus[0].sweep.points[0].rps",
        "skus[0].sweep.points[0].ttftMs.p99",
        "skus[0].sweep.points[1].requestRate",
        "tenants.usage[0].inputTokens",
        "tenants.usage[0].outputTokens",
      ]);
    });
  });

  describe("statistics objects", () => {
    it("only a statistic's own keys are read (an inherited key is not a statistic)", () => {
      const ttftMs = Object.assign(Object.create({ p90: 5 }) as Record<string, unknown>, {
        p50: "=2",
      });
      const plan = P({
        workloads: [{ name: "w", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
        skus: [{ name: "s", sweep: { points: [{ concurrency: 1, ttftMs }] } }],
      });
      const ref = resolvePlan(plan).skus[0]!.sweeps.w!;
      expect(ref.kind === "points" && ref.points[0]!.ttftMs).toEqual({ p50: 2 });
      expect(ref.kind === "points" && Object.keys(ref.points[0]!.ttftMs!)).toEqual(["p50"]);
    });
  });
});

/** A plan with cells, a formula field and tenants with one formula usage row. */
function sheetPlan(): PlanFile {
  return {
    format: "capplan.plan/v1",
    cells: { peak: 50, k: 1000 },
    workloads: [{ name: "chat", peakRps: "=peak", inputTokens: 300, outputTokens: 300 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    skus: [
      {
        name: "a",
        gpusPerReplica: 1,
        pricePerGpuHour: 2,
        sweep: { replicaOutputTokensPerSec: 1500 },
      },
    ],
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
    expect(sheetEntries(sheetPlan()).map(([p]) => p)).toEqual([
      "cells.peak",
      "cells.k",
      "workloads[0].peakRps",
      "tenants.usage[0].outputTokens",
    ]);
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
    expect(ps.set("tenants.usage[0].outputTokens", 5e5)).toEqual(["tenants.usage[0].outputTokens"]);
    expect(ps.sheet.has("tenants.usage[0].outputTokens")).toBe(false);
    expect(ps.resolve().tenants!.usage[0]!.outputTokens).toBe(5e5);
    expect(ps.set("tenants.usage[1].inputTokens", "=k * 2")).toEqual([
      "tenants.usage[1].inputTokens",
    ]);
    expect(ps.resolve().tenants!.usage[1]!.inputTokens).toBe(2000);
    expect(ps.resolve()).toEqual(resolvePlan(structuredClone(ps.plan())));
  });
});
