import { describe, expect, it } from "vitest";
import { run } from "../helpers";

const SEED = "models/examples/seed.json";

describe("capplan sensitivity", () => {
  it("--json: rows {input, base, low, high, swing}, largest swing first (seed: peak RPS ±10 % → 13/16 replicas)", async () => {
    const r = await run("sensitivity", SEED, "--of", "replicas", "--json");
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    const sku = { index: 0, name: "H100 TP4" };
    expect(s).toMatchObject({ sku, of: "replicas", step: 0.1, result: 15 });
    const peak = s.rows.find((x: { input: string }) => x.input === "cells.peak_rps");
    expect(peak).toEqual({
      input: "cells.peak_rps",
      base: 50,
      low: { value: 45, result: 13 },
      high: { value: 55.00000000000001, result: 16 },
      swing: 3,
    });
    const price = s.rows.find((x: { input: string }) => x.input === "cells.gpu_hour");
    const swings = [price.low.result, price.high.result, price.swing, s.rows[0].swing];
    expect(swings).toEqual([15, 15, 0, 3]);
  });

  it.each([
    [
      ["--of", "gpus"],
      /--of must be one of replicas, costPerHour, costPerMonth, costPerMillionOutputTokens, got "gpus"/,
    ],
    [["--step", "0"], /--step must be a percentage above 0 and below 100, got "0"/],
    [["--sku", "nope"], /no SKU is named "nope" \(the plan has H100 TP4\)/],
  ])("bad usage %j exits 2 with a message", async (args, msg) => {
    const r = await run("sensitivity", SEED, ...args);
    expect([r.code, r.out, r.err]).toEqual([2, "", expect.stringMatching(msg)]);
  });
});
