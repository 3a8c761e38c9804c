/**
 * src/import/formats/locust-history.ts: Locust's `_stats_history.csv`, one point per user-count
 * plateau (window or cumulative percentiles, completions and rps over the plateau).
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { importOk } from "../helpers";

const DIR = "fixtures/locust";
const read = (f: string) => readFileSync(`${DIR}/${f}`, "utf8");
const P = "rishabhpoddar_llm_qwen3-0.6b_locust";

describe("Locust _stats_history.csv", () => {
  test("the full-history sample has one plateau at 40 users; ramp ticks and the final 0 users are skipped", () => {
    const f = `${P}_stats_history.csv`;
    const s = importOk([{ name: f, text: read(f) }])[0]!;
    expect(s.source.format).toBe("locust-history");
    expect(s.points.map((p) => p.concurrency)).toEqual([40]);
    const p = s.points[0]!;
    // Hand check (python over the file): plateau 1782550386…1782550586, tick before = 1782550385.
    // E2E Total Request Count 1 → 190: 189 completed; 189 / (1782550586 − 1782550385) = 0.9402985074626866 rps
    expect(p.completed).toBe(189);
    expect(p.rps).toBeCloseTo(0.9402985074626866, 12);
    // exact plateau mean from cumulative averages: (a1·n1 − a0·n0)/(n1 − n0) = 44595.94234839949 ms
    expect(p.e2eMs!.mean).toBeCloseTo(44595.94234839949, 6);
    expect(p.ttftMs!.mean).toBeCloseTo(17664.374859388485, 6);
    // window mode: mean of the 188 non-zero E2E window p99s after the first 10 s = 68313.82978723405
    expect(p.e2eMs!.p99).toBeCloseTo(68313.82978723405, 6);
    expect(p.ttftMs!.p99).toBeCloseTo(38575.53191489362, 6);
    expect(s.warnings.some((w) => /10-s window percentiles/.test(w))).toBe(true);
  });

  test("a step-shape history without --csv-full-history gives one point per plateau (4, 8, 16 users)", () => {
    const f = "written_locust_step_shape_stats_history.csv";
    const sweeps = importOk([{ name: f, text: read(f) }]);
    const s = sweeps[0]!;
    expect(s.points.map((p) => p.concurrency)).toEqual([4, 8, 16]);
    const [p4, p8, p16] = s.points;
    // 4 users: counts 2 → 14 over 1767225603 → 1767225609: 12 / 6 s = 2 rps, mean 500 ms
    expect(p4!.rps).toBeCloseTo(2, 12);
    expect(p4!.e2eMs!.mean).toBeCloseTo(500, 9);
    // 8 users: Σrt 17·517.647… = 8800 → 41·624.390… = 25600; (25600 − 8800)/24 = 700 ms; 24/6 = 4 rps
    expect(p8!.e2eMs!.mean).toBeCloseTo(700, 9);
    expect(p8!.rps).toBeCloseTo(4, 12);
    expect(p8!.e2eMs!.p99).toBe(760); // last tick's cumulative 99%
    // 16 users: 46 → 82 requests with 0 → 3 failures: 33 successful / 6 s = 5.5 rps; mean (73300 − 30100)/36 = 1200
    expect(p16).toMatchObject({ completed: 33, failed: 3 });
    expect(p16!.rps).toBeCloseTo(5.5, 12);
    expect(p16!.e2eMs!.mean).toBeCloseTo(1200, 6);
    expect(s.warnings.some((w) => /cumulative since the start/.test(w))).toBe(true);
  });
});
