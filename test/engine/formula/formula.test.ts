import { describe, expect, it, vi } from "vitest";
import { englishOf } from "../../../src/engine/base/problems";
import { renderProblem } from "../../../src/report/messages";
import {
  ALLOWED_FUNCTIONS,
  DANGEROUS_FUNCTIONS,
  cellNameProblem,
  compileFormula,
  isDisabledOnInstance,
  parseExpression,
  readRaw,
} from "../../../src/engine/formula";
import {
  MAX_BRACKET_DEPTH,
  MAX_FORMULA_DEPTH,
  MAX_FORMULA_LENGTH,
  bracketDepth,
  compiledFormula,
  numericResult,
  readNumericString,
  treeDepth,
} from "../../../src/engine/formula/formula";
import { Sheet } from "../../../src/engine/formula/sheet";
import { readFileSync } from "node:fs";
import { createPlanEngine } from "../../../src/engine/plan/incremental";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import type { PlanFile } from "../../../src/engine/base/types";
import type { MathNode } from "mathjs";

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
    expect((run("exp(1)") as { value: number }).value).toBeCloseTo(Math.E, 12);
  });

  it.each([
    // ceil(50*300/1500*1.2*1.2) = ceil(14.4) = 15 (seed worked example)
    ["ceil(peak * out / tps * 1.2 * 1.2)", { peak: 50, out: 300, tps: 1500 }, 15],
    ["floor(2.7) + round(2.345, 2) + abs(-3)", {}, 2 + 2.35 + 3],
    ["min(4, 2, 8) + max(1, 9)", {}, 11],
    ["sqrt(16) + log10(1000) + log(8, 2)", {}, 4 + 3 + 3],
    ["mod(7, 3) + 7 mod 4", {}, 1 + 3],
    ["sum(1, 2, 3) + mean(2, 4)", {}, 6 + 3],
    // comparisons and the conditional a ? b : c
    ["peak > 40 ? 2 : 1", { peak: 50 }, 2],
    ["peak <= 40 ? 2 : 1", { peak: 50 }, 1],
    ["a == 3 and b != 3 ? 10 : 20", { a: 3, b: 4 }, 10],
  ])("evaluates %s with %j to %s", (expr, scope: Record<string, number>, value) => {
    expect(run(expr, scope)).toMatchObject({ value });
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
    // dangerous names even when not called
    ["import", "`import`"],
    ["evaluate + 1", "`evaluate`"],
  ])("refuses %s with FORBIDDEN", (expr, text) => {
    const r = run(expr, { a: 1, b: 2 });
    expect(r).toMatchObject({ ok: false, kind: "FORBIDDEN" });
    expect((r as { message: string }).message).toContain(text);
  });

  it.each([
    ["(1 + 2", "PARSE"],
    ["1 / 0", "VALUE"],
    ["0 / 0", "VALUE"],
    ["sqrt(-1)", "VALUE"],
    ["true", "VALUE"],
    ['"abc"', "VALUE"],
    ["Infinity", "VALUE"],
  ])("reports %s as %s (syntax errors, non-finite and non-numeric results)", (expr, kind) => {
    expect(run(expr)).toMatchObject({ ok: false, kind });
  });

  it("reports a name without a value as NAME", () => {
    const message = "unknown name `nosuch`";
    expect(run("nosuch * 2")).toMatchObject({ ok: false, kind: "NAME", message });
  });
});

describe("cell names", () => {
  it("accepts identifiers and refuses function names, keywords and non-identifiers", () => {
    expect([cellNameProblem("chat_peak"), cellNameProblem("gpu_hour2")]).toEqual([null, null]);
    const text = (n: string) => englishOf(cellNameProblem(n)!);
    for (const n of ["max", "import", "mod"]) expect(text(n)).toContain("reserved");
    for (const n of ["2x", "my cell"]) expect(text(n)).toContain("not a valid cell name");
    // A problem value (code formula.*), rendered in both languages (docs/problems.md).
    expect(cellNameProblem("max")!.code).toBe("formula.reservedCellName");
    const render = (n: string, lang: "en" | "zh") => renderProblem(cellNameProblem(n)!, lang);
    expect([render("my cell", "en"), render("my cell", "zh"), render("max", "zh")]).toEqual([
      '"my cell" is not a valid cell name (letters, digits and _, not starting with a digit)',
      '"my cell" 不是有效的单元格名（由字母、数字和 _ 组成，不以数字开头）',
      '"max" 是保留字（公式函数或关键字），不能用作单元格名',
    ]);
  });
});

