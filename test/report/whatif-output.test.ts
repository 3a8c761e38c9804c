/** The readable answers of `capplan solve` and `capplan sensitivity` (docs/uncertainty.md), in English and Chinese. */
import { describe, expect, it } from "vitest";
import { run } from "../cli/helpers";
import { words } from "../words";

const SEED = "models/examples/seed.json";

describe("solveText and sensitivityText", () => {
  it("readable, English and Chinese", async () => {
    const args = [
      "solve",
      SEED,
      ...words("--target skus[0].replicas --value 16 --vary cells.peak_rps"),
    ];
    expect((await run(...args)).out).toBe(
      "cells.peak_rps = 55.555556 gives skus[0].replicas = 16 (now 50)\n",
    );
    expect((await run(...args, "--lang", "zh")).out).toBe(
      "cells.peak_rps = 55.555556 时 skus[0].replicas = 16（当前 50）\n",
    );
  });

  it("the readable table: cost per month by default, with a bar per row", async () => {
    const r = await run("sensitivity", SEED, "--step", "20");
    const head = /^H100 TP4: Cost \/ month ¥876,000\.00, each input changed by ±20 % alone/;
    expect([r.code, r.out]).toEqual([0, expect.stringMatching(head)]);
    // 40 RPS × 0.288 = 11.52 → 12 replicas × 4 × 20 × 730 = 700,800.
    expect(r.out).toMatch(/cells\.peak_rps +50 +40 → ¥700,800\.00/);
    expect(r.out).toContain("█");
  });

  it("Chinese", async () => {
    const r = await run("sensitivity", SEED, "--lang", "zh");
    expect(r.out).toMatch(/^H100 TP4：每月成本 ¥876,000\.00，每次只将一个输入变动 ±10 %/);
    expect(r.out).toContain("摆幅");
  });
});
