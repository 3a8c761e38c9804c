import { describe, expect, it } from "vitest";
import { run, runLine } from "../helpers";

const SEED = "models/examples/seed.json";
const MULTI = "models/examples/multi-sku.json";

describe("capplan solve", () => {
  it("--json: the largest peak RPS with 16 replicas in the seed example is 55.5556", async () => {
    const r = await runLine(
      `solve ${SEED} --target skus[0].replicas --value 16 --vary cells.peak_rps --json`,
    );
    const j = JSON.parse(r.out);
    const want = { found: true, vary: "cells.peak_rps", target: 16, achieved: 16, base: 50 };
    expect([r.code, j.value.toFixed(4)]).toEqual([0, "55.5556"]);
    expect(j).toMatchObject(want);
  });

  it("break-even: the H100 price at which it costs the same per 1M output tokens as the L40S", async () => {
    const [target, against] = ["skus[0]", "skus[1]"].map((s) => `${s}.costPerMillionOutputTokens`);
    const r = await runLine(
      `solve ${MULTI} --target ${target} --value ${against} --vary cells.h100_hour --json`,
    );
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ found: true, against });
    // Cost per 1M is linear in the price: p = L40S's per 1M × C_H100 × 3600 ÷ (1 GPU × 1e6).
    const plan = JSON.parse((await run("plan", MULTI, "--json")).out);
    const closed =
      (plan.skus[1].costPerMillionOutputTokens * plan.skus[0].replicaOutputTokensPerSec * 3600) /
      1e6;
    expect(Math.abs(j.value - closed) / closed).toBeLessThan(1e-9);
  });

  it("no solution in range: found false and why, exit 0", async () => {
    const r = await runLine(
      `solve ${SEED} --target skus[0].replicas --value 5 --vary cells.input_tokens --json`,
    );
    const reason = expect.stringMatching(
      /^no value of cells\.input_tokens between .* it stays between 15 and 15$/,
    );
    expect([r.code, JSON.parse(r.out)]).toEqual([
      0,
      expect.objectContaining({ found: false, value: null, reason }),
    ]);
  });

  it.each([
    [["--target", "skus[0].replicas", "--value", "5"], /solve needs --target, --value, --vary/],
    [
      ["--target", "skus[0].replicas", "--value", "5", "--vary", "cells.nope"],
      /cells\.nope is not an input of the plan/,
    ],
  ])("bad usage %j exits 2", async (args, msg) => {
    const r = await run("solve", SEED, ...args);
    expect([r.code, r.out, r.err]).toEqual([2, "", expect.stringMatching(msg)]);
  });
});
