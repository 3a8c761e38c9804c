// The lint configuration (biome.json) is part of CI: the code base passes it, and it still
// catches what it is meant to catch. See CONTRIBUTING.md ("Lint").
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "../..");
const biome = join(root, "node_modules/.bin/biome");

function lint(cwd = root) {
  const r = spawnSync(biome, ["lint", "--colors=off"], { cwd, encoding: "utf8", timeout: 60_000 });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

/** Lint one source file under the repository's biome.json, in a scratch folder (no git there). */
function lintProbe(source: string) {
  const dir = mkdtempSync(join(tmpdir(), "capplan-lint-"));
  const config = JSON.parse(readFileSync(join(root, "biome.json"), "utf8"));
  delete config.$schema;
  delete config.vcs;
  writeFileSync(join(dir, "biome.json"), JSON.stringify(config));
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src", "probe.ts"), source);
  return lint(dir);
}

describe("lint (npm run lint)", () => {
  it("the repository passes", () => {
    const r = lint();
    expect(r.out).not.toMatch(/Found \d+ errors?/);
    expect(r.code).toBe(0);
  });

  it("an error the recommended rules catch still fails", () => {
    const bad =
      "export function f(a: unknown) {\n  if (a == null) return 1;\n  debugger;\n  return 2;\n}\n";
    const r = lintProbe(bad);
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/noDebugger/);
  });

  it("lint does not judge layout (biome format does): an oddly spaced file passes lint", () => {
    const oddlySpaced = "export   const   x = [1,2,\n      3];\n";
    const r = lintProbe(oddlySpaced);
    expect(r.code).toBe(0);
  });

  it("test-framework rules stay in the tests: a source function may take a parameter named describe", () => {
    const r = lintProbe(
      "export const text = (describe: (n: number) => string): string => describe(1);\n",
    );
    expect(r.out).not.toMatch(/usePlaywrightValidDescribeCallback/);
    expect(r.code).toBe(0);
  });
});
