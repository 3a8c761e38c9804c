import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { words } from "../words";

/**
 * The repository must make sense on its own: comments, messages and docs cite pages of `docs/`,
 * never the product contract or the seed article by section number ("spec §3", "seed §4.4"),
 * which live outside the repository. See docs/README.md for the design pages.
 */
const OUTSIDE = /\b(?:spec|seed)(?: article)? §\d/;

function trackedFiles(): string[] {
  const out = execFileSync(
    "git",
    words(`ls-files src test scripts docs models bin README.md CONTRIBUTING.md CHANGELOG.md`),
    { encoding: "utf8" },
  );
  return out.split("\n").filter((f) => /\.(ts|tsx|mjs|js|md|json|py|css|html)$/.test(f));
}

describe("no citation of documents outside the repository", () => {
  it("no tracked source, test, script or doc cites 'spec §N' or 'seed §N'", () => {
    const offenders: string[] = [];
    for (const f of trackedFiles()) {
      if (f === "test/package/no-outside-docs.test.ts") continue;
      const lines = readFileSync(f, "utf8").split("\n");
      lines.forEach((line, i) => {
        if (OUTSIDE.test(line)) offenders.push(`${f}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it("every docs/ page a comment points at exists", () => {
    const missing = new Set<string>();
    for (const f of trackedFiles()) {
      if (!/\.(ts|tsx|mjs)$/.test(f)) continue;
      for (const m of readFileSync(f, "utf8").matchAll(/\bdocs\/([\w.-]+\.md)\b/g)) {
        try {
          readFileSync(`docs/${m[1]}`);
        } catch {
          missing.add(`${f} → docs/${m[1]}`);
        }
      }
    }
    expect([...missing]).toEqual([]);
  });
});
