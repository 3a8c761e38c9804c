import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "./helpers";

/** A plan whose only SKU fails P99 TTFT ≤ 1000 ms already at concurrency 1 (1500 ms: 500 ms, 50 % over). */
function infeasiblePlan(): string {
  const dir = mkdtempSync(join(tmpdir(), "capplan-zh-"));
  const p = join(dir, "plan.json");
  writeFileSync(
    p,
    JSON.stringify({
      format: "capplan.plan/v1",
      title: "too slow",
      workloads: [{ name: "chat", peakRps: 1, inputTokens: 100, outputTokens: 100 }],
      slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
      skus: [
        {
          name: "T4",
          gpusPerReplica: 1,
          pricePerGpuHour: 1,
          sweep: { points: [{ concurrency: 1, outputTokensPerSec: 50, ttftMs: { p99: 1500 } }] },
        },
      ],
    }),
  );
  return p;
}

// Engine and importer messages follow --lang (issue #5); the English output is unchanged.
describe("capplan --lang zh translates engine and importer messages", () => {
  it("plan lists its warnings in Chinese, keeping SKU names and numbers", async () => {
    const zh = await run("plan", "models/examples/multi-sku.json", "--lang", "zh");
    expect(zh.out).toContain("  L40S ×1：SLO P95 ITL 改用 TPOT 判断：该扫描没有 ITL");
    expect(zh.out).toContain(
      "  H200 ×1 (estimate)：chat 的容量为给定值（2,381.5 tok/s），因此未用扫描数据检查 SLO",
    );
    const en = await run("plan", "models/examples/multi-sku.json");
    expect(en.out).toContain("  L40S ×1: SLO P95 ITL evaluated on TPOT: the sweep has no ITL");
  });

  it("plan prints plan-file validation errors in Chinese on stderr", async () => {
    const r = await run("plan", "fixtures/malformed/bad-plan-shape.json", "--lang", "zh");
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      'fixtures/malformed/bad-plan-shape.json: workloads: 应为负载数组，实际为 "chat"',
    );
    expect(r.err).toContain(
      "fixtures/malformed/bad-plan-shape.json: skus: 应为 SKU 数组，实际为对象",
    );
  });

  it("import prints its errors and warnings in Chinese after the file location", async () => {
    const bad = await run("import", "fixtures/malformed/empty.csv", "--lang", "zh");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("fixtures/malformed/empty.csv:1: 文件为空");
    const dup = await run(
      "import",
      "fixtures/malformed/duplicate-levels.csv",
      "--json",
      "--lang",
      "zh",
    );
    expect(dup.code).toBe(0);
    expect(dup.err).toContain(
      "并发 8 测了 2 次（fixtures/malformed/duplicate-levels.csv）：视为重复运行，该点取每个统计量的中位数",
    );
    const md = await run("import", "fixtures/malformed/duplicate-levels.csv", "--lang", "zh");
    expect(md.out).toContain(
      "警告：\n- 并发 8 测了 2 次（fixtures/malformed/duplicate-levels.csv）：视为重复运行，该点取每个统计量的中位数",
    );
  });

  it("report and plan give the reason of an infeasible SKU in Chinese", async () => {
    const plan = infeasiblePlan();
    const r = await run("report", plan, "--lang", "zh");
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      "T4：在所有测得的负载下都不满足 SLO（P99 TTFT ≤ 1000 ms 在最低负载（1）下就不满足：1,500 ms，超出 500 ms（50 %））",
    );
    const p = await run("plan", plan, "--lang", "zh");
    expect(p.out).toMatch(
      /原因\s+P99 TTFT ≤ 1000 ms 在最低负载（1）下就不满足：1,500 ms，超出 500 ms（50 %）/,
    );
    expect(p.out).toContain(
      "  T4：不可行：最低负载（并发 1）下 P99 TTFT 为 1,500 ms，超出 1,000 ms 上限 500 ms（50 %）",
    );
    const en = await run("report", plan);
    expect(en.out).toContain(
      "T4: does not meet the SLOs at any measured load (P99 TTFT ≤ 1000 ms fails already at the lowest load (1): 1,500 ms, 500 ms (50 %) over)",
    );
  });
});
