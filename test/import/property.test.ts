/**
 * Property tests of the import library (docs/import.md: bad input gets a clear message, never a crash):
 * random bytes, truncations of every real fixture, and CSVs with shuffled columns and noise all
 * come back as `{ ok: true, sweeps }` or `{ ok: false, errors }` (each error naming a file and
 * saying something), never throw, and finish within a per-call time budget.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { words } from "./helpers";
import { importFiles, type ImportInput, type ImportResult } from "../../src/import/index";

/** Budget per importFiles call (ms): generous for slow CI, far below "hangs". */
const BUDGET_MS = 2000;
const RUNS = 60;

function fixtureFiles(dir = "fixtures"): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...fixtureFiles(p));
    else if (!/\.(source\.txt|md|py)$/.test(e.name) && statSync(p).size > 0) out.push(p);
  }
  return out.sort();
}

const RATES = ["concurrency", "rps", "outputTokensPerSec", "totalTokensPerSec"] as const;
const COUNTS = ["meanInputTokens", "meanOutputTokens", "completed", "failed"] as const;
const NUMERIC_KEYS = [...RATES, ...COUNTS];

/** Call importFiles, check it does not throw, is fast, and returns a well-formed result. */
function checkImport(inputs: ImportInput[]): ImportResult {
  const t0 = performance.now();
  let r: ImportResult;
  try {
    r = importFiles(inputs);
  } catch (e) {
    throw new Error(
      `importFiles threw for ${inputs.map((i) => i.name).join(", ")}: ${e instanceof Error ? e.stack : String(e)}`,
    );
  }
  const ms = performance.now() - t0;
  expect(ms, `importFiles took ${ms.toFixed(0)} ms`).toBeLessThan(BUDGET_MS);
  if (r.ok) {
    expect(Array.isArray(r.sweeps)).toBe(true);
    for (const s of r.sweeps) {
      expect(typeof s.label).toBe("string");
      expect(Array.isArray(s.points)).toBe(true);
      for (const p of s.points) {
        // Absent values are omitted or null, never NaN (docs/metrics.md).
        for (const k of NUMERIC_KEYS) {
          const v = p[k];
          if (v != null)
            expect(Number.isNaN(v), `${s.source.files.join(",")} point.${k} is NaN`).toBe(false);
        }
      }
    }
  } else {
    expect(r.errors.length).toBeGreaterThan(0);
    // importFiles turns an importer's exception into an `internal` error; importers must not throw at all.
    const internal = r.errors.filter((e) => e.code === "internal").map((e) => e.message);
    expect(internal, `an importer threw for ${inputs.map((i) => i.name).join(", ")}`).toEqual([]);
    for (const e of r.errors) {
      expect([typeof e.file, typeof e.message]).toEqual(["string", "string"]);
      expect(Math.min(e.file.length, e.message.length)).toBeGreaterThan(0);
    }
  }
  return r;
}

describe("import library properties", () => {
  it("never throws on random bytes read as latin1 or UTF-8", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 2048 }),
        fc.boolean(),
        fc.boolean(),
        (bytes, utf8, optional) => {
          const text = Buffer.from(bytes).toString(utf8 ? "utf8" : "latin1");
          checkImport([{ name: "random.bin", text, optional }]);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("never throws on random text that starts like JSON, JSONL or CSV", () => {
    const tables = ["concurrency,rps\n", "| 并发 | RPS |\n", "{'concurrency': ", "Metric,avg\n"];
    const prefix = fc.constantFrom("{", "[", '{"', "[{", ...tables);
    fc.assert(
      fc.property(prefix, fc.string({ maxLength: 400, unit: "binary" }), (p, s) => {
        checkImport([{ name: "noise.txt", text: p + s }]);
      }),
      { numRuns: RUNS },
    );
  });

  const files = fixtureFiles();
  const texts = new Map(files.map((f) => [f, readFileSync(f, "utf8")]));

  it("finds real fixtures to truncate", () => expect(files.length).toBeGreaterThan(10));

  it("never throws on a truncation of any real fixture", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...files),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (f, frac) => {
          const text = texts.get(f)!;
          checkImport([{ name: f, text: text.slice(0, Math.floor(text.length * frac)) }]);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it("imports every whole fixture file in its folder without throwing", () => {
    for (const f of files) checkImport([{ name: f, text: texts.get(f)!, optional: true }]);
  });

  it("never throws on CSVs with shuffled, noisy columns and odd cells", () => {
    const known = words(
      "concurrency|request_rate|rps|output_tokens_per_sec|tokens/s|p50_ttft_ms|P99 TTFT|" +
        "ttft_p99_s|P95 ITL|itl_p99_ms|tpot_mean_ms|并发|model|latency_s|ttft_ms",
    );
    const header = fc
      .tuple(
        fc.shuffledSubarray(known, { minLength: 1 }),
        fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
      )
      .map(([k, noise]) => [...k, ...noise]);
    const cell = fc.oneof(
      fc.double({ noNaN: false }).map(String),
      fc.nat(100000).map(String),
      fc.constantFrom(...words('N/A|NaN||Infinity|-Infinity|-3|0|"1,234.56"|inf|—|None')),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(
        header,
        fc.constantFrom(",", ";", "\t"),
        fc.nat(12),
        fc.array(cell, { minLength: 200, maxLength: 200 }),
        fc.boolean(),
        (hdr, d, nRows, cells, crlf) => {
          const rows = [hdr.join(d)];
          let k = 0;
          for (let i = 0; i < nRows; i++)
            rows.push(hdr.map(() => cells[k++ % cells.length]).join(d));
          checkImport([{ name: "sheet.csv", text: rows.join(crlf ? "\r\n" : "\n") }]);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });
});
