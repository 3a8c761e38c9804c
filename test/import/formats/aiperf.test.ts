import { describe, expect, it } from "vitest";
import { fixture, fixtureFile, foreignSamples } from "../helpers";
import { concurrencyFromPath, importFiles } from "../../../src/import/index";
import { aiperfImporter } from "../../../src/import/formats/aiperf";
import { genaiPerfImporter } from "../../../src/import/formats/genai-perf";

const C64 = "aiperf/akamas_rtxpro4500_qwen3-4b_concurrency_64_profile_export_aiperf";
const C512 = "aiperf/akamas_rtxpro4500_qwen3-4b_concurrency_512_profile_export_aiperf.csv";
const X16 = "aiperf/inferencex-fork_mi355x_kimi-k2.5_tp4_conc16_agentic_profile_export_aiperf";
const JSONL = "aiperf/synthetic/artifacts/qwen3-4b-openai-chat-concurrency4/profile_export.jsonl";

/** Import one fixture through the whole pipeline under its own path (concurrency from the path). */
function importOne(rel: string) {
  const r = importFiles([{ name: rel, text: fixture(rel) }]);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.sweeps[0]!;
}

describe("AIPerf importer", () => {
  it("reads the real 0.11 CSV at concurrency 64 (from the path) with TTFT, TPOT and ICL", () => {
    const s = importOne(`${C64}.csv`);
    expect(s.source.format).toBe("aiperf");
    const p = s.points[0]!;
    expect(p.concurrency).toBe(64);
    // `Time to First Token (ms),51.44,33.60,261.08,251784.97,38.22,…,117.90,20.35` (sum column skipped)
    expect(p.ttftMs).toMatchObject({
      mean: 51.44,
      min: 33.6,
      max: 261.08,
      p1: 38.22,
      p99: 117.9,
      std: 20.35,
    });
    expect(p.ttftMs!.sum).toBeUndefined();
    expect(p.tpotMs!.p50).toBe(14.48); // Inter Token Latency → tpot
    expect(p.itlMs!.p99).toBe(35.77); // Inter Chunk Latency → itl
    expect(p.rps).toBe(16.33); // `Request Throughput (requests/sec),16.33`
    expect(p.outputTokensPerSec).toBe(4283.22);
    expect(p.completed).toBe(4895);
    expect(p.meanOutputTokens).toBe(262.36);
  });

  it("reads the saturated 512 level and the 0.8 agentic CSV at concurrency 16", () => {
    const p512 = importOne(C512).points[0]!;
    expect(p512.concurrency).toBe(512);
    expect(p512.ttftMs!.p50).toBe(14731.32);
    const s16 = importOne(`${X16}.csv`);
    const p16 = s16.points[0]!;
    expect(p16.concurrency).toBe(16); // `…_conc16_agentic_…` in the name
    expect(p16.totalTokensPerSec).toBe(38371.98); // `Total Token Throughput (tokens/sec),38371.98`
    expect(p16.failed).toBe(1); // `Error Request Count,1.00`
    expect(p16.meanInputTokens).toBe(95705.31);
    // the plain row, not `Inter Token Latency (error-adjusted) (ms)` (whose avg cell is blank)
    expect(p16.tpotMs!.mean).toBe(49.71);
  });

  it("reads concurrency from input_config: phases[] in 0.11 and loadgen in 0.8", () => {
    const j64 = aiperfImporter.parse(fixtureFile(`${C64}.json`, "profile_export_aiperf.json"), {});
    if (!j64.ok) throw new Error(JSON.stringify(j64.errors));
    const s = j64.value.sweeps[0]!;
    expect(s.points[0]!.concurrency).toBe(64);
    expect(s.meta).toMatchObject({ model: "qwen3-4b", tool: "aiperf", toolVersion: "0.11.0" });
    expect(s.points[0]!.itlMs!.p99).toBe(35.77192187038921);
    expect(s.points[0]!.tpotMs!.p99).toBe(16.979203304085505);
    const j16 = aiperfImporter.parse(fixtureFile(`${X16}.json`, "profile_export_aiperf.json"), {});
    if (!j16.ok) throw new Error(JSON.stringify(j16.errors));
    const s16 = j16.value.sweeps[0]!;
    expect(s16.points[0]!.concurrency).toBe(16);
    expect(s16.meta.model).toBe("amd/Kimi-K2.5-MXFP4");
    expect(s16.points[0]!.failed).toBe(1);
  });

  it("concurrencyFromPath handles the real sample names", () => {
    expect(concurrencyFromPath(`${C64}.csv`)).toBe(64);
    expect(concurrencyFromPath(C512)).toBe(512);
    expect(concurrencyFromPath(`${X16}.csv`)).toBe(16);
    expect(concurrencyFromPath("aiperf-exp7/concurrency_768/profile_export_aiperf.csv")).toBe(768);
  });

  it("aggregates profile_export.jsonl records with numpy-linear percentiles", () => {
    const s = importOne(JSONL);
    const p = s.points[0]!;
    expect(p.concurrency).toBe(4); // `…-concurrency4/` in the path
    expect(p.completed).toBe(5); // the warm-up record is left out
    expect(p.failed).toBe(1); // the record with an error
    // TTFT [40, 50, 60, 80, 100]: p50 = 60; p90: h = 4·0.9 = 3.6 → 80 + 0.6·20 = 92; p99: h = 3.96 → 99.2
    expect(p.ttftMs!.p50).toBe(60);
    expect(p.ttftMs!.p90).toBeCloseTo(92, 10);
    expect(p.ttftMs!.p99).toBeCloseTo(99.2, 10);
    expect(p.ttftMs!.mean).toBe(66);
    // per-request inter_token_latency [20, 21, 22, 25, 30] → tpot p50 22
    expect(p.tpotMs!.p50).toBe(22);
    // pooled inter_chunk_latency [10,20,25,30,35,40,45,50,60]: p50 h = 4 → 35; p90 h = 7.2 → 50 + 0.2·10 = 52
    expect(p.itlMs!.p50).toBe(35);
    expect(p.itlMs!.p90).toBeCloseTo(52, 10);
    // span: first start t0 + 0 s, last end t0 + 4 s → 5 / 4 = 1.25 req/s; out tokens 49+51+52+57+64 = 273 → 68.25/s
    expect(p.rps).toBeCloseTo(1.25, 10);
    expect(p.outputTokensPerSec).toBeCloseTo(68.25, 10);
    expect(p.meanInputTokens).toBe(120);
  });

  it("reads a sweep aggregate CSV (0.11 bare tags) and JSON (tag_stat keys) as several levels", () => {
    const csv = importOne("aiperf/synthetic/sweep_aggregate/profile_export_aiperf_sweep.csv");
    expect(csv.points.map((p) => p.concurrency)).toEqual([16, 64, 512]);
    const p64 = csv.points[1]!;
    expect(p64.ttftMs).toEqual({ mean: 51.44 }); // only the average: no percentiles in this layout
    expect(p64.rps).toBe(16.33);
    expect(p64.outputTokensPerSec).toBe(4283.22);
    expect(p64.completed).toBe(4895);
    const js = importOne("aiperf/synthetic/sweep_aggregate/profile_export_aiperf_sweep.json");
    expect(js.points.map((p) => p.concurrency)).toEqual([10, 20]);
    expect(js.points[0]!.ttftMs).toEqual({ mean: 45.2, p99: 98.7 });
    expect(js.points[0]!.tpotMs).toEqual({ p95: 13.1 });
    expect(js.points[1]!.rps).toBe(6.92);
    expect(js.warnings.some((w) => w.includes("means over several trials"))).toBe(true);
  });

  it("refuses a CSV whose TTFT row is missing, naming the line and the metric", () => {
    const text = fixture(`${C64}.csv`)
      .split("\r\n")
      .filter((l) => !l.startsWith("Time to First Token"))
      .join("\r\n");
    const r = importFiles([{ name: "bad.csv", text }]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]).toMatchObject({ file: "bad.csv", line: 1, code: "missing-metric" });
    expect(r.errors[0]!.message).toContain("Time to First Token (ms)");
  });

  it("does not claim other tools' files", () => {
    for (const f of foreignSamples(["aiperf"]))
      expect([f.name, aiperfImporter.detect(f)]).toEqual([f.name, 0]);
    expect(genaiPerfImporter.detect(fixtureFile(`${C64}.csv`))).toBe(0);
    expect(genaiPerfImporter.detect(fixtureFile(`${C64}.json`))).toBe(0);
  });
});
