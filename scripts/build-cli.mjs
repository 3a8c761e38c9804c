// Bundle the CLI (src/cli/main.ts and everything it imports) into one ES module, so that
// `capplan` starts from compiled JavaScript and not through a TypeScript loader.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { copyFileSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export async function buildCli() {
  await build({
    entryPoints: [join(root, "src/cli/main.ts")],
    outfile: join(root, "dist-cli/capplan.mjs"),
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
  // `capplan optimize` loads HiGHS (bundled above) on first use; its loader reads highs.wasm
  // beside the bundle (new URL("highs.wasm", import.meta.url)), so the package needs no dependency.
  const wasm = createRequire(import.meta.url).resolve("highs/runtime");
  copyFileSync(wasm, join(root, "dist-cli/highs.wasm"));
}
if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
