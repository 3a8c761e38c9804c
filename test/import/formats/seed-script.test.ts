import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importErrors, importOk } from "../helpers";
import { parseDictLine } from "../../../src/import/formats/seed-script";

const FILE = "fixtures/seed/sweep-output.txt";

describe("seed sweep-script output", () => {
  it("parses a Python dict repr line", () => {
    const line = "{'concurrency': 4, 'rps': 1.7, 'p50': 2.31, 'p99': 3.02}";
    expect(parseDictLine(line)).toEqual({ concurrency: 4, rps: 1.7, p50: 2.31, p99: 3.02 });
    expect(parseDictLine("{'concurrency': 4, 'rps': None}")).toEqual({ concurrency: 4, rps: null });
  });

  it("reports the service rate concurrency × rps and e2e latency in ms", () => {
    const sweeps = importOk([{ name: FILE, text: readFileSync(FILE, "utf8") }]);
    const s = sweeps[0]!;
    expect(s.source.format).toBe("seed-script");
    expect(s.points.map((p) => p.concurrency)).toEqual([1, 2, 4, 8, 16, 32, 64]);
    const p4 = s.points[2]!;
    // {'concurrency': 4, 'rps': 1.7, 'p50': 2.31, 'p99': 3.02}: 4 × 1.7 = 6.8 req/s (Little's law);
    // p99 3.02 s → 3020 ms, p50 2.31 s → 2310 ms, both end-to-end
    expect(p4.rps).toBeCloseTo(6.8, 12);
    expect(p4.e2eMs!.p99).toBeCloseTo(3020, 9);
    expect(p4.e2eMs!.p50).toBeCloseTo(2310, 9);
    expect(p4.ttftMs).toBeUndefined();
    // concurrency 64: 64 × 0.33 = 21.12
    expect(s.points[6]!.rps).toBeCloseTo(21.12, 12);
    const raw = s.meta.rawRps as { concurrency: number; rawRps: number }[];
    expect(raw[2]).toMatchObject({ concurrency: 4, rawRps: 1.7 });
    expect(s.warnings[0]).toContain("one worker's rate");
    expect(s.warnings[0]).toContain("concurrency 4: 1.7 → 6.8");
  });

  it("rejects a malformed sweep line with its line number", () => {
    const text =
      "{'concurrency': 1, 'rps': 2.1, 'p50': 0.46, 'p99': 0.58}\n{'concurrency': 2, 'rps': oops, 'p50': 1.0}\n";
    const [e] = importErrors([{ name: "s.txt", text }]);
    expect(e).toMatchObject({ file: "s.txt", line: 2, code: "bad-record" });
  });

  it("rejects a zero rps naming the line and key", () => {
    const text = "{'concurrency': 1, 'rps': 0, 'p50': 0.46, 'p99': 0.58}\n";
    const [e] = importErrors([{ name: "s.txt", text }]);
    expect(e).toMatchObject({ line: 1, column: "rps", code: "bad-value" });
  });
});
