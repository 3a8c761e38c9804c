/**
 * `capplan simulate` (docs/simulate.md): the JSON keys of the contract, determinism by seed, the
 * Azure 2023 conversation trace replayed (fixtures/traces/, CC-BY, SOURCE.md beside it) with its
 * rate scaled, text in English and Chinese, and usage errors (exit 2, one line each).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { words } from "../../words";
import { run } from "../helpers";

const ROOT = join(__dirname, "../../..");
const PLAN = join(ROOT, "fixtures/simulate/plan.json");
const AZURE = join(ROOT, "fixtures/traces/AzureLLMInferenceTrace_conv.csv");

const json = async (...args: string[]) => {
  const r = await run("simulate", PLAN, ...args, "--json", "--allow-path", ROOT);
  expect(r.errLines.filter((l) => !l.startsWith("warning"))).toEqual([]);
  expect(r.code).toBe(0);
  return JSON.parse(r.out);
};

describe("simulateCommand", () => {
  it("prints every key of the contract, statistics with mean, p50, p90 and p99", async () => {
    const a = await json("--poisson", "15", "--requests", "20000", "--seed", "7");
    const keys = `sku replicas slots requests durationSec ttftMs e2eMs waitMs queuedShare utilization
      sloAttainment replicasForSlo`;
    for (const k of words(keys)) expect(a).toHaveProperty(k);
    for (const k of ["ttftMs", "e2eMs", "waitMs"])
      for (const s of ["mean", "p50", "p90", "p99"]) expect(typeof a[k][s]).toBe("number");
    // Defaults from the plan: the formula's 3 replicas, 16 slots (the operating point's concurrency).
    const defaults = { sku: "H100", replicas: 3, slots: 16, requests: 20000, formulaReplicas: 3 };
    expect(a).toMatchObject(defaults);
    // Poisson at 15/s: 20,000 requests take about 1,333 s (±3 σ of a gamma sum: ±28 s).
    expect(Math.abs(a.durationSec - 20000 / 15)).toBeLessThan(40);
    expect(a.ttftMs.p99).toBeGreaterThanOrEqual(a.ttftMs.p50);
    expect(a.e2eMs.mean).toBeGreaterThan(a.ttftMs.mean);
    expect(a.queuedShare).toBeGreaterThanOrEqual(0);
    expect(a.utilization).toBeGreaterThan(0);
    expect(a.utilization).toBeLessThanOrEqual(1);
    expect(a.replicasForSlo).toBeGreaterThanOrEqual(1);
    expect(a.replicasForSlo).toBeLessThanOrEqual(12);
  });
  it("is deterministic by seed: the same seed gives the same numbers, another seed others", async () => {
    const args = ["--poisson", "20", "--requests", "5000", "--output-tokens", "exp:200"];
    const a = await json(...args, "--seed", "42");
    const b = await json(...args, "--seed", "42");
    const c = await json(...args, "--seed", "43");
    expect(b).toEqual(a);
    expect(c.e2eMs.mean).not.toBe(a.e2eMs.mean);
  });
  it("fewer replicas wait more: --replicas 2 at 15/s against the plan's 3", async () => {
    const three = await json("--poisson", "15", "--requests", "20000");
    const two = await json("--poisson", "15", "--requests", "20000", "--replicas", "2");
    expect(two.replicas).toBe(2);
    expect(two.queuedShare).toBeGreaterThan(three.queuedShare);
    expect(two.waitMs.p99).toBeGreaterThan(three.waitMs.p99);
  });
  it("replays a trace: every request of the Azure conversation trace, its gaps divided by --rate-scale", async () => {
    const rows = readFileSync(AZURE, "utf8").trim().split("\n").length - 1;
    const one = await json("--trace", AZURE);
    const three = await json("--trace", AZURE, "--rate-scale", "3");
    expect([one.requests, three.requests, one.arrivals.source]).toEqual([rows, rows, "trace"]);
    expect(three.arrivals.meanRps / one.arrivals.meanRps).toBeCloseTo(3, 9);
    // Scaling the gaps leaves their CV unchanged.
    expect(three.arrivals.interarrivalCv).toBeCloseTo(one.arrivals.interarrivalCv, 9);
    expect(three.utilization).toBeGreaterThan(one.utilization);
  });
  it.each([
    [["--trace", AZURE, "--poisson", "5"], "choose one of --trace, --poisson"],
    [["--poisson", "5"], "--poisson needs --duration SEC | --requests N"],
    [["--rate-scale", "2"], "--rate-scale needs --trace"],
    [["--poisson", "0", "--requests", "5"], '--poisson must be a number > 0, got "0"'],
    [["--requests", "2.5"], '--requests must be a whole number ≥ 1, got "2.5"'],
    [["--output-tokens", "exp:0.5"], "--output-tokens must be a token count ≥ 0 or exp:MEAN"],
    [["--sku", "B200"], 'no SKU named "B200" in the plan (it has: H100)'],
  ])("%j → exit 2: %s", async (args, msg) => {
    const r = await run("simulate", PLAN, ...args);
    expect([r.code, r.out, r.err]).toEqual([2, "", expect.stringContaining(msg)]);
  });
  it("words usage errors in Chinese with --lang zh", async () => {
    const r = await run("simulate", PLAN, "--sku", "B200", "--lang", "zh");
    expect([r.code, r.err]).toEqual([2, expect.stringContaining('计划中没有名为 "B200" 的 SKU')]);
  });
  it("is listed with its options in capplan --help and simulate --help", async () => {
    const h = await run("simulate", "--help");
    for (const o of ["--rate-scale X", "--output-tokens N|exp:MEAN"]) expect(h.out).toContain(o);
    expect((await run("--help")).out).toContain("capplan simulate <plan.json|->");
  });
});
