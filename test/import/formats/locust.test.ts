/**
 * src/import/formats/locust.ts: Locust's `--csv` stats, failures and exceptions files (the stats
 * history has its own file, locust-history.test.ts).
 */
import { readFileSync, readdirSync } from "node:fs";
import { samplesOf, importOk } from "../helpers";
import { describe, expect, test } from "vitest";
import { importFiles, makeInputFile } from "../../../src/import/index";
import { locustImporters } from "../../../src/import/formats/locust";

const DIR = "fixtures/locust";
const read = (f: string) => readFileSync(`${DIR}/${f}`, "utf8");
const P = "rishabhpoddar_llm_qwen3-0.6b_locust";

describe("Locust _stats.csv", () => {
  test("custom STREAM,TTFT and STREAM,E2E rows become ttft and e2e in ms, rps from the E2E row", () => {
    const [s] = importOk([{ name: `${P}_stats.csv`, text: read(`${P}_stats.csv`) }]);
    const p = s!.points[0]!;
    // STREAM,TTFT row: 99% = 94000, 50% = 1500, Average 16883.112209930754, Min 914.7491455078125
    expect(p.ttftMs).toMatchObject({ p99: 94000, p50: 1500, mean: 16883.112209930754 });
    expect(p.ttftMs!.min).toBe(914.7491455078125);
    // STREAM,E2E row: 99% = 122000, 99.9% = 124000, Max 123641.75701141357
    expect(p.e2eMs).toMatchObject({ p99: 122000, "p99.9": 124000, max: 123641.75701141357 });
    // E2E Requests/s 0.7922194975166604 − Failures/s 0 (not the Aggregated 2.535…, which counts 3 events per request)
    expect(p).toMatchObject({ rps: 0.7922194975166604, completed: 190, concurrency: null });
    const w = s!.warnings;
    expect(w.some((x) => /rounded response-time buckets/.test(x))).toBe(true);
    expect(w.some((x) => /does not record the number of users/.test(x))).toBe(true);
  });

  test("a user count in the path fills the concurrency and drops the unknown-load warning", () => {
    const [s] = importOk([
      { name: `sweep/concurrency40/${P}_stats.csv`, text: read(`${P}_stats.csv`) },
    ]);
    const unknown = s!.warnings.some((x) => /does not record the number of users/.test(x));
    expect([s!.points[0]!.concurrency, unknown]).toEqual([40, false]);
  });

  test("without custom rows the POST row is the e2e latency and the GET rows are ignored", () => {
    const f = "instarwxp_ollama_gateway_results_stats.csv";
    const sweeps = importOk([{ name: f, text: read(f) }], { concurrency: 10 });
    const p = sweeps[0]!.points[0]!;
    // POST,/api/chat: 50% 250, 99% 3400, Requests/s 0.9654206640071638, 57 requests
    expect(p).toMatchObject({ concurrency: 10, rps: 0.9654206640071638, completed: 57 });
    expect(p.e2eMs).toMatchObject({ p50: 250, p99: 3400 });
    expect(p.ttftMs).toBeUndefined();
    const ignored = /POST "\/api\/chat".*GET \/api\/models, GET \/health/;
    expect(sweeps[0]!.warnings.some((x) => ignored.test(x))).toBe(true);
  });
});

describe("Locust failures and exceptions files", () => {
  test("in a results folder they are skipped with a note and the stats still import", () => {
    const files = readdirSync(DIR)
      .filter((f) => f.startsWith(P) && f.endsWith(".csv"))
      .map((f) => ({ name: `results/${f}`, text: read(f), optional: true }));
    const r = importFiles(files);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.sweeps.map((s) => s.source.format).sort()).toEqual(["locust", "locust-history"]);
    const notes = r.warnings.filter((w) => w.code === "skipped").map((w) => w.message);
    const note = /not a benchmark result; import the _stats\.csv or _stats_history\.csv/;
    expect([notes.length, notes.every((m) => note.test(m))]).toEqual([2, true]);
  });

  test("a failures file with rows lists the failures in its note", () => {
    const text =
      "Method,Name,Error,Occurrences,First Seen,Last Seen\r\nPOST,chat,HTTPError('503'),7,,\r\n";
    const res = locustImporters[0]!.parse(makeInputFile("x_failures.csv", text), {});
    if (!res.ok) throw new Error(JSON.stringify(res.errors));
    expect(res.value.sweeps).toEqual([]);
    expect(res.value.warnings[0]!.message).toMatch(/7 × HTTPError\('503'\) on POST chat/);
  });
});

test("Locust detection does not claim other tools' samples", () => {
  const others = samplesOf(["vllm", "aiperf", "sglang", "inference-perf", "guidellm", "llmperf"]);
  for (const f of others)
    for (const imp of locustImporters) expect(imp.detect(f), `${imp.id} ${f.name}`).toBe(0);
});
