/**
 * Bench cases of the CLI (run by test/bench/run.mjs): `capplan plan models/examples/seed.json`
 * beside `node -e 0`, through bin/capplan.mjs and through the dist-cli bundle directly; and growth:
 * `capplan plan` of the bench workbook (test/bench/gen-plan.mjs) at 10 / 100 / 1,000 SKUs and at
 * 100 / 10,000 / 100,000 teams, with the growth exponent fitted on log-log.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { generatePlan } from "../gen-plan.mjs";

/**
 * Growth exponent of times `ts` at sizes `ns` (ascending): log-log slope of the time added beyond
 * the smallest size, Δ(n) = t(n) − t(n₀), between the two larger sizes, against n − n₀. Linear
 * work gives 1, quadratic 2; the fixed part of a run (start-up, the plan's other dimension) drops
 * out of Δ, so it cannot pass for sub-linear growth.
 */
export function growthExponent(ns, ts) {
  const [n0, n1, n2] = ns;
  const d1 = ts[1] - ts[0];
  const d2 = ts[2] - ts[0];
  return Math.log(d2 / d1) / Math.log((n2 - n0) / (n1 - n0));
}

export async function run(ctx) {
  const { root, node, CLI_RUNS, wall, row, median, ms, log } = ctx;
  log("bench: CLI start");
  execFileSync(node, [join(root, "scripts/build-cli.mjs")]);
  const seed = "models/examples/seed.json";
  const direct = `const { main } = await import(${JSON.stringify(join(root, "dist-cli/capplan.mjs"))}); process.exitCode = await main(["plan", ${JSON.stringify(seed)}]);`;
  const cli = { empty: [], bin: [], bundle: [] };
  for (let r = 0; r < CLI_RUNS; r++) {
    cli.empty.push(wall(node, ["-e", "0"]));
    cli.bin.push(wall(node, ["bin/capplan.mjs", "plan", seed]));
    cli.bundle.push(wall(node, ["--input-type=module", "-e", direct]));
  }
  const e0 = median(cli.empty);
  row({
    case: "`capplan plan models/examples/seed.json` (bin/capplan.mjs: staleness check + dist-cli bundle)",
    value: ms(median(cli.bin)),
    baseline: `node -e 0: ${ms(e0)}`,
    ratio: median(cli.bin) / e0,
    target: "≤ 1.5×",
    met: median(cli.bin) / e0 <= 1.5,
  });
  row({
    case: "  the same through dist-cli/capplan.mjs directly (no staleness check)",
    value: ms(median(cli.bundle)),
    baseline: `node -e 0: ${ms(e0)}`,
    ratio: median(cli.bundle) / e0,
    target: "report",
    met: null,
  });
  growth(ctx);
}

/** `capplan plan` (the bundle, text output) at growing SKU and team counts. */
function growth(ctx) {
  const { root, tmp, node, quick, wall, row, notes, median, ms, log } = ctx;
  const bundle = JSON.stringify(join(root, "dist-cli/capplan.mjs"));
  const runArgs = (args) => [
    "--input-type=module",
    "-e",
    `const { main } = await import(${bundle}); process.exitCode = await main(${JSON.stringify(args)});`,
  ];
  const runs = quick ? 2 : 5;
  const series = [
    {
      what: "SKUs",
      key: "skus",
      sizes: [10, 100, 1000],
      fixed: "2,000 teams, 20 workloads, 30 load levels per SKU",
    },
    {
      what: "teams",
      key: "teams",
      sizes: [100, 10_000, 100_000],
      fixed: "50 SKUs, 20 workloads, 10 pools",
    },
  ];
  for (const s of series) {
    log(`bench: growth of \`capplan plan\` with ${s.sizes.join(" / ")} ${s.what}`);
    const files = s.sizes.map((n) => {
      const f = join(tmp, `growth-${s.key}-${n}.json`);
      writeFileSync(f, JSON.stringify(generatePlan(6, { [s.key]: n })));
      return f;
    });
    const start = [];
    const times = s.sizes.map(() => []);
    for (let r = 0; r < runs; r++) {
      start.push(wall(node, runArgs(["--version"]), { discard: true }));
      files.forEach((f, i) => times[i].push(wall(node, runArgs(["plan", f]), { discard: true })));
    }
    const t0 = median(start);
    const med = times.map((t) => median(t));
    const above = med.map((t) => t - t0);
    const k = growthExponent(s.sizes, med);
    const last = s.sizes.length - 1;
    const perItem = (above[last] - above[0]) / (s.sizes[last] - s.sizes[0]);
    row({
      case: `Growth: \`capplan plan\` of the bench workbook with ${s.sizes.map((n) => n.toLocaleString("en")).join(" / ")} ${s.what} (${s.fixed}); text output to /dev/null; ${runs} interleaved runs`,
      value: `${med.map(ms).join(" / ")}; exponent ${k.toFixed(2)}`,
      baseline: `start-up (\`capplan --version\`) ${ms(t0)}; ${perItem >= 1 ? ms(perItem) : `${(perItem * 1000).toFixed(1)} µs`} per ${s.what === "SKUs" ? "SKU" : "team"} beyond it`,
      ratio: null,
      target: "exponent ≤ 1.1 (linear)",
      met: k <= 1.1,
    });
  }
  notes.push(
    "Growth exponent: log-log slope of the time added beyond the smallest size, t(n) − t(n₀), between the two larger sizes, against n − n₀ (1 = linear, 2 = quadratic; fixed costs drop out). Per-item cost: that added time ÷ added items at the largest size. Start-up is the median of `capplan --version` through the same bundle in the same loop.",
  );
}
