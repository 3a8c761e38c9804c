/**
 * src/engine/plan/lineage.ts (explainPath) and the declared chain (src/engine/chain/quantities.ts):
 * for 200 random plans every numeric path of `plan --json` explains to the plan's own value and
 * every computed step recomputes; every problem code and declaration renders in English and
 * Chinese. And lineage.ts's own steps: entry paths (SLO limits, factors, cells, top-level
 * settings), a cell's formula as the sheet reads it, formula names and `<id>_tok_s`, the method's
 * constants, the Chinese of every formula with words, plan fields as written, and paths that are
 * not paths.
 */
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { Problem } from "../../../src/engine/base/problems";
import type { PlanFile } from "../../../src/engine/base/types";
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
import { contextOf, exampleContext, explainAll, explainLines, edited } from "./lineage-print";
import {
  type LineageContext,
  explainPath,
  lineageNodes,
  lineageNumber,
} from "../../../src/engine/plan/lineage";
import { computePlan } from "../../../src/engine/plan/plan";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import { renderProblem } from "../../../src/report/messages";
import {
  numericPaths,
  FORECAST_ZERO,
  IDLE,
  POOLS_JPY,
  SKU_MIX,
  USAGE_SEPARATE,
  ctxOf,
  resultPaths,
  show,
  showAll,
  node,
  G,
  base,
  none,
  paths,
  showPaths,
  explainFailures,
  lines,
  risingSweep,
} from "./lineage-plans-b";
import * as plansB from "./lineage-plans-b";
import { words } from "../../words";
import { planJson } from "../../../src/report/plan-output";

/** The exports of lineage-plans-b by name (its plans for the property table). */
const PLANS_B = new Map(Object.entries(plansB));
/** `explainAll` of the paths written as one text (see `paths`). */
const explainPaths = (ctx: Parameters<typeof explainAll>[0]) => (s: TemplateStringsArray) =>
  explainAll(ctx, paths(s));
/** Workload "chat" of one request a second of one token in and one out. */
const ONE = { name: "chat", peakRps: 1, inputTokens: 1, outputTokens: 1 };

/** A sweep of 1–5 levels at rising concurrency. */
const sweepArb = risingSweep(
  { tps: fc.integer({ min: 1, max: 5000 }), ttft: fc.integer({ min: 10, max: 5000 }) },
  5,
  (r) => ({
    requestRate: null,
    rps: r.tps / 100,
    outputTokensPerSec: r.tps,
    ttftMs: { p99: r.ttft },
    completed: 100,
    failed: 0,
  }),
);

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
        // Why an SLO failed (the load, the limit, the excess) is a diagnosis of the sweep, not a
        // quantity of the chain: it has no lineage.
        const numbers = numericPaths(JSON.parse(JSON.stringify(planJson(result)))).filter(
          ([path]) => !path.includes(".failure."),
        );
        paths += numbers.length;
        const failures = explainFailures(ctx, numbers);
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
    const w = { inputTokens: 300, outputTokens: 300, peakRps: 50, forecastRps: 10 };
    const factors = { elasticity: 1.2, redundancy: { factor: 1.2 } };
    const workloads = [{ ...w, workloadCapacity: 1500 }];
    const sku = { gpusPerReplica: 4, pricePerGpuHour: 20, ...factors, workloads };
    const e = evaluateSku(sku, { trace: true });
    for (const st of e.trace!) expect([st.key, recompute(st)]).toEqual([st.key, st.value]);
    const replicas = e.trace!.find((s) => s.key === "replicas")!;
    expect(pluggedText(replicas, lineageNumber)).toBe("ceil(14.4) = 15");
    // The seed example: 10 base replicas × 1.2 × 1.2 → 15; 60 GPUs × 20 = 1,200 an hour.
    expect([e.values.replicasBase, e.values.replicas, e.values.costPerHour]).toEqual([
      10, 15, 1200,
    ]);
    expect(e.values.costPerMonth).toBe(1200 * 730);
    // Without tracing there is no trace, and the same values.
    const fast = evaluateSku(sku);
    expect(fast.trace).toBeUndefined();
    expect(fast.values).toEqual(e.values);
  });
});

