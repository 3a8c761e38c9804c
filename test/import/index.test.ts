import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importOk, words } from "./helpers";

const ok = importOk;
const read = (path: string) => readFileSync(path, "utf8");

describe("each imported point records where it was read (docs/lineage.md)", () => {
  it("a CSV row's point carries its file and 1-based line; repeated rows of one level keep both lines", () => {
    const text = "concurrency,rps,ttft_p99_ms\n1,2,50\n\n4,7,80\n4,7.2,82\n";
    const [s] = ok([{ name: "runs/sweep.csv", text }]);
    const at = (...lines: number[]) => lines.map((line) => ({ file: "runs/sweep.csv", line }));
    expect(s!.points.map((p) => p.sources)).toEqual([at(2), at(4, 5)]);
    expect(s!.points[1]!.repeats).toBe(2);
  });

  it("a one-line result (one vLLM JSON per level) names its file and line 1; repeats in two files keep both files", () => {
    const run = { date: "20250101-000000", backend: "vllm", model_id: "m", max_concurrency: 8 };
    const rates = { request_rate: "inf", completed: 10, request_throughput: 2 };
    const tokens = { output_throughput: 100, total_token_throughput: 300 };
    const rec = (ttft: number) =>
      JSON.stringify({ ...run, ...rates, ...tokens, mean_ttft_ms: ttft, p99_ttft_ms: ttft * 2 });
    const sweeps = ok([40, 44].map((t, i) => ({ name: `d/run${i}/vllm-c8.json`, text: rec(t) })));
    expect(sweeps).toHaveLength(1);
    // A one-line JSON result is its line 1.
    const files = words("d/run0/vllm-c8.json|d/run1/vllm-c8.json");
    const sources = files.map((file) => ({ file, line: 1 }));
    expect(sweeps[0]!.points[0]!.sources).toEqual(sources);
  });

  it("the CSV and JSON exports of one GenAI-Perf run merged into one point keep both files", () => {
    const dir = "fixtures/genai-perf/sweep-l40s/artifacts";
    const inputs = readdirSync(dir).flatMap((d) =>
      readdirSync(join(dir, d)).map((f) => ({
        name: `${dir}/${d}/${f}`,
        text: read(join(dir, d, f)),
      })),
    );
    const sweeps = ok(inputs);
    for (const p of sweeps.flatMap((s) => s.points)) {
      expect(p.sources!.length).toBeGreaterThan(0);
      for (const src of p.sources!)
        expect(src.file).toMatch(new RegExp(`concurrency${p.concurrency}/`));
    }
  });
});
