/**
 * The fleet answers of a plan (src/cli/fleet-answers.ts, src/report/fleet-section.ts): `plan
 * --json`'s `fleet` and the report's "Fleet" section carry the numbers `capplan optimize --json`
 * and `capplan simulate --json` give for the same plan (10,000 requests, seed 1), the trace's
 * burstiness, and each SKU's KV memory, in English and Chinese.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fmtValue } from "../../src/engine/base/number-format";
import { FLEET_MAX_REPLICAS, FLEET_REQUESTS, FLEET_SEED } from "../../src/cli/fleet-answers";
import { fmtMoney } from "../../src/report/plan-output";
import { run, tmpDir, writeTmp } from "./helpers";

const ROOT = join(__dirname, "../..");
const SIM = join(ROOT, "fixtures/simulate/plan.json");
const KV = join(ROOT, "fixtures/simulate/fleet-plan.json");
const H100 = join(ROOT, "fixtures/vllm/concurrency-sweep-h100/");

async function json(...args: string[]) {
  const r = await run(...args, "--json", "--allow-path", ROOT);
  expect(r.errLines.filter((l) => !l.startsWith("warning"))).toEqual([]);
  expect(r.code).toBe(0);
  return JSON.parse(r.out);
}

async function report(plan: string, lang: "en" | "zh") {
  const r = await run("report", plan, "--lang", lang, "--allow-path", ROOT);
  expect(r.code).toBe(0);
  const start = r.out.indexOf(lang === "en" ? "### Fleet" : "### 集群");
  expect(start).toBeGreaterThan(0);
  return r.out.slice(start, r.out.indexOf("\n### ", start + 4));
}

const ms = (x: number) => `${fmtValue(x, 1)} ms`;
const pct = (x: number) => `${fmtValue(x * 100, 1)} %`;

/** A bursty trace in the Azure format: bursts of 40 requests in 2 s, one every 100 s. */
function burstyTrace(dir: string): string {
  const rows = ["TIMESTAMP,ContextTokens,GeneratedTokens"];
  for (let b = 0; b < 30; b++)
    for (let i = 0; i < 40; i++) {
      const t = new Date(Date.UTC(2024, 0, 1, 0, 0, 0) + b * 100_000 + i * 50);
      const stamp = t.toISOString().replace("T", " ").replace("Z", "0000");
      rows.push(`${stamp},1000,200`);
    }
  return writeTmp(`${rows.join("\n")}\n`, "bursts.csv", dir);
}

const tmp = tmpDir("capplan-fleet-");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * A plan of one H100 SKU on the fixture sweep, chat under P99 TTFT ≤ `maxMs`: at `load` requests
 * a second of 1000 input and 200 output tokens, or from the trace `load` names.
 */
function h100Plan(title: string, load: number | { trace: unknown }, maxMs: number): string {
  const chat =
    typeof load === "number" ? { peakRps: load, inputTokens: 1000, outputTokens: 200 } : load;
  const plan = {
    format: "capplan.plan/v1",
    title,
    workloads: [{ name: "chat", ...chat }],
    slo: [{ metric: "ttft", stat: "p99", maxMs }],
    factors: { elasticity: 1, redundancy: 1 },
    skus: [{ name: "H100", gpusPerReplica: 1, pricePerGpuHour: 3, sweep: { file: H100 } }],
  };
  return writeTmp(plan, `${title.replace(/ /g, "-")}.json`, tmp);
}

