import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { detectFormat, importFiles, makeInputFile } from "../../src/import/index";
import { run } from "../cli/helpers";

const ROOT = join(__dirname, "../../fixtures");

/** Every real sample: a file with a `.source.txt` sidecar next to it. */
function realSamples(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (e.endsWith(".source.txt")) out.push(p.slice(0, -".source.txt".length));
    }
  };
  walk(ROOT);
  return out.sort();
}

// Files that are real tool outputs but hold no load level; importing one by itself is an error
// that says what to import instead, and inside a folder they are skipped.
const NOT_RESULTS =
  /_(failures|exceptions)\.csv$|prometheus_metrics\.json$|summary_lifecycle_metrics\.json$/;

describe("every real sample in fixtures/ (copied from shared/research/formats/samples)", () => {
  const samples = realSamples();

  it("finds all the real samples", () => {
    // 4 vLLM, 3 SGLang, 5 AIPerf, 2 GuideLLM, 9 inference-perf, 3 LLMPerf, 5 Locust, 1 InferenceX
    expect(samples.length).toBe(32);
  });

  for (const path of samples) {
    const name = relative(ROOT, path);
    it(`imports ${name}`, () => {
      const text = readFileSync(path, "utf8");
      const r = importFiles([{ name, text }]);
      if (NOT_RESULTS.test(name)) {
        expect(r.ok).toBe(false);
        if (!r.ok)
          expect(r.errors[0]!.message).toMatch(/not a (load level|benchmark result)|import the/);
        expect(detectFormat(makeInputFile(name, text))).not.toBeNull();
        return;
      }
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      expect(r.sweeps.length).toBeGreaterThan(0);
      for (const s of r.sweeps) {
        expect(s.points.length).toBeGreaterThan(0);
        for (const p of s.points) {
          // every point carries at least one latency statistic or a throughput, and no NaN anywhere
          expect(JSON.stringify(p)).not.toContain("NaN");
          const hasData = p.ttftMs || p.e2eMs || p.tpotMs || p.itlMs || p.ntpotMs || p.rps != null;
          expect(hasData).toBeTruthy();
        }
      }
    });
  }
});

describe("capplan import on a folder", () => {
  it("gives one sweep with 4 points in concurrency order for a 4-level GenAI-Perf concurrency sweep", async () => {
    const r = await run("import", "fixtures/genai-perf/sweep-l40s/", "--json");
    expect(r.code).toBe(0);
    const { sweeps } = JSON.parse(r.out);
    expect([sweeps.length, sweeps[0].source.format]).toEqual([1, "genai-perf"]);
    const points: { concurrency: number }[] = sweeps[0].points;
    expect(points.map((p) => p.concurrency)).toEqual([1, 4, 16, 64]);
    // concurrency64/profile_export_genai_perf.csv: Time To First Token p99 "2,855.58"
    expect(sweeps[0].points[3].ttftMs.p99).toBe(2855.58);
  });

  it("gives one 7-point sweep for the inference-perf stages, skipping the summary and Prometheus files", async () => {
    const r = await run("import", "fixtures/inference-perf/", "--json");
    expect(r.code).toBe(0);
    const { sweeps } = JSON.parse(r.out);
    expect([sweeps.length, sweeps[0].points.length]).toEqual([1, 7]);
    expect(r.err).toContain("skipped");
  });
});