describe("formula limits", () => {
  /**
   * Resource limits of the formula engine (docs/security.md): long and deeply nested formulas and
   * large reference cycles answer with plain messages in bounded time, never an internal error.
   */
  const INTERNAL = /RangeError|Maximum call stack|could not be checked|Invalid string length/;

  function refused(expr: string) {
    const c = compileFormula(expr);
    expect(c.ok).toBe(false);
    if (c.ok) throw new Error("unreachable");
    expect(c.message).not.toMatch(INTERNAL);
    return c;
  }

  describe("formula size and depth", () => {
    it("refuses a 9,999-character 1+1+… with a plain depth message (it was FORBIDDEN … RangeError)", () => {
      const c = refused("1" + "+1".repeat(4999));
      const limit = `the limit is ${MAX_FORMULA_DEPTH}`;
      expect([c.kind, c.message]).toEqual(["PARSE", expect.stringContaining(limit)]);
    });
    it("refuses deeply nested parentheses and calls with a plain message (it was #PARSE Maximum call stack size exceeded)", () => {
      const nested = (open: string, n: number) => open.repeat(n) + "1" + ")".repeat(n);
      for (const e of [nested("(", 3000), nested("abs(", 1000), nested("abs(", 300)])
        expect(refused(e).message).toContain(`the limit is ${MAX_BRACKET_DEPTH}`);
      expect(refused("-".repeat(5000) + "1").message).toContain("levels of operators");
    });
    it("still evaluates formulas just inside the limits", () => {
      /** `inner` inside MAX_BRACKET_DEPTH levels of `open` … ")". */
      const nest = (open: string, inner: string) =>
        open.repeat(MAX_BRACKET_DEPTH) + inner + ")".repeat(MAX_BRACKET_DEPTH);
      const cases: [string, number][] = [
        ["1" + "+1".repeat(MAX_FORMULA_DEPTH - 2), MAX_FORMULA_DEPTH - 1],
        [nest("abs(", "2"), 2],
        [nest("(", "1" + "+1".repeat(290)), 291],
        [nest("abs(", "1" + "?1:0".repeat(290)), 1],
        // more signs than the limit in all, but each is one level: a run of signs ends at an operand
        [
          `sum(${Array(MAX_FORMULA_DEPTH + 1)
            .fill("2 - 1")
            .join(", ")})`,
          MAX_FORMULA_DEPTH + 1,
        ],
      ];
      for (const [e, v] of cases) {
        const c = compileFormula(e);
        expect(c.ok, e.slice(0, 20)).toBe(true);
        if (c.ok) expect(c.evaluate(new Map())).toEqual({ ok: true, value: v });
      }
    });
  });

  const ring = (n: number) =>
    Array.from({ length: n }, (_, i) => [`cells.c${i}`, `=c${(i + 1) % n}`] as [string, unknown]);

  describe("large reference cycles", () => {
    it("reports a cycle of 10,000 cells once, members truncated with the count, in linear size (it was O(N²): 'Invalid string length')", () => {
      const s = new Sheet([...ring(10_000), ["cells.after", "=c5 + 1"], ["cells.free", 7]]);
      const errors = s.errors();
      const first = s.get("cells.c0").error!;
      expect([first.kind, s.get("cells.after").error!.kind]).toEqual(["CYCLE", "CYCLE"]);
      expect(first.message).toMatch(
        /^circular reference: cells\.c0 → cells\.c1 → .* → … 9970 more → cells\.c0$/,
      );
      expect(first.message.length).toBeLessThan(1000);
      expect(s.get("cells.c9999").error!.message).toBe(
        "circular reference: part of the loop of 10000 entries reported at cells.c0",
      );
      expect(s.get("cells.after").error!.message.length).toBeLessThan(1200);
      expect(s.value("cells.free")).toBe(7);
      // Every member is still an error (each cell shows #CYCLE), and the whole text stays linear.
      expect(errors).toHaveLength(10_001);
      expect(errors.reduce((n, e) => n + e.message.length, 0)).toBeLessThan(10_001 * 120);
    });
    it("keeps each member's own shortest loop for small cycles", () => {
      expect(new Sheet(ring(3)).get("cells.c1").error!.message).toBe(
        "circular reference: cells.c1 → cells.c2 → cells.c0 → cells.c1",
      );
    });
    it("re-evaluates a broken large cycle after an edit", () => {
      const s = new Sheet(ring(5000));
      s.set("cells.c4999", 3);
      expect([s.value("cells.c0"), s.errors()]).toEqual([3, []]);
    });
  });
});

