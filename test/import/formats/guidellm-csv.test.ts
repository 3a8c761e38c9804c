import { samplesOf, fixture, importOne, words } from "../helpers";
import { describe, expect, test } from "vitest";
import { makeInputFile } from "../../../src/import/index";
import { guidellmImporters } from "../../../src/import/formats/guidellm";

const one = (f: string) => importOne(`guidellm/${f}`, f);

describe("GuideLLM CSV (v0.4+, three header rows)", () => {
  test("the CSV gives the same points as the JSON it was written from, percentiles read from the packed cell", () => {
    const csv = one("written_guidellm_v0.7_concurrent_benchmarks.csv");
    const json = one("written_guidellm_v0.7_concurrent_benchmarks.json");
    expect([csv.source.format, csv.meta.model]).toEqual(["guidellm-csv", "Qwen/Qwen3-8B"]);
    // streams from Run Info/Profile completed_strategies[Run Index]
    expect(csv.points.map((p) => p.concurrency)).toEqual([1, 4, 16]);
    csv.points.forEach((p, i) => {
      const j = json.points[i]!;
      const rates = ["rps", "outputTokensPerSec", "totalTokensPerSec"] as const;
      for (const k of [...rates, "meanInputTokens", "meanOutputTokens", "completed"] as const)
        expect(p[k]).toBe(j[k]);
      for (const m of ["ttftMs", "tpotMs", "ntpotMs", "e2eMs"] as const) {
        for (const st of ["mean", "p50", "p1", "p90", "p99", "min", "max", "std"])
          expect(p[m]![st], `${m}.${st}`).toBeCloseTo(j[m]![st]!, 9);
      }
    });
    // 4 streams: Percentiles cell of Time to First Token, 10th value (p99) = 81.0; Request Latency p99 2.8242 s
    expect(csv.points[1]!.ttftMs!.p99).toBe(81);
    expect(csv.points[1]!.e2eMs!.p99).toBeCloseTo(2824.2, 9);
  });

  test("the CSV's CRLF line ends and quoted JSON cells are handled", () => {
    const text = fixture("guidellm/written_guidellm_v0.7_concurrent_benchmarks.csv");
    expect(text).toContain("\r\n");
    const f = makeInputFile("benchmarks.csv", text);
    expect(guidellmImporters[1]!.detect(f)).toBeGreaterThan(0.9);
  });
});

test("GuideLLM detection does not claim other tools' samples", () => {
  const others = samplesOf(words("vllm|aiperf|sglang|inference-perf|llmperf|locust|other"));
  for (const f of others)
    for (const imp of guidellmImporters) expect(imp.detect(f), `${imp.id} ${f.name}`).toBe(0);
});
