// The documentation that ships with the package: the docs/ index and its links, the CLI reference
// against the command table, and the project files a newcomer looks for.
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { COMMANDS } from "../../src/cli/main";
import { run } from "../cli/helpers";

const root = join(import.meta.dirname, "../..");
const read = (p: string) => readFileSync(join(root, p), "utf8");

/** Relative link targets of a Markdown file (no URLs, no in-page anchors), without #fragment. */
function links(md: string): string[] {
  return [...md.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((l) => !/^[a-z]+:/i.test(l) && !l.startsWith("#"))
    .map((l) => l.replace(/#.*$/, ""));
}

describe("documentation", () => {
  it("the README links the docs index, CONTRIBUTING, CHANGELOG and LICENSE", () => {
    const readme = read("README.md");
    for (const l of ["docs/README.md", "CONTRIBUTING.md", "CHANGELOG.md", "LICENSE"])
      expect(links(readme)).toContain(l);
  });

  for (const file of [
    "docs/README.md",
    "docs/cli.md",
    "docs/plan-file.md",
    "CONTRIBUTING.md",
    "CHANGELOG.md",
  ]) {
    it(`${file}: every relative link resolves`, () => {
      const dead = links(read(file)).filter((l) => !existsSync(join(root, dirname(file), l)));
      expect(dead).toEqual([]);
    });
  }

  it("docs/README.md indexes the CLI and plan-file references", () => {
    const index = links(read("docs/README.md"));
    expect(index).toContain("cli.md");
    expect(index).toContain("plan-file.md");
  });

  it("docs/cli.md documents every command and each of its options", async () => {
    const doc = read("docs/cli.md");
    const missing: string[] = [];
    for (const [name, load] of Object.entries(COMMANDS)) {
      if (!new RegExp("^### `capplan " + name + "\\b", "m").test(doc))
        missing.push(`command ${name}`);
      for (const o of (await load()).options) {
        if (!doc.includes("`--" + o.name)) missing.push(`${name} --${o.name}`);
      }
    }
    expect(missing).toEqual([]);
    expect(doc).toMatch(/\*\*0\*\* success, \*\*1\*\* a regression/);
  });

  it("docs/plan-file.md names every top-level key of the plan schema", () => {
    const schema = JSON.parse(read("models/plan.schema.json")) as {
      properties: Record<string, unknown>;
    };
    const doc = read("docs/plan-file.md");
    const missing = Object.keys(schema.properties).filter((k) => !doc.includes("`" + k + "`"));
    expect(missing).toEqual([]);
  });
});

/** The fenced block that follows `marker` in a Markdown text. */
function blockAfter(md: string, marker: string): string {
  const i = md.indexOf(marker);
  expect(i, marker).toBeGreaterThanOrEqual(0);
  const a = md.indexOf("```", i);
  const start = md.indexOf("\n", a) + 1;
  return md.slice(start, md.indexOf("```", start));
}

describe("examples in the documentation are what the CLI prints", () => {
  it("README: the sample output of `plan models/examples/seed.json`", async () => {
    const shown = blockAfter(
      read("README.md"),
      "Output of `npm run --silent capplan -- plan models/examples/seed.json`",
    );
    expect(shown).toBe((await run("plan", "models/examples/seed.json")).out);
  });

  it("docs/security.md: the refusal of a file outside the plan's folder and the working directory", () => {
    const block = blockAfter(read("docs/security.md"), "is refused before anything is read");
    const [cmd, line] = block.trim().split("\n");
    // The layout the page describes: work/plans/p.json naming ../../secret/creds.txt, run from work/.
    const top = mkdtempSync(join(tmpdir(), "capplan-sec-"));
    mkdirSync(join(top, "work", "plans"), { recursive: true });
    mkdirSync(join(top, "secret"));
    writeFileSync(join(top, "secret", "creds.txt"), "x\n");
    const sku = (name: string, extra: object) => ({
      name,
      gpusPerReplica: 1,
      pricePerGpuHour: 1,
      ...extra,
    });
    writeFileSync(
      join(top, "work", "plans", "p.json"),
      JSON.stringify({
        format: "capplan.plan/v1",
        workload: { peakRps: 10, inputTokens: 100, outputTokens: 100 },
        skus: [
          sku("a", { replicaOutputTokensPerSec: 100 }),
          sku("b", { sweep: { file: "../../secret/creds.txt" } }),
        ],
      }),
    );
    expect(cmd).toBe("$ capplan plan plans/p.json");
    const r = spawnSync(process.execPath, [join(root, "bin/capplan.mjs"), "plan", "plans/p.json"], {
      cwd: join(top, "work"),
      encoding: "utf8",
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`${line}\n`);
  });
});