describe("formula range", () => {
  /**
   * Formula results are range-checked by the sheet itself (resolve-plan.ts `rangeCheck`), so the CLI and
   * the app (which evaluates through the incremental engine) give the same error on the field
   * (docs/security.md). Before, only the CLI checked results, after resolution.
   */
  const SEED: PlanFile = JSON.parse(readFileSync("models/examples/seed.json", "utf8"));

  type Loose = {
    cells: Record<string, unknown>;
    workloads: Record<string, unknown>[];
    tenants: { pools: Record<string, unknown>[] };
  };

  function seedWith(edit: (p: Loose) => void): PlanFile {
    const p = structuredClone(SEED);
    edit(p as unknown as Loose);
    return p;
  }

  describe("range check of formula results", () => {
    it("makes a formula yielding a negative peak RPS an out-of-range error on that field, and the field null", () => {
      const r = resolvePlan(seedWith((p) => (p.cells.peak_rps = -50)));
      expect(r.workloads[0]!.peakRps).toBeNull();
      const path = "workloads[0].peakRps";
      const unit = "requests per second";
      const params = { exclusive: false, min: "0", max: "1e9", unit, got: "-50" };
      const message = `expected from 0 up to 1e9 (${unit}), got -50`;
      const problem = expect.objectContaining({ code: "planFile.range", path, params });
      expect(r.errors).toEqual([{ path, kind: "VALUE", message, outOfRange: true, problem }]);
    });

    it("checks prices with the plan's currency and numeric strings too", () => {
      const r = resolvePlan(
        seedWith((p) => {
          p.cells.gpu_hour = "=0 - 2.5";
          p.tenants.pools[0]!.costPerDay = "-3";
        }),
      );
      expect(r.errors.map((e) => [e.path, e.message, e.outOfRange])).toEqual([
        ["skus[0].pricePerGpuHour", "expected from 0 up to 1e7 (CNY per GPU-hour), got -2.5", true],
        ["tenants.pools[0].costPerDay", "expected from 0 up to 1e10 (CNY per day), got -3", true],
      ]);
      expect(r.skus[0]!.pricePerGpuHour).toBeNull();
    });

    it("leaves cells unchecked (a cell has no range) and values in range alone", () => {
      const r = resolvePlan(
        seedWith((p) => {
          p.cells.peak_rps = -50;
          p.workloads[0]!.peakRps = "=peak_rps + 60";
        }),
      );
      expect([r.errors, r.cells.peak_rps, r.workloads[0]!.peakRps]).toEqual([[], -50, 10]);
    });

    it("gives the same error through the incremental engine the app uses, and clears it when fixed", () => {
      const engine = createPlanEngine(SEED);
      expect(engine.result().errors).toEqual([]);
      const bad = engine.edit("cells.peak_rps", -50);
      expect(bad.errors.map((e) => [e.path, englishOf(e.problem)])).toEqual([
        ["workloads[0].peakRps", "expected from 0 up to 1e9 (requests per second), got -50"],
      ]);
      expect(engine.sheet.sheet.get("workloads[0].peakRps").error?.kind).toBe("VALUE");
      const fixed = engine.edit("cells.peak_rps", 50);
      // Seed: 50 RPS × 300 output tokens / 1,500 tok/s per replica = 10 base replicas.
      expect([fixed.errors, fixed.skus[0]!.workloads[0]!.replicasBase]).toEqual([[], 10]);
    });

    it("a Sheet without a check keeps any value", () => {
      expect(new Sheet([["x.y", "=0-5"]]).value("x.y")).toBe(-5);
      const check = (_p: string, v: number) => (v < 0 ? "negative" : null);
      const checked = new Sheet([["x.y", "=0-5"]], { check });
      expect(checked.get("x.y")).toEqual({
        value: null,
        error: {
          path: "x.y",
          kind: "VALUE",
          message: "negative",
          outOfRange: true,
          problem: expect.objectContaining({ path: "x.y" }),
        },
      });
    });
  });
});

