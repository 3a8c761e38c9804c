import { readFileSync, readdirSync } from "node:fs";
import { samplesOf, importOk } from "../helpers";
import { describe, expect, test } from "vitest";
import { importFiles, makeInputFile } from "../../../src/import/index";
import { inferencePerfLifecycle } from "../../../src/import/formats/inference-perf";

const DIR = "fixtures/inference-perf";
const read = (f: string) => readFileSync(`${DIR}/${f}`, "utf8");
const folder = () =>
  readdirSync(DIR)
    .filter((f) => f.endsWith(".json"))
    .map((f) => ({ name: `results/${f}`, text: read(f), optional: true }));
const STAGE3 = "kubecon25_vllm_batch_size_h100_stage_3_lifecycle_metrics.json";

describe("inference-perf lifecycle reports", () => {
  test("a folder of 7 stages plus summary and Prometheus reports imports as one sweep of 7 points sorted by requested rate", () => {
    const r = importFiles(folder());
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.sweeps).toHaveLength(1);
    const s = r.sweeps[0]!;
    expect(s.source.format).toBe("inference-perf");
    // requested_rate of stage_0 … stage_6 (load_summary.requested_rate)
    const rates = [1.0, 37.97, 74.94, 111.92, 148.89, 185.86, 222.83];
    expect(s.points.map((p) => p.requestRate)).toEqual(rates);
    expect(s.points.every((p) => p.concurrency === null)).toBe(true);
    // the summary and the prometheus report are skipped with a note, not merged as load levels
    const skipped = r.warnings.filter((w) => w.code === "skipped").map((w) => w.file);
    const has = (part: string) => skipped.some((f) => f.includes(part));
    expect([has("summary_lifecycle"), has("prometheus")]).toEqual([true, true]);
  });

  test("stage 3 values are the file's seconds converted to ms, each metric under its definition", () => {
    const sweeps = importOk(folder());
    const p = sweeps[0]!.points[3]!;
    expect(p.requestRate).toBe(111.92);
    // successes.latency.time_to_first_token.p99 = 0.39746013901662075 s
    expect(p.ttftMs!.p99).toBeCloseTo(397.46013901662075, 9);
    // time_to_first_token.median = 0.10548265289980918 s → p50
    expect(p.ttftMs!.p50).toBeCloseTo(105.48265289980918, 9);
    // time_per_output_token.median 0.01262659922444312 s → tpot
    expect(p.tpotMs!.p50).toBeCloseTo(12.62659922444312, 9);
    // normalized_time_per_output_token.median 0.027269091553842793 s → ntpot
    expect(p.ntpotMs!.p50).toBeCloseTo(27.269091553842793, 9);
    // inter_token_latency.median 4.83350595459342e-05 s → itl (chunked: near zero)
    expect(p.itlMs!.p50).toBeCloseTo(0.0483350595459342, 9);
    // request_latency.p99.9 2.105329943839694 s → e2e
    expect(p.e2eMs!["p99.9"]).toBeCloseTo(2105.329943839694, 9);
    expect(p).toMatchObject({ rps: 110.75951840525863, outputTokensPerSec: 6955.730744537778 });
    expect(p).toMatchObject({ totalTokensPerSec: 29210.42717595459, completed: 6715, failed: 0 });
    expect(p).toMatchObject({
      meanOutputTokens: 62.80029784065525,
      meanInputTokens: 200.92807148175726,
    });
  });

  test("a near-zero ITL median next to the TPOT median produces a chunked-delivery warning", () => {
    const sweeps = importOk([{ name: STAGE3, text: read(STAGE3) }]);
    const w = sweeps[0]!.warnings;
    expect(w.some((x) => /inter_token_latency/.test(x) && /tpot/.test(x))).toBe(true);
  });

  test("the summary report given alone yields no sweep and a note that says to import the stage files", () => {
    const f = "kubecon25_vllm_batch_size_h100_summary_lifecycle_metrics.json";
    const res = inferencePerfLifecycle.parse(makeInputFile(f, read(f)), {});
    if (!res.ok) throw new Error(JSON.stringify(res.errors));
    expect(res.value.sweeps).toEqual([]);
    expect(res.value.warnings[0]!.message).toMatch(
      /aggregates all stages.*stage_<n>_lifecycle_metrics\.json/,
    );
  });

  test("a stage with no requested rate but a load_summary.concurrency is a closed-loop point", () => {
    const v = JSON.parse(read(STAGE3)) as { load_summary: Record<string, unknown> };
    delete v.load_summary.requested_rate;
    v.load_summary.concurrency = 64;
    const sweeps = importOk([{ name: "stage_3_lifecycle_metrics.json", text: JSON.stringify(v) }]);
    expect(sweeps[0]!.points[0]).toMatchObject({ concurrency: 64, requestRate: null });
  });

  test("detection does not claim other tools' samples", () => {
    const others = samplesOf(["vllm", "aiperf", "sglang", "llmperf", "guidellm"]);
    expect(others.length).toBeGreaterThan(5);
    for (const f of others) expect(inferencePerfLifecycle.detect(f), f.name).toBe(0);
  });
});
