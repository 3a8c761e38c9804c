/**
 * One Locust run read as one sweep (src/import/locust-run.ts): a locustfile's records file with
 * Locust's `--csv` files beside it. The CSV headers and rows are as Locust 2.12 writes them (a
 * run of a generated locustfile against the test server); the records are built here so that
 * every count is known.
 */
import { describe, expect, it } from "vitest";
import { importFiles } from "../../src/import/index";
import { locustRunsOf, outcomeOfLocustError } from "../../src/import/locust-run";

const STATS_HEAD =
  "Type,Name,Request Count,Failure Count,Median Response Time,Average Response Time,Min Response Time,Max Response Time,Average Content Size,Requests/s,Failures/s,50%,66%,75%,80%,90%,95%,98%,99%,99.9%,99.99%,100%";
const HISTORY =
  "Timestamp,User Count,Type,Name,Requests/s,Failures/s,50%,66%,75%,80%,90%,95%,98%,99%,99.9%,99.99%,100%,Total Request Count,Total Failure Count,Total Median Response Time,Total Average Response Time,Total Min Response Time,Total Max Response Time,Total Average Content Size\n1796475649,0,,Aggregated,0.000000,0.000000,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,0,0,0,0.0,0,0,0\n";
const row = (type: string, n: number, failed: number) =>
  `${type},/v1/completions,${n},${failed},7,8.7,1.0,77.2,0.0,199.1,19.8,7,8,8,9,14,18,30,46,77,77,77`;

/** Records: `ok` successful and `fails` failed requests per outcome, at concurrency 2 then 4. */
function records(ok: number, fails: Record<string, number>, warmup = 0): string {
  const lines: string[] = [];
  let t = 1_796_475_649_000;
  const add = (outcome: string, warm: boolean, conc: number) => {
    const chunks = outcome === "ok" ? [20, 25, 30] : [];
    const rec = { capplan: "locust-record/1", model: "test/model", concurrency: conc, start: t };
    const sent = { end: t + 30, outcome, chunks, requestedInputTokens: 5 };
    const got = { requestedOutputTokens: 3, usage: true, worker: "w-1", inputTokens: 5 };
    const tail = { outputTokens: 3, ...(warm ? { warmup: true } : {}) };
    lines.push(JSON.stringify({ ...rec, ...sent, ...got, ...tail }));
    t += 10;
  };
  for (let i = 0; i < warmup; i++) add("ok", true, 2);
  for (let i = 0; i < ok; i++) add("ok", false, i < ok / 2 ? 2 : 4);
  for (const [o, n] of Object.entries(fails)) for (let i = 0; i < n; i++) add(o, false, 4);
  return `${lines.join("\n")}\n`;
}

type RunOptions = { ok: number; fails: Record<string, number>; warmup?: number };
function run(opts: RunOptions & { locust: [number, number]; failures: [string, number][] }) {
  const stats = [
    STATS_HEAD,
    row("ITL", 3 * opts.ok, 0),
    row("POST", ...opts.locust),
    row("TTFT", opts.ok, 0),
    row("", 4 * opts.ok + opts.locust[0], opts.locust[1]).replace("/v1/completions", "Aggregated"),
  ].join("\n");
  const failures = [
    "Method,Name,Error,Occurrences",
    ...opts.failures.map(([e, n]) => `POST,/v1/completions,"${e}",${n}`),
  ].join("\n");
  const r = importFiles([
    { name: "run1/capplan-records.jsonl", text: records(opts.ok, opts.fails, opts.warmup ?? 0) },
    { name: "run1/run_stats.csv", text: `${stats}\n` },
    { name: "run1/run_stats_history.csv", text: HISTORY },
    { name: "run1/run_failures.csv", text: `${failures}\n` },
    { name: "run1/run_exceptions.csv", text: "Count,Message,Traceback,Nodes\n" },
  ]);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r;
}

