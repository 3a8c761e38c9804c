/**
 * One direction of dependencies: engine ← import ← (report, share, cli) ← ui state ← components.
 * The engine is pure TypeScript (no DOM, Solid, Chart.js, PapaParse, Node built-ins); importers,
 * reports and share modules never reach the UI; only src/cli and scripts use Node built-ins.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(__dirname, "../src");

function files(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(ts|tsx)$/.test(e)) out.push(p);
  }
  return out;
}

/** Module specifiers a file imports (static and dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^"'`;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map(m => m[1] ?? m[2]!);
}

function layerOf(spec: string, from: string): string | null {
  if (!spec.startsWith(".")) return null;
  const rel = relative(SRC, join(from, "..", spec)).split("/")[0]!;
  return rel;
}

const RULES: Record<string, { layers: string[]; packages: RegExp }> = {
  engine: { layers: ["engine"], packages: /^mathjs(\/number)?$/ },
  import: { layers: ["engine", "import"], packages: /^papaparse$/ },
  report: { layers: ["engine", "import", "report"], packages: /^$/ },
  share: { layers: ["engine", "share"], packages: /^$/ },
  cli: { layers: ["engine", "import", "report", "share", "cli"], packages: /^node:/ },
};

describe("dependency direction", () => {
  for (const [layer, rule] of Object.entries(RULES)) {
    it(`src/${layer} imports only ${rule.layers.join(", ")} and its allowed packages`, () => {
      const bad: string[] = [];
      for (const f of files(join(SRC, layer))) {
        for (const spec of importsOf(f)) {
          const l = layerOf(spec, f);
          const ok = l === null ? rule.packages.test(spec) : rule.layers.includes(l);
          if (!ok) bad.push(`${relative(SRC, f)} imports ${spec}`);
        }
      }
      expect(bad).toEqual([]);
    });
  }

  it("the engine never touches the DOM", () => {
    const bad = files(join(SRC, "engine")).filter(f => /\b(document|window|localStorage|HTMLElement)\b\s*[.[]/.test(readFileSync(f, "utf8")));
    expect(bad.map(f => relative(SRC, f))).toEqual([]);
  });
});
