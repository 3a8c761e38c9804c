/// <reference types="vitest/config" />
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, posix, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import solid from "vite-plugin-solid";

const ROOT = dirname(fileURLToPath(import.meta.url));

/**
 * Test files that need a module graph of their own: those that replace a module (vi.mock: in a
 * shared graph the real module may already be loaded by another file) and those that say
 * `vitest-isolate` in a comment (they check what happens before a lazy module loads).
 */
const ISOLATED = readdirSync(join(ROOT, "test"), { recursive: true, encoding: "utf8" })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .filter((f) => /vi\.mock\(|vitest-isolate/.test(readFileSync(join(ROOT, "test", f), "utf8")))
  .map((f) => posix.join("test", f.split("\\").join("/")));
const only = (files: string[]) => (files.length ? files : ["no-such-file"]);
const EXAMPLES_DIR = join(ROOT, "models/examples");
const VIRTUAL = "virtual:example-fixtures";

/** Files the app never imports from a referenced folder (docs/hosting.md): READMEs, provenance notes, images. */
const SIDECAR =
  /\.source\.txt$|(^|\/)README(\.md)?$|\.(py|sh|md|png|jpe?g|gif|svg)$|(^|\/)\.[^/]*$/i;

function filesIn(abs: string): string[] {
  const st = statSync(abs, { throwIfNoEntry: false });
  if (!st) return [];
  if (st.isFile()) return [abs];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    .filter((f) => !SIDECAR.test(f));
}

/** Every fixture file a bundled example plan references (`file` sweeps), as `/fixtures/...` paths. */
export function exampleFixturePaths(): string[] {
  const out = new Set<string>();
  for (const name of readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith(".json"))) {
    const plan = JSON.parse(readFileSync(join(EXAMPLES_DIR, name), "utf8")) as {
      skus?: { sweep?: { file?: unknown }; sweeps?: Record<string, { file?: unknown }> }[];
    };
    for (const sku of plan.skus ?? []) {
      for (const ref of [sku.sweep, ...Object.values(sku.sweeps ?? {})]) {
        if (typeof ref?.file !== "string") continue;
        for (const f of filesIn(resolve(EXAMPLES_DIR, ref.file)))
          out.add(`/${relative(ROOT, f).split(/[\\/]/).join(posix.sep)}`);
      }
    }
  }
  return [...out].sort();
}

/**
 * `virtual:example-fixtures`: lazy `?raw` loaders of only the fixture files the example plans
 * reference (not every fixture, README and provenance note in the repository).
 */
function exampleFixtures(): Plugin {
  return {
    name: "capplan-example-fixtures",
    resolveId: (id) => (id === VIRTUAL ? `\0${VIRTUAL}` : null),
    load(id) {
      if (id !== `\0${VIRTUAL}`) return null;
      const paths = exampleFixturePaths();
      for (const p of paths) this.addWatchFile(join(ROOT, p));
      const entries = paths.map(
        (p) =>
          `  ${JSON.stringify(p)}: () => import(${JSON.stringify(`${p}?raw`)}).then((m) => m.default),`,
      );
      return `export const FIXTURES = {\n${entries.join("\n")}\n};\n`;
    },
  };
}

/**
 * A small service worker (docs/hosting.md): precaches the built files so the app reloads offline
 * after a first visit. Emitted at build time with the list of files and a version, so a new build
 * replaces the old cache. Registered from src/main.tsx in production builds only.
 */
function serviceWorker(): Plugin {
  return {
    name: "capplan-service-worker",
    apply: "build",
    generateBundle(_opts, bundle) {
      const files = Object.keys(bundle).filter((f) => !f.endsWith(".map"));
      const version = files.slice().sort().join("|");
      let h = 0;
      for (let i = 0; i < version.length; i++) h = (Math.imul(31, h) + version.charCodeAt(i)) | 0;
      const source = readFileSync(join(ROOT, "src/sw.js"), "utf8")
        .replace("__CAPPLAN_FILES__", JSON.stringify(["./", ...files]))
        .replace("__CAPPLAN_VERSION__", JSON.stringify((h >>> 0).toString(36)));
      this.emitFile({ type: "asset", fileName: "sw.js", source });
    },
  };
}

/**
 * Modules the app loads lazily although Node (the CLI, unit tests, the bench) imports them
 * statically (docs/performance.md, "Initial JavaScript"): in the app's build each is replaced by
 * its `*-lazy.ts` twin, which exports the same functions and fetches the real module with a
 * dynamic `import()`; the app awaits them (src/ui/state/formula-engine.ts) before it evaluates a
 * plan. Not under Vitest, and not in web workers (their own bundles, built without these plugins).
 */
const LAZY_IN_APP: [string, string][] = [
  // mathjs: about a third of the app's JavaScript.
  ["src/engine/formula/mathjs-kernel.ts", "src/engine/formula/mathjs-kernel-lazy.ts"],
  // The GPU and model catalogues (models/gpus.json, models/llms.json).
  ["src/ui/state/catalog.ts", "src/ui/state/catalog-lazy.ts"],
];

function lazyInApp(): Plugin {
  const swaps = new Map(LAZY_IN_APP.map(([from, to]) => [join(ROOT, from), join(ROOT, to)]));
  const twins = new Set(swaps.values());
  return {
    name: "capplan-lazy-in-app",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (process.env.VITEST || !importer || twins.has(importer.split("?")[0]!)) return null;
      if (!/(mathjs-kernel|catalog)$/.test(source)) return null;
      const r = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (r && swaps.get(r.id)) ?? null;
    },
  };
}

export default defineConfig({
  // Relative asset URLs: the built app works from any folder (https://host/capplan/), docs/hosting.md.
  base: "./",
  plugins: [solid(), lazyInApp(), exampleFixtures(), serviceWorker()],
  server: { host: "127.0.0.1", port: 5173, strictPort: true },
  preview: { host: "127.0.0.1", port: 4173, strictPort: true },
  worker: { format: "es" },
  test: {
    // vite-plugin-solid defaults the environment to jsdom (not installed: jsdom >= 30 needs Node 22);
    // each project sets its own.
    environment: "node",
    // Files share one module graph per worker (isolate: false): importing Solid, mathjs and the
    // app once per file was most of the suite's time (import 233 s of 584 s). test/ui/dom-setup.ts
    // resets the page after each component test; ISOLATED files get their own graph.
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          isolate: false,
          include: ["test/**/*.test.ts"],
          exclude: ["test/e2e/**", "node_modules/**", ...ISOLATED],
        },
      },
      {
        extends: true,
        test: {
          name: "unit-isolated",
          environment: "node",
          include: only(ISOLATED.filter((f) => f.endsWith(".ts"))),
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          environment: "happy-dom",
          isolate: false,
          setupFiles: ["test/ui/dom-setup.ts"],
          include: ["test/**/*.test.tsx"],
          exclude: ["test/e2e/**", "node_modules/**", ...ISOLATED],
        },
      },
      {
        extends: true,
        test: {
          name: "dom-isolated",
          environment: "happy-dom",
          setupFiles: ["test/ui/dom-setup.ts"],
          include: only(ISOLATED.filter((f) => f.endsWith(".tsx"))),
        },
      },
    ],
    testTimeout: 30000,
  },
});