describe("boundaries and edge cases", () => {
  /**
   * One formula (src/engine/formula/formula.ts): the size limits exactly at and just over (length,
   * operator depth, bracket depth, prefix-operator runs), the depth of each kind of parsed node against
   * an independent recursive count, non-numeric results, numeric strings and raw plan values, each
   * with its whole message (issue #15, docs/mutation-testing.md).
   */
  /** The value, or "KIND code: message" of the problem. */
  function run(expr: string, scope: Record<string, number> = {}): number | string {
    const c = compileFormula(expr);
    if (!c.ok) return `${c.kind} ${c.problem.code}: ${c.message}`;
    const r = c.evaluate(new Map(Object.entries(scope)));
    return r.ok ? r.value : `${r.kind} ${r.problem.code}: ${r.message}`;
  }

  const SPLIT = "(split it over several cells)";
  const deep = (levels: number | string, what: string, limit: number) =>
    `PARSE formula.tooDeep: formula nests ${levels} levels of ${what}; the limit is ${limit} ${SPLIT}`;
  const ops401 = deep(401, "operators", 400);
  const brackets101 = deep(101, "brackets", 100);
  const opsOver4000 = deep("more than 4000", "operators", 400);

  describe("limits, exactly at and just over", () => {
    it("the limits are 10,000 characters, 400 levels of operators and 100 of brackets", () => {
      const limits = [MAX_FORMULA_LENGTH, MAX_FORMULA_DEPTH, MAX_BRACKET_DEPTH];
      expect(limits).toEqual([10_000, 400, 100]);
    });

    it.each([
      // length: 10,000 characters evaluate, 10,001 are refused with the length
      [`1${" ".repeat(9999)}`, 1],
      [
        `1${" ".repeat(10_000)}`,
        `PARSE formula.tooLong: formula is 10001 characters long; the limit is 10000 ${SPLIT}`,
      ],
      // operators: 1+1+…+1 with 400 terms (400 levels) evaluates to 400, 401 terms are refused
      [`1${"+1".repeat(399)}`, 400],
      [`1${"+1".repeat(400)}`, ops401],
      // brackets: 100 nested evaluate, 101 are refused; ( [ { all count, closing below zero does not
      [`${"(".repeat(100)}1${")".repeat(100)}`, 1],
      [`${"(".repeat(101)}1${")".repeat(101)}`, brackets101],
      ["[".repeat(101), brackets101],
      ["{".repeat(101), brackets101],
      [`)))${"(".repeat(101)}1${")".repeat(101)}`, brackets101],
      // brackets: ) ] } each close one level (150 bracketed terms in a row are one level deep)
      [`${"(1)+".repeat(150)}1`, 151],
      [
        `${"[1]+".repeat(150)}1`,
        "FORBIDDEN formula.matrixNotAllowed: matrices and ranges (`[1]`) are not allowed in formulas",
      ],
      [
        `${"{a:1}+".repeat(150)}1`,
        'FORBIDDEN formula.objectNotAllowed: objects (`{"a": 1}`) are not allowed in formulas',
      ],
      // prefix operators: a run of 399 minus signs evaluates (400 levels); a run of 400 is refused
      // before parsing. The run itself (400) is not over the limit: the parsed tree (400 minus + the 1) is.
      [`${"-".repeat(399)}1`, -1],
      [`${"-".repeat(400)}1`, ops401],
      [`${"-".repeat(401)}1`, ops401],
      // prefix operators: a run of exactly 4,000 says 4000, more says 'more than 4000'
      [`${"-".repeat(4000)}1`, deep(4000, "operators", 400)],
      [`${"-".repeat(4001)}1`, opsOver4000],
      [`${"+".repeat(4001)}1`, opsOver4000],
      // prefix operators: spaces and tabs inside the run do not end it, anything else does
      [`${Array(4001).fill("-").join(" ")}1`, opsOver4000],
      [`${Array(4001).fill("-").join("\t")}1`, opsOver4000],
      // 200 terms "1 - - 1": runs of two, 200 levels: evaluates (1 + 1 per term).
      [`1${" - - 1".repeat(199)}`, 200],
    ])("case %#: a formula of this size gives %s", (expr, want) => {
      expect(run(expr)).toBe(want);
    });

    it("bracketDepth counts ( [ { and closes on ) ] }, never below zero", () => {
      const depths = ["(a[b{c}]) (((x)))", "a]]]((b))", ""].map(bracketDepth);
      expect(depths).toEqual([3, 2, 0]);
    });
  });

  /** Depth of a parsed tree by recursion over mathjs's own list of children (an independent count). */
  function recursiveDepth(n: MathNode): number {
    let m = 0;
    n.forEach((c) => {
      m = Math.max(m, recursiveDepth(c));
    });
    return 1 + m;
  }

  describe("treeDepth", () => {
    it.each([
      ["1", 1],
      ["1+2", 2],
      ["(1)", 2],
      ["(a) ? b : c", 3],
      ["a ? (b) : c", 3],
      ["a ? b : (c)", 3],
      ["a.b", 3],
      ["((a)).b", 4],
      ["a[(1)]", 4],
      ["f(x) = (x)", 3],
      ["[1, (2)]", 3],
      ["(1):2:3", 3],
      ["1:(2):3", 3],
      ["1:2:(3)", 3],
      ["{a: (1)}", 3],
      ["a; (b)", 3],
      ["abs(1)", 2],
      ["max(1, (2))", 3],
      ["(1) < 2 < 3", 3],
      ["-(1)", 3],
    ])("counts every kind of child: %s is %s deep, as a recursive count says", (e, d) => {
      const tree = parseExpression(e);
      expect([treeDepth(tree, 400), recursiveDepth(tree)]).toEqual([d, d]);
    });

    it("stops counting just past the limit; skips missing block entries and values that are not nodes", () => {
      const tree = parseExpression(`1${"+1".repeat(9)}`);
      expect([400, 10, 9, 3].map((limit) => treeDepth(tree, limit))).toEqual([10, 10, 10, 4]);
      expect(treeDepth({ blocks: [{ node: { args: [{}] } }, undefined] }, 10)).toBe(3);
      expect(treeDepth({ properties: { a: {}, b: { content: {} } } }, 10)).toBe(3);
      expect(treeDepth(null, 10)).toBe(0);
      expect(treeDepth({ fn: "add", args: [{}] }, 10)).toBe(2);
      // a function's name is a string, not a level
      expect(treeDepth({ fn: "add" }, 10)).toBe(1);
    });
  });

  describe("results that are not a finite number, parse errors and names", () => {
    const infinite = (v: string) =>
      `VALUE formula.resultInfinite: result is ${v} (division by zero?), not a finite number`;
    const boolean = (v: string) =>
      `VALUE formula.resultBoolean: result is ${v}, not a number (use c ? a : b)`;
    const empty = "PARSE formula.empty: empty formula after =";

    it.each([
      // Infinity, -Infinity and NaN say which, with the value
      ["1/0", {}, infinite("Infinity")],
      ["-1/0", {}, infinite("-Infinity")],
      [
        "0/0",
        {},
        "VALUE formula.resultNaN: result is NaN (e.g. 0/0 or sqrt of a negative number), not a finite number",
      ],
      // true and false ask for c ? a : b
      ["1 < 2", {}, boolean("true")],
      ["1 > 2", {}, boolean("false")],
      // an error mathjs throws while evaluating is a VALUE error in mathjs's words
      [
        "max()",
        {},
        "VALUE formula.evaluation: Too few arguments in function max (expected: any, index: 0)",
      ],
      // empty and blank formulas, and syntax errors with the parser's detail
      ["", {}, empty],
      [" \t ", {}, empty],
      ["1 2", {}, 'PARSE formula.syntax: syntax error: Unexpected part "2" (char 3)'],
      // the first name without a value is the NAME error; with every value the formula evaluates
      ["a + b * c", { a: 1, c: 3 }, "NAME formula.unknownName: unknown name `b`"],
      ["a + b * c", { a: 1, b: 2, c: 3 }, 7],
      ["a - a", { a: 0 }, 0],
    ])("%j with %j gives %s", (expr, scope: Record<string, number>, want) => {
      expect(run(expr, scope)).toBe(want);
    });

    it("other types name the type; finite numbers pass", () => {
      const refusal = (v: unknown) =>
        numericResult(v) as { ok: boolean; kind: string; message: string };
      expect([refusal("x"), refusal(undefined)].map((r) => [r.ok, r.kind, r.message])).toEqual([
        [false, "VALUE", "result is not a number (string)"],
        [false, "VALUE", "result is not a number (undefined)"],
      ]);
      expect([numericResult(-0.5), numericResult(0)]).toEqual([
        { ok: true, value: -0.5 },
        { ok: true, value: 0 },
      ]);
    });

    it("keeps the expression and the names in order of first use", () => {
      const c = compileFormula("b * a + b");
      expect(c.ok && [c.expression, c.names]).toEqual(["b * a + b", ["b", "a"]]);
    });
  });

  describe("numeric strings", () => {
    it.each([
      ["20", 20],
      [" 7 ", 7],
      ["1,500", 1500],
      ["12,345,678.5", 12_345_678.5],
      ["999,999", 999_999],
      [".5", 0.5],
      ["+5", 5],
      ["-0.25", -0.25],
      ["1e3", 1000],
      ["1E+3", 1000],
      ["2.5e-1", 0.25],
      ["-1,000", -1000],
    ])(
      "reads %j (digits with thousands groups, a fraction, an exponent and a sign, trimmed) as %s",
      (t, v) => {
        expect(readNumericString(t)).toBe(v);
      },
    );

    it("refuses wrong groups, bare signs and dots, words, an exponent alone, and overflow", () => {
      // The cases separated by "|" (a comma is part of some of them); the first is the empty text.
      const bad = "| |1,50|1234,567|1,5000|,500|5.|.|-|+|e5|1e|1e999|12abc|abc1|1 000|1.2.3|0x10";
      const cases = bad.split("|");
      expect(cases).toHaveLength(18);
      for (const t of cases) expect([t, readNumericString(t)]).toEqual([t, null]);
    });
  });

  describe("raw plan values", () => {
    it.each([
      [20, 20],
      ["20", 20],
      ["1,500", 1500],
      [" 1e7 ", 1e7],
      ["-0.5", -0.5],
    ])("reads %j as the number %s (thousands separators too)", (raw, value) => {
      expect(readRaw(raw)).toEqual({ kind: "number", value });
    });

    it("reads formulas, and refuses text, booleans and malformed numbers", () => {
      expect(readRaw("=peak * 0.8")).toEqual({ kind: "formula", expression: "peak * 0.8" });
      for (const v of ["four", "1,50", "", "12abc", true, null, [1]])
        expect(readRaw(v).kind).toBe("invalid");
    });

    it("numbers, numeric strings and formulas (trimmed, the text after =)", () => {
      expect(readRaw(-3.5)).toEqual({ kind: "number", value: -3.5 });
      expect(readRaw(" 1,500 ")).toEqual({ kind: "number", value: 1500 });
      expect(readRaw("  =a + 1  ")).toEqual({ kind: "formula", expression: "a + 1" });
      expect(readRaw("= a")).toEqual({ kind: "formula", expression: " a" });
      expect(readRaw("=")).toEqual({ kind: "formula", expression: "" });
    });

    it("non-finite numbers, text and other types, with their whole messages", () => {
      const msg = (raw: unknown) => {
        const r = readRaw(raw);
        return r.kind === "invalid" ? `${r.problem.code}: ${r.message}` : r;
      };
      const notFinite = (v: string) => `formula.notFinite: ${v} is not a finite number`;
      expect([msg(Number.POSITIVE_INFINITY), msg(Number.NaN)]).toEqual([
        notFinite("Infinity"),
        notFinite("NaN"),
      ]);
      expect(msg(" four ")).toBe(
        'formula.textValue: " four " is not a number (formulas start with =)',
      );
      const expected =
        "formula.notNumberOrFormula: expected a number or a formula string starting with =, got";
      expect([null, [1], true, {}, undefined].map(msg)).toEqual(
        ["null", "an array", "boolean", "object", "undefined"].map((got) => `${expected} ${got}`),
      );
    });
  });
});

