/**
 * The property of the declared chain (src/engine/chain/quantities.ts) and lineage
 * (src/engine/plan/lineage.ts): for 200 random plans, every numeric path of `plan --json`
 * explains to the plan's own value, every computed step recomputes from its inputs, and every
 * problem code and every declaration's text renders in English and in Chinese. And lineage.ts's
 * own steps: a cell's formula read as the sheet reads it (its cells, the plugged line), the
 * method's constants with their words, names of Object.prototype and plan fields as written.
 */
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { Problem } from "../../../src/engine/base/problems";
import type { PlanFile, SweepPoint } from "../../../src/engine/base/types";
import {
  evaluateSku,
  formulaText,
  pluggedText,
  recompute,
} from "../../../src/engine/chain/evaluate";
import {
  chainMessages,
  CONSTANTS,
  QUANTITIES,
  type QuantityId,
} from "../../../src/engine/chain/quantities";
import { lineageMessages, type LineageConstant } from "../../../src/engine/plan/lineage-messages";
import { PLANS } from "./lineage-plans-a";
import { contextOf, exampleContext, explainAll, explainLines } from "./lineage-print";
import {
  consistent,
  explainPath,
  lineageNodes,
  lineageNumber,
  type LineageContext,
} from "../../../src/engine/plan/lineage";
import { computePlan } from "../../../src/engine/plan/plan";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import { renderProblem } from "../../../src/report/messages";
import { numericPaths } from "./lineage-plans-b";
import { planJson } from "../../../src/report/plan-output";

/** A sweep of 1–5 levels at rising concurrency. */
const sweepArb: fc.Arbitrary<SweepPoint[]> = fc
  .array(
    fc.record({
      step: fc.integer({ min: 1, max: 16 }),
      tps: fc.integer({ min: 1, max: 5000 }),
      ttft: fc.integer({ min: 10, max: 5000 }),
    }),
    { minLength: 1, maxLength: 5 },
  )
  .map((rows) => {
    let c = 0;
    return rows.map((r) => {
      c += r.step;
      return {
        concurrency: c,
        requestRate: null,
        rps: r.tps / 100,
        outputTokensPerSec: r.tps,
        ttftMs: { p99: r.ttft },
        completed: 100,
        failed: 0,
      };
    });
  });

const workloadArb = fc.record({
  peakRps: fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 500, noNaN: true })),
  inputTokens: fc.integer({ min: 0, max: 8000 }),
  outputTokens: fc.integer({ min: 1, max: 4000 }),
  forecast: fc.constantFrom("none", "avg", "daily"),
  rate: fc.double({ min: 0, max: 300, noNaN: true }),
});

const skuArb = fc.record({
  gpusPerReplica: fc.integer({ min: 1, max: 8 }),
  pricePerGpuHour: fc.oneof(fc.constant(0), fc.double({ min: 0.1, max: 12, noNaN: true })),
  given: fc.option(fc.double({ min: 1, max: 20000, noNaN: true }), { nil: null }),
  points: sweepArb,
});

const planArb: fc.Arbitrary<PlanFile> = fc
  .record({
    workloads: fc.array(workloadArb, { minLength: 1, maxLength: 3 }),
    skus: fc.array(skuArb, { minLength: 1, maxLength: 3 }),
    elasticity: fc.double({ min: 0.8, max: 2, noNaN: true }),
    redundancy: fc.oneof(
      fc.double({ min: 0.9, max: 2, noNaN: true }),
      fc.integer({ min: 0, max: 3 }).map((spare) => ({ spare })),
    ),
    ttft: fc.integer({ min: 50, max: 5000 }),
  })
  .map(
    (p) =>
      ({
        format: "capplan.plan/v1",
        workloads: p.workloads.map((w, i) => ({
          name: `w${i}`,
          peakRps: w.peakRps,
          inputTokens: w.inputTokens,
          outputTokens: w.outputTokens,
          ...(w.forecast === "avg" ? { avgRps: w.rate } : {}),
          ...(w.forecast === "daily" ? { dailyRequests: w.rate * 86_400 } : {}),
        })),
        slo: [{ metric: "ttft", stat: "p99", maxMs: p.ttft }],
        factors: { elasticity: p.elasticity, redundancy: p.redundancy },
        skus: p.skus.map((s, i) => ({
          name: `S${i}`,
          gpusPerReplica: s.gpusPerReplica,
          pricePerGpuHour: s.pricePerGpuHour,
          sweep: s.given !== null ? { replicaOutputTokensPerSec: s.given } : { points: s.points },
        })),
      }) as unknown as PlanFile,
  );

const close = (a: number, b: number) =>
  Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** Every problem of a result (plan, SKUs, workloads on SKUs). */