describe("outcomeOfLocustError", () => {
  it.each([
    ["CatchResponseError('HTTP 500')", "500"],
    ["CatchResponseError('HTTP 429')", "429"],
    ["CatchResponseError('bad-stream')", "bad-stream"],
    ['CatchResponseError("disconnected")', "disconnected"],
    ["ConnectionError(MaxRetryError('x'))", "other"],
  ])("%s → %s", (error, outcome) => expect(outcomeOfLocustError(error)).toBe(outcome));
});

describe("locustRunsOf", () => {
  it("gives a records file the Locust CSVs of its folder only", () => {
    const inputs = [
      { name: "a/capplan-records.jsonl", text: records(2, {}) },
      { name: "a/run_stats.csv", text: `${STATS_HEAD}\n` },
      { name: "a/run_failures.csv", text: "Method,Name,Error,Occurrences\n" },
      { name: "a/other.csv", text: "concurrency,rps\n1,2\n" },
      { name: "b/run_stats.csv", text: `${STATS_HEAD}\n` },
    ];
    const runs = locustRunsOf(inputs);
    expect([...runs.keys()]).toEqual(["a/capplan-records.jsonl"]);
    const names = runs.get("a/capplan-records.jsonl")!.map((i) => i.name);
    expect(names).toEqual(["a/run_stats.csv", "a/run_failures.csv"]);
  });
});

describe("joinLocustRun (through importFiles)", () => {
  const MIXED: RunOptions = { ok: 40, warmup: 5, fails: { "500": 3, "bad-stream": 2 } };
  /** Locust's failures file: `n500` HTTP 500 errors and `nBad` bad streams. */
  const failures = (n500: number, nBad: number): [string, number][] => [
    ["CatchResponseError('HTTP 500')", n500],
    ["CatchResponseError('bad-stream')", nBad],
  ];
  it("reads the records and the CSVs into one sweep; agreeing counts give no warning", () => {
    // 40 ok + 5 warm-up + 3 × 500 + 2 bad-stream = 50 requests Locust saw, 5 failed.
    const r = run({ ...MIXED, locust: [50, 5], failures: failures(3, 2) });
    expect(r.ok).toBe(true);
    expect(r.sweeps).toHaveLength(1);
    const s = r.sweeps[0]!;
    expect([s.source.format, s.source.files.length]).toEqual(["capplan-locust-records", 5]);
    expect(s.meta).toMatchObject({ locustRequests: 50, locustFailures: 5 });
    // The points come from the records (warm-up left out): 20 + 20 ok, the failures at 4.
    expect(s.points.map((p) => [p.concurrency, p.completed, p.failed ?? 0])).toEqual([
      [2, 20, 0],
      [4, 20, 5],
    ]);
    expect(r.warnings.filter((w) => w.code === "locust-disagrees")).toEqual([]);
    expect(s.warnings.join("\n")).toMatch(/50 requests, 5 failed, as Locust counted them/);
  });

  it.each([
    // Locust saw 10 more requests than were recorded: beyond the 4 users in flight at the stop.
    [[60, 5], 2, 2, /Locust counts 60 requests, the records 50/],
    // Failures by outcome: Locust's 500s are 9, the records' 3.
    [[50, 5], 9, 2, /Locust counts 9 failures \(500\), the records 3/],
  ] as const)("warns when they disagree: Locust %j", (locust, n500, nBad, re) => {
    const r = run({ ...MIXED, locust: [locust[0], locust[1]], failures: failures(n500, nBad) });
    expect(r.ok).toBe(true);
    const w = r.warnings.filter((x) => x.code === "locust-disagrees");
    expect(w).toHaveLength(1);
    expect(w[0]!.message).toMatch(re);
    expect(r.sweeps[0]!.warnings.join("\n")).toMatch(re);
  });

  it("tolerates the requests in flight at the stop (up to the last level's users)", () => {
    const r = run({ ok: 40, fails: {}, locust: [43, 0], failures: [] });
    expect(r.warnings.filter((x) => x.code === "locust-disagrees")).toEqual([]);
  });
});
