import { describe, expect, it } from "vitest";
import { importOk, fixture, fixtureFile, foreignSamples, words } from "../helpers";
import { importFiles } from "../../../src/import/index";
import { genaiPerfImporter } from "../../../src/import/formats/genai-perf";
import { aiperfImporter } from "../../../src/import/formats/aiperf";

const SWEEP =
  "genai-perf/sweep-l40s/artifacts/meta-llama_Llama-3.1-8B-Instruct-openai-chat-concurrency";
const G2502 =
  "genai-perf/gen-2025-02/artifacts/meta-llama_Llama-3.1-70B-Instruct-openai-chat-concurrency32/profile_export_genai_perf";
const G2506 =
  "genai-perf/gen-2025-06/artifacts/Qwen_Qwen2.5-7B-Instruct-openai-chat-concurrency16/profile_export_genai_perf";
const G2406 =
  "genai-perf/gen-2024-06/artifacts/llama-3-8b-instruct-triton-tensorrtllm-concurrency8/profile_export_genai_perf.csv";

/** The sweep's files as the CLI passes them: paths relative to the sweep folder, in shuffled order. */
function sweepInputs() {
  return [64, 1, 16, 4].map((c) => ({
    name: `artifacts/meta-llama_Llama-3.1-8B-Instruct-openai-chat-concurrency${c}/profile_export_genai_perf.csv`,
    text: fixture(`${SWEEP}${c}/profile_export_genai_perf.csv`),
  }));
}

describe("GenAI-Perf importer", () => {
  it("a 4-level sweep gives one sweep with 4 points in concurrency order", () => {
    const sweeps = importOk(sweepInputs());
    expect(sweeps).toHaveLength(1);
    const s = sweeps[0]!;
    expect(s.source.format).toBe("genai-perf");
    expect(s.meta).toMatchObject({ model: "meta-llama/Llama-3.1-8B-Instruct", tool: "genai-perf" });
    expect(s.points.map((p) => p.concurrency)).toEqual([1, 4, 16, 64]);
    // concurrency64 file: `Time To First Token (ms),961.32,150.64,"4,508.88","2,855.58","1,975.34",…`
    const p64 = s.points[3]!;
    expect(p64.ttftMs).toMatchObject({ p99: 2855.58, max: 4508.88, mean: 961.32 });
    // "1,185.21" tok/s, "2,560.00" requests, "1,000.03" input tokens; e2e: Request Latency p50
    // "10,766.05"
    expect(p64).toMatchObject({ rps: 5.92, outputTokensPerSec: 1185.21, completed: 2560 });
    expect(p64).toMatchObject({ meanOutputTokens: 200.21, meanInputTokens: 1000.03 });
    expect(p64.e2eMs!.p50).toBe(10766.05);
  });

  it("stores Inter Token Latency as tpot, never as itl", () => {
    const sweeps = importOk(sweepInputs());
    const p16 = sweeps[0]!.points[2]!;
    // `Inter Token Latency (ms),27.74,23.95,31.62,30.51,29.74,29.28,28.53,27.72,26.94,26.25,25.74,24.94`
    const stats = words("mean|min|max|p99|p95|p90|p75|p50|p25|p10|p5|p1");
    const row = [
      27.74, 23.95, 31.62, 30.51, 29.74, 29.28, 28.53, 27.72, 26.94, 26.25, 25.74, 24.94,
    ];
    expect(p16.tpotMs).toEqual(Object.fromEntries(stats.map((k, i) => [k, row[i]])));
    expect(p16.itlMs).toBeUndefined();
    // Little's law holds in the synthetic data: 16 / 6.88704 s = 2.323 req/s; the file says 2.32
    expect(16 / (p16.e2eMs!.mean! / 1000)).toBeCloseTo(p16.rps!, 1);
  });

  it("reads the 2024-06 10-column layout and takes the Triton backend from the directory", () => {
    const [s] = importOk([
      { name: G2406.replace("genai-perf/gen-2024-06/", ""), text: fixture(G2406) },
    ]);
    expect(s!.meta).toMatchObject({ engine: "tensorrtllm", model: "llama-3-8b-instruct" });
    const p = s!.points[0]!;
    // `Request Latency (ms),"1,820.62","1,129.45","2,528.88","2,439.21",…,"1,661.58"` (p25 last)
    expect(p.e2eMs).toMatchObject({ p25: 1661.58, p99: 2439.21 });
    expect(p.e2eMs!.p10).toBeUndefined();
    // `Request Throughput (per sec),4.39`, `Output Token Throughput (per sec),556.43`; no Request
    // Count row in this generation
    expect(p).toMatchObject({ concurrency: 8, rps: 4.39, outputTokensPerSec: 556.43 });
    expect(p.completed).toBeUndefined();
  });

  it("merges the CSV and JSON of the same run into one point, keeping the JSON's full precision", () => {
    const base =
      "artifacts/Qwen_Qwen2.5-7B-Instruct-openai-chat-concurrency16/profile_export_genai_perf";
    const exts = [".csv", ".json"];
    const r = importFiles(exts.map((e) => ({ name: base + e, text: fixture(G2506 + e) })));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect([r.sweeps.length, r.sweeps[0]!.points.length]).toEqual([1, 1]);
    // Same run folder: merged silently, no duplicate warning; the JSON (more statistics, incl. std) wins.
    expect(r.warnings.some((w) => w.code === "duplicate-load")).toBe(false);
    expect(r.sweeps[0]!.points[0]!.tpotMs?.std).toBeDefined();
  });

  it("does not claim other tools' files, and AIPerf does not claim GenAI-Perf's", () => {
    for (const f of foreignSamples())
      expect([f.name, genaiPerfImporter.detect(f)]).toEqual([f.name, 0]);
    expect(aiperfImporter.detect(fixtureFile(`${SWEEP}1/profile_export_genai_perf.csv`))).toBe(0);
    expect(aiperfImporter.detect(fixtureFile(`${G2502}.json`))).toBe(0);
    const own = fixtureFile(`${SWEEP}1/profile_export_genai_perf.csv`);
    expect(genaiPerfImporter.detect(own)).toBe(0.95);
  });
});
