import { describe, expect, it } from "vitest";
import { englishOf } from "../../src/engine/base/problems";
import { renderProblem } from "../../src/report/messages";
import {
  ALLOWED_FUNCTIONS,
  DANGEROUS_FUNCTIONS,
  cellNameProblem,
  compileFormula,
  isDisabledOnInstance,
  parseExpression,
  readRaw,
} from "../../src/engine/formula";

/** Compile and evaluate with the given cell values; returns the value or the problem. */
function run(expr: string, scope: Record<string, number> = {}) {
  const c = compileFormula(expr);
  if (!c.ok) return c;
  return c.evaluate(new Map(Object.entries(scope)));
}

describe("restricted formula language", () => {
  it("evaluates arithmetic, precedence, unary minus, powers and parentheses", () => {
    // 50 * 0.8 = 40 ; 2 + 3 * 4 ^ 2 = 2 + 48 = 50 ; -(2 + 3) * 2 = -10
    expect(run("peak * 0.8", { peak: 50 })).toEqual({ ok: true, value: 40 });
    expect(run("2 + 3 * 4 ^ 2")).toEqual({ ok: true, value: 50 });
    expect(run("-(2 + 3) * 2")).toEqual({ ok: true, value: -10 });
  });

  it("evaluates the whitelisted functions", () => {
    // ceil(50*300/1500*1.2*1.2) = ceil(14.4) = 15 (seed worked example)
    expect(
      run("ceil(peak * out / tps * 1.2 * 1.2)", { peak: 50, out: 300, tps: 1500 }),
    ).toMatchObject({ value: 15 });
    expect(run("floor(2.7) + round(2.345, 2) + abs(-3)")).toMatchObject({ value: 2 + 2.35 + 3 });
    expect(run("min(4, 2, 8) + max(1, 9)")).toMatchObject({ value: 11 });
    expect(run("sqrt(16) + log10(1000) + log(8, 2)")).toMatchObject({ value: 4 + 3 + 3 });
    expect(run("mod(7, 3) + 7 mod 4")).toMatchObject({ value: 1 + 3 });
    expect(run("sum(1, 2, 3) + mean(2, 4)")).toMatchObject({ value: 6 + 3 });
    expect((run("exp(1)") as { value: number }).value).toBeCloseTo(Math.E, 12);
  });

  it("evaluates comparisons and the conditional a ? b : c", () => {
    expect(run("peak > 40 ? 2 : 1", { peak: 50 })).toMatchObject({ value: 2 });
    expect(run("peak <= 40 ? 2 : 1", { peak: 50 })).toMatchObject({ value: 1 });
    expect(run("a == 3 and b != 3 ? 10 : 20", { a: 3, b: 4 })).toMatchObject({ value: 10 });
  });

  it("reports the names a formula reads, once each, in order of first use", () => {
    const c = compileFormula("b * a + b");
    expect(c.ok && c.names).toEqual(["b", "a"]);
  });

  it.each(DANGEROUS_FUNCTIONS.map((n) => [n]))(
    "refuses a call of %s with FORBIDDEN and the allowed list",
    (name) => {
      const r = run(`${name}("1 + 1")`);
      expect(r).toMatchObject({ ok: false, kind: "FORBIDDEN" });
      expect((r as { message: string }).message).toBe(
        `\`${name}\` is not allowed in formulas; allowed functions: ${ALLOWED_FUNCTIONS.join(", ")}`,
      );
    },
  );

  it("disables the nine code-reaching functions on the mathjs instance itself", () => {
    for (const name of DANGEROUS_FUNCTIONS) expect(isDisabledOnInstance(name), name).toBe(true);
    // the captured parser still works
    expect(parseExpression("1 + 2").toString()).toBe("1 + 2");
  });

  it("refuses dangerous names even when not called", () => {
    expect(run("import")).toMatchObject({ ok: false, kind: "FORBIDDEN" });
    expect(run("evaluate + 1")).toMatchObject({ ok: false, kind: "FORBIDDEN" });
  });

  it.each([
    ["a.constructor", "property or index access"],
    ['a["constructor"]', "property or index access"],
    ["f(x) = x", "defining a function"],
    ["x = 1", "assignment"],
    ["[1, 2]", "matrices"],
    ["1:3", "matrices"],
    ["{a: 1}", "objects"],
    ["a; b", "one expression"],
    ["3!", "operator `!`"],
    ["config({})", "`config` is not allowed"],
    ["typed(1)", "`typed` is not allowed"],
    ["(max)(3)", "is a function"],
  ])("refuses %s with FORBIDDEN", (expr, text) => {
    const r = run(expr, { a: 1, b: 2 });
    expect(r).toMatchObject({ ok: false, kind: "FORBIDDEN" });
    expect((r as { message: string }).message).toContain(text);
  });

  it("reports syntax errors as PARSE", () => {
    expect(run("(1 + 2")).toMatchObject({ ok: false, kind: "PARSE" });
    expect(run("")).toMatchObject({ ok: false, kind: "PARSE" });
  });

  it("reports non-finite and non-numeric results as VALUE", () => {
    expect(run("1 / 0")).toMatchObject({ ok: false, kind: "VALUE" });
    expect(run("0 / 0")).toMatchObject({ ok: false, kind: "VALUE" });
    expect(run("sqrt(-1)")).toMatchObject({ ok: false, kind: "VALUE" });
    expect(run("true")).toMatchObject({ ok: false, kind: "VALUE" });
    expect(run("1 < 2")).toMatchObject({ ok: false, kind: "VALUE" });
    expect(run('"abc"')).toMatchObject({ ok: false, kind: "VALUE" });
    expect(run("Infinity")).toMatchObject({ ok: false, kind: "VALUE" });
  });

  it("reports a name without a value as NAME", () => {
    expect(run("nosuch * 2")).toMatchObject({
      ok: false,
      kind: "NAME",
      message: "unknown name `nosuch`",
    });
  });
});

