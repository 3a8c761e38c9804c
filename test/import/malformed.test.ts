/**
 * Bad input (docs/import.md): every fixture in fixtures/malformed/ gets a structured error or a documented
 * warning from the library (never a throw), and through the CLI exit 2 with one stderr line per
 * problem and nothing on stdout. Handling per file: fixtures/malformed/README.md.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importErrors, rows, words } from "./helpers";
import {
  importFiles,
  makeInputFile,
  MAX_FILE_BYTES,
  sniffProblem,
  type ImportResult,
} from "../../src/import/index";
import type { InputFile } from "../../src/import/types";
import type { Sweep } from "../../src/engine/base/types";

const DIR = "fixtures/malformed/";

function load(name: string): ImportResult {
  const path = DIR + name;
  return importFiles([{ name: path, text: readFileSync(path, "utf8") }]);
}

function errorsOf(name: string) {
  const r = load(name);
  expect(r.ok, `${name} should fail`).toBe(false);
  if (r.ok) throw new Error("unreachable");
  for (const e of r.errors) {
    expect(e.file).toBe(DIR + name);
    expect(e.message.length).toBeGreaterThan(0);
  }
  return r.errors;
}

function sweepOf(name: string): { sweep: Sweep; r: Extract<ImportResult, { ok: true }> } {
  const r = load(name);
  if (!r.ok) throw new Error(`${name} should import: ${r.errors.map((e) => e.message).join("; ")}`);
  expect(r.sweeps).toHaveLength(1);
  return { sweep: r.sweeps[0]!, r };
}

/** The three load levels every "good data, awkward encoding" fixture holds (see README). */
function expectStandardPoints(s: Sweep): void {
  expect(s.points.map((p) => p.concurrency)).toEqual([1, 8, 32]);
  const p8 = s.points[1]!;
  expect(p8).toMatchObject({ rps: 3.9, outputTokensPerSec: 410.2 });
  expect(p8.ttftMs).toMatchObject({ p50: 44.6, p99: 54.8 });
  expect(p8.itlMs).toMatchObject({ p95: 13.5, p99: 16.2 });
  expect(s.points[2]!.outputTokensPerSec).toBe(1020.4);
}

describe("bad input through the import library", () => {
  it.each([
    ["empty.csv", { code: "empty", line: 1, message: "file is empty" }],
    ["binary.bin", { code: "binary" }],
    // The missing comma after `"request_throughput": 3.9` is found at the `"` that opens line 5.
    ["syntax-error.json", { code: "json-syntax", line: 5, column: 3 }],
    ["unrelated-keys.json", { code: "unknown-format" }],
    ["bad-plan-shape.json", { code: "unknown-format" }], // a plan fixture, for capplan plan
  ])("refuses %s with one error %j", (name, error) => {
    expect(errorsOf(name)).toEqual([expect.objectContaining(error)]);
  });

  it("refuses a plain text paragraph as an unknown format, saying what it looked like without quoting it", () => {
    const errs = errorsOf("unknown-format.txt");
    expect(errs).toEqual([expect.objectContaining({ code: "unknown-format", line: 1 })]);
    // never echo the content of a file that was not recognised (it may be a secret)
    expect(errs[0]!.message).not.toContain("We ran the load test");
    expect(errs[0]!.message).toMatch(
      /^unrecognised format: text of \d+ line\(s\) in no known format;/,
    );
  });

  it("refuses a file above the size limit without reading it", () => {
    // A fake file whose text claims to be one character over the limit (no huge file in git).
    const fake: InputFile = {
      ...makeInputFile("huge.json", "{}"),
      text: { length: MAX_FILE_BYTES + 1 } as unknown as string,
    };
    expect(sniffProblem(fake)).toMatchObject({ file: "huge.json", code: "too-large" });
  });

  it("names an unreadable file found in a folder instead of failing: an empty results file as a file error, a binary one as skipped", () => {
    const r = importFiles([
      { name: "dir/empty.csv", text: "", optional: true },
      { name: "dir/bin.bin", text: "\u0000\u0001", optional: true },
    ]);
    // Nothing usable remains, so the result has no sweeps, but both files are named.
    const issues = r.ok ? [...r.warnings, ...r.fileErrors] : r.errors;
    expect(r.ok ? r.sweeps : []).toEqual([]);
    expect(issues.map((i) => i.file)).toEqual(
      expect.arrayContaining(r.ok ? ["dir/empty.csv", "dir/bin.bin"] : []),
    );
  });
});

