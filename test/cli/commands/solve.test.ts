import { describe, expect, it } from "vitest";
import { run, runLine } from "../helpers";

const SEED = "models/examples/seed.json";

describe("capplan solve", () => {
  it("--json: the largest peak RPS with 16 replicas in the seed example is 55.5556", async () => {
    const r = await runLine(
      `solve ${SEED} --target skus[0].replicas --value 16 --vary cells.peak_rps --json`,
    );
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({
      found: true,
      vary: "cells.peak_rps",
      target: 16,
      achieved: 16,
      base: 50,
    });
    expect(j.value.toFixed(4)).toBe("55.5556");
  });

  it("break-even: the H100 price at which it costs the same per 1M output tokens as the L40S", async () => {
    const r = await runLine(
      `solve models/examples/multi-sku.json --target skus[0].costPerMillionOutputTokens --value skus[1].costPerMillionOutputTokens --vary cells.h100_hour --json`,
    );
    const j = JSON.parse(r.out);
    expect(j.found).toBe(true);
    expect(j.against).toBe("skus[1].costPerMillionOutputTokens");
    // Cost per 1M is linear in the price: p = L40S's per 1M × C_H100 × 3600 ÷ (1 GPU × 1e6).
    const plan = JSON.parse((await run("plan", "models/examples/multi-sku.json", "--json")).out);
    const closed =
      (plan.skus[1].costPerMillionOutputTokens * plan.skus[0].replicaOutputTokensPerSec * 3600) /
      1e6;
    expect(Math.abs(j.value - closed) / closed).toBeLessThan(1e-9);
  });

  it("no solution in range: found false and why, exit 0", async () => {
    const r = await runLine(
      `solve ${SEED} --target skus[0].replicas --value 5 --vary cells.input_tokens --json`,
    );
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.found).toBe(false);
    expect(j.value).toBeNull();
    expect(j.reason).toMatch(
      /^no value of cells\.input_tokens between .* it stays between 15 and 15$/,
    );
  });

  it.each([
    [["--target", "skus[0].replicas", "--value", "5"], /solve needs --target, --value, --vary/],
    [
      ["--target", "skus[0].replicas", "--value", "5", "--vary", "cells.nope"],
      /cells\.nope is not an input of the plan/,
    ],
  ])("bad usage %j exits 2", async (args, msg) => {
    const r = await run("solve", SEED, ...args);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toMatch(msg);
  });
});
