/**
 * `capplan sweep --lengths TRACE` (src/cli/sweep/lengths.ts): each request's lengths are one row
 * of the trace, drawn with the seed; the test server's own record of every request (its prompt's
 * words, its max_tokens) is compared with the rows the seed draws. A bad trace is refused before
 * anything is sent. The generated locustfile draws from the same rows.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lengthPairs, readLengths, rowDrawer } from "../../../src/cli/sweep/lengths";
import { CliError } from "../../../src/cli/io";
import { run, tmpDir, writeTmp } from "../helpers";
import { startTestServer, type TestServer } from "../../sweep/server";

const LOCUST = spawnSync("/usr/bin/locust", ["--version"], { encoding: "utf8" }).status === 0;

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

type Row = [input: number, output: number];
/** Rows of a small Azure-format trace, input/output tokens, one repeated to check weights. */
const ROWS = "12/3 40/9 5/17 12/3 27/1 3/25".split(" ").map((r) => r.split("/").map(Number) as Row);

function traceFile(rows: Row[] = ROWS, extra = ""): string {
  const lines = rows.map(
    ([i, o], k) => `2023-11-16 18:15:${String(10 + k).padStart(2, "0")}.0000000,${i},${o}`,
  );
  const text = `TIMESTAMP,ContextTokens,GeneratedTokens\n${lines.join("\n")}\n${extra}`;
  return writeTmp(text, "trace.csv", tmpDir("capplan-lengths-"));
}

const key = (i: number, o: number) => `${i}/${o}`;
const sorted = (xs: string[]) => [...xs].sort();

describe("rowDrawer", () => {
  it("is the same sequence for the same seed, another for another seed", () => {
    const a = rowDrawer(1000, 3);
    const b = rowDrawer(1000, 3);
    const c = rowDrawer(1000, 4);
    const xs = Array.from({ length: 50 }, () => a());
    expect(Array.from({ length: 50 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 50 }, () => c())).not.toEqual(xs);
  });

  it("draws every row about equally often (chi-square below its 99.9 % point)", () => {
    const n = 10;
    const draw = rowDrawer(n, 11);
    const counts = new Array<number>(n).fill(0);
    const N = 20_000;
    for (let i = 0; i < N; i++) counts[draw()]!++;
    const e = N / n;
    const chi2 = counts.reduce((s, c) => s + (c - e) ** 2 / e, 0);
    expect(Math.min(...counts)).toBeGreaterThan(0);
    expect(chi2).toBeLessThan(27.88); // 9 degrees of freedom
  });
});

describe("lengthPairs", () => {
  it("counts each distinct (input, output) pair", () => {
    const l = readLengths(traceFile(), "en", () => {});
    const pairs = lengthPairs(l).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    expect(pairs.map((p) => p.join(" "))).toEqual([
      "3 25 1",
      "5 17 1",
      "12 3 2",
      "27 1 1",
      "40 9 1",
    ]);
  });
});

describe("readLengths", () => {
  it("keeps the rows in file order and leaves out rows of 0 tokens with a warning", () => {
    const warned: string[] = [];
    const f = traceFile([...ROWS, [0, 4], [7, 0]]);
    const l = readLengths(f, "en", (w) => warned.push(w));
    expect([...l.input]).toEqual(ROWS.map((r) => r[0]));
    expect([...l.output]).toEqual(ROWS.map((r) => r[1]));
    expect(warned).toEqual([
      `${f}: 2 row(s) with 0 input or 0 output tokens cannot be sent and are left out of the draw`,
    ]);
  });

  it.each([
    ["a bad row", "2023-11-16 18:16:00.0,abc,4\n", /trace\.csv:8:\d+: .*\n.*1 bad row/],
    ["no request rows", null, /no request rows/],
  ])("refuses a trace with %s", (_what, extra, re) => {
    const bins = "binStart,requests,inputTokens,outputTokens\n0,10,1000,200\n";
    const f = extra === null ? writeTmp(bins, "bins.csv") : traceFile(ROWS, extra);
    let err: unknown;
    try {
      readLengths(f, "en", () => {});
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).lines.join("\n")).toMatch(re);
  });
});

