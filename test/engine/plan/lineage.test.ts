/**
 * The property of the declared chain (src/engine/chain/quantities.ts) and lineage
 * (src/engine/plan/lineage.ts): for 200 random plans, every numeric path of `plan --json`
 * explains to the plan's own value, every computed step recomputes from its inputs, and every
 * problem code and every declaration's text renders in English and in Chinese.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Problem } from "../../../src/engine/base/problems";
import type { PlanFile, SweepPoint } from "../../../src/engine/base/types";
import {
  evaluateSku,
  formulaText,
  pluggedText,
  recompute,
} from "../../../src/engine/chain/evaluate";
import { chainMessages, QUANTITIES, type QuantityId } from "../../../src/engine/chain/quantities";
import {
  consistent,
  explainPath,
  lineageNodes,
  lineageNumber,
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