describe("plan --json: fleet", () => {
  it("carries optimize --json under mix and simulate --json per SKU, for the same plan", async () => {
    const plan = await json("plan", SIM);
    const f = plan.fleet;
    expect(f).toMatchObject({ requests: FLEET_REQUESTS, seed: FLEET_SEED, arrivals: "poisson" });
    expect([f.trace, FLEET_REQUESTS]).toEqual([null, 10_000]);
    expect(f.mix).toEqual(await json("optimize", SIM));
    for (const k of ["feasible", "costPerHour", "skus", "assignment", "bestSingle", "savingsPct"])
      expect(f.mix).toHaveProperty(k);
    const sim = await json("simulate", SIM, "--sku", "H100", "--requests", "10000");
    expect(f.simulations).toEqual([sim]);
    // The plan's own numbers are unchanged beside it: 3 replicas of H100 at $3 a GPU-hour.
    const got = [plan.skus[0].replicas, f.mix.costPerHour, f.simulations[0].replicas];
    expect(got).toEqual([3, 9, 3]);
  });

  it("replays the plan's trace (its first requests), with the same numbers as simulate --trace", async () => {
    const trace = burstyTrace(tmp);
    const planFile = h100Plan("bursts", { trace: { file: "bursts.csv" } }, 500);
    const f = (await json("plan", planFile)).fleet;
    expect([f.arrivals, f.trace, f.requests]).toEqual(["trace", "bursts.csv", 1200]);
    const sim = await json("simulate", planFile, "--trace", trace);
    expect(f.simulations).toEqual([sim]);
    // Bursts of 40 in 2 s on 16 slots: the mean rate's one replica does not hold P99 TTFT.
    expect(sim.arrivals.interarrivalCv).toBeGreaterThan(1.5);
    expect(sim.replicasForSlo).toBeGreaterThan(sim.formulaReplicas);
    const cv = (digits: number) => fmtValue(sim.arrivals.interarrivalCv, digits);
    const en = await report(planFile, "en");
    expect(en).toContain(
      `the first 1,200 requests of trace bursts.csv, interarrival CV ${cv(2)} (1 for Poisson), seed 1`,
    );
    expect(en).toContain(
      `- H100: The arrivals are bursty (interarrival CV ${cv(1)}; 1 for Poisson): the bursts, not the mean rate, decide this fleet.`,
    );
    expect(await report(planFile, "zh")).toContain(
      `- H100：到达具有突发性（到达间隔 CV ${cv(1)}；泊松为 1）：决定集群规模的是突发，而不是平均速率。`,
    );
  });

  it("a plan with no feasible mix exits 0 with feasible false and, per workload, why", async () => {
    const planFile = h100Plan("too strict", 5, 1);
    const f = (await json("plan", planFile)).fleet;
    const [reason] = f.mix.reasons;
    expect(f.mix).toMatchObject({ feasible: false, reasons: [{ workload: "chat" }] });
    expect(reason.reason).toContain("H100");
    const error =
      'SKU "H100" has no planned fleet (no feasible operating point, or its replicas could not be computed): nothing to simulate';
    expect(f.simulations).toEqual([{ sku: "H100", error }]);
    const en = await report(planFile, "en");
    const enLines = ["- No feasible mix (each workload on one SKU; HiGHS", `  - ${reason.reason}`];
    for (const line of [...enLines, "| H100 | not simulated |"]) expect(en).toContain(line);
    const zh = await report(planFile, "zh");
    expect(zh).toContain("- 没有可行的组合（每个负载只用一种 SKU；HiGHS");
    expect(zh).toContain('- H100：SKU "H100" 没有规划出的集群');
  });
});

describe("the bound", () => {
  it("a SKU of more than 1,000 replicas is not simulated here, and the answer says where it is", async () => {
    const planFile = h100Plan("huge", 20000, 500);
    const plan = await json("plan", planFile);
    expect(plan.skus[0].replicas).toBeGreaterThan(FLEET_MAX_REPLICAS);
    expect(plan.fleet.mix.skus[0].replicas).toBe(plan.skus[0].replicas);
    const error = `SKU "H100": ${fmtValue(plan.skus[0].replicas, 0)} replicas are more than the 1,000 that plan --json and the report simulate; capplan simulate simulates it`;
    expect(plan.fleet.simulations).toEqual([{ sku: "H100", error }]);
  });
});

