/**
 * Seeded random plan files for the golden outputs (test/golden/README.md): small plans that
 * between them use every part of the plan file — cells and formulas (with NAME, CYCLE, PARSE and
 * VALUE errors), one or several workloads, SLOs on every metric, both SLO modes, the failed-share
 * limit, elasticity and redundancy (factor or N+k), SKUs with inline sweeps (closed and open
 * loop, missing statistics, failures), given capacities, per-workload sweeps, missing sweeps,
 * SKU ids read as `<id>_tok_s`, tenants (every method and idle policy, pools priced by hand or
 * from a SKU, usage rows with unknown pools) — and values the validation refuses.
 * Same seed → same plan. The recorded plans are stored with the goldens, so changing this file
 * does not change what the golden test checks until the goldens are re-recorded.
 */

/** mulberry32 (as test/bench/gen-plan.mjs). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Obj = Record<string, unknown>;

export function randomPlan(seed: number): Obj {
  const r = rng(seed * 7919 + 17);
  const chance = (p: number) => r() < p;
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
  /** One in `bad` plans carries a value the validation or the formulas refuse. */
  const bad = chance(0.12);
  const badValue = () => pick<unknown>([-1, "abc", 0, "=nosuch * 2", "=1 +", "=1/0", null]);

  const cells: Obj = {};
  const cellNames: string[] = [];
  const nCells = int(0, 6);
  for (let i = 0; i < nCells; i++) {
    const name = `c${i}`;
    if (cellNames.length && chance(0.4))
      cells[name] = `=${pick(cellNames)} * ${round(0.5 + r() * 2)}`;
    else if (chance(0.06))
      cells[name] = pick(["=nosuch + 1", "=1 +", "=sqrt(-1)", '=eval("1")', "50%"]);
    else cells[name] = round(1 + r() * 1000);
    cellNames.push(name);
  }
  if (chance(0.05)) {
    cells.cyc_a = "=cyc_b + 1";
    cells.cyc_b = "=cyc_a * 2";
  }
  const numOr = (lo: number, hi: number, digits = 2): unknown => {
    const n = round(lo + r() * (hi - lo), digits);
    if (cellNames.length && chance(0.25)) {
      const c = pick(cellNames);
      cells[`f_${Object.keys(cells).length}`] = n;
      return chance(0.5) ? `=${c} * 0 + ${n}` : `=f_${Object.keys(cells).length - 1}`;
    }
    return chance(0.05) ? `=${n}` : n;
  };

  const nWl = int(1, 3);
  const wls: Obj[] = [];
  for (let j = 0; j < nWl; j++) {
    const w: Obj = {
      name: `wl${j}`,
      peakRps: numOr(0.5, 80),
      inputTokens: numOr(50, 4000, 0),
      outputTokens: numOr(20, 1000, 0),
    };
    if (chance(0.4)) w.avgRps = numOr(0.1, 20);
    else if (chance(0.3)) w.dailyRequests = numOr(1000, 5e6, 0);
    wls.push(w);
  }
  const plan: Obj = { format: "capplan.plan/v1" };
  if (chance(0.7)) plan.title = `random plan ${seed}`;
  if (chance(0.4)) plan.currency = pick(["USD", "EUR", "CNY", "JPY", "KWD", "XXX"]);
  if (Object.keys(cells).length || chance(0.5)) plan.cells = cells;
  if (nWl === 1 && chance(0.4))
    plan.workload = (({ name, ...rest }) => (chance(0.5) ? rest : { name, ...rest }))(wls[0]!);
  else plan.workloads = wls;

  const metrics = ["ttft", "itl", "tpot", "ntpot", "e2e"] as const;
  const stats = ["p50", "p90", "p95", "p99", "mean", "p99.9"];
  const slo: Obj[] = [];
  for (let k = int(0, 3); k > 0; k--)
    slo.push({ metric: pick(metrics), stat: pick(stats), maxMs: numOr(20, 8000, 0) });
  if (slo.length || chance(0.5)) plan.slo = slo;
  if (chance(0.6)) plan.sloMode = pick(["measured", "interpolated"]);
  if (chance(0.4)) plan.maxErrorRatePct = numOr(0, 8);
  if (chance(0.7)) {
    const f: Obj = {};
    if (chance(0.7)) f.elasticity = numOr(1, 2);
    if (chance(0.7)) f.redundancy = chance(0.4) ? { spare: int(0, 3) } : numOr(1, 1.6);
    plan.factors = f;
  }

  const wlNames = wls.map((w, j) =>
    plan.workload
      ? typeof (plan.workload as Obj).name === "string"
        ? w.name
        : "default"
      : `wl${j}`,
  ) as string[];
  const points = (): Obj[] => {
    const n = int(1, 8);
    const open = chance(0.2);
    const cap = 200 + r() * 3000;
    const knee = 4 + r() * 40;
    const withStats = metrics.filter(() => chance(0.85));
    const out: Obj[] = [];
    let load = 0;
    for (let i = 0; i < n; i++) {
      load += int(1, 16);
      const tps = round((cap * load) / (load + knee));
      const queue = Math.max(0, load - knee) / knee;
      const p: Obj = {
        concurrency: open ? null : load,
        requestRate: open ? (i === n - 1 && chance(0.3) ? "inf" : load) : null,
      };
      if (!chance(0.1)) p.outputTokensPerSec = tps;
      p.rps = round(tps / (100 + r() * 200));
      if (chance(0.5)) p.meanInputTokens = round(200 + r() * 800);
      if (chance(0.5)) p.meanOutputTokens = round(100 + r() * 200);
      for (const m of withStats) {
        const base =
          (m === "ttft" ? 40 + 3 * load : m === "e2e" ? 800 + 40 * load : 8 + 0.4 * load) *
          (1 + queue * queue * 3);
        const s: Obj = {};
        for (const st of stats)
          if (chance(0.9))
            s[st] = round(
              base *
                (st === "p50"
                  ? 0.9
                  : st === "mean"
                    ? 1
                    : st === "p90"
                      ? 1.3
                      : st === "p95"
                        ? 1.5
                        : st === "p99"
                          ? 2
                          : 2.6),
            );
        p[`${m}Ms`] = s;
      }
      if (chance(0.7)) {
        p.completed = int(50, 600);
        p.failed = chance(0.7) ? 0 : int(0, 40);
      }
      out.push(p);
    }
    return out;
  };
  const sweepRef = (): Obj => {
    const k = r();
    if (k < 0.55) return { points: points(), ...(chance(0.3) ? { label: "measured" } : {}) };
    if (k < 0.99) return { replicaOutputTokensPerSec: numOr(100, 4000) };
    return {};
  };
  const nSku = int(1, 4);
  const skus: Obj[] = [];
  const gpus = ["h100-sxm", "h200", "l40s", "a100-80gb", "nosuch-gpu"];
  for (let i = 0; i < nSku; i++) {
    const s: Obj = {
      name: `sku${i}`,
      gpusPerReplica: pick([1, 2, 4, 8]),
      pricePerGpuHour: numOr(0.5, 6),
    };
    if (chance(0.5)) s.gpu = pick(gpus);
    if (chance(0.2)) s.id = `s${i}`;
    if (chance(0.25) && wlNames.length > 1) {
      const m: Obj = {};
      for (const w of wlNames) if (chance(0.8)) m[w] = sweepRef();
      s.sweeps = m;
      if (chance(0.8)) s.sweep = sweepRef();
    } else if (!chance(0.05)) s.sweep = sweepRef();
    skus.push(s);
  }
  plan.skus = skus;
  // A formula reading a SKU's computed throughput.
  const withId = skus.filter((s) => typeof s.id === "string");
  if (withId.length && chance(0.7)) cells[`from_${withId[0]!.id}`] = `=${withId[0]!.id}_tok_s * 2`;
  if (withId.length > 1 && chance(0.5))
    skus[skus.indexOf(withId[1]!)]!.sweep = {
      replicaOutputTokensPerSec: `=${withId[0]!.id}_tok_s * 1.1`,
    };
  if (withId.length && !plan.cells) plan.cells = cells;

  if (chance(0.55)) {
    const t: Obj = {};
    if (chance(0.8)) t.method = pick(["tokens", "output", "weighted"]);
    if (t.method === "weighted" || chance(0.1)) {
      t.inputWeight = numOr(0, 2);
      t.outputWeight = numOr(0, 5);
    }
    if (chance(0.6)) t.idle = pick(["proportional", "separate"]);
    const pools: Obj[] = [];
    for (let k = int(0, 3); k > 0; k--) {
      const p: Obj = { name: `pool${pools.length}` };
      const how = r();
      if (how < 0.5) p.costPerDay = numOr(10, 5000);
      else if (how < 0.9) p.sku = chance(0.97) ? pick(skus).name : "nosuch-sku";
      if (chance(0.4)) p.capacityTokensPerDay = numOr(1e8, 1e11, 0);
      pools.push(p);
    }
    if (pools.length || chance(0.3)) t.pools = pools;
    const usage: Obj[] = [];
    for (let k = int(0, 12); k > 0; k--) {
      const u: Obj = {
        team: `team${int(0, 6)}`,
        inputTokens: chance(0.1) ? numOr(0, 1e6, 0) : round(r() * 5e8, 0),
        outputTokens: round(r() * 1e8, 0),
      };
      if (pools.length > 1 || chance(0.5))
        u.pool = pools.length && !chance(0.01) ? pick(pools).name : "nosuch-pool";
      usage.push(u);
    }
    t.usage = usage;
    plan.tenants = t;
  }

  if (bad) {
    const where = int(0, 5);
    if (where === 0) skus[0]!.pricePerGpuHour = badValue();
    else if (where === 1) skus[0]!.gpusPerReplica = badValue();
    else if (where === 2 && slo.length) slo[0]!.maxMs = badValue();
    else if (where === 2) plan.slo = [{ metric: "latency", stat: "p99", maxMs: 100 }];
    else if (where === 3) (wls[0] as Obj).peakRps = badValue();
    else if (where === 4) plan.maxErrorRatePct = badValue();
    else
      plan.factors = {
        elasticity: badValue(),
        redundancy: chance(0.5) ? { spare: badValue() } : badValue(),
      };
  }
  return JSON.parse(JSON.stringify(plan)) as Obj;
}
