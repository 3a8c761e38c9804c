/**
 * Fuzz of the plan path (docs/security.md): random plan shapes, extreme numbers and random cell
 * graphs go through `capplan plan` in-process. Whatever the input, the answer is exit 0 or 2 with
 * plain messages: never an internal error, a stack trace or a hang (a time budget bounds the run).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runStdin, type Run } from "./helpers";

const NAMES = ["a", "b", "c", "peak", "gpu_hour", "x1", "tokens"];

/** Zeros, the limits of doubles, integers past 2^53, and decimals binary cannot hold. */
const EDGES = [0, -0, 1, -1, 1e308, -1e308, 2 ** 53, 2 ** 53 + 2, 1e-320, 5e-324, 1e15, 1e18];
const extreme = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(...EDGES, 0.1, 1.005),
);

const formula = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...NAMES),
      fc.constantFrom("+", "-", "*", "/", "^", " mod "),
      fc.oneof(fc.constantFrom(...NAMES), extreme.map(String)),
    )
    .map(([a, op, b]) => `=${a}${op}${b}`),
  fc.constantFrom(
    "=1/0",
    "=0/0",
    "=sqrt(-1)",
    "=import(1)",
    "=a.b",
    "=[1,2]",
    "=f(x)=x",
    "=1;2",
    '="text"',
    "=",
    "=(((1)))",
    "=max(a, b, c)",
    "=a ? b : c",
    "=1e999",
  ),
  fc.integer({ min: 1, max: 700 }).map((n) => "=" + "(".repeat(n) + "1" + ")".repeat(n)),
  fc.integer({ min: 1, max: 3000 }).map((n) => "=1" + "+1".repeat(n)),
  fc.string({ maxLength: 30 }).map((s) => "=" + s),
);

/** Mostly ordinary values, so that many plans pass validation and reach the engine. */
const ordinary = fc.oneof(
  fc.integer({ min: 1, max: 500 }),
  fc.double({ min: 0.01, max: 500, noNaN: true }),
  fc.constantFrom("=a", "=b * 2", "=peak", "=gpu_hour + 1", "=max(a, 3)"),
);
const value = fc.oneof(
  { weight: 12, arbitrary: ordinary },
  { weight: 2, arbitrary: extreme },
  { weight: 2, arbitrary: formula },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, [], {}, "1,500", "1e7", "NaN", "Infinity") },
);

/** A ring or a chain of `n` cells (large cycles, long dependency chains). */
const graph = fc.tuple(fc.integer({ min: 2, max: 3000 }), fc.boolean()).map(([n, cyclic]) => {
  const out: Record<string, string> = {};
  for (let i = 0; i < n; i++) out[`g${i}`] = i === n - 1 && !cyclic ? "1" : `=g${(i + 1) % n} + 1`;
  return out;
});

