import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { words } from "../words";

/**
 * The repository must make sense on its own: comments, messages, docs and fixture notes cite pages
 * of `docs/`, never the product contract or the seed article by section number ("spec §3",
 * "Seed §4.5", "contract v2 §7", a bare "§4"), nor paths of the workspace it was written in
 * ("/work/shared/…", "../shared/…", "reference/formats/…"). A section sign is fine after the
 * outside standard it names (RFC 4648 §5, arXiv:2405.04434 §2.1). See docs/README.md.
 */
const OUTSIDE = [
  /\b(?:spec|seed|contract)(?: article| v\d+)? ?§ ?\d/i,
  /\/work\/shared|\.\.\/shared\/|\breference\/formats\//,
];
const SECTION = /§ ?\d/;
const NAMED_STANDARD = /\b(?:RFC \d+|arXiv:\d)/;

/** Whether a line cites a document outside the repository. */
function citesOutside(line: string): boolean {
  if (OUTSIDE.some((re) => re.test(line))) return true;
  return SECTION.test(line) && !NAMED_STANDARD.test(line);
}

function trackedFiles(): string[] {
  const git = (paths: string) =>
    execFileSync("git", words(`ls-files ${paths}`), { encoding: "utf8" });
  const own = git("src test scripts docs models bin README.md CONTRIBUTING.md CHANGELOG.md")
    .split("\n")
    .filter((f) => /\.(ts|tsx|mjs|js|md|json|py|css|html)$/.test(f));
  // Fixtures are data; their notes and generators are prose and code a reader follows.
  const notes = git("fixtures")
    .split("\n")
    .filter((f) => /\.(md|py)$/.test(f));
  return [...own, ...notes];
}

describe("no citation of documents outside the repository", () => {
  it.each([
    ["// Seed §4.5: cost_share", true],
    ["// Contract v2 §7: `--help`", true],
    ["contract §7, docs/cli.md", true],
    ["costed as §4 does", true],
    ["(see `/work/shared/reference/formats/genai-perf.md`)", true],
    ["taken from `../shared/research/formats/samples/`", true],
    ["Key spelling: reference/formats/vllm.md", true],
    ["/** Base64url (RFC 4648 §5) without padding. */", false],
    ["(DeepSeek-V2 paper, arXiv:2405.04434, §2.1 and Table 1", false],
    ["docs/capacity.md: the replicas formula", false],
    ["the seed's report template", false],
  ])("citesOutside(%j) = %j", (line, cites) => {
    expect(citesOutside(line)).toBe(cites);
  });

  it("no tracked source, test, script, doc or fixture note cites a document outside the repository", () => {
    const offenders: string[] = [];
    for (const f of trackedFiles()) {
      if (f === "test/package/no-outside-docs.test.ts") continue;
      const lines = readFileSync(f, "utf8").split("\n");
      lines.forEach((line, i) => {
        if (citesOutside(line)) offenders.push(`${f}:${i + 1}: ${line.trim().slice(0, 120)}`);
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
