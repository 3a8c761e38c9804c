/**
 * Golden outputs (test/golden/README.md): `capplan plan --json` of every example plan and of 200
 * seeded random plans, recorded once and recomputed on every run; any difference fails. The
 * engine's refactors must reproduce them exactly. Re-record only when a change of numbers or
 * messages is intended (say so in the commit):
 *
 *   GOLDEN_RECORD=1 npx vitest run test/golden/golden.test.ts
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { Io } from "../../src/cli/io";
import { main } from "../../src/cli/main";
import { createPlanEngine } from "../../src/engine/plan/incremental";
import { validatePlan } from "../../src/engine/plan/plan-file";
import { planJson } from "../../src/report/plan-output";
import { randomPlan } from "./gen";

const ROOT = join(__dirname, "..", "..");
const STORE = join(__dirname, "plans.json.gz");
const RANDOM = 200;

interface Golden {
  name: string;
  /** The plan (random plans; the examples are read from models/examples/). */
  plan?: unknown;
  code: number;
  /** stdout, compacted (JSON.stringify of its JSON.parse: same keys, order and numbers, no indentation). */
  out: string;
  err: string;
}

/**
 * stdout compacted, without `fleet`: the mix a solver found and the simulated tail (docs/cli.md)
 * are checked against `capplan optimize` and `capplan simulate` in test/cli/fleet-answers.test.ts;
 * the goldens pin the engine's plan JSON, which the incremental engine must reproduce.
 */
function compact(out: string): string {
  if (out === "") return "";
  const { fleet: _, ...plan } = JSON.parse(out) as Record<string, unknown>;
  return JSON.stringify(plan);
}

/** `capplan plan <file|-> --json`, in-process. */
async function planJsonRun(
  args: string[],
  stdin?: string,
): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: Io = {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    stdin: () => stdin ?? "",
  };
  const code = await main(["plan", ...args, "--json"], io);
  return { code, out: compact(out), err };
}

const examples = readdirSync(join(ROOT, "models", "examples"))
  .filter((f) => f.endsWith(".json"))
  .sort();

async function computeAll(stored?: Golden[]): Promise<Golden[]> {
  const all: Golden[] = [];
  for (const f of examples)
    all.push({ name: `models/examples/${f}`, ...(await planJsonRun([`models/examples/${f}`])) });
  for (let seed = 1; seed <= RANDOM; seed++) {
    const name = `random-${seed}`;
    const plan = stored?.find((g) => g.name === name)?.plan ?? randomPlan(seed);
    all.push({ name, plan, ...(await planJsonRun(["-"], JSON.stringify(plan))) });
  }
  return all;
}

const record = process.env.GOLDEN_RECORD === "1";

describe("golden plan --json outputs", () => {
  it(record ? "records the goldens" : "reproduces every recorded output exactly", async () => {
    const cwd = process.cwd();
    process.chdir(ROOT);
    try {
      if (record) {
        const all = await computeAll();
        writeFileSync(STORE, gzipSync(JSON.stringify(all), { level: 9 }));
        return;
      }
      const stored = JSON.parse(gunzipSync(readFileSync(STORE)).toString("utf8")) as Golden[];
      expect(stored.map((g) => g.name)).toEqual([
        ...examples.map((f) => `models/examples/${f}`),
        ...Array.from({ length: RANDOM }, (_, i) => `random-${i + 1}`),
      ]);
      const now = await computeAll(stored);
      for (let i = 0; i < stored.length; i++) {
        const g = stored[i]!;
        expect({ name: g.name, code: now[i]!.code, err: now[i]!.err }).toEqual({
          name: g.name,
          code: g.code,
          err: g.err,
        });
        // Compared as text: a key that became undefined, NaN or reordered shows here.
        if (now[i]!.out !== g.out) expect(`${g.name}\n${now[i]!.out}`).toBe(`${g.name}\n${g.out}`);
      }
    } finally {
      process.chdir(cwd);
    }
  }, 120_000);

  it("covers what it should: valid plans, formula errors, refused plans, tenants and computed SKU throughputs", () => {
    const stored = JSON.parse(gunzipSync(readFileSync(STORE)).toString("utf8")) as Golden[];
    const random = stored.filter((g) => g.plan);
    const ok = random.filter((g) => g.code === 0).length;
    const refused = random.filter((g) => g.code === 2 && g.out === "").length;
    const formulaErrors = random.filter((g) => g.code === 2 && g.out !== "").length;
    expect(ok).toBeGreaterThan(60);
    expect(refused).toBeGreaterThan(10);
    expect(formulaErrors).toBeGreaterThan(10);
    const text = (g: Golden) => JSON.stringify(g.plan);
    expect(
      random.filter(
        (g) => g.code === 0 && text(g).includes('"tenants"') && g.out.includes('"costRounded"'),
      ).length,
    ).toBeGreaterThan(20);
    expect(random.filter((g) => g.out !== "" && /_tok_s/.test(text(g))).length).toBeGreaterThan(3);
    expect(
      random.filter((g) => g.code === 0 && g.out.includes('"feasible":true')).length,
    ).toBeGreaterThan(40);
    expect(random.filter((g) => g.out.includes('"feasible":false')).length).toBeGreaterThan(10);
    expect(random.filter((g) => g.out.includes('"basis":"interpolated"')).length).toBeGreaterThan(
      5,
    );
  });

  it("the incremental engine, built from each random plan, gives the same output as the CLI", () => {
    const stored = JSON.parse(gunzipSync(readFileSync(STORE)).toString("utf8")) as Golden[];
    let compared = 0;
    for (const g of stored) {
      if (!g.plan || g.out === "") continue;
      const v = validatePlan(g.plan);
      if (!v.ok) continue;
      const got = JSON.stringify(planJson(createPlanEngine(v.plan).result()));
      if (got !== g.out) expect(`${g.name}\n${got}`).toBe(`${g.name}\n${g.out}`);
      compared++;
    }
    expect(compared).toBeGreaterThan(120);
  }, 60_000);
});
