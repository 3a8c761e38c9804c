import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importOk, importErrors } from "../helpers";
import type { Sweep } from "../../../src/engine/base/types";
import { detectFormat, importFiles, makeInputFile } from "../../../src/import/index";

const DIR = "fixtures/sglang/";
const read = (p: string) => readFileSync(p, "utf8");
const sweepsOf = (name: string, text = read(DIR + name)): Sweep[] => importOk([{ name, text }]);
const close = (a: number | null | undefined, b: number) =>
  expect(Math.abs((a ?? NaN) - b) / Math.abs(b)).toBeLessThan(1e-12);

describe("SGLang bench_serving JSONL, 2024 slim record (datacrunch 4× H200, Llama-3.3-70B)", () => {
  const FILE = "datacrunch_h200x4_llama3.3-70b_online_rate_sweep.jsonl";
  const sweeps = sweepsOf(FILE);
  const random = sweeps.find((s) => s.label.includes("random"))!;
  const sharegpt = sweeps.find((s) => s.label.includes("sharegpt"))!;

  it("is detected as sglang and split by workload: 5 random 1024/1024 rates and 2 ShareGPT rates", () => {
    expect(detectFormat(makeInputFile("x", read(DIR + FILE)))?.id).toBe("sglang");
    expect(sweeps).toHaveLength(2);
    expect(random.label).toBe("sglang · model not recorded · random 1024/1024 (range ratio 0)");
    expect(random.points.map((p) => p.requestRate)).toEqual([1, 2, 4, 8, 16]);
    expect(sharegpt.points.map((p) => p.requestRate)).toEqual([4, 8]);
    expect(random.meta).toMatchObject({ engine: "sglang", model: null });
    expect(random.source.format).toBe("sglang");
  });

  it("rate 4: derives rps = completed / duration with a warning, maps the medians (ttft, itl from pooled gaps, *_e2e_latency_ms → e2e), no TPOT", () => {
    const p = random.points[2]!;
    // line 3: "completed": 1200, "duration": 296.8566754250787 → 4.0423547770…
    close(p.rps, 1200 / 296.8566754250787);
    // (615860 input + 607936 output tokens) / 296.8566754250787 s
    close(p.totalTokensPerSec, (615860 + 607936) / 296.8566754250787);
    close(p.meanInputTokens, 615860 / 1200);
    close(p.meanOutputTokens, 607936 / 1200);
    expect(random.warnings).toContain(
      "achieved rps derived as completed / duration (the file has no request_throughput)",
    );
    expect(p).toMatchObject({ outputTokensPerSec: 2047.9108281108272, concurrency: null });
    expect(p.tpotMs).toBeUndefined();
    expect([p.ttftMs, p.itlMs]).toEqual([{ p50: 106.06311704032123 }, { p50: 19.419891061261296 }]);
    expect(p.e2eMs).toEqual({ mean: 12896.330808075727, p50: 12534.854034543969 });
  });
});

describe("SGLang offline runs with bare Infinity", () => {
  const r = importFiles([
    { name: "offline.jsonl", text: read(DIR + "datacrunch_h200x4_llama3.3-70b_offline.jsonl") },
  ]);

  it('reads Infinity as request rate "inf" and makes one sweep per input/output length', () => {
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    // 7 lines: 1024/1024, 1024/512, 4096/2048, 4096/1024 (twice), 256/512, sharegpt → 6 workloads
    expect(r.sweeps).toHaveLength(6);
    const inf = r.sweeps.every((s) => s.points.length === 1 && s.points[0]!.requestRate === "inf");
    expect(inf).toBe(true);
    const s = r.sweeps.find((x) => x.label.includes("random 1024/512"))!;
    expect(s.points[0]!.ttftMs?.p50).toBe(114572.18416058458);
    close(s.points[0]!.rps, 4000 / 294.8187796440907);
    // the two 4096/1024 lines are one load level: repeats, combined as the median (lines 4 and 5:
    // median_ttft_ms 186501.87655747868 and 179526.87287854496), within 10 %: a note, no instability warning
    const dup = r.sweeps.find((x) => x.label.includes("random 4096/1024"))!.points[0]!;
    expect(dup.repeats).toBe(2);
    expect(dup.ttftMs?.p50).toBeCloseTo((186501.87655747868 + 179526.87287854496) / 2, 6);
    const codes = r.warnings.map((w) => w.code);
    expect([codes.includes("repeats"), codes.includes("unstable-repeats")]).toEqual([true, false]);
  });
});

describe("SGLang 405B on 8× H200", () => {
  it("reads the rate-8 random point: p50 TTFT 123.7 s, output 1820.65 tok/s", () => {
    const sweeps = sweepsOf("datacrunch_h200x8_llama3.1-405b_online_rate_sweep.jsonl");
    const random = sweeps.find((s) => s.label.includes("random"))!;
    expect(random.points.map((p) => p.requestRate)).toEqual([1, 2, 4, 8]);
    const p = random.points[3]!;
    expect([p.ttftMs?.p50, p.outputTokensPerSec]).toEqual([123718.62683666404, 1820.6538850305435]);
    close(p.rps, 2400 / 669.4968274980783);
  });
});

