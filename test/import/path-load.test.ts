/**
 * src/import/path-load.ts: the concurrency a file's path encodes (docs/metrics.md), for the points
 * of a file that records no load. The first pattern that gives a positive number wins.
 */
import { describe, expect, it } from "vitest";
import { words } from "./helpers";
import { concurrencyFromPath, PATH_CONCURRENCY } from "../../src/import/path-load";

describe("concurrencyFromPath", () => {
  it.each([
    // The real sample names.
    ["aiperf/akamas_rtxpro4500_qwen3-4b_concurrency_64_profile_export_aiperf.csv", 64],
    ["aiperf/akamas_rtxpro4500_qwen3-4b_concurrency_512_profile_export_aiperf.csv", 512],
    ["aiperf/inferencex-fork_mi355x_kimi-k2.5_tp4_conc16_agentic_profile_export_aiperf.csv", 16],
    ["aiperf-exp7/concurrency_768/profile_export_aiperf.csv", 768],
    ["sweep/llama-concurrency8/profile_export.json", 8],
    ["sweep/Concurrency_64/result.csv", 64],
    ["run/concurrency=16.json", 16],
    ["conc16/result.json", 16],
    ["runs/model_conc-32_x.json", 32],
    ["genai/output-008.json", 8],
    ["results/c128/profile.csv", 128],
    ["results/run_c4.json", 4],
    ["a-c2", 2],
    // The first pattern wins over a later one in the same path.
    ["c4/concurrency16/x.json", 16],
    // Zero is not a load level: the next pattern may still give one.
    ["concurrency0/c8/x.json", 8],
  ])("%s → %d", (path, n) => {
    expect(concurrencyFromPath(path)).toBe(n);
  });

  const none = "results/summary.json|concurrency/x.json|concurrency0/x.json|abc128/x.json";
  const more = "C128/x.json|reconciled16/x.json|output-8.jsonl|conc16x/result.json|";
  it.each(words(`${none}|${more}`))("%s → null", (path) => {
    expect(concurrencyFromPath(path)).toBeNull();
  });

  it("has four patterns, tried in order", () => {
    const first = PATH_CONCURRENCY[0]!.exec("x-concurrency12")?.[1];
    expect([PATH_CONCURRENCY.length, first]).toEqual([4, "12"]);
  });
});