describe("CompiledFormula.written", () => {
  /** The formula with every name written as its value in `values` (others stay), and inCall marked `‹…›`. */
  const written = (expr: string, values: Record<string, string>) => {
    const c = compileFormula(expr);
    if (!c.ok) throw new Error(c.message);
    return c.written((n, inCall) =>
      Object.hasOwn(values, n) ? (inCall ? `‹${values[n]}›` : values[n]) : undefined,
    );
  };
  it.each([
    ["peak * 0.8", { peak: "50" }, "50 * 0.8"],
    // A name that is a called function is no value; its arguments are (marked as in a call).
    ["max(a, 2)", { a: "7" }, "max(‹7›, 2)"],
    ["max(a + 1, min(b, 3))", { a: "7", b: "8" }, "max(‹7› + 1, min(‹8›, 3))"],
    // Implicit multiplication is written out.
    ["2a", { a: "7" }, "2 * 7"],
    // A negative value inside an operation is bracketed; alone or as an argument it is not.
    ["a ^ 2", { a: "-3" }, "(-3) ^ 2"],
    ["a - b", { a: "1", b: "-3" }, "1 - (-3)"],
    ["-a", { a: "-3" }, "-(-3)"],
    ["a", { a: "-3" }, "-3"],
    ["max(a, 1)", { a: "-3" }, "max(‹-3›, 1)"],
    ["a > 1 ? a : b", { a: "5", b: "6" }, "(5 > 1) ? 5 : 6"],
    // A name without a value stays; brackets as written are kept.
    ["(a + nosuch) / 2", { a: "5" }, "(5 + nosuch) / 2"],
    ["a mod 3", { a: "5" }, "5 mod 3"],
    ["peak_rps*k", {}, "peak_rps * k"],
  ])("%s with %j → %s", (expr, values, want) => expect(written(expr, values)).toBe(want));
});

