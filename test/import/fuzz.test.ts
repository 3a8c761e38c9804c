/**
 * Fuzz test of the import library (docs/import.md "Limits"): random bytes, long lines of
 * adversarial characters, random JSON shapes and JSON lines, tables with known headers and random
 * cells, and the same as a folder. Each input runs in a worker thread with a time budget: no
 * exception may escape any importer or detector, and nothing may hang.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { words } from "./helpers";
import { useRunner } from "./harness";

const BUDGET_MS = 10_000;
const RUNS = 60;

// Single characters (spread from one string), then Chinese, a unit and two symbols.
const ADVERSARIAL = [..." \t,;|\"'{}[]:-#*.e19\r\n\u00a0\u0000\uFEFF", "并发", "µs", "×", "\\"];
const HEADERS = words(
  "concurrency|request_rate|rps|output tokens/s|p99 ttft ms|ttft_ms|latency_s|itl|tpot p50|并发|" +
    "P99 TTFT|throughput|model|gpu|start_ms|end_ms|request_id|users",
);
const JSON_KEYS = words(
  "max_concurrency|mean_ttft_ms|request_throughput|completed|duration|ttfts|itls",
);
const CELLS = fc.oneof(
  fc.double().map(String),
  fc.integer().map(String),
  fc.constantFrom(...words('|N/A|NaN|inf|-1|1e999|"1,234.5"|0,25|12%|abc|1.2.3')),
  fc.string({ maxLength: 12 }),
);

const inputs = fc.oneof(
  // random bytes, decoded as Latin-1 (every byte a character)
  fc.uint8Array({ maxLength: 4000 }).map((b) => String.fromCharCode(...b)),
  // long lines of adversarial characters
  fc
    .array(fc.constantFrom(...ADVERSARIAL), { minLength: 1, maxLength: 30_000 })
    .map((a) => a.join("")),
  fc
    .tuple(
      fc.constantFrom(...ADVERSARIAL),
      fc.integer({ min: 1_000, max: 60_000 }),
      fc.constantFrom("", "x", "# a", "| a |", "- a:", "concurrency,rps\n"),
    )
    .map(([c, n, pre]) => pre + c.repeat(n) + "b\n|a|b|\n|--|--|\n|1|2|\n"),
  // random JSON shapes, as one document and as JSON lines
  fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)),
  fc
    .array(
      fc.dictionary(fc.constantFrom(...HEADERS, ...JSON_KEYS), fc.jsonValue({ maxDepth: 2 })),
      { maxLength: 8 },
    )
    .map((a) => a.map((o) => JSON.stringify(o)).join("\n")),
  // tables with known headers and random cells, any delimiter
  fc
    .tuple(
      fc.array(fc.constantFrom(...HEADERS), { minLength: 1, maxLength: 8 }),
      fc.constantFrom(",", ";", "\t"),
      fc.array(fc.array(CELLS, { maxLength: 9 }), { maxLength: 12 }),
      fc.constantFrom("\n", "\r\n", "\r"),
    )
    .map(([h, d, rows, nl]) => [h.join(d), ...rows.map((r) => r.join(d))].join(nl)),
);

const runner = useRunner();

describe("import fuzz", () => {
  it("never lets an exception escape and never hangs, on random input", async () => {
    const bad: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        inputs,
        fc.constantFrom("x.csv", "x.json", "x.jsonl", "x.md", "x.txt"),
        async (text, name) => {
          const r = await runner.run({ name, text, everyFormat: true }, BUDGET_MS);
          if ("hang" in r)
            bad.push(`hang after ${Math.round(r.ms)} ms on ${JSON.stringify(text.slice(0, 80))}…`);
          else if ("crash" in r) bad.push(`worker crash: ${r.crash.slice(0, 300)}`);
          else
            for (const t of r.thrown)
              bad.push(`${t.slice(0, 300)} on ${JSON.stringify(text.slice(0, 80))}`);
          return bad.length === 0;
        },
      ),
      { numRuns: RUNS },
    );
    expect(bad).toEqual([]);
  }, 900_000);
});