describe("explainPath of a cell's formula", () => {
  /** A plan whose cell `x` is `formula`, over cells peak 40, k 2, big 1,500 and neg −3. */
  const cellX = (formula: string) =>
    contextOf(
      base({ cells: { peak: 40, k: 2, big: 1500, neg: -3, x: formula }, workloads: [ONE] }),
    );
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

describe("names of Object.prototype in a cell's formula are no cells and have no Chinese", () => {
  const ctx = contextOf(
    base({ cells: { a: 2, x: "=constructor", y: "=toString + a" }, workloads: [ONE] }),
  );
  it("`=constructor` is an unknown name: no input, written as is, no formulaZh; `cells.constructor`, `cells.toString`, `workloads[0].constructor` name no number (they read Object.prototype before)", () => {
    expect(explainAll(ctx, ["cells.x", "cells.y"])).toEqual([
      "cells.x [cell] = null | f: constructor | p: constructor = n/a | raw: =constructor",
      "cells.y [cell] = null | f: toString + a | p: toString + 2 = n/a | raw: =toString + a",
      "  cells.a [cell] = 2 | raw: 2",
    ]);
    for (const path of paths`
      cells.constructor cells.toString cells.hasOwnProperty workloads[0].constructor
        tenants.constructor constructor
    `) {
      const a = explainPath(ctx, path);
      expect(a.ok, path).toBe(false);
    }
    // a real cell still explains
    expect(explainLines(ctx, "cells.a")).toEqual(["cells.a [cell] = 2 | raw: 2"]);
  });
});

describe("explainPath of a path that is not a path", () => {
  // [plan, path]: the answer says which path is not a path, as given (blank, empty or malformed)
  it.each([
    ["given", PLANS.given, "  "],
    ["given", PLANS.given, "skus[0]..replicas"],
    ["SKU_MIX", SKU_MIX, "skus[0]..replicas"],
    ["SKU_MIX", SKU_MIX, ""],
  ])("%s: %j", (_, plan, path) => {
    expect(explainPath(contextOf(plan), path)).toEqual({
      ok: false,
      error: `"${path}" is not a path (e.g. skus[0].replicas, tenants.teams[1].cost)`,
    });
  });
});

describe("formula names", () => {
  const ctx = contextOf(PLANS.names);
  it("a cell's inputs are the cells its formula reads as the sheet parses it: a formula the sheet refuses (a function used as a value, text, a property) reads none; unknown names are no inputs; a cycle of cells ends where it began; text around the '=' is trimmed; a cell that is not a formula is shown as written, without inputs", () => {
    expect(explainPaths(ctx)`
      cells. a b c d e f g cyc1 peak
      workloads[0]. inputTokens outputTokens
    `).toEqual([
      "cells.a [cell] = null | f: round (peak / 7) + round | p: round (peak / 7) + round = n/a | raw: =round (peak / 7) + round",
      'cells.b [cell] = null | f: peak + "out" | p: peak + "out" = n/a | raw: =peak + "out"',
      "cells.c [cell] = null | f: peak.out + 1 | p: peak.out + 1 = n/a | raw: =peak.out + 1",
      "cells.d [cell] = null | f: max(peak, 2) - 'out' | p: max(peak, 2) - 'out' = n/a | raw: =max(peak, 2) - 'out'",
      "cells.e [cell] = null | f: a*2 | p: n/a * 2 = n/a | raw: =  a*2  ",
      "  cells.a [cell] = null | f: round (peak / 7) + round | p: round (peak / 7) + round = n/a | raw: =round (peak / 7) + round",
      "cells.f [cell] = null | f: peak + nosuch | p: 40 + nosuch = n/a | raw:  =peak + nosuch",
      "  cells.peak [cell] = 40 | raw: 40",
      "cells.g [cell] = 1500 | raw: 1,500",
      "cells.cyc1 [cell] = null | f: cyc2 + 1 | p: n/a + 1 = n/a | raw: =cyc2 + 1",
      "  cells.cyc2 [cell] = null | f: cyc1 * 2 | p: n/a * 2 = n/a | raw: =cyc1 * 2",
      "    cells.cyc1 = null (above)",
      "cells.peak [cell] = 40 | raw: 40",
      "workloads[0].inputTokens [field] = 750 | raw: 750",
      "workloads[0].outputTokens [field] = 250 | f: out | p: 250 = 250 | raw:  =out",
      "  cells.out [cell] = 250 | raw: 250",
    ]);
  });
});

describe("<id>_tok_s: a formula reads a SKU's computed output tokens/s", () => {
  const ctx = contextOf(PLANS.tok);
  it("follows the first SKU with that id into its chain (twice in one explanation); a SKU whose capacity is a cycle has no number; a name ending in _tok_s with no such SKU, or not ending in it, is no hop", () => {
    expect(explainPaths(ctx)`
      cells. x y z w v
      skus[1]. replicasBase
    `).toEqual([
      "cells.x [cell] = 3000 | f: a_tok_s * k | p: 1,500 * 2 = 3,000 | raw: =a_tok_s * k",
      "  a_tok_s [computed] = 1500 | f: skus[0].replicaOutputTokensPerSec (computed output tokens/s of one replica of A) | zh: skus[0].replicaOutputTokensPerSec（A 单副本计算出的输出 tokens/s） | p: 1,500 = 1,500 | re: 1500",
      "    skus[0].replicaOutputTokensPerSec [computed] = 1500 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 1,500 = 1,500 | re: 1500",
      "      skus[0].sweep.replicaOutputTokensPerSec [field] = 1500 | raw: 1500",
      "  cells.k [cell] = 2 | raw: 2",
      "cells.y [cell] = null | f: c_tok_s + 1 | p: n/a + 1 = n/a | raw: =c_tok_s + 1",
      "  c_tok_s [computed] = null | f: skus[2].replicaOutputTokensPerSec (computed output tokens/s of one replica of C) | zh: skus[2].replicaOutputTokensPerSec（C 单副本计算出的输出 tokens/s） | p: n/a = n/a | re: null",
      "cells.z [cell] = 4500 | f: a_tok_s + x | p: 1,500 + 3,000 = 4,500 | raw: =a_tok_s + x",
      "  a_tok_s = 1500 (above)",
      "  cells.x [cell] = 3000 | f: a_tok_s * k | p: 1,500 * 2 = 3,000 | raw: =a_tok_s * k",
      "    a_tok_s = 1500 (above)",
      "    cells.k [cell] = 2 | raw: 2",
      "cells.w [cell] = null | f: a_bcdef + 1 | p: a_bcdef + 1 = n/a | raw: =a_bcdef + 1",
      "cells.v [cell] = null | f: zz_tok_s + k | p: zz_tok_s + 2 = n/a | raw: =zz_tok_s + k",
      "  cells.k [cell] = 2 | raw: 2",
      "skus[1].replicasBase [computed] = 1 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 10 × 300 ÷ 3,000 = 1 | re: 1",
      "  workloads[0].peakRps [field] = 10 | raw: 10",
      "  workloads[0].outputTokens [field] = 300 | raw: 300",
      "  skus[1].workloads[0].operatingPoint.outputTokensPerSec [computed] = 3000 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 3,000 = 3,000 | re: 3000",
      "    skus[1].sweep.replicaOutputTokensPerSec [field] = 3000 | f: a_tok_s * k | p: 1,500 * 2 = 3,000 | raw: =a_tok_s * k",
      "      a_tok_s = 1500 (above)",
      "      cells.k [cell] = 2 | raw: 2",
    ]);
  });
});

describe("cells", () => {
  it("a chain of formulas is followed 50 cells deep; the 51st is shown as written, without its inputs", () => {
    const cells: Record<string, number | string> = { c55: 1 };
    for (let i = 0; i < 55; i++) cells[`c${i}`] = `=c${i + 1} + 1`;
    const ctx = contextOf({
      format: "capplan.plan/v1",
      cells,
      workloads: [{ ...ONE, name: "w" }],
      skus: [G({ pricePerGpuHour: 1, sweep: { replicaOutputTokensPerSec: 10 } })],
    });
    const chain = [node(ctx, "cells.c0")];
    while (chain[chain.length - 1]!.inputs.length) chain.push(chain[chain.length - 1]!.inputs[0]!);
    expect(chain.map((n) => n.path)).toEqual(Array.from({ length: 51 }, (_, i) => `cells.c${i}`));
    expect(chain[49]!.formula).toBe("c50 + 1");
    expect(chain[50]).toEqual({
      path: "cells.c50",
      kind: "cell",
      value: ctx.resolved.cells.c50 ?? null,
      raw: "=c51 + 1",
      inputs: [],
    });
  });
});

describe("the Chinese of formulas with words", () => {
  /** Every formula with words and its Chinese (the app's 中文 view). */
  const ZH: Record<string, string> = Object.fromEntries(
    lines`
      (load − load₀) ÷ (load₁ − load₀) → (负载 − 负载₀) ÷ (负载₁ − 负载₀)
      0 (idle is spread over the teams in proportion) → 0（闲置按比例分摊给各团队）
      a finding of the sweep's diagnostics → 扫描诊断的一项发现
      cost ÷ weighted tokens × 1,000,000 → cost ÷ 加权 token × 1,000,000
      costPerDay of the recommended SKU "L40S ×1" (no pools given) → 推荐 SKU "L40S ×1" 的 costPerDay（未给出资源池）
      costPerHour ÷ (forecast output tokens/s × 3600) → costPerHour ÷ (预测输出 tokens/s × 3600)
      costPerHour ÷ (peak output tokens/s × 3600) → costPerHour ÷ (峰值输出 tokens/s × 3600)
      costPerOutputToken × mean output tokens per request → costPerOutputToken × 每请求平均输出 token 数
      forecast costPerOutputToken × 1,000,000 → 预测 costPerOutputToken × 1,000,000
      forecast output tokens/s ÷ (replicas × replicaOutputTokensPerSec) → 预测输出 tokens/s ÷ (replicas × replicaOutputTokensPerSec)
      forecast rate × outputTokens → 预测速率 × outputTokens
      given capacity (not checked against SLOs) → 给定容量（未对照 SLO 检查）
      hours per day → 每天小时数
      hours per month → 每月小时数
      idle in minor units; teams + idle add up to the rounded pool cost exactly (largest remainder) → 闲置按最小单位计；团队 + 闲置恰好等于取整后的资源池成本（最大余数法）
      in minor units by largest remainder, so teams + idle add up to the rounded pool cost exactly → 按最大余数法取整到最小单位，团队 + 闲置恰好等于取整后的资源池成本
      inputTokens of the team's usage row → 该团队用量行的 inputTokens
      inputWeight × cost per 1M weighted tokens → inputWeight × 每百万加权 token 成本
      inputWeight × inputTokens + outputWeight × outputTokens → inputWeight × inputTokens + outputWeight × outputTokens（加权 token）
      interpolated between two load levels where the binding SLO reaches its limit → 在两个负载档位之间插值，取约束 SLO 恰好达到上限处
      number of load levels read from the files → 从文件读取的负载档位数
      outputTokens of the team's usage row → 该团队用量行的 outputTokens
      outputWeight × cost per 1M weighted tokens → outputWeight × 每百万加权 token 成本
      own (pool) cost + shared cost → 自身（资源池）成本 + 共享成本
      own cost ÷ weighted tokens × 1,000,000 → 自身成本 ÷ 加权 token × 1,000,000
      peak costPerOutputToken × 1,000,000 → 峰值 costPerOutputToken × 1,000,000
      peak output tokens/s ÷ (replicas × replicaOutputTokensPerSec) → 峰值输出 tokens/s ÷ (replicas × replicaOutputTokensPerSec)
      peak output tokens/s ÷ replicasBase (blended over workloads) → 峰值输出 tokens/s ÷ replicasBase（按各负载混合）
      peak output tokens/s ÷ Σ peakRps → 峰值输出 tokens/s ÷ Σ peakRps
      peak weighted tokens/s × (replicas ÷ replicasBase) × 86,400 (the fleet's daily capacity) → 峰值加权 tokens/s × (replicas ÷ replicasBase) × 86,400（整个集群的每日容量）
      pool cost ÷ used weighted tokens × 1,000,000 → 资源池成本 ÷ 已用加权 token × 1,000,000
      pool cost − Σ teams' cost → 资源池成本 − Σ 各团队成本
      replicas of SKU "L40S ×1" → SKU "L40S ×1" 的 replicas
      rps × output tokens per request (the sweep has no output tokens/s) → rps × 每请求输出 token 数（扫描没有输出 tokens/s）
      seconds per day → 每天秒数
      seconds per hour → 每小时秒数
      share × pool cost → share × 资源池成本
      team's weighted tokens × pool cost ÷ pool capacity (idle kept separate) → 团队加权 token × 资源池成本 ÷ 资源池容量（闲置单列）
      team's weighted tokens ÷ pool's weighted tokens → 团队加权 token ÷ 资源池加权 token
      the load level where throughput stops growing linearly (zones of the sweep) → 吞吐不再线性增长的负载档位（扫描的分区）
      the pool cost rounded to the currency's minor unit → 资源池成本按币种最小单位取整
      the whole pool cost (no usage) → 整个资源池成本（没有用量）
      tokens per million → 每百万 token 的 token 数
      v₀ + t × (v₁ − v₀) → v₀ + t × (v₁ − v₀)（线性插值）
      weighted tokens ÷ pool capacity × pool replicas → 加权 token ÷ 资源池容量 × 资源池副本数
      zones of the sweep (idle, linear, saturated) → 扫描的分区（空闲、线性、饱和）
      Σ forecast rate × outputTokens (forecast rate: avgRps, else dailyRequests ÷ 86,400, else peakRps) → Σ 预测速率 × outputTokens（预测速率：avgRps，否则 dailyRequests ÷ 86,400，否则 peakRps）
      Σ inputTokens of the team's usage rows → Σ 该团队各用量行的 inputTokens
      Σ outputTokens of the team's usage rows → Σ 该团队各用量行的 outputTokens
      Σ peakRps × (inputWeight × inputTokens + outputWeight × outputTokens) → Σ peakRps × (inputWeight × inputTokens + outputWeight × outputTokens)（峰值加权 token/s）
      Σ teams' weighted tokens → Σ 各团队的加权 token
      Σ the team's cost over pools → Σ 该团队在各资源池的 cost
      Σ the team's costRounded over pools → Σ 该团队在各资源池的 costRounded
      Σ the team's inputTokens over pools → Σ 该团队在各资源池的 inputTokens
      Σ the team's outputTokens over pools → Σ 该团队在各资源池的 outputTokens
      Σ the team's part of each shared cost → Σ 该团队在每项共享成本中的部分
      Σ the team's rounded part of each shared cost → Σ 该团队在每项共享成本中取整后的部分
      Σ the team's tokens over pools → Σ 该团队在各资源池的 tokens
      Σ workloads' replicasBase → Σ 各负载的 replicasBase
    `.map((l) => l.split(" → ")),
  );

  const SKU_PATHS = paths`
    replicas costPerMonth costPerRequest utilizationAtPeak peak.costPerMillionOutputTokens
      forecast.costPerMillionOutputTokens forecast.utilization replicaOutputTokensPerSec
      workloads[0].kneeIndex workloads[0].zones.length workloads[0].sweep.points
      workloads[0].findings[0].pointIndices[0] workloads[0].operatingPoint.concurrency
  `.map((k) => `skus[0].${k}`);

  it("every formula with words has its Chinese, and the explanations of the examples and these plans reach them all", () => {
    const seen: Record<string, string> = {};
    const ctxs = [
      exampleContext("seed"),
      exampleContext("multi-sku"),
      ...Object.values(PLANS).map(contextOf),
    ];
    for (const ctx of ctxs) {
      for (const p of [
        ...SKU_PATHS,
        ...numericPaths(ctx.result.tenants ?? {}, "tenants").map(([p]) => p),
      ]) {
        const a = explainPath(ctx, p);
        if (!a.ok) continue;
        for (const n of lineageNodes(a.node)) {
          if (n.formulaZh !== undefined) seen[n.formula!] = n.formulaZh;
          else if (n.formula !== undefined) expect(ZH[n.formula], n.formula).toBeUndefined();
        }
      }
    }
    expect(seen).toEqual(ZH);
  });
});

describe("workload fields and sweep properties a plan does not have", () => {
  const ctx = contextOf(PLANS.spare);
  it("each workload field is read from its plan field; a sweep without a knee, findings or a model has none of them", () => {
    expect(explainPaths(ctx)`
      workloads[0].avgRps workloads[1].dailyRequests workloads[1].inputTokens
        workloads[2].peakRps workloads[2].outputTokens workloads[0].tokensPerRequest
        skus[0].workloads[0].kneeIndex skus[0].workloads[0].sweep.meta.model.length
        skus[0].workloads[0].findings[0].pointIndices[0]
    `).toEqual([
      "workloads[0].avgRps [field] = 4 | raw: 4",
      "workloads[1].dailyRequests [field] = 259200 | raw: 259200",
      "workloads[1].inputTokens [field] = 1000 | raw: 1000",
      "workloads[2].peakRps [field] = 2 | raw: 2",
      "workloads[2].outputTokens [field] = 1250 | raw: 1250",
      "workloads[0].tokensPerRequest [computed] = 300 | f: inputTokens + outputTokens | p: 100 + 200 = 300 | re: 300",
      "  workloads[0].inputTokens [field] = 100 | raw: 100",
      "  workloads[0].outputTokens [field] = 200 | raw: 200",
      "error: skus[0].workloads[0].kneeIndex: no number with a lineage at this path",
      "error: skus[0].workloads[0].sweep.meta.model.length: no number with a lineage at this path",
      "error: skus[0].workloads[0].findings[0].pointIndices[0]: no number with a lineage at this path",
    ]);
  });
});

describe("plan fields as written: capacities under names that are no path keys, the legacy workload, edited cells", () => {
  it("per-workload capacities under names that are not path keys (`support-bot`, `batch-job`) are read from the plan: a formula (spaces before its =) and a number", () => {
    const ctx = contextOf(PLANS.dashed);
    expect(explainLines(ctx, "skus[0].replicasBase")).toEqual([
      "skus[0].replicasBase [computed] = 2.5 | f: Σ workloads' replicasBase | zh: Σ 各负载的 replicasBase | p: Σ (2 + 0.5) = 2.5 | re: 2.5",
      "  skus[0].workloads[0].replicasBase [computed] = 2 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 3 × 400 ÷ 600 = 2 | re: 2",
      "    workloads[0].peakRps [field] = 3 | raw: 3",
      "    workloads[0].outputTokens [field] = 400 | raw: 400",
      "    skus[0].workloads[0].operatingPoint.outputTokensPerSec [computed] = 600 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 600 = 600 | re: 600",
      "      skus[0].sweeps.support-bot.replicaOutputTokensPerSec [field] = 600 | f: cap | p: 600 = 600 | raw:  =cap",
      "        cells.cap [cell] = 600 | raw: 600",
      "  skus[0].workloads[1].replicasBase [computed] = 0.5 | f: peakRps × outputTokens ÷ replicaOutputTokensPerSec | p: 1 × 200 ÷ 400 = 0.5 | re: 0.5",
      "    workloads[1].peakRps [field] = 1 | raw: 1",
      "    workloads[1].outputTokens [field] = 200 | raw: 200",
      "    skus[0].workloads[1].operatingPoint.outputTokensPerSec [computed] = 400 | f: given capacity (not checked against SLOs) | zh: 给定容量（未对照 SLO 检查） | p: 400 = 400 | re: 400",
      "      skus[0].sweeps.batch-job.replicaOutputTokensPerSec [field] = 400 | raw: 400",
    ]);
  });

  it("the legacy single `workload` is read only for workloads[0] fields: a stray key named like a SKU field is not the SKU's", () => {
    const ctx = contextOf(PLANS.stray);
    expect(explainAll(ctx, ["skus[0].pricePerGpuHour", "workloads[0].peakRps"])).toEqual([
      "skus[0].pricePerGpuHour [field] = null | cat: h100-sxm",
      "workloads[0].peakRps [field] = 2 | raw: 2",
    ]);
  });

  it("a cell the resolved plan has but the file does not write (an edited plan) is shown without a raw value", () => {
    const base = contextOf(PLANS.names);
    const { peak: _peak, ...cells } = PLANS.names.cells;
    const ctx = { ...base, plan: { ...(PLANS.names as unknown as typeof base.plan), cells } };
    expect(explainLines(ctx, "cells.f")).toEqual([
      "cells.f [cell] = null | f: peak + nosuch | p: 40 + nosuch = n/a | raw:  =peak + nosuch",
      "  cells.peak [cell] = 40",
    ]);
  });

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
    for (const edit of [
      (c: LineageContext) => delete (c.plan as { skus?: unknown }).skus,
      (c: LineageContext) => void (c.plan.skus = []),
      (c: LineageContext) => delete (c.plan.skus[0] as { sweep?: unknown }).sweep,
    ])
      expect(explainLines(edited(PLANS.given, edit), path)).toEqual([root, field]);
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
    // Its skus[0].replicaOutputTokensPerSec has no lineage: lineage-sweep.test.ts ("without the workload").
  });
});