describe("raw plan values", () => {
  it("reads numbers, numeric strings with thousands separators, and formulas", () => {
    expect(readRaw(20)).toEqual({ kind: "number", value: 20 });
    expect(readRaw("20")).toEqual({ kind: "number", value: 20 });
    expect(readRaw("1,500")).toEqual({ kind: "number", value: 1500 });
    expect(readRaw(" 1e7 ")).toEqual({ kind: "number", value: 1e7 });
    expect(readRaw("-0.5")).toEqual({ kind: "number", value: -0.5 });
    expect(readRaw("=peak * 0.8")).toEqual({ kind: "formula", expression: "peak * 0.8" });
  });

  it("refuses text, booleans and malformed numbers", () => {
    for (const v of ["four", "1,50", "", "12abc", true, null, [1]])
      expect(readRaw(v).kind).toBe("invalid");
  });
});

describe("cell names", () => {
  it("accepts identifiers and refuses function names, keywords and non-identifiers", () => {
    expect(cellNameProblem("chat_peak")).toBeNull();
    expect(cellNameProblem("gpu_hour2")).toBeNull();
    const text = (n: string) => englishOf(cellNameProblem(n)!);
    expect(text("max")).toContain("reserved");
    expect(text("import")).toContain("reserved");
    expect(text("mod")).toContain("reserved");
    expect(text("2x")).toContain("not a valid cell name");
    expect(text("my cell")).toContain("not a valid cell name");
    // A problem value (code formula.*), rendered in both languages (docs/problems.md).
    expect(cellNameProblem("max")!.code).toBe("formula.reservedCellName");
    expect(renderProblem(cellNameProblem("my cell")!, "en")).toBe(
      '"my cell" is not a valid cell name (letters, digits and _, not starting with a digit)',
    );
    expect(renderProblem(cellNameProblem("my cell")!, "zh")).toBe(
      '"my cell" 不是有效的单元格名（由字母、数字和 _ 组成，不以数字开头）',
    );
    expect(renderProblem(cellNameProblem("max")!, "zh")).toBe(
      '"max" 是保留字（公式函数或关键字），不能用作单元格名',
    );
  });
});
