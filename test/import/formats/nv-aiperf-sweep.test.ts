/** src/import/formats/nv-aiperf-sweep.ts: AIPerf's sweep aggregates, several levels in one file. */
import { describe, expect, it } from "vitest";
import { importFixture } from "../helpers";

const importOne = (rel: string) => importFixture(rel)[0]!;

describe("parseAiperfSweepCsv and parseAiperfSweepJson", () => {
  it("reads a sweep aggregate CSV (0.11 bare tags) and JSON (tag_stat keys) as several levels", () => {
    const csv = importOne("aiperf/synthetic/sweep_aggregate/profile_export_aiperf_sweep.csv");
    expect(csv.points.map((p) => p.concurrency)).toEqual([16, 64, 512]);
    const p64 = csv.points[1]!;
    expect(p64.ttftMs).toEqual({ mean: 51.44 }); // only the average: no percentiles in this layout
    expect(p64).toMatchObject({ rps: 16.33, outputTokensPerSec: 4283.22, completed: 4895 });
    const js = importOne("aiperf/synthetic/sweep_aggregate/profile_export_aiperf_sweep.json");
    expect(js.points.map((p) => p.concurrency)).toEqual([10, 20]);
    const { ttftMs, tpotMs } = js.points[0]!;
    expect([ttftMs, tpotMs]).toEqual([{ mean: 45.2, p99: 98.7 }, { p95: 13.1 }]);
    expect(js.points[1]!.rps).toBe(6.92);
    expect(js.warnings.some((w) => w.includes("means over several trials"))).toBe(true);
  });
});
