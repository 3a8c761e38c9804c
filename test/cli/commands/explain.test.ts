import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { consistent, lineageNodes, type LineageNode } from "../../../src/engine/plan/lineage";
import { run, runLine } from "../helpers";

const ROOT = join(__dirname, "..", "..", "..");
const SEED = "models/examples/seed.json";
const MULTI = "models/examples/multi-sku.json";
const EXAMPLES = readdirSync(join(ROOT, "models", "examples"))
  .filter((f) => f.endsWith(".json"))
  .sort();

/** Keys holding problems as values (docs/problems.md), at any level. */
const PROBLEM_KEYS = new Set(["problems", "errorProblems", "infeasibleProblem", "problem"]);

/** Every numeric leaf of a JSON value with its path (`skus[0].replicas`). Problems' parameters are not results. */
function numericPaths(v: unknown, path = "", out: [string, number][] = []): [string, number][] {
  if (typeof v === "number") out.push([path, v]);
  else if (Array.isArray(v)) v.forEach((x, i) => numericPaths(x, `${path}[${i}]`, out));
  else if (v && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) {
      if ((path === "" && k === "errors") || PROBLEM_KEYS.has(k)) continue;
      numericPaths(x, path ? `${path}.${k}` : k, out);
    }
  }
  return out;
}

const close = (a: number, b: number) =>
  Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * `explain --json` of each path of `paths` (with `args`): what failed, as lines. An explanation
 * fails when explain exits non-zero, its value is not plan --json's, a step does not recompute
 * from its formula, or `check` (called on each step) pushes a line.
 */
async function explainEach(
  planPath: string,
  paths: [string, number][],
  args: string[] = [],
  check: (path: string, n: LineageNode, failures: string[]) => void = () => {},
): Promise<string[]> {
  const failures: string[] = [];
  for (const [path, value] of paths) {
    const r = await run("explain", planPath, path, "--json", ...args);
    if (r.code !== 0) {
      failures.push(`${path}: exit ${r.code} ${r.err.trim()}`);
      continue;
    }
    const node = JSON.parse(r.out) as LineageNode;
    if (node.value === null || !close(node.value, value))
      failures.push(`${path}: explanation says ${node.value}, plan --json says ${value}`);
    for (const n of lineageNodes(node)) {
      if (!consistent(n)) failures.push(`${path}: step ${n.path} = ${n.value}, ${n.recomputed}`);
      check(path, n, failures);
    }
  }
  return failures;
}

