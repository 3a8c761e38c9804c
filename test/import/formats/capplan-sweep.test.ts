/**
 * The `capplan-sweep` importer (src/import/formats/capplan-sweep.ts): a run written by
 * `capplan sweep` reads back through `capplan import` and a plan's `sweep.file` with the points
 * the runner printed, computed from the per-request records with the importers' definitions.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { words } from "../helpers";
import { pointsFromRequests, type SweepRequest } from "../../../src/import/formats/capplan-sweep";
import { run } from "../../cli/helpers";
import { startTestServer, type TestServer } from "../../sweep/server";

describe("pointsFromRequests", () => {
  /** A request at concurrency 2, no rate, answered "ok" unless `o` says otherwise. */
  const base = { concurrency: 2, requestRate: null, start: 0, end: 0, outcome: "ok" };
  const req = (o: Partial<SweepRequest>): SweepRequest => ({ ...base, ...o });
  const reqs: SweepRequest[] = [
    // TTFT 10, gaps 5 and 7, e2e 22; 4 output tokens → TPOT (22 − 10)/3 = 4, NTPOT 22/4 = 5.5.
    req({ start: 0, end: 25, chunks: [10, 15, 22], inputTokens: 8, outputTokens: 4 }),
    // TTFT 20, gap 10, e2e 30; 2 tokens → TPOT 10, NTPOT 15.
    req({ start: 5, end: 40, chunks: [20, 30], inputTokens: 12, outputTokens: 2 }),
    req({ start: 6, end: 7, outcome: "429" }),
    req({ start: 8, end: 9, outcome: "timeout" }),
    req({ concurrency: 1, start: 50, end: 60, chunks: [3], inputTokens: 1, outputTokens: 1 }),
  ];
  it("hand-computed statistics, failures by outcome, load order, partial mark", () => {
    const [p1, p2] = pointsFromRequests(reqs, [
      { concurrency: 1, requestRate: null },
      { concurrency: 2, requestRate: null, partial: true },
    ]);
    expect(p1).toMatchObject({ concurrency: 1, completed: 1, failed: 0 });
    expect(p1!.partial).toBeUndefined();
    // Pooled gaps 5, 7, 10: numpy linear p50 = 7, p90 = 7 + 0.8 × 3 = 9.4.
    expect(p2).toMatchObject({ concurrency: 2, completed: 2, failed: 2, partial: true });
    expect(p2).toMatchObject({
      ttftMs: { mean: 15, p50: 15, min: 10, max: 20 },
      itlMs: { p50: 7 },
    });
    expect(p2).toMatchObject({ tpotMs: { min: 4, max: 10 }, ntpotMs: { min: 5.5, max: 15 } });
    expect(p2).toMatchObject({ e2eMs: { min: 22, max: 30 }, meanInputTokens: 10 });
    expect(p2!.failedByOutcome).toEqual({ "429": 1, timeout: 1 });
    expect(p2!.itlMs!.p90).toBeCloseTo(9.4, 12);
    // Span 0 → 40 ms: 2 completed / 0.04 s = 50 req/s, 6 output tokens / 0.04 s = 150 tok/s.
    expect(p2!.rps).toBeCloseTo(50, 9);
    expect(p2!.outputTokensPerSec).toBeCloseTo(150, 9);
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
    const args = "--model test/model --concurrency 1,4 --requests 12 --output-tokens 5";
    const meta = ["--meta", "gpu=H100", "--meta", "gpuCount=1"];
    const r = await run("sweep", "--url", server.url, ...args.split(" "), ...meta, "-o", file);
    expect(r.code).toBe(0);
    runOut = JSON.parse(readFileSync(file, "utf8"));
    const sku = { name: "H100", gpu: "h100-sxm", gpusPerReplica: 1, pricePerGpuHour: 3 };
    const plan = {
      format: "capplan.plan/v1",
      workloads: [{ name: "chat", peakRps: 10, inputTokens: 128, outputTokens: 5 }],
      slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
      skus: [{ ...sku, sweep: { file: "run.json" } }],
    };
    writeFileSync(join(dir, "plan.json"), JSON.stringify(plan));
  });
  afterAll(() => server.close());

  it("capplan import reads the run with the points the runner wrote", async () => {
    const r = await run("import", file, "--json");
    expect(r.code, r.err).toBe(0);
    const s = JSON.parse(r.out).sweeps[0];
    expect(s.source.format).toBe("capplan-sweep");
    expect(s.meta).toMatchObject({ model: "test/model", engine: "vllm", gpu: "H100", gpuCount: 1 });
    expect(s.meta.tool).toBe("capplan sweep");
    const mine = runOut.sweeps[0]!.points;
    expect(s.points).toHaveLength(2);
    const keys = words(
      "concurrency|completed|failed|ttftMs|itlMs|tpotMs|e2eMs|rps|outputTokensPerSec",
    );
    for (let i = 0; i < 2; i++)
      for (const k of keys) expect(s.points[i][k], k).toEqual(mine[i]![k]);
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
    const good = { concurrency: 1, requestRate: null, start: 0, end: 5, outcome: "ok" };
    const requests = [{ start: "x" }, { ...good, chunks: [1, 2] }];
    const sweeps = [{ meta: { model: "m" }, levels: [], requests }];
    writeFileSync(bad, JSON.stringify({ capplan: "sweep/1", sweeps }));
    const r = await run("import", bad, "--json");
    expect(r.code, r.err).toBe(0);
    const s = JSON.parse(r.out).sweeps[0];
    expect(s.points[0]).toMatchObject({ concurrency: 1, completed: 1 });
    expect(s.warnings.join("\n")).toContain(
      "1 request record(s) could not be read and were skipped",
    );
  });
});
