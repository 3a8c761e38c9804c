/** src/engine/chain/quantity-types.ts: a quantity's formula text, English and Chinese. */
import { describe, expect, it } from "vitest";
import { formula } from "../../../src/engine/chain/quantity-types";

describe("formula", () => {
  const nested = () => "";
  it("is an info message with its own Chinese, or the English one where none is given", () => {
    const both = formula<"a">(
      (p) => `x = ${p.a} × 2`,
      (p) => `x 等于 ${p.a} × 2`,
    );
    expect(both.severity).toBe("info");
    expect([both.en({ a: "3" }, nested), both.zh({ a: "3" }, nested)]).toEqual([
      "x = 3 × 2",
      "x 等于 3 × 2",
    ]);
    const one = formula<"a">((p) => `y = ${p.a}`);
    expect(one.zh({ a: "5" }, nested)).toBe("y = 5");
  });
});
