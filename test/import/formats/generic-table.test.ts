/**
 * src/import/formats/generic-table.ts: a table of one row per load level (CSV, TSV, JSON records)
 * read cell by cell: units, shares, decimal commas, repeats, sweeps split by a column, bad cells.
 */
import { describe, expect, it } from "vitest";
import { importErrors, fixture, importOk, importOne } from "../helpers";
import { formatIssue, importFiles } from "../../../src/import/index";

const fx = (name: string) => ({
  name: `fixtures/generic/${name}`,
  text: fixture(`generic/${name}`),
});
const one = (name: string) => importOne(`generic/${name}`, `fixtures/generic/${name}`);

describe("importAggregate", () => {
  it("labels two sweeps of one file (an engine column) by what tells them apart", () => {
    const text =
      "engine,gpu,concurrency,P99 TTFT (ms),output tok/s\nvllm,H100,1,50,100\nsglang,H100,1,45,110\n";
    const r = importFiles([{ name: "bench.csv", text }]);
    expect(r.ok && r.sweeps.map((s) => s.label)).toEqual(["bench · vllm", "bench · sglang"]);
  });

  it.each([
    ["Failed %", "2.5", 2.5],
    ["error rate", "0.025", 2.5],
    ["失败率 %", "0", 0],
  ])("reads a failed share column %s = %s as %s percent", (header, cell, pct) => {
    const text = `concurrency,P99 TTFT (ms),${header}\n8,120,${cell}\n`;
    const [s] = importOk([{ name: "s.csv", text }]);
    expect(s!.points[0]!.failedPct).toBeCloseTo(pct, 12);
  });

  it.each([
    ["error rate", "2.5", 'must be a fraction from 0 to 1, found "2.5"'],
    ["Failed %", "150", 'must be a percentage from 0 to 100, found "150"'],
  ])("refuses a share out of range (%s = %s), naming line and column", (header, cell, msg) => {
    const text = `concurrency,P99 TTFT (ms),${header}\n8,120,${cell}\n`;
    const errors = importErrors([{ name: "s.csv", text }]).map(formatIssue);
    expect(errors.join("\n")).toContain(`s.csv:2 column "${header}": ${msg}`);
  });

  it("reads a semicolon file with decimal commas and seconds", () => {
    const s = one("sweep-semicolon-decimal-comma.csv");
    // "32;8,71;1.114,9;0,820;44,6;5,02": 1.114,9 → 1114.9 tok/s; 0,820 s → 820 ms; 5,02 s → 5020 ms
    const p = s.points[2]!;
    expect(p).toMatchObject({ rps: 8.71, outputTokensPerSec: 1114.9 });
    expect(p.ttftMs!.p99).toBeCloseTo(820, 9);
    expect(p.e2eMs!.p50).toBeCloseTo(5020, 9);
    expect(p.itlMs!.p95).toBe(44.6);
  });

  it("converts Chinese headers with 秒 to ms", () => {
    const s = one("chinese-headers.csv");
    // "首 token 延迟 P99(秒)" = 2.412 at 并发数 64 → 2412 ms; "token 间延迟 P95(毫秒)" = 66.0 stays ms
    const p = s.points.find((x) => x.concurrency === 64)!;
    expect(p.ttftMs!.p99).toBeCloseTo(2412, 9);
    expect(p.ttftMs!.p50).toBeCloseTo(690, 9);
    expect(p.e2eMs!.p99).toBeCloseTo(7810, 9);
    expect(p).toMatchObject({ rps: 11.02, meanInputTokens: 512, meanOutputTokens: 128 });
    expect(p.itlMs!.p95).toBe(66);
  });

  it("reads quoted thousands separators and leaves N/A and NaN absent", () => {
    const s = one("quoted-thousands-na.csv");
    const [p16, p32, p64] = s.points;
    // "5,574.4" and "1,114.9" at 32; N/A ITL at 16, NaN TTFT at 64
    expect(p32).toMatchObject({ totalTokensPerSec: 5574.4, outputTokensPerSec: 1114.9 });
    expect([p16!.itlMs, p64!.ttftMs, p64!.itlMs]).toEqual([undefined, undefined, { p95: 66 }]);
    expect(s.warnings.join("\n")).toContain('"Notes"');
  });

  it("converts _s columns and warns about a latency column without a unit", () => {
    const s = one("seconds-units.csv");
    // ttft_p99_s 0.132 → 132 ms; e2e_p50_s 3.36 → 3360 ms; "latency p99" 3520 assumed ms
    expect(s.points[1]!.ttftMs!.p99).toBeCloseTo(132, 9);
    expect(s.points[1]!.e2eMs).toEqual({ p50: 3360, p99: 3520 });
    expect(s.warnings).toContain('unit of column "latency p99" not stated: assumed ms');
  });

  it("treats a load level met twice as repeats: the median of the rows, repeats 2, a note (contract v2: repeats are not replacements)", () => {
    const s = one("duplicate-level.csv");
    // rps 3.05 and 3.10 → 3.075; P99 TTFT 131.8 and 128.0 → 129.9 (within 10 %: no instability warning)
    const rows = s.points.map((p) => `${p.concurrency} ${p.rps} ${p.repeats}`);
    expect(rows).toEqual(["4 1.61 undefined", "8 3.075 2"]);
    expect(s.points[1]!.ttftMs!.p99).toBeCloseTo(129.9, 12);
    expect(s.warnings.join("\n")).toContain(
      "concurrency 8 was measured 2 times (in fixtures/generic/duplicate-level.csv)",
    );
    expect(s.warnings.join("\n")).not.toContain("differ by more than 10 %");
  });

  it("fails naming file, line, column and text for a non-numeric cell", () => {
    const errors = importErrors([fx("bad-cell.csv")]);
    const at = { file: "fixtures/generic/bad-cell.csv", line: 3, column: "P99 TTFT (ms)" };
    const problem = { code: "table.numberFound", severity: "error", params: { value: '"fast"' } };
    const message = 'expected a number, found "fast"';
    expect(errors).toEqual([{ ...at, code: "not-a-number", message, problem }]);
  });

  it("rejects a zero rps naming file, line and column", () => {
    const [e] = importErrors([fx("zero-rps.csv")]);
    const at = { file: "fixtures/generic/zero-rps.csv", line: 3, column: "rps" };
    expect(e).toMatchObject({ ...at, code: "bad-value" });
  });

  it("splits rows into sweeps by a gpu column", () => {
    const text =
      "gpu,concurrency,RPS,P99 TTFT (ms)\nH100,1,0.5,50\nH100,8,3.9,120\nL40S,1,0.3,80\nL40S,8,2.1,300\n";
    const sweeps = importOk([{ name: "two.csv", text }]);
    const rps = sweeps.map((s) => `${s.meta.gpu}: ${s.points.map((p) => p.rps).join(" ")}`);
    expect(rps).toEqual(["H100: 0.5 3.9", "L40S: 0.3 2.1"]);
  });
});