describe("SGLang newer lines (keys of bench_serving @0033168f, written inline)", () => {
  // One record as bench_serving writes it; `text` puts back the bare Infinity of request_rate.
  const line: Record<string, unknown> = JSON.parse(`{
    "backend": "sglang-oai", "dataset_name": "random", "request_rate": null, "max_concurrency": 16,
    "sharegpt_output_len": null, "random_input_len": 1000, "random_output_len": 200,
    "random_range_ratio": 1.0, "duration": 40, "completed": 320, "total_input_tokens": 320000,
    "total_output_tokens": 64000, "total_output_tokens_retokenized": 63990,
    "request_throughput": 8, "input_throughput": 8000, "output_throughput": 1600,
    "mean_e2e_latency_ms": 1990, "median_e2e_latency_ms": 1950, "std_e2e_latency_ms": 100,
    "p99_e2e_latency_ms": 2300, "mean_ttft_ms": 60, "median_ttft_ms": 55, "std_ttft_ms": 12,
    "p99_ttft_ms": 110, "mean_tpot_ms": 9.7, "median_tpot_ms": 9.6, "std_tpot_ms": 0.5,
    "p99_tpot_ms": 11.2, "mean_itl_ms": 9.7, "median_itl_ms": 9.1, "std_itl_ms": 3,
    "p95_itl_ms": 14.5, "p99_itl_ms": 25, "concurrency": 15.92, "accept_length": null
  }`);
  const text = (o: object) =>
    JSON.stringify(o).replace('"request_rate":null', '"request_rate":Infinity');

  it('uses max_concurrency as concurrency (not the measured 15.92), drops the "inf" rate, keeps p95 ITL and TPOT', () => {
    const [s] = sweepsOf("new.jsonl", text(line));
    const p = s!.points[0]!;
    expect(p).toMatchObject({ concurrency: 16, requestRate: null, rps: 8 });
    // input_throughput + output_throughput = 8000 + 1600
    expect([p.totalTokensPerSec, p.itlMs?.p95, p.tpotMs?.p99, p.e2eMs?.p99]).toEqual([
      9600, 14.5, 11.2, 2300,
    ]);
    expect(s!.meta.engine).toBe("sglang"); // backend sglang-oai
    expect(s!.label).toBe("sglang · model not recorded · random 1000/200");
  });

  it("takes the measured concurrency only when neither max_concurrency nor request_rate is recorded, with a warning", () => {
    const { request_rate: _r, max_concurrency: _m, ...bare } = line;
    const [s] = sweepsOf("bare.jsonl", JSON.stringify(bare));
    expect(s!.points[0]!.concurrency).toBe(15.92);
    expect(s!.warnings.some((w) => w.includes("measured average"))).toBe(true);
  });

  it("fills p90 TTFT from --output-details arrays (seconds) and keeps the tool's p99", () => {
    const ttfts = [0.05, 0.06, 0.07, 0.11];
    const itls = [[0.01, 0.02], [0.01], [0.03], [0.01]];
    const lens = { input_lens: [1000, 1000, 1000, 1000], output_lens: [3, 2, 2, 2] };
    const details = { ttfts, itls, ...lens, errors: ["", "", "", ""] };
    const withArrays = { ...line, completed: 4, p99_ttft_ms: 110, ...details };
    const p = sweepsOf("details.jsonl", text(withArrays))[0]!.points[0]!;
    expect(p.ttftMs?.p99).toBe(110);
    // sorted ttfts ms 50, 60, 70, 110; p90: h = 3 × 0.9 = 2.7 → 70 + 0.7 × 40 = 98
    close(p.ttftMs?.p90, 98);
    // itl gaps ms 10, 20, 10, 30, 10 → max 30
    close(p.itlMs?.max, 30);
  });

  it("rejects a line with zero output throughput, naming line and key, and one without latency keys", () => {
    const t = [text(line), text({ ...line, max_concurrency: 32, output_throughput: 0 })].join("\n");
    expect(importErrors([{ name: "bad.jsonl", text: t }])).toMatchObject([
      { file: "bad.jsonl", line: 2, key: "output_throughput", code: "bad-throughput" },
    ]);
    const noLatency = { backend: "sglang", dataset_name: "random", random_input_len: 1 };
    const bare = JSON.stringify({ ...noLatency, completed: 5, duration: 1, output_throughput: 5 });
    const [e] = importErrors([{ name: "x.jsonl", text: bare }]);
    expect(e).toMatchObject({ code: "missing-key", line: 1 });
  });
});
