import { describe, expect, it } from "vitest";
import { importOk, fixture, fixtureFile, foreignSamples } from "../helpers";
import { aiperfImporter } from "../../../src/import/formats/aiperf";
import { genaiPerfImporter } from "../../../src/import/formats/genai-perf";

const C64 = "aiperf/akamas_rtxpro4500_qwen3-4b_concurrency_64_profile_export_aiperf";
const C512 = "aiperf/akamas_rtxpro4500_qwen3-4b_concurrency_512_profile_export_aiperf.csv";
const X16 = "aiperf/inferencex-fork_mi355x_kimi-k2.5_tp4_conc16_agentic_profile_export_aiperf";

/** Import one fixture through the whole pipeline under its own path (concurrency from the path). */
function importOne(rel: string) {
  return importOk([{ name: rel, text: fixture(rel) }])[0]!;
}

describe("AIPerf importer", () => {
  it("reads the real 0.11 CSV at concurrency 64 (from the path) with TTFT, TPOT and ICL", () => {
    const s = importOne(`${C64}.csv`);
    expect(s.source.format).toBe("aiperf");
    const p = s.points[0]!;
    // `Time to First Token (ms),51.44,33.60,261.08,251784.97,38.22,…,117.90,20.35` (sum column skipped)
    expect(p.ttftMs).toMatchObject({ mean: 51.44, min: 33.6, max: 261.08, p1: 38.22, p99: 117.9 });
    expect([p.ttftMs!.std, p.ttftMs!.sum]).toEqual([20.35, undefined]);
    // Inter Token Latency → tpot, Inter Chunk Latency → itl; `Request Throughput
    // (requests/sec),16.33`
    expect(p).toMatchObject({ concurrency: 64, tpotMs: { p50: 14.48 }, itlMs: { p99: 35.77 } });
    expect(p).toMatchObject({ rps: 16.33, outputTokensPerSec: 4283.22, completed: 4895 });
    expect(p.meanOutputTokens).toBe(262.36);
  });

  it("reads the saturated 512 level and the 0.8 agentic CSV at concurrency 16", () => {
    const p512 = importOne(C512).points[0]!;
    expect(p512).toMatchObject({ concurrency: 512, ttftMs: { p50: 14731.32 } });
    const p16 = importOne(`${X16}.csv`).points[0]!;
    // `…_conc16_agentic_…` in the name; `Total Token Throughput (tokens/sec),38371.98`; `Error
    // Request Count,1.00`; TPOT from the plain row, not `Inter Token Latency (error-adjusted) (ms)`
    // (whose avg cell is blank)
    expect(p16).toMatchObject({ concurrency: 16, totalTokensPerSec: 38371.98, failed: 1 });
    expect(p16).toMatchObject({ meanInputTokens: 95705.31, tpotMs: { mean: 49.71 } });
  });

  it("does not claim other tools' files", () => {
    for (const f of foreignSamples(["aiperf"]))
      expect([f.name, aiperfImporter.detect(f)]).toEqual([f.name, 0]);
    expect(genaiPerfImporter.detect(fixtureFile(`${C64}.csv`))).toBe(0);
    expect(genaiPerfImporter.detect(fixtureFile(`${C64}.json`))).toBe(0);
  });
});