describe("entry paths: SLO limits, factors, cells and top-level settings", () => {
  const c = ctxOf(SKU_MIX);

  it("SLO limits, factors, cells, top-level settings, workload, SKU and tenant paths: a field or cell is its number; an SLO that does not exist, a key that is not maxMs, anything below a factor, a name that is no cell, a top-level text and an incomplete path name no number", () => {
    expect(showPaths(c)`
      slo[0].maxMs factors.elasticity factors.redundancy.spare factors.redundancy cells.peak
        maxErrorRatePct
    `).toEqual([
      "slo[0].maxMs [field] = 1000 | raw 1000",
      "factors.elasticity [field] = 1.5 | raw 1.5",
      "factors.redundancy.spare [field] = 1 | raw 1",
      "factors.redundancy [field] = 1 | raw 1",
      "cells.peak [cell] = 10 | raw 10",
      "maxErrorRatePct [field] = 2 | raw 2",
    ]);
    const noNumber = paths`
      slo[1].maxMs slo[0].stat slo[0].maxMs.x slo.maxMs slo.length.maxMs skus.length.gpusPerReplica
      factors.redundancy.x factors.elasticity.x factors factors.spare
      cells.nope cells.peak.x cells[0] title workloads
      workloads[0] workloads[0].peakRps.x workloads.peakRps skus.replicas skus[0] skus[0].peak
        skus[0].forecast skus[0].peak.nope skus[0].forecast.nope
        skus[0].peak.outputTokensPerSec.x skus[0].peak[0] tenants.pools[0].cost
      skus[0].workloads[9].kv.bytesPerToken skus[0].workloads[9].replicasBase
        skus[0].workloads[9].operatingPoint.rps skus[0].workloads[9].ttftP99Ms
    `;
    expect(showAll(c, noNumber)).toEqual(noNumber.flatMap(none));
  });

  it("a cell with its formula and the cells it reads", () => {
    expect(show(c, "cells.out", 2)).toEqual([
      "cells.out [cell] = 200 | peak * 20 | 10 * 20 = 200 | raw =peak * 20",
      "  cells.peak [cell] = 10 | raw 10",
    ]);
  });

  // The redundancy as a factor (written, or its default); elasticity and maxErrorRatePct by default.
  it.each([
    ["FORECAST_ZERO", FORECAST_ZERO, "factors.redundancy.factor", "[field] = 1.25 | raw 1.25"],
    ["IDLE", IDLE, "factors.redundancy.factor", "[field] = 1 | raw 1 (default)"],
    ["IDLE", IDLE, "factors.elasticity", "[field] = 1"],
    ["FORECAST_ZERO", FORECAST_ZERO, "maxErrorRatePct", "[field] = 1 | raw 1 (default)"],
  ])("%s: %s %s", (_, plan, path, line) => {
    expect(show(ctxOf(plan), path)).toEqual([`${path} ${line}`]);
  });

  it("a fleet answer is no chain of formulas: the answer says which commands give it", () => {
    expect(explainPath(c, "fleet.mix.costPerHour")).toEqual({
      ok: false,
      error:
        "fleet.mix.costPerHour: the fleet answers of plan --json are a solver's mix and a simulation's statistics, not a chain of formulas: capplan optimize and capplan simulate give them (docs/cli.md)",
    });
  });

  it("the answer keeps the path as asked (spaces around it)", () => {
    const a = explainPath(c, "  skus[0].gpus ");
    expect(a.ok && a.node.path).toBe("  skus[0].gpus ");
    expect(a.ok && a.node.value).toBe(10);
  });
});

