/**
 * The operating point on a real sweep (docs/operating-point.md): the passing load level with the
 * most output throughput, and failed requests counted against the level (`maxErrorRatePct`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importFiles } from "../../src/import/index";
import type { SweepPoint } from "../../src/engine/base/types";
import { run, tmpDir, writeTmp } from "./helpers";

const VLLM_RATE_SWEEP =
  "fixtures/vllm/nerdalert_vllm_benchmark_serving_rate_sweep_llama3.1-8b.jsonl";

/** The vLLM rate sweep (rates 1, 10, 20, 30, 35, inf; at inf 985 of 2,000 requests failed). */
function vllmPoints(): SweepPoint[] {
  const r = importFiles([{ name: VLLM_RATE_SWEEP, text: readFileSync(VLLM_RATE_SWEEP, "utf8") }]);
  if (!r.ok) throw new Error("fixture did not import");
  return r.sweeps[0]!.points;
}

const tmpPlan = (plan: unknown): string => writeTmp(plan);

function plan(ttftMaxMs: number, extra: Record<string, unknown> = {}): unknown {
  return {
    format: FORMAT,
    workload: { peakRps: 100, inputTokens: 1000, outputTokens: 100 },
    slo: [{ metric: "ttft", stat: "p99", maxMs: ttftMaxMs }],
    skus: [sku("H100", 3, { points: vllmPoints() })],
    ...extra,
  };
}

/** `plan --json` of a plan file's path or of a plan object, exit 0. */
async function planJson(p: unknown) {
  const r = await run("plan", typeof p === "string" ? p : tmpPlan(p), "--json");
  expect(r.code).toBe(0);
  return JSON.parse(r.out);
}

const tok = (x: unknown) => ({ replicaOutputTokensPerSec: x });
/** A one-GPU SKU; `sweep` a number or formula is its typed replica throughput. */
function sku(name: string, price: number, sweep: unknown, extra: Record<string, unknown> = {}) {
  const given = typeof sweep === "object" ? sweep : tok(sweep);
  return { name, gpusPerReplica: 1, pricePerGpuHour: price, sweep: given, ...extra };
}
const FORMAT = "capplan.plan/v1";
const WORKLOAD = { peakRps: 10, inputTokens: 500, outputTokens: 200 };

describe("operating point on the vLLM rate sweep in fixtures/", () => {
  it("the fixture is what the regression is about: throughput peaks at rate 35 and rate=inf drops 985 of 2,000 requests", () => {
    const pts = vllmPoints();
    expect(pts.map((p) => p.requestRate)).toEqual([1, 10, 20, 30, 35, "inf"]);
    expect(pts[4]!.outputTokensPerSec).toBeCloseTo(2845.2, 1);
    expect(pts[5]!.outputTokensPerSec).toBeCloseTo(2677.8, 1);
    expect(pts[5]).toMatchObject({ completed: 1015, failed: 985 });
  });

  // rate=inf (49.25 % failed) fails the default 1 % limit on failed requests, which binds.
  it("picks rate 35 (2,845.2 tok/s) under P99 TTFT ≤ 40 s, as under ≤ 20 s: a looser SLO never needs more replicas; failed requests count", async () => {
    const loose = await planJson(plan(40000));
    const tight = await planJson(plan(20000));
    for (const j of [loose, tight]) {
      expect(j.skus[0].operatingPoint.requestRate).toBe(35);
      expect(j.skus[0].operatingPoint.outputTokensPerSec).toBeCloseTo(2845.2, 1);
    }
    expect(loose.skus[0].replicas).toBeLessThanOrEqual(tight.skus[0].replicas);
    expect(loose.skus[0].replicasBase).toBeCloseTo((100 * 100) / 2845.198643096852, 9);
    const binding = { sloBinding: true, bindingErrorRate: true, bindingSlo: null };
    expect(loose.skus[0].operatingPoint).toMatchObject(binding);
    expect(loose.skus[0].sloChecked).toBe(true);
    expect((await run("plan", tmpPlan(plan(40000)))).out).toMatch(/failed share ≤ 1 %/);
  });

  it("even when failed requests are allowed (maxErrorRatePct 100), the level past saturation is not chosen: it has less throughput", async () => {
    const j = await planJson(plan(40000, { maxErrorRatePct: 100 }));
    expect(j.skus[0].operatingPoint).toMatchObject({ requestRate: 35, sloBinding: false });
    expect(j.skus[0].warnings.join("\n")).toMatch(/where throughput peaks/);
  });

  it("rejects a maxErrorRatePct that is not a number, naming the key", async () => {
    const r = await run("plan", tmpPlan(plan(40000, { maxErrorRatePct: "lots" })), "--json");
    expect([r.code, r.err]).toEqual([2, expect.stringMatching(/maxErrorRatePct/)]);
  });
});

