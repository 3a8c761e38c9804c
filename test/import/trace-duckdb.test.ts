/**
 * "Beyond one machine" (README, docs/traffic.md): the DuckDB statement the README shows turns a
 * table of requests into the per-bin aggregate; importing that file gives the same request count,
 * duration, mean rate, bin rates (peak, p99, p50) and mean lengths as the raw Azure conversation
 * trace (fixtures/traces/, CC-BY, SOURCE.md beside it). The statement is read from the README, so
 * the README's SQL is the SQL that is tested.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readTraceFile } from "../../src/cli/trace-file";

const ROOT = join(__dirname, "../..");
const AZURE = join(ROOT, "fixtures/traces/AzureLLMInferenceTrace_conv.csv");
const dir = mkdtempSync(join(tmpdir(), "capplan-duck-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The SQL block after the `duckdb-bins` marker in the README. */
function readmeSql(): string {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const at = readme.indexOf("<!-- duckdb-bins");
  expect(at).toBeGreaterThan(0);
  const m = /```sql\n([\s\S]*?)```/.exec(readme.slice(at));
  return m![1]!;
}

const SAME_KEYS = [
  ...["requests", "bins", "seriesStartSec", "series", "peakRps", "p99Rps", "p50Rps"],
  ...["totalInputTokens", "totalOutputTokens"],
] as const;

function summary(file: string, binSec: number) {
  const r = readTraceFile(file, { baseSec: binSec });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const s = r.acc.summary(binSec);
  if (!s.ok) throw new Error(s.error);
  return { format: r.format, ...s.value };
}

describe("the README's DuckDB aggregate of a trace", () => {
  it("imports to the same rates and means as the raw trace", async () => {
    const duckdb = await import("@duckdb/node-api");
    const db = await duckdb.DuckDBInstance.create(":memory:", { threads: "1" });
    const c = await db.connect();
    // The warehouse table of the README: ts TIMESTAMP (UTC), input_tokens, output_tokens.
    await c.run(
      `CREATE TABLE requests AS SELECT CAST("TIMESTAMP" AS TIMESTAMP) AS ts, CAST(ContextTokens AS BIGINT) AS input_tokens, CAST(GeneratedTokens AS BIGINT) AS output_tokens FROM read_csv('${AZURE.replace(/'/g, "''")}', all_varchar = true)`,
    );
    const out = join(dir, "bins.csv");
    await c.run(readmeSql().replace("'bins.csv'", `'${out.replace(/'/g, "''")}'`));
    c.closeSync?.();
    expect(readFileSync(out, "utf8").split("\n")[0]).toBe(
      "binStart,requests,inputTokens,outputTokens,firstTs,lastTs",
    );

    for (const binSec of [60, 300]) {
      const raw = summary(AZURE, binSec);
      const bins = summary(out, binSec);
      expect(raw.format).toBe("azure-llm-trace");
      expect(bins).toMatchObject({ format: "trace-bins", aggregated: true, requests: 19366 });
      // The fixture's timestamps have whole microseconds (7 digits, the last one 0), as DuckDB keeps them.
      expect(bins.durationSec).toBeCloseTo(raw.durationSec, 6);
      expect(bins.meanRps!).toBeCloseTo(raw.meanRps!, 9);
      // The same values, each compared as toEqual compares numbers (Object.is).
      const same = (s: typeof raw) => [
        ...SAME_KEYS.map((k) => s[k]),
        ...[s.inputTokens.mean, s.outputTokens.mean],
      ];
      expect(same(bins)).toEqual(same(raw));
      // What needs the rows is left out, not guessed.
      expect([bins.inputTokens.p99, bins.interarrivalCv]).toEqual([null, null]);
    }
  }, 60_000);
});
