/**
 * src/engine/formula/messages.ts (formula.*): every sheet error as a value with its English message
 * and its Chinese from the code.
 */
import { describe, expect, it } from "vitest";
import { Sheet } from "../../../src/engine/formula/sheet";
import { renderProblem } from "../../../src/report/messages";

describe("formula.* (src/engine/formula/*.ts)", () => {
  it("gives every sheet error as a value: cycles, unknown names, refused functions, results and errors inherited from a cell read", () => {
    const sheet = new Sheet([
      ["cells.a", "=b + 1"],
      ["cells.b", "=a * 2"],
      ["cells.c", "=nope * 2"],
      ["cells.d", "=1/0"],
      ["cells.e", "=import(1)"],
      ["cells.f", "=d + 1"],
      ["cells.g", "=(1 > 0)"],
      ["cells.h", '="x"'],
    ]);
    const byPath = new Map(sheet.errors().map((e) => [e.path, e]));
    const at = (p: string) => {
      const e = byPath.get(p)!;
      expect(e.problem?.path).toBe(p);
      expect(renderProblem(e.problem!, "en")).toBe(e.message);
      return [e.problem!.code, e.message, renderProblem(e.problem!, "zh")];
    };
    expect(at("cells.a")).toEqual([
      "formula.cycle",
      "circular reference: cells.a → cells.b → cells.a",
      "循环引用：cells.a → cells.b → cells.a",
    ]);
    expect(at("cells.c")).toEqual([
      "formula.unknownNames",
      "unknown name `nope` in cells.c (no cell cells.nope)",
      "cells.c 中有未知名称 `nope`（没有单元格 cells.nope）",
    ]);
    expect(at("cells.d")).toEqual([
      "formula.resultInfinite",
      "result is Infinity (division by zero?), not a finite number",
      "结果是 Infinity（除以零？），不是有限数",
    ]);
    expect(at("cells.e")[0]).toBe("formula.functionNotAllowed");
    expect(at("cells.e")[2]).toMatch(/^公式中不允许使用 `import`；可用的函数：abs, /);
    expect(at("cells.f")).toEqual([
      "formula.dependsOn",
      "depends on cells.d, which has an error: result is Infinity (division by zero?), not a finite number",
      "依赖的 cells.d 有错误：结果是 Infinity（除以零？），不是有限数",
    ]);
    expect(at("cells.g")).toEqual([
      "formula.resultBoolean",
      "result is true, not a number (use c ? a : b)",
      "结果是 true，不是数字（请用 c ? a : b）",
    ]);
    expect(at("cells.h")).toEqual([
      "formula.textNotNumber",
      'text ("x") is not a number',
      '文本（"x"）不是数字',
    ]);
  });

  it("names a large loop once, with the members past 30 counted, and points the other members at it", () => {
    const n = 40;
    const sheet = new Sheet(
      Array.from({ length: n }, (_, i) => [`cells.c${i}`, `=c${(i + 1) % n} + 1`] as const),
    );
    const first = sheet.errors().find((e) => e.path === "cells.c0")!;
    expect(renderProblem(first.problem!, "zh")).toBe(
      `循环引用：${Array.from({ length: 30 }, (_, i) => `cells.c${i}`).join(" → ")} → … 另 10 项 → cells.c0`,
    );
    expect(first.message).toBe(
      `circular reference: ${Array.from({ length: 30 }, (_, i) => `cells.c${i}`).join(" → ")} → … 10 more → cells.c0`,
    );
    const other = sheet.errors().find((e) => e.path === "cells.c7")!;
    expect([other.message, renderProblem(other.problem!, "zh")]).toEqual([
      "circular reference: part of the loop of 40 entries reported at cells.c0",
      "循环引用：属于在 cells.c0 处报告的含 40 项的循环",
    ]);
  });
});
