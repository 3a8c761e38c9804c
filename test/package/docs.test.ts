// The documentation that ships with the package: the docs/ index and its links, the CLI reference
// against the command table, and the project files a newcomer looks for.
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { COMMANDS } from "../../src/cli/main";

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
