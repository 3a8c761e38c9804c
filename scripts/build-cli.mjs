// Bundle the CLI (src/cli/main.ts and everything it imports) into ES modules, so that `capplan`
// starts from compiled JavaScript and not through a TypeScript loader. The bundle is split: each
// command is a dynamic import (src/cli/main.ts, COMMANDS), so a command loads only its own code and
// what it shares with others (dist-cli/chunks/), not every command's.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { copyFileSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export async function buildCli() {
  // Chunks are named by content hash: old ones would pile up in the package.
  rmSync(join(root, "dist-cli/chunks"), { recursive: true, force: true });
  await build({
    entryPoints: { capplan: join(root, "src/cli/main.ts") },
    outdir: join(root, "dist-cli"),
    entryNames: "[name]",
    chunkNames: "chunks/[name]-[hash]",
    outExtension: { ".js": ".mjs" },
    splitting: true,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: false,
    logLevel: "error",
    define: {
      __CAPPLAN_VERSION__: JSON.stringify(
        JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version,
      ),
    },
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
  // `capplan optimize` loads HiGHS (bundled above, in a chunk of its own) on first use; its loader
  // reads highs.wasm beside that chunk (new URL("highs.wasm", import.meta.url)), so the package
  // needs no dependency.
  const wasm = createRequire(import.meta.url).resolve("highs/runtime");
  copyFileSync(wasm, join(root, "dist-cli/chunks/highs.wasm"));
}
if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
