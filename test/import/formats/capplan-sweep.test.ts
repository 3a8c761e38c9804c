/**
 * The `capplan-sweep` importer (src/import/formats/capplan-sweep.ts): a run written by
 * `capplan sweep` reads back through `capplan import` and a plan's `sweep.file` with the points
 * the runner printed, computed from the per-request records with the importers' definitions.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { words } from "../helpers";
import { pointsFromRequests, type SweepRequest } from "../../../src/import/formats/capplan-sweep";
import { run } from "../../cli/helpers";
import { startTestServer, type TestServer } from "../../sweep/server";

describe("pointsFromRequests", () => {
  const reqs: SweepRequest[] = [
    // TTFT 10, gaps 5 and 7, e2e 22; 4 output tokens → TPOT (22 − 10)/3 = 4, NTPOT 22/4 = 5.5.
    {
      concurrency: 2,
      requestRate: null,
      start: 0,
      end: 25,
      outcome: "ok",
      chunks: [10, 15, 22],
      inputTokens: 8,
      outputTokens: 4,
    },
    // TTFT 20, gap 10, e2e 30; 2 tokens → TPOT 10, NTPOT 15.
    {
      concurrency: 2,
      requestRate: null,
      start: 5,
      end: 40,
      outcome: "ok",
      chunks: [20, 30],
      inputTokens: 12,
      outputTokens: 2,
    },
    { concurrency: 2, requestRate: null, start: 6, end: 7, outcome: "429" },
    { concurrency: 2, requestRate: null, start: 8, end: 9, outcome: "timeout" },
    {
      concurrency: 1,
      requestRate: null,
      start: 50,
      end: 60,
      outcome: "ok",
      chunks: [3],
      inputTokens: 1,
      outputTokens: 1,
    },
  ];
  it("hand-computed statistics, failures by outcome, load order, partial mark", () => {
    const [p1, p2] = pointsFromRequests(reqs, [
      { concurrency: 1, requestRate: null },
      { concurrency: 2, requestRate: null, partial: true },
    ]);
    expect(p1).toMatchObject({ concurrency: 1, completed: 1, failed: 0 });
    expect(p1!.partial).toBeUndefined();
    expect(p2).toMatchObject({ concurrency: 2, completed: 2, failed: 2, partial: true });
    expect(p2!.failedByOutcome).toEqual({ "429": 1, timeout: 1 });
    expect(p2!.ttftMs).toMatchObject({ mean: 15, p50: 15, min: 10, max: 20 });
    // Pooled gaps 5, 7, 10: numpy linear p50 = 7, p90 = 7 + 0.8 × 3 = 9.4.
    expect(p2!.itlMs!.p50).toBe(7);
    expect(p2!.itlMs!.p90).toBeCloseTo(9.4, 12);
    expect(p2!.tpotMs).toMatchObject({ min: 4, max: 10 });
    expect(p2!.ntpotMs).toMatchObject({ min: 5.5, max: 15 });
    expect(p2!.e2eMs).toMatchObject({ min: 22, max: 30 });
    // Span 0 → 40 ms: 2 completed / 0.04 s = 50 req/s, 6 output tokens / 0.04 s = 150 tok/s.
    expect(p2!.rps).toBeCloseTo(50, 9);
    expect(p2!.outputTokensPerSec).toBeCloseTo(150, 9);
    expect(p2!.meanInputTokens).toBe(10);
  });
});

describe("capplanSweepImporter", () => {
  let server: TestServer;
  let file: string;
  let runOut: { sweeps: { points: Record<string, unknown>[] }[] };
  beforeAll(async () => {
    server = await startTestServer({
      latency: { ttftBaseMs: 3, ttftPerActiveMs: 0.5, itlBaseMs: 1, itlPerActiveMs: 0.1 },
    });
    const dir = mkdtempSync(join(tmpdir(), "capplan-sweep-import-"));
    file = join(dir, "run.json");
    const r = await run(
      "sweep",
      "--url",
      server.url,
      "--model",
      "test/model",
      "--concurrency",
      "1,4",
      "--requests",
      "12",
      "--output-tokens",
      "5",
      "--meta",
      "gpu=H100",
      "--meta",
      "gpuCount=1",
      "-o",
      file,
    );
    expect(r.code).toBe(0);
    runOut = JSON.parse((await import("node:fs")).readFileSync(file, "utf8"));
    writeFileSync(
      join(dir, "plan.json"),
      JSON.stringify({
        format: "capplan.plan/v1",
        workloads: [{ name: "chat", peakRps: 10, inputTokens: 128, outputTokens: 5 }],
        slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
        skus: [
          {
            name: "H100",
            gpu: "h100-sxm",
            gpusPerReplica: 1,
            pricePerGpuHour: 3,
            sweep: { file: "run.json" },
          },
        ],
      }),
    );
  });
  afterAll(() => server.close());

  it("capplan import reads the run with the points the runner wrote", async () => {
    const r = await run("import", file, "--json");
    expect(r.code, r.err).toBe(0);
    const s = JSON.parse(r.out).sweeps[0];
    expect(s.source.format).toBe("capplan-sweep");
    expect(s.meta).toMatchObject({
      model: "test/model",
      engine: "vllm",
      gpu: "H100",
      gpuCount: 1,
      tool: "capplan sweep",
    });
    const mine = runOut.sweeps[0]!.points;
    expect(s.points).toHaveLength(2);
    for (let i = 0; i < 2; i++)
      for (const k of words(
        "concurrency|completed|failed|ttftMs|itlMs|tpotMs|e2eMs|rps|outputTokensPerSec",
      ))
        expect(s.points[i][k], k).toEqual(mine[i]![k]);
  });

  it("a plan's sweep.file names it", async () => {
    const r = await run("plan", join(file, "..", "plan.json"), "--json");
    expect(r.code, r.err).toBe(0);
    const sku = JSON.parse(r.out).skus[0];
    expect(sku.feasible).toBe(true);
    // The operating point is one of the run's own levels, with that level's measured rate. Which
    // level wins depends on this machine's load during the run (c=4 is not faster than c=1 when
    // the runner and the in-process server share a busy core), so the test checks the link, not
    // the level.
    const imp = await run("import", file, "--json");
    const points = JSON.parse(imp.out).sweeps[0].points as { concurrency: number; rps: number }[];
    const at = points.find((p) => p.concurrency === sku.operatingPoint.concurrency);
    expect(at, `operating point at c=${sku.operatingPoint.concurrency}`).toBeDefined();
    expect(sku.operatingPoint.rps).toBeCloseTo(at!.rps, 9);
  });

  it("records that cannot be read are skipped with a warning", async () => {
    const bad = join(file, "..", "bad.json");
    writeFileSync(
      bad,
      JSON.stringify({
        capplan: "sweep/1",
        sweeps: [
          {
            meta: { model: "m" },
            levels: [],
            requests: [
              { start: "x" },
              {
                concurrency: 1,
                requestRate: null,
                start: 0,
                end: 5,
                outcome: "ok",
                chunks: [1, 2],
              },
            ],
          },
        ],
      }),
    );
    const r = await run("import", bad, "--json");
    expect(r.code, r.err).toBe(0);
    const s = JSON.parse(r.out).sweeps[0];
    expect(s.points[0]).toMatchObject({ concurrency: 1, completed: 1 });
    expect(s.warnings.join("\n")).toContain(
      "1 request record(s) could not be read and were skipped",
    );
  });
});