describe("sloChecked and the recommendation (docs/operating-point.md)", () => {
  const measured = (ttftP99: number) => ({
    points: [
      { concurrency: 1, rps: 1, outputTokensPerSec: 200, ttftMs: { p99: ttftP99 } },
      { concurrency: 4, rps: 3.6, outputTokensPerSec: 720, ttftMs: { p99: ttftP99 * 2 } },
    ],
  });
  const twoSkus = (ttftP99: number) => ({
    format: FORMAT,
    cells: { a100_tok_s: 700 },
    workload: WORKLOAD,
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    skus: [
      sku("Measured", 4, measured(ttftP99)),
      sku("Typed", 1, 5000),
      sku("Estimated", 2, "=a100_tok_s * 2"),
    ],
  });

  it("recommends the cheapest checked SKU although a given or estimated one is cheaper", async () => {
    const j = await planJson(twoSkus(300));
    expect(j.skus.map((s: { sloChecked: boolean }) => s.sloChecked)).toEqual([true, false, false]);
    expect(j.skus[1].costPerHour).toBeLessThan(j.skus[0].costPerHour);
    expect(j).toMatchObject({ cheapest: "Measured", recommendationChecked: true });
    expect((await run("plan", tmpPlan(twoSkus(300)))).out).toMatch(
      /Checked against SLOs\s+yes\s+no \(capacity given or estimated\)/,
    );
  });

  it("names the cheapest unchecked SKU only when no checked SKU is feasible, flagged and warned", async () => {
    const j = await planJson(twoSkus(1500));
    expect(j.skus[0].feasible).toBe(false);
    expect(j).toMatchObject({ cheapest: "Typed", recommendationChecked: false });
    expect(j.warnings).toContain(
      "Typed is recommended although its capacity was never checked against the SLOs (it is given or estimated, not measured): no SKU with a checked sweep is feasible",
    );
    expect((await run("plan", tmpPlan(twoSkus(1500)), "--markdown")).out).toMatch(
      /Typed \(capacity never checked against the SLOs\)/,
    );
  });

  it("warns when the operating point lies in the saturated zone", async () => {
    const points = [
      { concurrency: 1, rps: 1, outputTokensPerSec: 200, ttftMs: { p99: 100 } },
      { concurrency: 2, rps: 2, outputTokensPerSec: 400, ttftMs: { p99: 105 } },
      { concurrency: 4, rps: 2.1, outputTokensPerSec: 420, ttftMs: { p99: 900 } },
      { concurrency: 8, rps: 2.1, outputTokensPerSec: 421, ttftMs: { p99: 6000 } },
    ];
    const slo = [{ metric: "ttft", stat: "p99", maxMs: 5000 }];
    const j = await planJson({
      format: FORMAT,
      workload: WORKLOAD,
      slo,
      skus: [sku("S", 1, { points })],
    });
    expect(j.skus[0].operatingPoint.concurrency).toBe(4);
    expect(j.skus[0].warnings).toContain(
      "S: the operating point (concurrency 4) lies in the saturated zone (the knee is at concurrency 4): throughput barely grows with load there while latency climbs, so a small rise in load can break the SLOs; plan headroom or measure below the knee",
    );
  });
});

describe("replicasRaw under N+k with several workloads", () => {
  it("replicasRaw = replicasBase × elasticity + k and replicas = ceil(replicasBase × elasticity) + k, replicasBase summed over workloads", async () => {
    const sweeps = { chat: tok(1500), docs: tok(900) };
    const j = await planJson({
      format: FORMAT,
      workloads: [
        { name: "chat", peakRps: 50, inputTokens: 300, outputTokens: 300 },
        { name: "docs", peakRps: 10, inputTokens: 3000, outputTokens: 500 },
      ],
      factors: { elasticity: 1.2, redundancy: { spare: 2 } },
      skus: [{ name: "A", gpusPerReplica: 4, pricePerGpuHour: 20, sweeps }],
    });
    const s = j.skus[0];
    const base = s.workloads.map((w: { replicasBase: number }) => w.replicasBase);
    expect(base).toEqual([10, (10 * 500) / 900]);
    expect(s.replicasBase).toBeCloseTo(10 + (10 * 500) / 900, 12);
    expect(s.replicasRaw).toBeCloseTo((10 + (10 * 500) / 900) * 1.2 + 2, 12); // 20.67
    expect(s.replicas).toBe(Math.ceil((10 + (10 * 500) / 900) * 1.2) + 2); // 19 + 2 = 21
  });
});

