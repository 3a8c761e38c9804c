/**
 * Bench case of the fleet simulation (run by test/bench/run.mjs; issue #30): a million requests
 * (200,000 with --quick) simulated on a 16 × 32-slot fleet (`runFleet` + `fleetStats`,
 * src/engine/fleet/), against a plain reference loop doing the same per-request arithmetic
 * without the event heap, routing and statistics (test/bench/child.mjs `fleet`, `fleet-ref`).
 * Each run is its own process, interleaved with the reference; only the simulation is timed
 * (the seeded arrivals are generated first, outside the clock).
 */
export const title = "fleet";

export async function run(ctx) {
  const { ROWS, RUNS, child, row, notes, profiles, profileOf, median, ms, log } = ctx;
  const n = ROWS;
  log(`bench: fleet simulation of ${n.toLocaleString("en")} requests`);
  const sim = [];
  const ref = [];
  for (let r = 0; r < RUNS; r++) {
    ref.push(child("fleet-ref", "-", n));
    sim.push(child("fleet", "-", n));
  }
  const t = median(sim.map((x) => x.ms));
  const b = median(ref.map((x) => x.ms));
  const i = sim[0].info;
  row({
    case: `Fleet simulation: ${n.toLocaleString("en")} Poisson requests on 16 replicas × 32 slots (runFleet + fleetStats: event heap, least-loaded routing, four latency sorts)`,
    value: `${ms(t)} = ${(((n / t) * 1000) / 1e6).toFixed(2)} M requests/s`,
    baseline: `plain reference loop (same arithmetic, one queue, no heap, no statistics): ${ms(b)}`,
    ratio: t / b,
    target: "≤ 3 s",
    met: t <= 3000,
  });
  notes.push(
    `Fleet check: ${i.requests.toLocaleString("en")} requests, mean E2E ${i.meanE2e.toFixed(0)} ms, P99 TTFT ${i.p99Ttft.toFixed(0)} ms, queued ${(i.queuedShare * 100).toFixed(1)} %, utilization ${(i.utilization * 100).toFixed(1)} %.`,
  );
  if (t > 3000) profiles.push({ title: "Fleet simulation", ...profileOf("fleet", "-", n) });
}
