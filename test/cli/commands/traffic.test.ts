/**
 * `capplan traffic` against an independent computation in the test: the Azure 2023 conversation
 * trace (fixtures/traces/, CC-BY, SOURCE.md beside it) is parsed here with plain string code,
 * and every statistic recomputed from the sorted rows.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run, runStdin as withStdin } from "../helpers";
import { validatePlan } from "../../../src/engine/plan/plan-file";
import { usageFromTraffic } from "../../../src/engine/demand/workload-trace";

const DIR = join(__dirname, "../../../fixtures/traces");
const AZURE = join(DIR, "AzureLLMInferenceTrace_conv.csv");

/** Seconds since the epoch of "2023-11-16 18:15:46.6805900" (UTC), without the importer's parser. */
function epoch(s: string): number {
  const [date, time] = s.split(" ");
  const [y, mo, d] = date!.split("-").map(Number);
  const [hh, mm, ss] = time!.split(":");
  const [whole, frac = ""] = ss!.split(".");
  return (
    Date.UTC(y!, mo! - 1, d!, Number(hh), Number(mm), Number(whole)) / 1000 +
    (frac ? Number(frac) / 10 ** frac.length : 0)
  );
}

/** numpy.percentile(x, q) with the default linear method. */
function pct(sorted: number[], q: number): number {
  const h = ((sorted.length - 1) * q) / 100;
  const lo = Math.floor(h);
  return sorted[lo]! + (h - lo) * (sorted[Math.min(lo + 1, sorted.length - 1)]! - sorted[lo]!);
}

