/**
 * The restricted mathjs instance is built on the first formula (src/engine/formula/math.ts): a
 * plan without formulas is read, checked and computed without it; the first formula builds it,
 * disabled functions included.
 *
 * vitest-isolate: it needs a module graph of its own (vite.config.ts), where mathjs is not yet loaded.
 */
import { describe, expect, it } from "vitest";
import {
  isDisabledOnInstance,
  mathInstanceBuilt,
  ALLOWED_FUNCTIONS,
  ALLOWED_OPERATORS,
  CELL_NAME_PATTERN,
  DANGEROUS_FUNCTIONS,
  PARSER_KEYWORDS,
  cellNameProblem,
} from "../../../src/engine/formula/math";
import { computePlan } from "../../../src/engine/plan/plan";
import { validatePlan } from "../../../src/engine/plan/plan-file";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../../src/engine/base/types";
import { compileFormula } from "../../../src/engine/formula/formula";
import { words } from "../../words";

const plan = (price: number | string): PlanFile =>
  ({
    format: "capplan.plan/v1",
    workloads: [{ name: "chat", peakRps: 10, inputTokens: 500, outputTokens: 200 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    skus: [
      {
        name: "h100",
        gpu: "h100-sxm",
        gpusPerReplica: 1,
        pricePerGpuHour: price,
        sweep: {
          label: "s",
          points: [
            {
              concurrency: 1,
              requestRate: null,
              rps: 2,
              outputTokensPerSec: 400,
              ttftMs: { p99: 100 },
              completed: 10,
              failed: 0,
            },
            {
              concurrency: 8,
              requestRate: null,
              rps: 10,
              outputTokensPerSec: 2000,
              ttftMs: { p99: 900 },
              completed: 10,
              failed: 0,
            },
          ],
        },
      },
    ],
  }) as unknown as PlanFile;

describe("the formula instance is built on first use", () => {
  it("is not built for a plan without formulas, and is built, restricted, by the first formula", () => {
    const plain = plan(2.5);
    expect(validatePlan(plain).ok).toBe(true);
    const r1 = computePlan(resolvePlan(plain));
    expect(r1.skus[0]!.feasible).toBe(true);
    expect(mathInstanceBuilt()).toBe(false);
    // 2 × 1.25 = 2.5: the same price through a formula gives the same cost.
    const r2 = computePlan(resolvePlan(plan("=2 * 1.25")));
    expect(mathInstanceBuilt()).toBe(true);
    expect(r1.skus[0]!.capacity!.costPerHour).toBeGreaterThan(0);
    expect(r2.skus[0]!.capacity!.costPerHour).toBe(r1.skus[0]!.capacity!.costPerHour);
    expect(isDisabledOnInstance("evaluate")).toBe(true);
    expect(isDisabledOnInstance("import")).toBe(true);
  });
});

describe("boundaries and edge cases", () => {
  /**
   * The restricted mathjs instance (src/engine/formula/math.ts): the lists users see (allowed functions
   * in their order, operators, code-reaching functions, keywords), each allowed function and operator
   * evaluating to a hand value, the disabled functions and what is not disabled, and the cell-name rules
   * at each edge of the identifier pattern (issue #15, docs/mutation-testing.md).
   */
  function value(expr: string): number | string {
    const c = compileFormula(expr);
    if (!c.ok) return c.message;
    const r = c.evaluate(new Map());
    return r.ok ? r.value : r.message;
  }

  describe("the lists", () => {
    it("allowed functions in the order users see them, operators, code-reaching functions and keywords", () => {
      expect(ALLOWED_FUNCTIONS).toEqual(
        words("abs ceil exp floor log log10 max mean min mod round sqrt sum"),
      );
      expect(ALLOWED_OPERATORS).toEqual(
        words(`
        add subtract multiply divide pow mod unaryMinus unaryPlus equal unequal smaller smallerEq
        larger largerEq and or not`),
      );
      expect(DANGEROUS_FUNCTIONS).toEqual(
        words("import createUnit evaluate parse compile simplify derivative resolve reviver"),
      );
      expect(PARSER_KEYWORDS).toEqual(
        words(`
        mod to in and or xor not end true false null undefined NaN Infinity __proto__ constructor
        prototype`),
      );
    });
  });

  describe("evaluation", () => {
    it("each allowed function, by hand", () => {
      const cases: [string, number][] = [
        ["abs(-2)", 2],
        ["ceil(1.2)", 2],
        ["exp(0)", 1],
        ["floor(1.8)", 1],
        ["log(8, 2)", 3],
        ["log(1)", 0],
        ["log10(100)", 2],
        ["max(1, 3, 2)", 3],
        ["mean(1, 2, 6)", 3],
        ["min(4, 2, 3)", 2],
        ["mod(7, 3)", 1],
        ["round(2.5)", 3],
        ["round(1.2345, 2)", 1.23],
        ["sqrt(9)", 3],
        ["sum(1, 2, 3)", 6],
      ];
      for (const [e, v] of cases) expect([e, value(e)]).toEqual([e, v]);
    });

    it("each allowed operator, by hand", () => {
      const cases: [string, number][] = [
        ["1 + 2", 3],
        ["7 - 2", 5],
        ["3 * 4", 12],
        ["6 / 4", 1.5],
        ["2 ^ 10", 1024],
        ["7 mod 3", 1],
        ["-3", -3],
        ["+3", 3],
        ["1 == 1 ? 1 : 0", 1],
        ["1 != 1 ? 1 : 0", 0],
        ["1 < 2 ? 1 : 0", 1],
        ["2 <= 2 ? 1 : 0", 1],
        ["1 > 2 ? 1 : 0", 0],
        ["2 >= 2 ? 1 : 0", 1],
        ["true and false ? 1 : 0", 0],
        ["true or false ? 1 : 0", 1],
        ["not true ? 1 : 0", 0],
      ];
      for (const [e, v] of cases) expect([e, value(e)]).toEqual([e, v]);
    });
  });

  describe("the instance", () => {
    it("disables each code-reaching function with its own message; others are not disabled", () => {
      for (const name of DANGEROUS_FUNCTIONS)
        expect([name, isDisabledOnInstance(name)]).toEqual([name, true]);
      // Functions that throw for another reason, or do not take text, are not 'disabled'.
      for (const name of ["add", "abs", "sum", "equal", "not", "config", "typed"])
        expect([name, isDisabledOnInstance(name)]).toEqual([name, false]);
      // A property that is not a function: disabled only when it is not there at all.
      expect(isDisabledOnInstance("expression")).toBe(false);
      expect(isDisabledOnInstance("nosuchfunction")).toBe(true);
    });
  });

  describe("cell names", () => {
    it("identifiers of one or more letters, digits and _, not starting with a digit", () => {
      for (const ok of ["a", "Z", "_", "_x", "a1", "A1b2_c3", "zz_9"])
        expect([ok, cellNameProblem(ok)]).toEqual([ok, null]);
      for (const bad of ["", "1a", "9", "a-b", "ab-", "-ab", "a b", "é", "a.b", "$a"]) {
        expect([bad, cellNameProblem(bad)]).toEqual([
          bad,
          { code: "formula.invalidCellName", severity: "error", params: { name: bad } },
        ]);
      }
      expect(CELL_NAME_PATTERN.test("a_1")).toBe(true);
    });

    it("every function, code-reaching function and keyword is reserved; names that only contain one are not", () => {
      for (const name of [...ALLOWED_FUNCTIONS, ...DANGEROUS_FUNCTIONS, ...PARSER_KEYWORDS]) {
        expect([name, cellNameProblem(name)]).toEqual([
          name,
          { code: "formula.reservedCellName", severity: "error", params: { name } },
        ]);
      }
      for (const name of ["maxx", "a_mod", "Import", "tokens_in"])
        expect([name, cellNameProblem(name)]).toEqual([name, null]);
    });
  });
});