describe("report: the Fleet section", () => {
  it.each(["en", "zh"] as const)(
    "(%s) writes the mix, the simulated tail and the KV line with optimize's, simulate's and plan's numbers",
    async (lang) => {
      const plan = await json("plan", KV);
      const mix = await json("optimize", KV);
      const text = await report(KV, lang);
      const money = (x: number) => fmtMoney(x, "USD", lang);
      expect(text).toContain(
        lang === "en"
          ? `- Cheapest mix: ${money(mix.costPerHour)}/h (each workload on one SKU; ${mix.solver}; optimal)`
          : `- 最低成本组合：${money(mix.costPerHour)}/小时（每个负载只用一种 SKU；${mix.solver}；最优）`,
      );
      for (const s of mix.skus)
        expect(text).toContain(
          `| ${s.name} | ${s.replicas} | ${s.gpus} | ${money(s.costPerHour)} |`,
        );
      expect(text).toContain(
        lang === "en"
          ? `- Best single SKU: ${mix.bestSingle.name}, ${money(mix.bestSingle.costPerHour)}/h; savings ${fmtValue(mix.savingsPct, 1)} %`
          : `- 最佳单一 SKU：${mix.bestSingle.name}，${money(mix.bestSingle.costPerHour)}/小时；节省 ${fmtValue(mix.savingsPct, 1)} %`,
      );
      for (const s of plan.skus) {
        const a = plan.fleet.simulations.find((x: { sku: string }) => x.sku === s.name);
        expect(text).toContain(
          `| ${s.name} | ${a.replicas} × ${a.slots} | ${ms(a.ttftMs.p50)} | ${ms(a.ttftMs.p99)} | ${ms(a.e2eMs.p50)} | ${ms(a.e2eMs.p99)} | ${pct(a.queuedShare)} | ${pct(a.utilization)} | ${s.replicas} | ${a.replicasForSlo} |`,
        );
        const k = s.kv;
        expect(k.availableGiB).toBeGreaterThan(0);
        expect(text).toContain(
          `| ${s.name} | llama-3.1-8b | ${fmtValue(k.availableGiB, 2)} GiB | ${fmtValue(k.tokens, 0)} | ${fmtValue(k.perRequestTokens, 0)} | ${fmtValue(k.maxConcurrency, 0)} | ${lang === "en" ? "no" : "否"} |`,
        );
      }
      // The report's simulation is the one of simulate with the same trace and bound.
      const azure = join(ROOT, "fixtures/traces/AzureLLMInferenceTrace_conv.csv");
      const sim = await json("simulate", KV, "--sku", "H100 FP8", "--trace", azure);
      expect(sim.requests).toBeGreaterThan(FLEET_REQUESTS);
      expect(plan.fleet.simulations[1].requests).toBe(FLEET_REQUESTS);
      expect(plan.fleet.simulations[1].arrivals.meanRps).not.toBe(sim.arrivals.meanRps);
    },
  );

  it("without a model on any SKU the KV line says so", async () => {
    const en = "- KV memory per replica: no SKU names a catalogue model and GPU (docs/memory.md)";
    expect(await report(SIM, "en")).toContain(en);
    const zh = "- 每副本 KV 缓存：没有 SKU 指定目录中的模型和 GPU（docs/memory.md）";
    expect(await report(SIM, "zh")).toContain(zh);
  });
});

/** Every source file `file` reaches through static imports (type-only imports left out). */
function staticClosure(file: string): Set<string> {
  const seen = new Set<string>();
  const stack = [file];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    const text = readFileSync(f, "utf8");
    for (const m of text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"(\.[^"]+)";/gms)) {
      const target = resolve(dirname(f), m[1]!);
      for (const c of [`${target}.ts`, `${target}.tsx`, join(target, "index.ts")])
        if (existsSync(c)) stack.push(c);
    }
  }
  return new Set([...seen].map((f) => relative(ROOT, f)));
}

describe("lazy loading", () => {
  it.each(["plan", "report"])(
    "capplan %s reaches the solver, the simulator and the fleet answers only through dynamic imports",
    (cmd) => {
      // The fleet's message texts (fleet/messages.ts) render any problem; its code is not reached.
      const reached = [...staticClosure(join(ROOT, `src/cli/commands/${cmd}.ts`))];
      expect(reached.length).toBeGreaterThan(10);
      expect(
        reached.filter((f) =>
          /^src\/(engine\/fleet\/(?!messages\.ts)|engine\/plan\/(optimize|milp-highs)\.ts|cli\/fleet-answers\.ts|report\/fleet-section\.ts|cli\/commands\/(optimize|simulate)\.ts)/.test(
            f,
          ),
        ),
      ).toEqual([]);
      // The check sees what it should: optimize's command reaches the optimiser statically.
      expect(staticClosure(join(ROOT, "src/cli/commands/optimize.ts"))).toContain(
        "src/engine/plan/optimize.ts",
      );
    },
  );
});