function problemsOf(r: ReturnType<typeof computePlan>): Problem[] {
  const out: Problem[] = [...(r.problems ?? [])];
  for (const e of r.errors) if (e.problem) out.push(e.problem);
  for (const s of r.skus) {
    out.push(...s.problems, ...s.errorProblems);
    if (s.infeasibleProblem) out.push(s.infeasibleProblem);
    for (const w of s.workloads) out.push(...w.problems, ...w.errorProblems);
  }
  return out;
}

describe("explainPath over random plans", () => {
  it("explains every numeric path of plan --json to the plan's value; every step recomputes; every code renders in both languages", () => {
    let paths = 0;
    fc.assert(
      fc.property(planArb, (plan) => {
        const resolved = resolvePlan(plan);
        const result = computePlan(resolved);
        const ctx = { plan, resolved, result };
        const failures: string[] = [];
        for (const [path, value] of numericPaths(JSON.parse(JSON.stringify(planJson(result))))) {
          // Why an SLO failed (the load, the limit, the excess) is a diagnosis of the sweep, not a
          // quantity of the chain: it has no lineage.
          if (path.includes(".failure.")) continue;
          paths++;
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
        for (const p of problemsOf(result))
          for (const lang of ["en", "zh"] as const) {
            const text = renderProblem(p, lang);
            if (!text || text === p.code) failures.push(`${p.code}: no ${lang} text`);
          }
        expect(failures).toEqual([]);
      }),
      { numRuns: 200, seed: 27 },
    );
    expect(paths).toBeGreaterThan(2000);
  });
});

describe("the declarations", () => {
  const ids = Object.keys(QUANTITIES) as QuantityId[];

  it.each(ids)("%s has an English and a Chinese formula naming each of its inputs", (id) => {
    const q = QUANTITIES[id];
    const en = formulaText(id, "en");
    const zh = formulaText(id, "zh");
    expect(en.length).toBeGreaterThan(0);
    expect(zh.length).toBeGreaterThan(0);
    expect(chainMessages.defs[id].severity).toBe("info");
    // Rendering with a marker per input shows each input in the text exactly where the formula reads it.
    const marks = Object.fromEntries(
      [...q.inputs, ...(q.lists ?? [])].map((i, k) => [i, `⟨${k}⟩`]),
    );
    const marked = chainMessages.render(chainMessages.problem(id, marks), "en")!;
    for (const i of q.inputs) expect(marked, `${id} reads ${i}`).toContain(marks[i]);
  });

  it("traced steps recompute exactly from their recorded inputs, and plug their numbers in", () => {
    const e = evaluateSku(
      {
        gpusPerReplica: 4,
        pricePerGpuHour: 20,
        elasticity: 1.2,
        redundancy: { factor: 1.2 },
        workloads: [
          {
            inputTokens: 300,
            outputTokens: 300,
            peakRps: 50,
            forecastRps: 10,
            workloadCapacity: 1500,
          },
        ],
      },
      { trace: true },
    );
    for (const st of e.trace!) expect([st.key, recompute(st)]).toEqual([st.key, st.value]);
    const replicas = e.trace!.find((s) => s.key === "replicas")!;
    expect(pluggedText(replicas, lineageNumber)).toBe("ceil(14.4) = 15");
    // The seed example: 10 base replicas × 1.2 × 1.2 → 15; 60 GPUs × 20 = 1,200 an hour.
    expect([e.values.replicasBase, e.values.replicas, e.values.costPerHour]).toEqual([
      10, 15, 1200,
    ]);
    expect(e.values.costPerMonth).toBe(1200 * 730);
    // Without tracing there is no trace, and the same values.
    const fast = evaluateSku({
      gpusPerReplica: 4,
      pricePerGpuHour: 20,
      elasticity: 1.2,
      redundancy: { factor: 1.2 },
      workloads: [
        {
          inputTokens: 300,
          outputTokens: 300,
          peakRps: 50,
          forecastRps: 10,
          workloadCapacity: 1500,
        },
      ],
    });
    expect(fast.trace).toBeUndefined();
    expect(fast.values).toEqual(e.values);
  });
});

describe("explainPath of a cell's formula", () => {
  /** A plan whose cell `x` is `formula`, over cells peak 40, k 2, big 1,500 and neg −3. */
  const cellX = (formula: string) =>
    contextOf({
      format: "capplan.plan/v1",
      currency: "USD",
      cells: { peak: 40, k: 2, big: 1500, neg: -3, x: formula },
      workloads: [{ name: "chat", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
      skus: [],
    });
  // [formula, the cells it reads (its inputs), the formula with their values plugged in]
  it.each([
    ["=peak * 0.8", ["peak"], "40 * 0.8 = 32"],
    // A called function is no cell; its arguments are, written without grouping (the "," separates them).
    ["=max(big, k) + big", ["big", "k"], "max(1500, 2) + 1,500 = 3,000"],
    ["=2peak", ["peak"], "2 * 40 = 80"],
    ["=neg ^ 2 + neg", ["neg"], "(-3) ^ 2 + (-3) = 6"],
    ["=peak > 10 ? peak : k", ["peak", "k"], "(40 > 10) ? 40 : 2 = 40"],
    ["=peak mod 7", ["peak"], "40 mod 7 = 5"],
    // An unknown name is no input and stays as written.
    ["=peak + nosuch", ["peak"], "40 + nosuch = n/a"],
    // Refused formulas (a property, text, a function used as a value): the sheet reads no cell of them.
    ["=peak.out + 1", [], "peak.out + 1 = n/a"],
    ['=peak + "out"', [], 'peak + "out" = n/a'],
    ["=max + peak", [], "max + peak = n/a"],
  ])("%s reads %j: %s", (formula, cells, plugged) => {
    const a = explainPath(cellX(formula), "cells.x");
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    expect(a.node.formula).toBe(formula.slice(1));
    expect(a.node.inputs.map((n) => n.path)).toEqual(cells.map((c) => `cells.${c}`));
    expect(a.node.plugged).toBe(plugged);
  });

  it("before the formula engine is loaded (the app loads mathjs lazily): the formula as written, no inputs, no exception", async () => {
    vi.resetModules();
    vi.doMock("../../../src/engine/formula/mathjs-kernel", () => ({
      mathjsKernel: () => null,
      loadMathjsKernel: () => new Promise(() => {}),
    }));
    try {
      const lineage = await import("../../../src/engine/plan/lineage");
      const { resolvePlan: resolve } = await import("../../../src/engine/plan/resolve-plan");
      const { computePlan: compute } = await import("../../../src/engine/plan/plan");
      const plan = {
        format: "capplan.plan/v1",
        cells: { peak: 40, x: "=peak * 2" },
        workloads: [{ name: "chat", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
        skus: [],
      } as unknown as PlanFile;
      const resolved = resolve(plan);
      const a = lineage.explainPath({ plan, resolved, result: compute(resolved) }, "cells.x");
      expect(a).toEqual({
        ok: true,
        node: {
          path: "cells.x",
          kind: "cell",
          value: null,
          raw: "=peak * 2",
          formula: "peak * 2",
          plugged: "peak * 2 = n/a",
          inputs: [],
        },
      });
    } finally {
      vi.doUnmock("../../../src/engine/formula/mathjs-kernel");
      vi.resetModules();
    }
  });
});

describe("constants of the method in a lineage", () => {
  it("are leaves named by their id, with their words in English and Chinese (the seed example's costPerMonth)", () => {
    const a = explainPath(exampleContext("seed"), "skus[0].costPerMonth");
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    expect(a.node.plugged).toBe("1,200 × 730 = 876,000");
    const constants = lineageNodes(a.node).filter((n) => n.kind === "constant");
    expect(constants).toEqual([
      {
        path: "hoursPerMonth",
        kind: "constant",
        value: 730,
        formula: "hours per month",
        formulaZh: "每月小时数",
        inputs: [],
      },
    ]);
  });

  it.each([
    ["hoursPerDay", 24, "hours per day", "每天小时数"],
    ["hoursPerMonth", 730, "hours per month", "每月小时数"],
    ["secondsPerHour", 3600, "seconds per hour", "每小时秒数"],
    ["secondsPerDay", 86_400, "seconds per day", "每天秒数"],
    ["million", 1e6, "tokens per million", "每百万 token 的 token 数"],
  ])("%s = %d: %s, %s", (id, value, en, zh) => {
    expect(CONSTANTS[id as keyof typeof CONSTANTS]).toBe(value);
    const p = lineageMessages.problem(id as LineageConstant, {});
    expect([lineageMessages.render(p, "en"), lineageMessages.render(p, "zh")]).toEqual([en, zh]);
  });
});

const NO = (path: string) => [`error: ${path}: no number with a lineage at this path`];

/** The context of `plan` with its file and result deep-copied and then edited (a result no engine run gives). */
function edited(plan: unknown, edit: (c: LineageContext) => void): LineageContext {
  const ctx = contextOf(plan);
  const c: LineageContext = {
    plan: structuredClone(ctx.plan),
    resolved: ctx.resolved,
    result: structuredClone(ctx.result),
  };
  edit(c);
  return c;
}

describe("names of Object.prototype in a cell's formula are no cells and have no Chinese", () => {
  const ctx = contextOf({
    format: "capplan.plan/v1",
    currency: "USD",
    cells: { a: 2, x: "=constructor", y: "=toString + a" },
    workloads: [{ name: "chat", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
    skus: [],
  });
  it("`=constructor` is an unknown name: no input, written as is, no formulaZh", () => {
    expect(explainAll(ctx, ["cells.x", "cells.y"])).toEqual([
      "cells.x [cell] = null | f: constructor | p: constructor = n/a | raw: =constructor",
      "cells.y [cell] = null | f: toString + a | p: toString + 2 = n/a | raw: =toString + a",
      "  cells.a [cell] = 2 | raw: 2",
    ]);
  });

  it("`cells.constructor`, `cells.toString`, `workloads[0].constructor` name no number (they read Object.prototype before)", () => {
    for (const path of [
      "cells.constructor",
      "cells.toString",
      "cells.hasOwnProperty",
      "workloads[0].constructor",
      "tenants.constructor",
      "constructor",
    ]) {
      const a = explainPath(ctx, path);
      expect(a.ok, path).toBe(false);
    }
    // a real cell still explains
    expect(explainLines(ctx, "cells.a")).toEqual(["cells.a [cell] = 2 | raw: 2"]);
  });
});

describe("plan fields as written", () => {
  it("a per-workload capacity under a name that is no path key, written as text ('600'), is its raw value and no formula", () => {
    const plan = structuredClone(PLANS.dashed) as unknown as {
      skus: { sweeps: Record<string, { replicaOutputTokensPerSec: unknown }> }[];
    };
    plan.skus[0]!.sweeps["support-bot"]!.replicaOutputTokensPerSec = "600";
    expect(
      explainLines(contextOf(plan), "skus[0].workloads[0].operatingPoint.outputTokensPerSec"),
    ).toEqual([
      "skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 600 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 600 = 600 | re: 600",
      "  skus[0].sweeps.support-bot.replicaOutputTokensPerSec [field] = 600 | raw: 600",
    ]);
  });

  it("a plan file without cells (an edited plan whose resolved cells remain) shows the cell without a raw value", () => {
    const ctx = edited(PLANS.given, (c) => {
      delete (c.plan as { cells?: unknown }).cells;
    });
    expect(explainLines(ctx, "cells.cap")).toEqual(["cells.cap [cell] = 2000"]);
  });

  it("a given capacity the file no longer writes (no skus, no SKU, no sweep, no entry for the workload) is the resolved value without a raw one", () => {
    const path = "skus[0].workloads[0].operatingPoint.outputTokensPerSec";
    const root =
      "skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 2000 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 2,000 = 2,000 | re: 2000";
    const field = "  skus[0].sweep.replicaOutputTokensPerSec [field] = 2000";
    const noSkus = edited(PLANS.given, (c) => {
      delete (c.plan as { skus?: unknown }).skus;
    });
    expect(explainLines(noSkus, path)).toEqual([root, field]);
    expect(
      explainLines(
        edited(PLANS.given, (c) => void (c.plan.skus = [])),
        path,
      ),
    ).toEqual([root, field]);
    const noSweep = edited(PLANS.given, (c) => {
      delete (c.plan.skus[0] as { sweep?: unknown }).sweep;
    });
    expect(explainLines(noSweep, path)).toEqual([root, field]);
    // `per`: chat's 900 tok/s (=cap) and docs' 400; the file keeps only docs' entry.
    const noEntry = edited(PLANS.per, (c) => {
      const s = c.plan.skus[0] as { sweeps?: Record<string, unknown> };
      s.sweeps = { docs: s.sweeps!.docs };
    });
    expect(explainLines(noEntry, path)).toEqual([
      "skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 900 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 900 = 900 | re: 900",
      "  skus[0].sweep.replicaOutputTokensPerSec [field] = 900",
    ]);
  });

  it("a given capacity of a workload the result does not list (edited) is read under no workload name", () => {
    const ctx = edited(PLANS.given, (c) => void (c.result.workloads = []));
    expect(explainLines(ctx, "skus[0].workloads[0].operatingPoint.outputTokensPerSec")).toEqual([
      "skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 2000 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 2,000 = 2,000 | re: 2000",
      "  skus[0].sweep.replicaOutputTokensPerSec [field] = 2000 | f: cap | p: 2,000 = 2,000 | raw: =cap",
      "    cells.cap [cell] = 2000 | f: peak * 50 | p: 40 * 50 = 2,000 | raw: =peak * 50",
      "      cells.peak [cell] = 40 | raw: 40",
    ]);
    expect(explainLines(ctx, "skus[0].replicaOutputTokensPerSec")).toEqual(
      NO("skus[0].replicaOutputTokensPerSec"),
    );
  });
});