/** Random plans whose numbers come from `value`. */
function plans(value: fc.Arbitrary<unknown>, hostile: boolean) {
  /** `ok` values, or in hostile plans also `bad` ones. */
  const pick = <T, U>(ok: fc.Arbitrary<T>, bad: fc.Arbitrary<U>): fc.Arbitrary<T | U> =>
    hostile ? fc.oneof(ok, bad) : ok;
  const str = (maxLength: number) => fc.string({ maxLength });
  const name = pick(fc.stringMatching(/^[A-Za-z][A-Za-z0-9 _-]{0,8}$/), str(8));
  const cells = fc.dictionary(pick(fc.constantFrom(...NAMES, "z9", "rate"), str(8)), value, {
    maxKeys: 12,
  });
  const stats = fc.dictionary(
    fc.constantFrom("p50", "p90", "p99", "mean", "max", "p99.9", "bogus"),
    value,
    { maxKeys: 4 },
  );
  const point = fc.record(
    {
      concurrency: value,
      requestRate: fc.oneof(value, fc.constant("inf")),
      rps: value,
      outputTokensPerSec: value,
      ttftMs: stats,
      itlMs: stats,
      tpotMs: stats,
    },
    { requiredKeys: [] },
  );
  const sweep = fc.oneof(
    fc.record({ points: fc.array(point, { maxLength: 6 }) }),
    fc.record({ replicaOutputTokensPerSec: value }),
    fc.record({
      file: fc.constantFrom("/dev/zero", "../../../etc/passwd", "missing.csv", "", ".", "..", "/"),
    }),
    fc.record({
      points: fc.constant([
        { concurrency: 1, outputTokensPerSec: 100, ttftMs: { p99: 100 } },
        { concurrency: 8, outputTokensPerSec: 600, ttftMs: { p99: 900 } },
      ]),
    }),
    ...(hostile ? [fc.anything({ maxDepth: 2 })] : []),
  );
  const sku = fc.record(
    {
      name: fc.oneof(str(10), fc.constantFrom("H100\u001b[31m", "a|b", "line\nbreak")),
      gpu: name,
      gpusPerReplica: value,
      pricePerGpuHour: value,
      sweep,
    },
    { requiredKeys: ["name", "gpusPerReplica", "pricePerGpuHour", "sweep"] },
  );
  const workload = fc.record(
    {
      name,
      peakRps: value,
      avgRps: value,
      inputTokens: value,
      outputTokens: value,
      dailyRequests: value,
    },
    { requiredKeys: ["peakRps", "inputTokens", "outputTokens"] },
  );
  const slo = fc.record(
    {
      metric: pick(fc.constantFrom("ttft", "itl", "tpot", "e2e"), fc.constant("nope")),
      stat: pick(fc.constantFrom("p99", "p95", "mean", "p100"), fc.constant("q1")),
      maxMs: value,
    },
    { requiredKeys: ["metric", "stat", "maxMs"] },
  );
  const tenants = fc.record(
    {
      method: pick(fc.constantFrom("tokens", "output", "weighted"), fc.constant("other")),
      idle: fc.constantFrom("proportional", "separate"),
      inputWeight: pick(fc.integer({ min: 0, max: 5 }), value),
      outputWeight: pick(fc.integer({ min: 0, max: 5 }), value),
      pools: fc.array(
        fc.record(
          {
            name: fc.constantFrom("p1", "p2", "p1"),
            costPerDay: value,
            capacityTokensPerDay: value,
          },
          { requiredKeys: hostile ? [] : ["name"] },
        ),
        { maxLength: hostile ? 3 : 1 },
      ),
      usage: fc.array(
        fc.record(
          {
            team: fc.oneof(name, fc.constant("t\n|x")),
            pool: fc.constantFrom("p1", ...(hostile ? ["p2"] : []), undefined),
            inputTokens: value,
            outputTokens: value,
          },
          { requiredKeys: hostile ? [] : ["team", "inputTokens", "outputTokens"] },
        ),
        { maxLength: 6 },
      ),
    },
    { requiredKeys: hostile ? [] : ["usage"] },
  );

  const plan = fc.record(
    {
      format: pick(fc.constant("capplan.plan/v1"), fc.constantFrom("capplan.plan/v2", undefined)),
      title: fc.oneof(name, fc.constant("\u001b]0;x\u0007 title")),
      currency: pick(
        fc.constantFrom("USD", "CNY", "JPY", "KWD", "XYZ"),
        fc.constantFrom("<script>", "€", "usd", ""),
      ),
      cells: fc.oneof(
        { weight: 4, arbitrary: cells.map((c) => ({ a: 2, b: 3, peak: 10, gpu_hour: 4, ...c })) },
        { weight: 1, arbitrary: graph },
      ),
      workloads: fc.array(workload, { maxLength: 3 }),
      workload,
      slo: fc.array(slo, { maxLength: 3 }),
      sloMode: pick(fc.constantFrom("measured", "interpolated"), fc.constant("other")),
      factors: fc.record(
        { elasticity: value, redundancy: fc.oneof(value, fc.record({ spare: value })) },
        { requiredKeys: [] },
      ),
      skus: fc.array(sku, { maxLength: 3 }),
      tenants,
    },
    { requiredKeys: ["format", "workloads", "skus"] },
  );
  return plan;
}

/** How many runs reached a computed result (a printed result). */
const reached = { computed: 0, refused: 0 };

const runPlan = (text: string, extra: readonly string[] = []) =>
  runStdin(text, "plan", "-", ...extra);
/** fast-check's options: a fixed seed (FUZZ_SEED to change it), bounded in runs and time. */
const bounded = (numRuns: number, interruptAfterTimeLimit: number) => {
  const seed = Number(process.env.FUZZ_SEED ?? 20261202);
  return { numRuns, interruptAfterTimeLimit, seed };
};

function check(r: Run): void {
  expect([0, 2]).toContain(r.code);
  expect(r.err).not.toContain("internal error");
  expect(r.err + r.out).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(r.out + r.err).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  expect(r.out + r.err).not.toContain("root:x:0:0");
}

describe("fuzzing the plan path", () => {
  it("never gives an internal error, a stack trace or a hang for random plans", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(plans(ordinary, false), plans(value, true)),
        fc.constantFrom([], ["--json"], ["--markdown"], ["--csv"], ["--lang", "zh"]),
        async (p, extra) => {
          const r = await runPlan(JSON.stringify(p), extra);
          check(r);
          if (r.out !== "") reached.computed++;
          else {
            reached.refused++;
            const reason = r.err.split("\n")[0]!.replace(/^capplan plan: -: /, "");
            if (process.env.FUZZ_DEBUG) console.log(reason.slice(0, 90));
          }
        },
      ),
      bounded(300, 30_000),
    );
    // The generator must reach the engine often, not stop at validation every time.
    expect(reached.computed).toBeGreaterThan((reached.computed + reached.refused) / 10);
  }, 90_000);
  it("never gives an internal error for random JSON and random text", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.json({ maxDepth: 4 }),
          fc.string({ maxLength: 200 }),
          fc.constant("[".repeat(50_000)),
        ),
        async (text) => check(await runPlan(text)),
      ),
      bounded(100, 20_000),
    );
  }, 60_000);
});