function expected(binSec: number) {
  const rows = readFileSync(AZURE, "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((l) => l.split(","));
  const t = rows.map((r) => epoch(r[0]!)).sort((a, b) => a - b);
  const counts = new Map<number, number>();
  for (const x of t)
    counts.set(Math.floor(x / binSec), (counts.get(Math.floor(x / binSec)) ?? 0) + 1);
  const first = Math.floor(t[0]! / binSec);
  const last = Math.floor(t[t.length - 1]! / binSec);
  const rates: number[] = [];
  for (let b = first; b <= last; b++) rates.push((counts.get(b) ?? 0) / binSec);
  const sortedRates = [...rates].sort((a, b) => a - b);
  const gaps = t.slice(1).map((x, i) => x - t[i]!);
  const gm = gaps.reduce((a, b) => a + b, 0) / gaps.length;
  const gsd = Math.sqrt(gaps.reduce((a, b) => a + (b - gm) ** 2, 0) / gaps.length);
  const lens = (k: number) => rows.map((r) => Number(r[k])).sort((a, b) => a - b);
  const stats = (v: number[]) => ({
    mean: v.reduce((a, b) => a + b, 0) / v.length,
    p50: pct(v, 50),
    p90: pct(v, 90),
    p95: pct(v, 95),
    p99: pct(v, 99),
    max: v[v.length - 1]!,
  });
  const duration = t[t.length - 1]! - t[0]!;
  return {
    requests: t.length,
    durationSec: duration,
    meanRps: t.length / duration,
    bins: rates.length,
    peakRps: Math.max(...rates),
    p99Rps: pct(sortedRates, 99),
    p50Rps: pct(sortedRates, 50),
    interarrivalCv: gsd / gm,
    inputTokens: stats(lens(1)),
    outputTokens: stats(lens(2)),
    series: rates,
  };
}

async function json(...args: string[]) {
  const r = await run("traffic", ...args, "--json");
  expect(r.errLines).toEqual([]);
  expect(r.code).toBe(0);
  return JSON.parse(r.out);
}

/** `capplan traffic - ...args` with `text` on stdin. */
const runStdinRaw = (text: string, ...args: string[]) => withStdin(text, "traffic", "-", ...args);

async function runStdin(text: string, ...args: string[]) {
  const r = await runStdinRaw(text, ...args, "--json");
  expect(r.errLines).toEqual([]);
  return JSON.parse(r.out);
}

/** "name value" per row: both compared in one short line. */
const pairs = (xs: Record<string, unknown>[], a: string, b: string) =>
  xs.map((x) => `${x[a]} ${x[b]}`);

describe("capplan traffic on the Azure 2023 conversation trace", () => {
  it.each([1, 60])("matches an independent computation at %i-s bins", async (binSec) => {
    const want = expected(binSec);
    const got = await json(AZURE, "--bin", String(binSec));
    expect([got.format, got.requests, got.bins]).toEqual(["azure-llm-trace", 19366, want.bins]);
    expect(got.requests).toBe(want.requests);
    expect(got.durationSec).toBeCloseTo(want.durationSec, 5);
    expect(got.meanRps).toBeCloseTo(want.meanRps, 8);
    for (const k of ["peakRps", "p99Rps", "p50Rps"] as const)
      expect(got[k]).toBeCloseTo(want[k], 12);
    expect(got.peakToMean).toBeCloseTo(want.peakRps / want.meanRps, 8);
    expect(got.interarrivalCv).toBeCloseTo(want.interarrivalCv, 6);
    expect(got.series).toHaveLength(want.series.length);
    expect(got.series.reduce((a: number, b: number) => a + b, 0) * binSec).toBeCloseTo(19366, 6);
    for (const k of ["mean", "p50", "p90", "p95", "p99", "max"] as const) {
      expect(got.inputTokens[k]).toBeCloseTo(want.inputTokens[k], 9);
      expect(got.outputTokens[k]).toBeCloseTo(want.outputTokens[k], 9);
    }
  });
});

describe("capplan traffic: other trace forms", () => {
  it("BurstGPT: 0-token responses are failures, counted and left out; seconds from the start", async () => {
    const got = await json(join(DIR, "burstgpt-sample.csv"), "--bin", "60");
    expect(got).toMatchObject({ format: "burstgpt", requests: 6, failed: 2, rows: 8 });
    expect([got.relativeTime, got.durationSec]).toEqual([true, 240]);
    expect(got.meanRps).toBeCloseTo(6 / 240, 12);
    // Bins [0,60) 1, [60,120) 1 (118), [120,180) 2 (134, 140), [180,240) 1 (200), [240,300) 1 (245).
    expect(got.series.map((r: number) => Math.round(r * 60))).toEqual([1, 1, 2, 1, 1]);
    expect(pairs(got.models, "name", "requests")).toEqual(["ChatGPT 4", "GPT-4 2"]);
  });
  it("JSONL with zones and any fractional digits, team and model, a failed status", async () => {
    const got = await json(join(DIR, "teams.jsonl"), "--bin", "1");
    // 09:00:00.000, .250 and 17:00:00.5+08:00 (= 09:00:00.5Z) share the first 1-s bin: peak 3.
    expect(got).toMatchObject({ requests: 5, failed: 1, durationSec: 63, peakRps: 3 });
    expect(got.firstTimestamp).toBe("2025-03-03T09:00:00.000Z");
    expect(pairs(got.teams, "name", "totalInputTokens")).toEqual(["search 2640", "support 556"]);
  });
  it("Chinese headers, tabs, Unix milliseconds", async () => {
    const tsv =
      "时间戳\t输入token数\t输出token数\t团队\n1700000000000\t10\t5\t搜索\n1700000000500\t20\t6\t客服\n1700000002000\t30\t7\t搜索\n";
    const r = await runStdin(tsv, "--bin", "1");
    const want = { format: "trace-tsv", timeKind: "unix-ms", requests: 3, durationSec: 2 };
    expect(r).toMatchObject({ ...want, peakRps: 2 });
    expect(r.teams.map((t: { name: string }) => t.name)).toEqual(["搜索", "客服"]);
  });
  it("bad rows are counted and named by file, line and column; good rows still count", async () => {
    const csv =
      "timestamp,input_tokens,output_tokens\n2025-01-01T00:00:00Z,10,5\n2025-01-01T00:00:01Z,ten,5\nyesterday,10,5\n2025-01-01T00:00:02Z,10\n2025-01-01T00:00:03Z,10,-1\n2025-01-01T00:00:04Z,10,5\n";
    const res = await runStdinRaw(csv, "--json");
    expect(res.code).toBe(0);
    const got = JSON.parse(res.out);
    expect([got.requests, got.badRows]).toEqual([2, 4]);
    expect(res.errLines).toEqual([
      'warning: -:3:22: input_tokens is "ten", not a whole number ≥ 0',
      'warning: -:4:1: timestamp "yesterday" is not a date-time (ISO 8601), Unix seconds or milliseconds, or seconds from the start',
      "warning: -:5: the row has 2 fields; the header has 3",
      'warning: -:6:25: output_tokens is "-1", not a whole number ≥ 0',
    ]);
  });
  it("a file that is not a trace, or has no usable row, exits 2 with one line", async () => {
    const notTrace = await runStdinRaw("a,b,c\n1,2,3\n");
    expect([notTrace.code, notTrace.errLines.length]).toEqual([2, 1]);
    expect(notTrace.errLines[0]).toMatch(
      /^capplan traffic: -:1: not a request trace: no column for a timestamp, input tokens, output tokens/,
    );
    // --lang zh: the same error, rendered from its problem (the table and stderr in Chinese).
    const zh = await runStdinRaw("a,b,c\n1,2,3\n", "--lang", "zh");
    expect(zh).toMatchObject({
      code: 2,
      errLines: [
        "capplan traffic: -:1: 不是请求轨迹：缺少 时间戳、输入 tokens、输出 tokens 列（实际列：a, b, c）；可识别的列名见 docs/traffic.md",
      ],
    });
    const csv = "timestamp,input_tokens,output_tokens\n0,1,1\n1,x,1\n";
    const zhRows = await runStdinRaw(csv, "--lang", "zh");
    expect(zhRows).toMatchObject({
      code: 0,
      errLines: ['warning: -:3:3: input_tokens 为 "x"，不是 ≥ 0 的整数'],
    });
    expect(zhRows.out).toContain("- 所有请求的时间戳相同：没有平均速率");
    for (const [args, message] of [
      [[join(DIR, "nope.csv")], /nope\.csv: no such file or directory/],
      [[AZURE, "--bin", "0"], /--bin must be a positive number/],
    ] as const) {
      const r = await run("traffic", ...args);
      expect([r.code, r.errLines[0]]).toEqual([2, expect.stringMatching(message)]);
    }
  });
});

/**
 * Daily tenants.usage rows from a trace's team column (docs/traffic.md): `capplan traffic
 * --usage` on fixtures/traces/teams.jsonl, checked by hand. The trace spans 09:00:00.000Z to
 * 09:01:03Z = 63 s; the failed request (support, status "error") is left out:
 *   search:  input 800 + 1,200 + 640 = 2,640, output 120 + 80 + 200 = 400
 *   support: input 300 + 256 = 556,           output 400 + 256 = 656
 * Daily = total × 86,400 ÷ 63.
 */
const day = (tokens: number) => (tokens * 86400) / 63;
const TEAMS = "fixtures/traces/teams.jsonl";

describe("capplan traffic --usage", () => {
  it("prints each team's daily tokens as tenants.usage rows, with --pool naming the pool", async () => {
    const r = await run("traffic", TEAMS, "--usage", "--pool", "70b");
    expect([r.err, r.code]).toEqual(["", 0]);
    const rows = JSON.parse(r.out);
    expect(pairs(rows, "team", "pool")).toEqual(["search 70b", "support 70b"]);
    const want = [2640, 400, 556, 656].map(day);
    const tokens = rows.flatMap((x: Record<string, number>) => [x.inputTokens, x.outputTokens]);
    tokens.forEach((v: number, k: number) => expect(v).toBeCloseTo(want[k]!, 6));
    // The rows are valid plan rows as printed.
    const plan = {
      format: "capplan.plan/v1",
      workloads: [{ peakRps: 1, inputTokens: 1, outputTokens: 1 }],
      skus: [],
      tenants: { pools: [{ name: "70b", costPerDay: 100 }], usage: rows },
    };
    expect(validatePlan(plan).ok).toBe(true);
  });

  it("without --pool the rows have no pool key; a trace without teams exits 2; --pool needs --usage", async () => {
    const rows = JSON.parse((await run("traffic", TEAMS, "--usage")).out);
    expect(Object.keys(rows[0])).toEqual(["team", "inputTokens", "outputTokens"]);
    const none = await run("traffic", AZURE, "--usage");
    expect([none.code, none.out]).toEqual([2, ""]);
    expect(none.err).toContain("no team column");
    expect((await run("traffic", TEAMS, "--pool", "x")).code).toBe(2);
  });

  it("usageFromTraffic: null without teams or without a duration", () => {
    expect(usageFromTraffic({ durationSec: 10 })).toBeNull();
    expect(usageFromTraffic({ durationSec: 0, teams: [] })).toBeNull();
    const tokens = { mean: 1, p50: 1, p90: 1, p95: 1, p99: 1, max: 1 };
    const g = { name: "a", requests: 1, share: 1, meanRps: 1, peakRps: 1 };
    const totals = { totalInputTokens: 10, totalOutputTokens: 20 };
    const daily = { dailyInputTokens: null, dailyOutputTokens: null };
    const team = { ...g, inputTokens: tokens, outputTokens: tokens, ...totals, ...daily };
    // Two days: half the totals per day.
    expect(usageFromTraffic({ durationSec: 172800, teams: [team] })).toEqual([
      { team: "a", inputTokens: 5, outputTokens: 10 },
    ]);
  });
});
