/**
 * Bench cases of traffic traces and schedules (run by test/bench/run.mjs): trace import and
 * schedule computation go here. Each case adds rows with `ctx.row({ case, value, baseline, ratio,
 * target, met })`; `ctx.child(kind, input, extra)` runs a case of test/bench/child.mjs in its own
 * process (add the kind there and export what it needs from test/bench/lib.ts); generated inputs
 * belong in `ctx.tmp`. No cases yet.
 */
export const title = "trace";

export async function run(_ctx) {}
