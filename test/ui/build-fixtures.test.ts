import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { exampleFixturePaths } from "../../vite.config";

const ROOT = join(__dirname, "../..");

describe("the build bundles only the fixtures the example plans reference (docs/hosting.md)", () => {
  test("every file of the referenced folders, no README, provenance note or unrelated fixture", () => {
    const paths = exampleFixturePaths();
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) expect(existsSync(join(ROOT, p))).toBe(true);
    expect(paths.filter((p) => /README|\.source\.txt$|\.md$/.test(p))).toEqual([]);
    expect(
      paths.filter((p) => p.startsWith("/fixtures/vllm/concurrency-sweep-h100/")),
    ).toHaveLength(4);
    expect(
      paths.every(
        (p) =>
          p.startsWith("/fixtures/vllm/concurrency-sweep-h100/") ||
          p.startsWith("/fixtures/vllm/repeats-h100/") ||
          p.startsWith("/fixtures/genai-perf/sweep-l40s/"),
      ),
    ).toBe(true);
  });
});
