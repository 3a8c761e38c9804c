/**
 * Bench cases of the CLI (run by test/bench/run.mjs): `capplan plan models/examples/seed.json`
 * beside `node -e 0`, through bin/capplan.mjs and through the dist-cli bundle directly.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";

export const title = "cli";

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
  row({ case: "`capplan plan models/examples/seed.json` (bin/capplan.mjs: staleness check + dist-cli bundle)", value: ms(median(cli.bin)), baseline: `node -e 0: ${ms(e0)}`, ratio: median(cli.bin) / e0, target: "report", met: null });
  row({ case: "  the same through dist-cli/capplan.mjs directly (no staleness check)", value: ms(median(cli.bundle)), baseline: `node -e 0: ${ms(e0)}`, ratio: median(cli.bundle) / e0, target: "report", met: null });
}