describe("awkward but valid CSV (generic CSV importer)", () => {
  it.each([
    ["semicolon.csv", "a semicolon-delimited file"],
    ["semicolon-decimal-comma.csv", "a semicolon-delimited file with decimal commas"],
    ["tab.tsv", "a tab-delimited file"],
    ["bom-crlf.csv", "a file with a BOM and CRLF line ends"],
  ])("reads %s: %s", (name) => expectStandardPoints(sweepOf(name).sweep));

  it("reads quoted thousands separators", () => {
    const s = sweepOf("thousands.csv").sweep;
    // "1,234.56" → 1234.56 tokens/s; "1,050.5" → 1050.5 ms; "5,120.7" → 5120.7 ms
    expect(s.points[0]!.outputTokensPerSec).toBe(1234.56);
    expect(s.points[0]!.ttftMs).toMatchObject({ p50: 1050.5, p99: 2310 });
    expect(s.points[1]!.ttftMs!.p99).toBe(5120.7);
  });

  it("reads N/A and NaN cells as absent, never 0", () => {
    const s = sweepOf("na-nan.csv").sweep;
    expect(s.points[0]!.itlMs).toBeUndefined(); // line 2: both ITL cells N/A
    expect(s.points[0]!.ttftMs).toEqual({ p50: 40.2, p99: 61 });
    expect(s.points[1]!.ttftMs).toEqual({ p50: 44.6 }); // line 3: P99 TTFT NaN
  });

  it("keeps a duplicate load level once, as the median of its repeats, with a note", () => {
    const { sweep, r } = sweepOf("duplicate-levels.csv");
    expect(sweep.points.map((p) => p.concurrency)).toEqual([1, 8, 32]);
    expect(sweep.points[1]!.rps).toBeCloseTo(3.925, 12); // lines 3 (3.90) and 4 (3.95): their median
    expect(sweep.points[1]!.repeats).toBe(2);
    expect(sweep.warnings.some((w) => /^concurrency 8 was measured 2 times/.test(w))).toBe(true);
    expect(r.ok).toBe(true);
  });
});

describe("bad values in CSV cells (generic CSV importer)", () => {
  it.each([
    ["infinity.csv", 4, "p99_ttft_ms", 1],
    ["negative-rate.csv", 3, "request_rate", 1],
    ["zero-rate.csv", 2, "request_rate", undefined],
  ])("refuses %s, naming line %d and column %s", (name, line, column, count) => {
    const errs = errorsOf(name);
    expect(errs[0]).toMatchObject({ code: "bad-value", line, column });
    if (count) expect(errs).toHaveLength(count);
  });

  it("refuses a table without any metric column: unknown format, or missing-column when forced", () => {
    // Detection needs a load column AND a metric column, so by default this is not a known format …
    expect(errorsOf("missing-columns.csv")).toEqual([
      expect.objectContaining({ code: "unknown-format", line: 1 }),
    ]);
    // … and with --format csv the generic importer names what is missing, at the header line.
    const path = DIR + "missing-columns.csv";
    const errors = importErrors([{ name: path, text: readFileSync(path, "utf8") }], {
      format: "csv",
    });
    expect(errors).toEqual([
      expect.objectContaining({ file: path, code: "missing-column", line: 1, column: "metric" }),
    ]);
    // the header's names are not echoed (docs/import.md): the message counts the columns
    expect(errors[0]!.message).not.toContain('"notes"');
    expect(errors[0]!.message).toMatch(/among the \d+ columns of the header$/);
  });
});

/** Fixtures that must fail, with the number of problems each reports (one stderr line each). */
const FAILING = rows(
  "empty.csv|binary.bin|syntax-error.json|unknown-format.txt|unrelated-keys.json|infinity.csv|negative-rate.csv",
  1,
);

describe("bad input through the CLI", () => {
  it.each(FAILING)(
    "capplan import %s exits 2 with %d stderr line(s) naming the file and an empty stdout",
    async (name, n) => {
      const { run } = await import("../cli/helpers");
      for (const extra of [[], ["--json"]]) {
        const r = await run("import", DIR + name, ...extra);
        expect(r).toMatchObject({ code: 2, out: "" });
        expect(r.errLines).toHaveLength(n);
        for (const l of r.errLines) expect(l).toContain(DIR + name);
        expect(r.err).not.toMatch(/\n\s+at /);
      }
    },
  );

  it("capplan import of several bad files prints one line per problem", async () => {
    const { run } = await import("../cli/helpers");
    const r = await run(
      "import",
      ...words("empty.csv|infinity.csv|negative-rate.csv").map((f) => DIR + f),
    );
    expect(r).toMatchObject({ code: 2, out: "" });
    expect(r.errLines).toHaveLength(3);
    expect(r.errLines[1]).toContain('infinity.csv:4 column "p99_ttft_ms"');
    expect(r.errLines[2]).toContain('negative-rate.csv:3 column "request_rate"');
  });
});
