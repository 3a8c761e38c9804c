#!/usr/bin/env node
// capplan command-line entry. Runs the compiled bundle dist-cli/capplan.mjs; inside the
// repository it (re)builds the bundle with esbuild first when any source file is newer.
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bundle = join(root, "dist-cli", "capplan.mjs");
const src = join(root, "src");

function newestMtime(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newestMtime(p));
    else if (/\.(ts|json)$/.test(e.name)) t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

if (existsSync(src)) {
  const stale = !existsSync(bundle) || newestMtime(src) > statSync(bundle).mtimeMs;
  if (stale) {
    try {
      const { buildCli } = await import(pathToFileURL(join(root, "scripts", "build-cli.mjs")).href);
      await buildCli();
    } catch (e) {
      if (!existsSync(bundle)) {
        process.stderr.write(
          `capplan: cannot build the CLI (${e instanceof Error ? e.message.split("\n")[0] : e}); run \`npm ci\` in ${root}\n`,
        );
        process.exit(2);
      }
      // esbuild is a dev dependency: an install without it keeps using the shipped bundle.
    }
  }
}
const { main } = await import(pathToFileURL(bundle).href);
process.exitCode = await main(process.argv.slice(2));
