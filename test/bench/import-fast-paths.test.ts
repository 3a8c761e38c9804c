/**
 * The import fast paths of issue #6 (test/bench/RESULTS.md) give the results of the plain code:
 * key-list reuse across records, the standard-JSON-first parse, the regex sniff, the keyed sort.
 */
import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SweepPoint } from "../../src/engine/base/types";
import {
  importFiles,
  loadOf,
  makeInputFile,
  sniffProblem,
  sortPoints,
} from "../../src/import/index";
import { parseJsonLenient } from "../../src/import/input";

const DIR = "fixtures/vllm/concurrency-sweep-h100";

describe("import fast paths", () => {
  it("sorts points exactly as the comparator sort (ties keep input order)", () => {
    const point = fc.record({
      concurrency: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
      requestRate: fc.option(fc.constantFrom(1, 2, "inf" as const), { nil: null }),
      rps: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
      id: fc.integer(),
    });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 40 }), (pts) => {
        const a = pts as unknown as SweepPoint[];
        const expected = [...a].sort(
          (x, y) => loadOf(x) - loadOf(y) || (x.rps ?? 0) - (y.rps ?? 0),
        );
        const input = [...a];
        const got = sortPoints(input);
        expect(got).toBe(input); // in place, as Array.prototype.sort
        expect(got).toEqual(expected);
        got.forEach((p, i) => expect(p).toBe(expected[i]));
      }),
      { numRuns: 500 },
    );
  });

  it("parses standard JSON directly and still reads Python's NaN / Infinity", () => {
    // "NaN" inside a string stays text; bare NaN and -Infinity become numbers.
    expect(parseJsonLenient('{"label": "NaN run", "x": 1}', "a.json")).toEqual({
      ok: true,
      value: { label: "NaN run", x: 1 },
    });
    const r = parseJsonLenient('{"p99": NaN, "max": -Infinity, "label": "Infinity"}', "b.json");
    expect(r.ok && r.value).toEqual({ p99: NaN, max: -Infinity, label: "Infinity" });
    // A text holding a sentinel string goes the old way (the sentinel revives, as before).
    const s = parseJsonLenient('{"a": "__capplan_NaN__", "b": "NaN"}', "c.json");
    expect(s.ok && s.value).toEqual({ a: NaN, b: "NaN" });
    const bad = parseJsonLenient('{"a": 1,\n "b": }', "d.json");
    expect(bad.ok ? null : bad.issue.code).toBe("json-syntax");
  });

  it("sniffs empty and binary files as before", () => {
    expect(sniffProblem(makeInputFile("e.json", "\uFEFF \n\t "))?.code).toBe("empty");
    expect(sniffProblem(makeInputFile("n.json", `{"a": 1}${" ".repeat(5000)}\u0000`))?.code).toBe(
      "binary",
    );
    // 5 control characters in 50: 10 % > 5 % → binary; 1 in 50 (2 %) is fine; form feed is not counted.
    expect(
      sniffProblem(makeInputFile("c.txt", "\u0001\u0002\u0003\u0004\u0005" + "x".repeat(45)))?.code,
    ).toBe("binary");
    expect(sniffProblem(makeInputFile("d.txt", "\u0001" + "x".repeat(49)))).toBeNull();
    expect(sniffProblem(makeInputFile("f.txt", "\f\f\f\f\f" + "x".repeat(45)))).toBeNull();
  });

  it("records with different key lists, interleaved, keep their own metadata", () => {
    const names = readdirSync(DIR)
      .filter((f) => f.endsWith(".json"))
      .sort();
    const texts = names.map((n) => readFileSync(join(DIR, n), "utf8"));
    // The second file gets an extra --metadata key (another key list) between two files of the first kind.
    const other = JSON.parse(texts[1]!) as Record<string, unknown>;
    other.gpu_count = 8;
    const inputs = [
      { name: `a/${names[0]}`, text: texts[0]! },
      { name: `b/${names[1]}`, text: JSON.stringify(other) },
      { name: `a/${names[2]}`, text: texts[2]! },
    ];
    const res = importFiles(inputs);
    expect(res.ok).toBe(true);
    // Two sweeps: the 8-GPU run apart (gpuCount is part of the merge key).
    expect(res.sweeps!.map((s) => [s.meta.gpuCount, s.points.length])).toEqual([
      [1, 2],
      [8, 1],
    ]);
    const separately = importFiles([inputs[0]!, inputs[2]!]);
    expect(res.sweeps![0]).toEqual(separately.sweeps![0]);
  });
});
