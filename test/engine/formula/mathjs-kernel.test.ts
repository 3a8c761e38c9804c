/** src/engine/formula/mathjs-kernel.ts: the restricted mathjs kernel, there at once. */
import { describe, expect, it } from "vitest";
import { KERNEL, loadMathjsKernel, mathjsKernel } from "../../../src/engine/formula/mathjs-kernel";

describe("mathjsKernel / loadMathjsKernel (static)", () => {
  it("is there at once", async () => {
    expect(mathjsKernel()).toBe(KERNEL);
    expect(await loadMathjsKernel()).toBe(KERNEL);
    expect(typeof KERNEL.create).toBe("function");
  });
});