describe("formulas reading computed results: a SKU's <id>_tok_s (docs/formulas.md)", () => {
  const tokPath = (i: number) => `skus[${i}].sweep.replicaOutputTokensPerSec`;
  it("the example's H200 estimate follows the H100's computed operating point, not a typed copy", async () => {
    const j = await planJson("models/examples/multi-sku.json");
    const find = (n: string) => j.skus.find((s: { name: string }) => s.name.startsWith(n));
    const [h100, h200] = [find("H100"), find("H200")];
    expect([h100.sloChecked, h200.sloChecked]).toEqual([true, false]);
    const h200Tok = h100.operatingPoint.outputTokensPerSec * (4.8 / 3.35);
    expect(h200.operatingPoint.outputTokensPerSec).toBeCloseTo(h200Tok, 9);
    expect(j.errors).toEqual([]);
  });

  it("a looser SLO on the H100 moves the H200 estimate with it", async () => {
    const base = JSON.parse(readFileSync("models/examples/multi-sku.json", "utf8"));
    base.skus = base.skus.map((s: { sweep: { file?: string } }) =>
      s.sweep.file
        ? { ...s, sweep: { file: join(process.cwd(), "models/examples", s.sweep.file) } }
        : s,
    );
    const tight = await planJson(base);
    const loose = await planJson({
      ...base,
      slo: [
        { metric: "ttft", stat: "p99", maxMs: 60000 },
        { metric: "itl", stat: "p95", maxMs: 5000 },
      ],
    });
    const tok = (j: { skus: { operatingPoint: { outputTokensPerSec: number } }[] }, i: number) =>
      j.skus[i]!.operatingPoint.outputTokensPerSec;
    expect(tok(loose, 0)).toBeGreaterThan(tok(tight, 0));
    expect(tok(loose, 2)).toBeCloseTo(tok(loose, 0) * (4.8 / 3.35), 9);
  });

  it("a SKU whose capacity depends on itself through cells is a #CYCLE naming the members", async () => {
    const p = {
      format: FORMAT,
      cells: { est: "=a_tok_s * 2" },
      workload: WORKLOAD,
      skus: [
        sku("A", 1, "=b_tok_s", { id: "a" }),
        sku("B", 1, "=est", { id: "b" }),
        sku("C", 1, 900),
      ],
    };
    const r = await run("plan", tmpPlan(p), "--json");
    expect(r.code).toBe(2);
    const j = JSON.parse(r.out);
    const cyc = j.errors.filter((e: { kind: string }) => e.kind === "CYCLE");
    const paths = cyc.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["cells.est", tokPath(0), tokPath(1)]));
    expect(cyc.find((e: { path: string }) => e.path === "cells.est").message).toMatch(
      /circular reference: .*skus\[0\]\.replicaOutputTokensPerSec/,
    );
    // Everything that does not depend on the cycle still computes.
    expect(j.skus[2].replicas).toBe(Math.ceil((10 * 200) / 900));
    expect(j.cheapest).toBe("C");
  });

  it("an unknown id is an unknown name", async () => {
    const p = { format: FORMAT, workload: WORKLOAD, skus: [sku("A", 1, "=nosuch_tok_s")] };
    const j = JSON.parse((await run("plan", tmpPlan(p), "--json")).out);
    expect(j.errors[0]).toMatchObject({ path: tokPath(0), kind: "NAME" });
  });
});

describe("a spreadsheet sweep with a failed share column", () => {
  // Concurrency 8, 16, 32: every P99 TTFT passes ≤ 1000 ms; 4 % of the requests fail at 32.
  const csv =
    "Concurrency,P99 TTFT (ms),Output tok/s,Failed %\n8,200,1000,0\n16,300,1800,0.5\n32,500,3000,4\n";
  const sweepPlan = (extra: Record<string, unknown>) => {
    const dir = tmpDir("capplan-op-");
    writeTmp(csv, "sweep.csv", dir);
    const plan = {
      format: FORMAT,
      workload: { ...WORKLOAD, outputTokens: 100 },
      slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
      skus: [sku("L40S", 1, { file: "sweep.csv" })],
    };
    return writeTmp({ ...plan, ...extra }, "plan.json", dir);
  };

  it.each([
    // Default 1 %: concurrency 32 (4 % failed) fails, the failed share binds at 16.
    [{}, 16, 1800, true],
    [{ maxErrorRatePct: 5 }, 32, 3000, false],
  ])(
    "maxErrorRatePct %j acts on it: operating point concurrency %d",
    async (extra, concurrency, outputTokensPerSec, bindingErrorRate) => {
      const op = (await planJson(sweepPlan(extra))).skus[0].operatingPoint;
      expect(op).toMatchObject({ concurrency, outputTokensPerSec, bindingErrorRate });
    },
  );
});
