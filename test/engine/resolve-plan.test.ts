import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createPlanSheet, planEntries, resolvePlan } from "../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../src/engine/base/types";
import { SPEC_EXAMPLE_TEXT } from "./plan-example";

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