describe("compiledFormula", () => {
  it("is compileFormula's answer, kept by the expression's text", () => {
    const a = compiledFormula("peak * 2 + k");
    expect(a).toBe(compiledFormula("peak * 2 + k"));
    expect(a.ok && a.names).toEqual(["peak", "k"]);
    const bad = compiledFormula("peak.out + 1");
    expect([bad.ok, !bad.ok && bad.problem.code]).toEqual([false, "formula.accessNotAllowed"]);
  });
});

describe("before the formula engine is loaded (the app loads mathjs lazily)", () => {
  it("compileFormula and compiledFormula answer with a problem, not an exception, and keep nothing", async () => {
    vi.resetModules();
    vi.doMock("../../../src/engine/formula/mathjs-kernel", () => ({
      mathjsKernel: () => null,
      loadMathjsKernel: () => new Promise(() => {}),
    }));
    try {
      const f = await import("../../../src/engine/formula/formula");
      const a = f.compiledFormula("peak * 2");
      expect(a).toMatchObject({ ok: false, kind: "PARSE" });
      expect(!a.ok && [a.problem.code, a.message]).toEqual([
        "formula.engineNotLoaded",
        "the formula engine is not loaded yet",
      ]);
      expect(!a.ok && renderProblem(a.problem, "zh")).toBe("公式引擎尚未加载");
      // Not kept: once the engine is there, the same text compiles.
      expect(f.compiledFormula("peak * 2")).not.toBe(a);
      expect(f.compileFormula("peak * 2").ok).toBe(false);
    } finally {
      vi.doUnmock("../../../src/engine/formula/mathjs-kernel");
      vi.resetModules();
    }
  });
});
