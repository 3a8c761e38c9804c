import { describe, expect, it } from "vitest";
import { importOk, importErrors, fixture, fixtureFile, foreignSamples } from "../helpers";
import { importFiles } from "../../../src/import/index";
import { trtllmBenchImporter } from "../../../src/import/formats/trtllm-bench";

const REPORT = "trtllm-bench/h100x2_llama-3.1-70b-fp8_throughput_report.json";
const OLD = "trtllm-bench/h100x1_llama-3.1-8b-fp8_offline_report_no-p90.json";

describe("trtllm-bench importer", () => {
  it("reads a streaming report: TTFT, TPOT, latency percentiles, throughput and GPUs", () => {
    const sweeps = importOk([{ name: REPORT, text: fixture(REPORT) }]);
    const s = sweeps[0]!;
    expect(s.source.format).toBe("trtllm-bench");
    expect(s.meta).toMatchObject({ model: "meta-llama/Llama-3.1-70B-Instruct", gpuCount: 2 });
    expect(s.meta).toMatchObject({ engine: "tensorrt-llm", toolVersion: "0.21.0" });
    expect(s.meta.gpu).toBe("NVIDIA H100 80GB HBM3");
    const p = s.points[0]!;
    // measured average concurrency, with a warning that says so
    expect(p.concurrency).toBe(63.42);
    expect(s.warnings.some((w) => w.includes("measured average"))).toBe(true);
    const ttft = { mean: 312.4, p50: 268.3, p90: 498.7, p95: 612.9 };
    expect(p.ttftMs).toEqual({ ...ttft, p99: 1044.6, min: 88.1, max: 1610.2 });
    // tpot_percentiles → tpot
    expect([p.tpotMs!.p50, p.e2eMs!.min, p.meanOutputTokens]).toEqual([20.71, 9530.3, 512]);
    expect(p.itlMs).toBeUndefined();
    expect(p).toMatchObject({ rps: 5.7987, outputTokensPerSec: 2968.9, totalTokensPerSec: 8906.8 });
    // 1000 requests / 172.4532 s = 5.7987 req/s; × 512 output tokens = 2968.9 tok/s
    expect(1000 / 172.4532).toBeCloseTo(p.rps!, 4);
  });

  it("prefers a configured concurrency over the measured average", () => {
    const r = trtllmBenchImporter.parse(fixtureFile(REPORT), { concurrency: 64 });
    if (!r.ok) throw new Error("parse failed");
    expect(r.value.sweeps[0]!.points[0]!.concurrency).toBe(64);
    expect(r.value.sweeps[0]!.warnings.some((w) => w.includes("measured average"))).toBe(false);
    const viaPath = importFiles([{ name: "concurrency128/report.json", text: fixture(REPORT) }]);
    if (!viaPath.ok) throw new Error("import failed");
    expect(viaPath.sweeps[0]!.points[0]!.concurrency).toBe(128);
  });

  it("reads an older non-streaming report without p90 or machine", () => {
    const r = trtllmBenchImporter.parse(fixtureFile(OLD), {});
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const s = r.value.sweeps[0]!;
    const p = s.points[0]!;
    expect(s.meta).toMatchObject({ gpuCount: 1, gpu: null });
    const e2e = { mean: 24530.2, p50: 24811.4, p95: 38990.2 };
    expect(p.e2eMs).toEqual({ ...e2e, p99: 40512.3, min: 4410.8, max: 41020.6 });
    expect(p.ttftMs).toBeUndefined();
    expect(s.warnings.some((w) => w.includes("not a streaming run"))).toBe(true);
  });

  it("names the key path of a string where a number belongs", () => {
    const name = "trtllm-bench/malformed/string-number_report.json";
    const errors = importErrors([{ name, text: fixture(name) }]);
    const key = "performance.request_throughput_req_s";
    expect(errors[0]).toMatchObject({ file: name, key, code: "bad-number" });
  });

  it("does not claim other tools' files", () => {
    for (const f of foreignSamples())
      expect([f.name, trtllmBenchImporter.detect(f)]).toEqual([f.name, 0]);
  });
});
