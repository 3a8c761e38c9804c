/** `capplan compare` in-process (docs/cli.md): exit 0 / 1 / 2, the delta table and the JSON result. */
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { run, tmpDir, writeTmp } from "../helpers";

const HEADER =
  "concurrency,rps,output_tokens_per_sec,p50_ttft_ms,p99_ttft_ms,p95_itl_ms,p99_itl_ms";
let dir = "";
let base = "";
let cand = "";
let same = "";

beforeAll(() => {
  dir = tmpDir("capplan-compare-");
  const b = `${HEADER}\n1,1.20,120,50,80,10,12\n8,12.3,1000,100,200,20,30\n`;
  base = writeTmp(b, "base.csv", dir);
  same = writeTmp(b, "same.csv", dir);
  // concurrency 8: rps 12.3 → 11.0 (−10.57 %), P99 TTFT 200 → 230 (+15 %); concurrency 64 only here
  const c = `${HEADER}\n8,11.0,1020,104,230,20,31.5\n64,20,2000,300,900,40,60\n`;
  cand = writeTmp(c, "cand.csv", dir);
  mkdirSync(join(dir, "two"));
  copyFileSync("fixtures/malformed/bom-crlf.csv", join(dir, "two", "a.csv"));
  copyFileSync(
    "fixtures/inference-perf/kubecon25_vllm_batch_size_h100_stage_0_lifecycle_metrics.json",
    join(dir, "two", "b.json"),
  );
});

describe("capplan compare", () => {
  it("exits 1 on a regression and prints the delta table and a summary", async () => {
    const r = await run("compare", base, cand);
    expect([r.code, r.err]).toEqual([1, ""]);
    for (const line of [
      "| Concurrency | RPS | tokens/s | P50 TTFT | P99 TTFT | P95 ITL | P99 ITL | Result |",
      "| 8 | 12.30 → 11.00 (\u221210.6 %) ▲ | 1000 → 1020 (+2.0 %) | 100.0 → 104.0 (+4.0 %) | 200.0 → 230.0 (+15.0 %) ▲ | 20.0 → 20.0 (0.0 %) | 30.0 → 31.5 (+5.0 %) | ▲ regression |",
      "- concurrency 1 (only in baseline)",
      "- concurrency 64 (only in candidate)",
      "2 regressions over 5 % at 1 matched load level; worst change: P99 TTFT +15.0 % (concurrency 8).",
    ])
      expect(r.out).toContain(line);
  });

  it("exits 0 when no change exceeds the threshold", async () => {
    const r = await run("compare", base, cand, "--threshold", "20");
    const none = "No regression over 20 % at 1 matched load level";
    expect([r.code, r.out]).toEqual([0, expect.stringContaining(none)]);
    expect((await run("compare", base, same)).code).toBe(0);
  });

  it("prints the compare result as JSON", async () => {
    const r = await run("compare", base, cand, "--json");
    const j = JSON.parse(r.out);
    const keys = j.regressions.map((g: { key: string }) => g.key);
    expect([r.code, j.thresholdPct, keys, j.unmatched.length]).toEqual([
      1,
      5,
      ["rps", "ttft.p99"],
      2,
    ]);
    expect(j.worstPct).toBeCloseTo(15, 9);
    expect(j.rows[0].deltas.rps.pct).toBeCloseTo(-10.5691, 4);
  });

  it("exits 2 with nothing on stdout when a side is bad", async () => {
    const r = await run("compare", "fixtures/malformed/empty.csv", cand);
    const line = "capplan compare: baseline: fixtures/malformed/empty.csv:1: file is empty";
    expect([r.code, r.out, r.errLines]).toEqual([2, "", [line]]);
  });

  it("exits 2 when a side holds more than one sweep", async () => {
    const r = await run("compare", base, join(dir, "two"));
    const holds = expect.stringMatching(/candidate .*two: holds 2 sweeps/);
    expect([r.code, r.out, r.err]).toEqual([2, "", holds]);
  });

  it("exits 2 on wrong usage", async () => {
    expect((await run("compare", base)).code).toBe(2);
    expect((await run("compare", base, cand, "--threshold", "abc")).code).toBe(2);
  });
});
