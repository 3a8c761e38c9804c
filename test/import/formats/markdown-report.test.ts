import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importErrors, importOk } from "../helpers";
import { readReportCell } from "../../../src/import/formats/markdown-report";

const load = (file: string) => importOk([{ name: file, text: readFileSync(file, "utf8") }]);

describe("Markdown report tables", () => {
  it("reads cells with units and absent markers", () => {
    expect(readReportCell("2.4 s", null)).toBeCloseTo(2400, 9);
    expect(readReportCell("320 ms", null)).toBe(320);
    expect(readReportCell("320 ms", "s")).toBeCloseTo(0.32, 12);
    expect(readReportCell("1,113.6", undefined)).toBe(1113.6);
    expect(readReportCell("**45**", null)).toBe(45);
    expect(readReportCell("...", null)).toBeNull();
    expect(readReportCell("—", null)).toBeNull();
    expect(readReportCell("-", null)).toBeNull();
  });

  it("imports every table of the Chinese report, labelled by its heading", () => {
    const sweeps = load("fixtures/seed/report-zh.md");
    expect(sweeps.map((s) => s.source.format)).toEqual(["markdown-report", "markdown-report"]);
    expect(sweeps.map((s) => s.label)).toEqual(["结果表（并发扫描）", "结果表（FP16 基线）"]);
    const [awq, fp16] = sweeps;
    expect(awq!.points.map((p) => p.concurrency)).toEqual([1, 8, 32, 64]);
    // | 32 | 8.7 | 1,113.6 | 210 | 820 | 45 | 80 |
    const sources = [{ file: "fixtures/seed/report-zh.md", line: 12 }];
    const stats = { ttftMs: { p50: 210, p99: 820 }, itlMs: { p95: 45, p99: 80 }, sources };
    const row = { concurrency: 32, requestRate: null, rps: 8.7, outputTokensPerSec: 1113.6 };
    expect(awq!.points[2]).toEqual({ ...row, ...stats });
    // | 64 | 11.0 | 1408 | 690 | 2.4 s | 66 | ... |: 2.4 s → 2400 ms, "..." absent
    const p64 = awq!.points[3]!;
    expect([p64.ttftMs, p64.itlMs]).toEqual([{ p50: 690, p99: 2400 }, { p95: 66 }]);
    expect(fp16!.points[1]!.ttftMs!.p99).toBeCloseTo(1100, 9);
    // - 硬件：H100 SXM × 1，TP1 ; - 日期 / 环境 / 引擎版本 / 模型与量化方式：2024-06-01 / … / vLLM 0.5.4 / Qwen2-7B-Instruct AWQ
    expect(awq!.meta).toMatchObject({ gpu: "H100 SXM", gpuCount: 1, date: "2024-06-01" });
    expect(awq!.meta).toMatchObject({ engine: "vLLM 0.5.4", model: "Qwen2-7B-Instruct AWQ" });
    expect(awq!.warnings).toEqual([]);
  });

  it("imports the English report with TPOT columns and skips other tables", () => {
    const [s, ...rest] = load("fixtures/seed/report-en.md");
    expect([rest.length, s!.label]).toEqual([0, "Results (concurrency sweep)"]);
    // | 64 | 12.1 | 3097.6 | 0.9 s | 1.8 s | 95 | - |
    const sources = [{ file: "fixtures/seed/report-en.md", line: 20 }];
    const stats = { ttftMs: { p50: 900, p99: 1800 }, tpotMs: { p95: 95 }, sources };
    const row = { concurrency: 64, requestRate: null, rps: 12.1, outputTokensPerSec: 3097.6 };
    expect(s!.points[2]).toEqual({ ...row, ...stats });
    expect(s!.points[0]!.ttftMs).toEqual({ p50: 120, p99: 180 }); // "120 ms", "180 ms"
    expect(s!.meta).toMatchObject({
      gpu: "H100 SXM",
      gpuCount: 4,
      date: "2024-07-15",
      engine: "vLLM 0.6.1",
    });
    expect(s!.meta.model).toBe("meta-llama/Llama-3.1-70B-Instruct FP8");
    expect(s!.warnings.join("\n")).toContain("1 other table(s)");
  });

  it("names file, line and column of a bad report cell", () => {
    const text = "| 并发 | RPS | P99 TTFT |\n|---|---|---|\n| 1 | 0.5 | 50 |\n| 8 | fast | 90 |\n";
    const [e] = importErrors([{ name: "r.md", text }]);
    expect(e).toMatchObject({ file: "r.md", line: 4, column: "RPS", code: "not-a-number" });
  });
});