describe("the Chinese formulas of the app's 中文 view", () => {
  const ZH_CAPACITY =
    "峰值加权 tokens/s × (replicas ÷ replicasBase) × 86,400（整个集群的每日容量）";
  const ZH_FORECAST =
    "Σ 预测速率 × outputTokens（预测速率：avgRps，否则 dailyRequests ÷ 86,400，否则 peakRps）";
  const ZH_UTILIZATION = "预测输出 tokens/s ÷ (replicas × replicaOutputTokensPerSec)";
  it("every node whose formula has words gets its Chinese; the others get none (not even an empty key)", () => {
    const n = node(ctxOf(USAGE_SEPARATE), "tenants.pools[0].idle");
    const zh = lineageNodes(n)
      .filter((x) => x.kind === "computed")
      .map((x) => [x.path, x.formulaZh ?? null]);
    expect(zh.slice(0, 4)).toEqual([
      ["tenants.pools[0].idle", "资源池成本 − Σ 各团队成本"],
      ["tenants.pools[0].cost", 'SKU "G" 的 costPerDay（tenants.pools[0].sku）'],
      ["skus[0].costPerDay", null],
      ["skus[0].costPerHour", null],
    ]);
    for (const pair of [
      ["tenants.pools[0].teams[0].cost", "团队加权 token × 资源池成本 ÷ 资源池容量（闲置单列）"],
      ["tenants.pools[0].capacityTokens", ZH_CAPACITY],
      ["skus[0].workloads[0].operatingPoint.outputTokensPerSec", "给定容量（未对照 SLO 检查）"],
    ])
      expect(zh).toContainEqual(pair);
    for (const x of lineageNodes(n))
      if (x.formulaZh === undefined) expect(Object.keys(x)).not.toContain("formulaZh");
  });

  // forecast, peak and team-total formulas in Chinese: [plan, path, formulaZh]
  it.each([
    ["SKU_MIX", "skus[0].forecast.outputTokensPerSec", ZH_FORECAST],
    ["SKU_MIX", "skus[0].forecast.utilization", ZH_UTILIZATION],
    ["SKU_MIX", "skus[0].peak.costPerMillionOutputTokens", "峰值 costPerOutputToken × 1,000,000"],
    ["SKU_MIX", "skus[0].peak.outputTokensPerSec", undefined],
    ["POOLS_JPY", "tenants.teams[0].costRounded", "Σ 该团队在各资源池的 costRounded"],
    ["POOLS_JPY", "tenants.pools[2].idle", "整个资源池成本（没有用量）"],
    ["POOLS_JPY", "tenants.pools[0].idle", "0（闲置按比例分摊给各团队）"],
  ] as const)("%s %s: %s", (plan, path, zh) => {
    expect(node(ctxOf({ SKU_MIX, POOLS_JPY }[plan]), path).formulaZh).toBe(zh);
  });
});

describe("property: every numeric key of plan --json explains to its value, and every step recomputes", () => {
  it.each(
    words(`USAGE_FULL RESERVATION_FULL CENTS WEIGHTED_DEFAULT USAGE_SEPARATE RESERVATION_SEPARATE
      RESERVATION_PROPORTIONAL RESERVATION_OVERFULL RESERVATION_EMPTY NO_POOLS_OUTPUT POOLS_JPY
      SKU_MIX FORECAST_ZERO SWEEPS`),
  )("%s", (name) => {
    const c = ctxOf(PLANS_B.get(name) as PlanFile);
    const paths = resultPaths(c.result);
    expect(explainFailures(c, paths)).toEqual([]);
    expect(paths.length).toBeGreaterThan(30);
  });
});
