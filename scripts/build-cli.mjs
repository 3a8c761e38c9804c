// Bundle the CLI (src/cli/main.ts and everything it imports) into one ES module, so that
// `capplan` starts from compiled JavaScript and not through a TypeScript loader.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { readFileSync } from "node:fs";

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
}
if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
