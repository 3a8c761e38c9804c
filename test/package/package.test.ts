// The published package (package.json): what it ships and what installing it pulls in.
// The full round trip (npm pack, install into an empty folder, run capplan) is
// scripts/check-package.mjs, run by .ci/run.
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { builtinModules } from "node:module";
import { build } from "esbuild";

const root = join(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/** Is the repository path `p` inside one of the package's `files` entries? */
function shipped(p: string): boolean {
  return (pkg.files as string[]).some(
    (f) => p === f.replace(/\/$/, "") || p.startsWith(f.endsWith("/") ? f : `${f}/`),
  );
}

describe("package.json", () => {
  it("is publishable under a named licence", () => {
    expect(pkg.private).not.toBe(true);
    expect(pkg.license).toBe("MIT");
    expect(readFileSync(join(root, "LICENSE"), "utf8")).toMatch(/^MIT License/);
  });

  it("installing it pulls in nothing: the CLI bundle needs only Node's own modules", async () => {
    expect(Object.keys(pkg.dependencies ?? {})).toEqual([]);
    const r = await build({
      entryPoints: [join(root, "src/cli/main.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      write: false,
      metafile: true,
      logLevel: "silent",
      outfile: "capplan.mjs",
    });
    const external = Object.values(r.metafile.outputs).flatMap((o) =>
      o.imports.filter((i) => i.external).map((i) => i.path),
    );
    expect(external.length).toBeGreaterThan(0);
    // (papaparse's stream support names `stream` without the node: prefix: a built-in all the same.)
    expect(external.filter((p) => !p.startsWith("node:") && !builtinModules.includes(p))).toEqual(
      [],
    );
  });

  it("ships every file the example plans refer to", () => {
    const dir = "models/examples";
    const refs: string[] = [];
    const collect = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(collect);
      else if (v && typeof v === "object")
        for (const [k, x] of Object.entries(v))
          k === "file" && typeof x === "string" ? refs.push(x) : collect(x);
    };
    for (const f of readdirSync(join(root, dir)).filter((f) => f.endsWith(".json")))
      collect(JSON.parse(readFileSync(join(root, dir, f), "utf8")));
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const p = posix.normalize(posix.join(dir, ref)).replace(/\/$/, "");
      expect(existsSync(join(root, p)), p).toBe(true);
      expect(shipped(p), `${p} is not in package.json "files"`).toBe(true);
    }
    expect(shipped("models/examples/multi-sku.json")).toBe(true);
    expect(shipped("dist-cli/capplan.mjs")).toBe(true);
    expect(shipped("src/cli/main.ts")).toBe(false);
  });

  it("runs lint as a script and pins every dependency exactly", () => {
    expect(pkg.scripts.lint).toMatch(/^biome lint/);
    for (const [name, v] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies }))
      expect(v, name).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.]+)?$/);
  });

  it("type-checks with noUncheckedIndexedAccess (an index may be missing: the code says what then)", () => {
    const ts = JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8"));
    expect(ts.compilerOptions.strict).toBe(true);
    expect(ts.compilerOptions.noUncheckedIndexedAccess).toBe(true);
  });
});
