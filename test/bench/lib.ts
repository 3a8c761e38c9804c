/**
 * Entry of the benchmark bundle (test/bench/run.mjs bundles it with esbuild into a temp dir, so
 * the cases run compiled JavaScript, as the CLI and the app do).
 */
export { importFiles } from "../../src/import/index";
export { resolvePlan } from "../../src/engine/plan/resolve-plan";
export { computePlan } from "../../src/engine/plan/plan";
export { createPlanEngine } from "../../src/engine/plan/incremental";
export { readTraceFile } from "../../src/cli/trace-file";
export { alignSchedules, scheduleForSku } from "../../src/engine/chain/schedule";
export { poissonArrivals } from "../../src/engine/fleet/arrivals";
export { runFleet } from "../../src/engine/fleet/simulate";
export { fleetStats } from "../../src/engine/fleet/fleet-result";
export { curveTables } from "../../src/engine/fleet/service-curve";