describe("capplan explain", () => {
  it("prints the chain of skus[0].replicas with the numbers plugged in, down to cells and a sweep file line", async () => {
    const r = await run("explain", MULTI, "skus[0].replicas");
    expect(r.code).toBe(0);
    expect(r.out.split("\n")[0]).toMatch(
      /^skus\[0\]\.replicas = 7 {4}ceil\(replicasBase × elasticity\) \+ spare: ceil\(4\.8133 × 1\.2\) \+ 1 = 7$/,
    );
    expect(r.out).toContain("← cells.peak_rps = 40    cell (40)");
    expect(r.out).toMatch(
      /operatingPoint\.outputTokensPerSec = 1,662\.0614 .*fixtures\/vllm\/concurrency-sweep-h100\/[^:]+\.json:\d+/,
    );
  });

  it("explains the seed example's replicas as the seed article does: 50 × 300 ÷ 1,500 × 1.2 × 1.2 → 15", async () => {
    const r = await run("explain", SEED, "skus[0].replicas", "--json");
    expect(r.code).toBe(0);
    const node = JSON.parse(r.out) as LineageNode;
    expect(node).toMatchObject({ value: 15, plugged: "ceil(14.4) = 15" });
    const raw = node.inputs[0]!;
    const plugged = [raw.plugged, raw.inputs[0]!.plugged];
    expect(plugged).toEqual(["10 × 1.2 × 1.2 = 14.4", "50 × 300 ÷ 1,500 = 10"]);
  });

  it("--lang zh writes the steps' words in Chinese: the seed example's costPerMonth ends in 730 hours a month, 每月小时数, with no English constant label", async () => {
    const zh = await runLine(`explain ${SEED} skus[0].costPerMonth --lang zh`);
    expect(zh.code).toBe(0);
    const lines = zh.out.trimEnd().split("\n");
    expect([lines[0], lines.at(-1)]).toEqual([
      "skus[0].costPerMonth = 876,000    costPerHour × 730: 1,200 × 730 = 876,000",
      "  ← hoursPerMonth = 730    constant: 每月小时数",
    ]);
    expect(zh.out).toContain("给定容量（未对照 SLO 检查）: 1,500 = 1,500");
    for (const label of ["hours per", "seconds per", "tokens per million", "given capacity"])
      expect(zh.out).not.toContain(label);
    const en = await run("explain", SEED, "skus[0].costPerMonth");
    const last = "  ← hoursPerMonth = 730    constant: hours per month";
    expect(en.out.trimEnd().split("\n").at(-1)).toBe(last);
    expect((await runLine(`explain ${SEED} skus[0].costPerMonth --lang fr`)).code).toBe(2);
  });

  it("follows a formula's <id>_tok_s into that SKU's own chain: the H200 estimate reaches the H100's sweep point and its file line", async () => {
    const r = await run("explain", MULTI, "skus[2].replicas", "--json");
    expect(r.code).toBe(0);
    const nodes = lineageNodes(JSON.parse(r.out) as LineageNode);
    const field = nodes.find((n) => n.path === "skus[2].sweep.replicaOutputTokensPerSec")!;
    const formula = { raw: "=h100_tok_s * h200_speedup" };
    expect(field).toMatchObject({ ...formula, plugged: "1,662.0614 * 1.4328 = 2,381.4611" });
    const hop = field.inputs.find((n) => n.path === "h100_tok_s")!;
    const inputPath = hop.inputs[0]!.path;
    expect([hop.kind, inputPath]).toEqual(["computed", "skus[0].replicaOutputTokensPerSec"]);
    expect(hop.value).toBeCloseTo(1662.0614, 4);
    const leaves = lineageNodes(hop).filter((n) => n.kind === "sweepPoint");
    expect(leaves).toHaveLength(1);
    expect(leaves[0]!.source).toMatchObject({
      label: expect.stringMatching(/^vllm · /),
      load: "concurrency 16",
      file: expect.stringMatching(
        /fixtures\/vllm\/concurrency-sweep-h100\/vllm-infqps-concurrency16-[^/]+\.json$/,
      ),
      line: 1,
    });
    const text = await run("explain", MULTI, "skus[2].replicas");
    expect(text.out).toMatch(/← h100_tok_s = 1,662\.0614 {4}skus\[0\]\.replicaOutputTokensPerSec/);
  });

  it("a sweep value's line is the row the importer read the point from (GenAI-Perf CSV of the L40S sweep)", async () => {
    const path = "skus[1].workloads[0].operatingPoint.outputTokensPerSec";
    const r = await run("explain", MULTI, path, "--json");
    expect(r.code).toBe(0);
    const s = (JSON.parse(r.out) as LineageNode).source!;
    expect(s.points!.length).toBeGreaterThan(0);
    expect(s.points!.map((p) => p.file)).toContain(s.file);
    expect(s.file).toMatch(/concurrency16\//);
  });

  it("explains every KV number of a plan with a model (skus[].kv, its terms, each workload's kv): values equal, steps recompute", async () => {
    const planPath = join(ROOT, "fixtures/simulate/fleet-plan.json");
    const plan = JSON.parse((await run("plan", planPath, "--json", "--allow-path", ROOT)).out);
    const paths = numericPaths(plan).filter(([p]) => p.includes(".kv."));
    // 2 SKUs × (4 kv numbers + 11 terms + 2 of the workload's kv).
    expect(paths.length).toBe(34);
    const failures = await explainEach(planPath, paths, ["--allow-path", ROOT], (path, n, fail) => {
      if (n.kind === "computed" && n.recomputed === undefined)
        fail.push(`${path}: step ${n.path} = ${n.value}, recomputed ${n.recomputed}`);
    });
    expect(failures).toEqual([]);
    const text = await run("explain", planPath, "skus[1].kv.maxConcurrency", "--allow-path", ROOT);
    expect(text.code).toBe(0);
    const lines = text.out.split("\n").map((l) => l.trim());
    expect(lines[0]).toMatch(
      /^skus\[1\]\.kv\.maxConcurrency = 347 +floor\(KV tokens ÷ tokensPerRequest\): floor\(474,111 ÷ 1,365\.8234\) = 347$/,
    );
    expect(lines).toContain(
      "← skus[1].kv.terms.gpuGiB = 79.18    GPU memory − runtime reserve: 80 − 0.82 = 79.18",
    );
    expect(lines).toContain("← skus[1].kv.terms.memoryGB = 80    catalogue h100-sxm");
  });

  it("rejects a path that names no number, with exit 2 and no stack trace", async () => {
    const r = await run("explain", SEED, "skus[9].replicas");
    expect([r.code, r.out]).toEqual([2, ""]);
    expect(r.err).toMatch(/skus\[9\]\.replicas: no number with a lineage at this path/);
    // A fleet answer is not a chain of formulas: explain says where it comes from.
    const f = await run("explain", SEED, "fleet.mix.costPerHour");
    expect(f.code).toBe(2);
    expect(f.err).toMatch(
      /fleet\.mix\.costPerHour: the fleet answers of plan --json are a solver's mix and a simulation's statistics, not a chain of formulas: capplan optimize and capplan simulate give them/,
    );
    const u = await run("explain", SEED);
    expect([u.code, u.err]).toEqual([2, expect.stringMatching(/usage: capplan explain/)]);
  });

  it.each(EXAMPLES)(
    "explains every numeric key of plan --json of %s; sweep values point at real lines holding them",
    async (f) => {
      const planPath = `models/examples/${f}`;
      const json = JSON.parse((await run("plan", planPath, "--json")).out);
      // `fleet` holds a solver's mix and a simulation's statistics (docs/cli.md), not steps of the
      // chain: they have no lineage (explain says so, below) and are checked against optimize and
      // simulate in test/cli/fleet-answers.test.ts.
      const paths = numericPaths(json).filter(([p]) => !p.startsWith("fleet."));
      expect(paths.length).toBeGreaterThan(20);
      let sweepLeaves = 0;
      const failures = await explainEach(planPath, paths, [], (path, n, fail) => {
        if (n.kind !== "sweepPoint" || n.value === null) return;
        sweepLeaves++;
        const s = n.source!;
        if (s.inPath && s.file && s.key === "concurrency") {
          // Read from the run's path (the file's content does not record it): the path says so.
          if (!new RegExp(`concurrency[-_]?${n.value}(?!\\d)`, "i").test(s.file))
            fail.push(`${path}: ${s.file} does not say concurrency ${n.value}`);
          return;
        }
        if (!s.file || !s.line)
          return void fail.push(`${path}: sweep value ${n.path} has no file line`);
        const lines = readFileSync(resolve(dirname(join(ROOT, planPath)), s.file), "utf8");
        const text = lines.split(/\r?\n/)[s.line - 1] ?? "";
        const nums = (text.match(/-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g) ?? []).map(Number);
        const v = n.value;
        if (!nums.some((x) => close(x, v) || close(x * 1000, v) || close(x / 1000, v)))
          fail.push(`${path}: ${s.file}:${s.line} does not hold ${n.value}`);
        expect(s.files).toContain(s.file);
        // The line is in the place the importer read this very point from (its row, or its file).
        const own = (s.points ?? []).filter((p) => p.file === s.file);
        const at = `${path}: ${s.file}:${s.line}`;
        if (!own.length) fail.push(`${at} is not a file point ${s.pointIndex} was read from`);
        else if (own.every((p) => p.line !== undefined) && !own.some((p) => p.line === s.line))
          fail.push(`${at} is not the row of point ${s.pointIndex}`);
      });
      expect(failures).toEqual([]);
      if (f === "multi-sku.json") expect(sweepLeaves).toBeGreaterThan(10);
    },
    120_000,
  );
});
