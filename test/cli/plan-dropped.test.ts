/**
 * A plan whose sweep is a folder with a corrupt result file: `capplan plan` used to drop that
 * load level without a word. It now warns, naming the file and the level the sweep lacks
 * (docs/trust.md "Dropped files of an imported folder"), in English and Chinese.
 */
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "./helpers";

function folderPlan(): { plan: string; broken: string } {
  const dir = mkdtempSync(join(tmpdir(), "capplan-dropped-"));
  const src = "fixtures/vllm/concurrency-sweep-h100";
  mkdirSync(join(dir, "run"));
  const names = readdirSync(src).filter((f) => f.endsWith(".json"));
  const broken = names.find((f) => f.includes("concurrency16-"))!;
  for (const f of names) {
    if (f === broken)
      writeFileSync(join(dir, "run", f), readFileSync(join(src, f), "utf8").slice(0, 300));
    else copyFileSync(join(src, f), join(dir, "run", f));
  }
  const plan = {
    format: "capplan.plan/v1",
    workloads: [{ name: "chat", peakRps: 5, inputTokens: 1000, outputTokens: 200 }],
    slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
    skus: [{ name: "A", gpusPerReplica: 1, pricePerGpuHour: 2, sweep: { file: "run" } }],
  };
  writeFileSync(join(dir, "p.json"), JSON.stringify(plan));
  return { plan: join(dir, "p.json"), broken };
}

describe("capplan plan over a folder with a corrupt file", () => {
  it("warns that the sweep lacks the file's load level, naming the file, line and column", async () => {
    const { plan, broken } = folderPlan();
    const r = await run("plan", plan, "--json");
    expect(r.code).toBe(0);
    expect(r.errLines).toEqual([
      `warning: run/${broken}:1:301 could not be imported (invalid JSON: Unexpected end of JSON input): this sweep lacks its load level (concurrency 16, by its path)`,
    ]);
    // The three other levels are used: 1, 4 and 64.
    const sweep = JSON.parse(r.out).skus[0].workloads[0].sweep;
    expect(sweep.points).toBe(3);
    expect(sweep.source.files.map((f: string) => /concurrency(\d+)-/.exec(f)![1])).toEqual([
      "1",
      "4",
      "64",
    ]);
    const zh = await run("plan", plan, "--lang", "zh");
    expect(zh.errLines).toEqual([
      `warning: run/${broken}:1:301 无法导入（JSON 无效：JSON 意外结束）：该扫描缺少这个负载档位（按路径为并发 16）`,
    ]);
  });
});
