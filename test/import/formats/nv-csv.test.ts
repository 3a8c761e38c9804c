/** src/import/formats/nv-csv.ts: the statistics CSV of GenAI-Perf and AIPerf. */
import { describe, expect, it } from "vitest";
import { importErrors, fixture, fixtureFile } from "../helpers";
import { makeInputFile } from "../../../src/import/index";
import { genaiPerfImporter } from "../../../src/import/formats/genai-perf";

const AIPERF_C64 = "aiperf/akamas_rtxpro4500_qwen3-4b_concurrency_64_profile_export_aiperf";
const SWEEP =
  "genai-perf/sweep-l40s/artifacts/meta-llama_Llama-3.1-8B-Instruct-openai-chat-concurrency";
const G2502 =
  "genai-perf/gen-2025-02/artifacts/meta-llama_Llama-3.1-70B-Instruct-openai-chat-concurrency32/profile_export_genai_perf";

describe("parseNvCsv", () => {
  it("reads quoted thousands and leaves N/A cells out instead of writing 0", () => {
    const csv = fixtureFile(`${G2502}.csv`);
    const r = genaiPerfImporter.parse(csv, {});
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const p = r.value.sweeps[0]!.points[0]!;
    // `Input Sequence Length (tokens),"2,000.03",…`, `Request Count (count),"1,280.00"`, `"1,230.30"`
    expect(p).toMatchObject({ meanInputTokens: 2000.03, completed: 1280, ttftMs: { max: 1230.3 } });
    // Put N/A into the TTFT p99 cell (838.86): the statistic disappears, it does not become 0.
    const text = fixture(`${G2502}.csv`).replace("838.86", "N/A");
    const r2 = genaiPerfImporter.parse(makeInputFile(csv.name, text), {});
    if (!r2.ok) throw new Error("parse failed");
    const t = r2.value.sweeps[0]!.points[0]!.ttftMs!;
    expect(["p99" in t, t.p95]).toEqual([false, 657.42]);
  });

  it("reports a cell that is not a number with its line and column", () => {
    const text = fixture(`${SWEEP}4/profile_export_genai_perf.csv`).replace("22.27", "22.2x");
    const errors = importErrors([{ name: "c4.csv", text }]);
    // line 5 is Inter Token Latency; 22.27 is its p50
    expect(errors[0]).toMatchObject({ file: "c4.csv", line: 5, column: "p50", code: "bad-number" });
  });

  it("refuses a CSV whose TTFT row is missing, naming the line and the metric", () => {
    const text = fixture(`${AIPERF_C64}.csv`)
      .split("\r\n")
      .filter((l) => !l.startsWith("Time to First Token"))
      .join("\r\n");
    const errors = importErrors([{ name: "bad.csv", text }]);
    expect(errors[0]).toMatchObject({ file: "bad.csv", line: 1, code: "missing-metric" });
    expect(errors[0]!.message).toContain("Time to First Token (ms)");
  });

  it("refuses a streaming CSV without its TTFT row, naming file, line and metric", () => {
    const name = "genai-perf/malformed/missing-ttft_profile_export_genai_perf.csv";
    const errors = importErrors([{ name, text: fixture(name) }]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: name, line: 1 });
    expect(errors[0]!.message).toContain("Time To First Token (ms)");
  });
});