describe("capplan sweep --lengths", () => {
  it("sends each request the lengths of one drawn row: the server's multiset is the seeded draw", async () => {
    server = await startTestServer({
      latency: { ttftBaseMs: 1, ttftPerActiveMs: 0, itlBaseMs: 0.2, itlPerActiveMs: 0 },
    });
    const out = join(tmpDir("capplan-lengths-"), "sweep.json");
    const r = await run(
      "sweep",
      ...["--url", server.url, "--model", "test/model", "--api", "chat"],
      ...["--concurrency", "1,3", "--requests", "15", "--warmup", "2", "--seed", "7"],
      ...["--lengths", traceFile(), "-o", out],
    );
    expect(r.code, r.err).toBe(0);
    // 2 levels × (2 warm-up + 15) requests, drawn in that order from the seeded sequence.
    const draw = rowDrawer(ROWS.length, 7);
    const expected = Array.from({ length: 34 }, () => ROWS[draw()]!);
    const seen = server.records.map((x) => key(x.promptTokens, x.maxTokens));
    expect(sorted(seen)).toEqual(sorted(expected.map(([i, o]) => key(i, o))));
    // Several distinct rows were drawn (the test would not see a swap of input and output otherwise).
    expect(new Set(seen).size).toBeGreaterThanOrEqual(4);
    // The records keep the requested lengths and the served ones (the server's usage).
    const s = JSON.parse(readFileSync(out, "utf8")).sweeps[0];
    expect(s.requests).toHaveLength(30);
    for (const q of s.requests) {
      const [input, output] = [q.requestedInputTokens, q.requestedOutputTokens];
      expect(ROWS.map(([i, o]) => key(i, o))).toContain(key(input, output));
      expect([q.inputTokens, q.outputTokens]).toEqual([input, output]);
    }
  });

  it.each([
    ["a bad row", "2023-11-16 18:16:00.0,12,x\n", /trace\.csv:8:\d+:/],
    ["--input-tokens beside it", "", /--lengths must be left out when --input-tokens is given/],
  ])("refuses %s with exit 2, sending and writing nothing", async (what, extra, re) => {
    server = await startTestServer({});
    const out = join(tmpDir("capplan-lengths-"), "sweep.json");
    const args = ["--lengths", traceFile(ROWS, extra), "-o", out];
    if (what.startsWith("--input")) args.push("--input-tokens", "10");
    const r = await run(
      "sweep",
      ...["--url", server.url, "--model", "test/model", "--concurrency", "1"],
      ...args,
    );
    expect([r.code, r.err, existsSync(out), server.log]).toEqual([
      2,
      expect.stringMatching(re),
      false,
      [],
    ]);
  });

  it.skipIf(!LOCUST)(
    "the locustfile draws from the same rows",
    async () => {
      server = await startTestServer({
        latency: { ttftBaseMs: 1, ttftPerActiveMs: 0, itlBaseMs: 0.5, itlPerActiveMs: 0 },
      });
      const dir = tmpDir("capplan-lengths-locust-");
      const file = join(dir, "load.py");
      const g = await run(
        "sweep",
        ...["--url", server.url, "--model", "test/model", "--concurrency", "2"],
        ...["--duration", "2", "--lengths", traceFile(), "--locustfile", file],
      );
      expect(g.code, g.err).toBe(0);
      const code = await new Promise<number | null>((res) => {
        const p = spawn("/usr/bin/locust", ["-f", file, "--headless", "--only-summary"], {
          cwd: dir,
          stdio: "ignore",
        });
        const t = setTimeout(() => p.kill("SIGTERM"), 30_000);
        p.on("exit", (c) => {
          clearTimeout(t);
          res(c);
        });
      });
      expect(code).toBe(0);
      const rows = new Set(ROWS.map(([i, o]) => key(i, o)));
      const seen = server.records.map((x) => key(x.promptTokens, x.maxTokens));
      expect(seen.length).toBeGreaterThan(20);
      for (const k of seen) expect(rows).toContain(k);
      // Drawn with the rows' weights: (12, 3) is 2 rows of 6, the others 1 each.
      expect(new Set(seen).size).toBe(5);
      const recs = readFileSync(join(dir, "capplan-records.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      for (const q of recs)
        expect(rows).toContain(key(q.requestedInputTokens, q.requestedOutputTokens));
    },
    40_000,
  );
});
