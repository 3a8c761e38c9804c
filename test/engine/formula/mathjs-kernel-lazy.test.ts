/**
 * src/engine/formula/mathjs-kernel-lazy.ts, the app's twin of mathjs-kernel.ts: null until loaded,
 * then the very kernel the static module exports; concurrent loads share one import.
 */
import { describe, expect, it } from "vitest";
import { KERNEL } from "../../../src/engine/formula/mathjs-kernel";
import { loadMathjsKernel, mathjsKernel } from "../../../src/engine/formula/mathjs-kernel-lazy";

describe("mathjsKernel / loadMathjsKernel (lazy)", () => {
  it("is null before loading, then the static module's kernel", async () => {
    expect(mathjsKernel()).toBeNull();
    const a = loadMathjsKernel();
    const b = loadMathjsKernel();
    expect(a).toBe(b);
    expect(await a).toBe(KERNEL);
    expect(mathjsKernel()).toBe(KERNEL);
  });
});
