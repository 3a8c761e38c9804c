import { describe, expect, it } from "vitest";
import { run } from "./helpers";

describe("capplan usage", () => {
  it("prints the usage with each command's options and the exit codes for --help, also after a command", async () => {
    for (const args of [["--help"], ["help"], ["plan", "--help"], ["import", "-h"]]) {
      const r = await run(...args);
      expect(r.code).toBe(0);
      expect(r.out).toContain("capplan plan <plan.json> [--json | --markdown | --csv] [--lang en|zh]");
      expect(r.out).toContain("exit codes: 0 success, 1 regression (compare), 2 bad input or usage");
    }
  });
  it("exits 2 with the usage on stderr when no command is given, and names an unknown command", async () => {
    const none = await run();
    expect(none.code).toBe(2);
    expect(none.out).toBe("");
    expect(none.err).toContain("usage:");
    const bad = await run("plna");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('unknown command "plna"');
  });
  it("prints a version", async () => {
    const r = await run("--version");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^capplan \S+\n$/);
  });
});

describe("capplan compare without a common load level", () => {
  it("exits 2 instead of passing a CI gate on nothing compared", async () => {
    const r = await run("compare", "fixtures/vllm/concurrency-sweep-h100/", "fixtures/inference-perf/");
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toContain("no load level matches");
  });
});

describe("capplan import of a folder of unrelated runs whose files do not record the model", () => {
  it("keeps runs of different names apart and merges the levels of one run family", async () => {
    const r = await run("import", "fixtures/aiperf/", "--json");
    expect(r.code).toBe(0);
    const { sweeps } = JSON.parse(r.out);
    // akamas_rtxpro4500_qwen3-4b_concurrency_{64,512}_…csv are one family; the MI355X Kimi run is another
    const akamas = sweeps.find((s: { source: { files: string[] } }) => s.source.files.some(f => f.includes("akamas") && f.endsWith("_512_profile_export_aiperf.csv")));
    expect(akamas.points.map((p: { concurrency: number }) => p.concurrency)).toEqual([64, 512]);
    expect(akamas.source.files.every((f: string) => f.includes("akamas"))).toBe(true);
    expect(r.err).not.toContain("duplicate load level");
  });
});
