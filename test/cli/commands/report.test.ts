/**
 * src/cli/commands/report.ts: `capplan report` (docs/report.md) writes the benchmark report in
 * English or Chinese, and its tables import back to the same points.
 */
import { describe, expect, it } from "vitest";
import { importFiles } from "../../../src/import/index";
import { run } from "../helpers";

const MULTI = "models/examples/multi-sku.json";

describe("capplan report (docs/report.md)", () => {
  it("renders the report in English with the sweep tables, conclusions and next steps", async () => {
    const r = await run("report", MULTI);
    expect(r.code).toBe(0);
    expect(r.out).toContain("## Inference benchmark report");
    expect(r.out).toContain(
      "| Concurrency | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL |",
    );
    expect(r.out).toContain("| 16 | 8.31 | 1662.1 | 47.9 | 161.2 | 22.2 | 27.5 |");
    expect(r.out).toContain("### Conclusions");
    expect(r.out).toMatch(/H100 SXM ×1: concurrency 16, 8\.31 RPS, 1,662 tokens\/s/);
    expect(r.out).toContain("Next steps");
  });

  it("renders it in Chinese, and its tables re-import to the same points", async () => {
    const r = await run("report", MULTI, "--lang", "zh");
    expect(r.code).toBe(0);
    expect(r.out).toContain("## 推理基准报告");
    expect(r.out).toContain("| 并发 | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL |");
    expect(r.out).toContain("### 结论");
    const back = importFiles([{ name: "report-zh.md", text: r.out }]);
    if (!back.ok) throw new Error(JSON.stringify(back.errors));
    const h100 = back.sweeps.find((s) => s.points.some((p) => p.outputTokensPerSec === 1662.1))!;
    expect(h100.points.map((p) => p.concurrency)).toEqual([1, 4, 16, 64]);
    expect(h100.points[3]!.ttftMs!.p99).toBe(7348.9);
  });
});
