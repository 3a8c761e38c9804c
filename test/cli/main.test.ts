import { describe, expect, it } from "vitest";
import { COMMANDS, nearestCommand } from "../../src/cli/main";
import { run } from "./helpers";

describe("capplan usage", () => {
  it("prints the general usage with every command and the exit codes for --help and help", async () => {
    for (const args of [["--help"], ["help"], ["-h"]]) {
      const r = await run(...args);
      expect(r.code).toBe(0);
      expect(r.out).toContain(
        "capplan plan <plan.json|-> [--json | --markdown | --csv | --focus [--start YYYY-MM-DD] [--days N] | --xlsx -o FILE.xlsx] [--lang en|zh]",
      );
      expect(r.out).toContain("capplan actuals <plan.json|-> <focus.csv> [--json]");
      expect(r.out).toContain("capplan formats [--json]");
      expect(r.out).toContain(
        "exit codes: 0 success, 1 regression (compare), 2 bad input or usage",
      );
    }
  });
  // Contract v2 §7: `<command> --help` prints that command's options (it printed the general usage).
  it("prints a command's own synopsis and options for `<command> --help`, `-h` and `help <command>`", async () => {
    const plan = await run("plan", "--help");
    expect(plan.code).toBe(0);
    expect(plan.out).toMatch(/^usage: capplan plan <plan.json\|->/);
    expect(plan.out).toContain("--allow-path DIR");
    expect(plan.out).toContain("--markdown");
    expect(plan.out).toContain("-o, --output FILE");
    expect(plan.out).not.toContain("--threshold");
    expect(plan.out).not.toContain("capplan import");
    const imp = await run("import", "-h");
    expect(imp.out).toMatch(/^usage: capplan import /);
    expect(imp.out).toContain("--concurrency N");
    expect(imp.out).not.toContain("--allow-path");
    const cmp = await run("help", "compare");
    expect(cmp.out).toContain("--threshold PCT");
    // After `--`, --help is an operand, not a request for help.
    const op = await run("formats", "--", "--help");
    expect(op.code).toBe(2);
    expect(op.out).toBe("");
  });
  it("exits 2 with the usage on stderr when no command is given, and names an unknown command", async () => {
    const none = await run();
    expect(none.code).toBe(2);
    expect(none.out).toBe("");
    expect(none.err).toContain("usage:");
    const bad = await run("plna");
    expect(bad.code).toBe(2);
    // One line with the nearest command, not the whole usage.
    expect(bad.err).toBe(
      'unknown command "plna"; did you mean "plan"? (capplan --help lists the commands)\n',
    );
  });
  it.each([
    ["plna", "plan"],
    ["imprt", "import"],
    ["imp", "import"],
    ["reprot", "report"],
    ["actual", "actuals"],
    ["frobnicate", null],
    ["x", null],
  ])("nearestCommand(%s) = %s", (typed, want) => {
    expect(nearestCommand(typed, Object.keys(COMMANDS))).toBe(want);
  });
  it("prints a version", async () => {
    const r = await run("--version");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^capplan \S+\n$/);
  });
});

describe("capplan compare without a common load level", () => {
  it("exits 2 instead of passing a CI gate on nothing compared", async () => {
    const r = await run(
      "compare",
      "fixtures/vllm/concurrency-sweep-h100/",
      "fixtures/inference-perf/",
    );
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
    const akamas = sweeps.find((s: { source: { files: string[] } }) =>
      s.source.files.some(
        (f) => f.includes("akamas") && f.endsWith("_512_profile_export_aiperf.csv"),
      ),
    );
    expect(akamas.points.map((p: { concurrency: number }) => p.concurrency)).toEqual([64, 512]);
    expect(akamas.source.files.every((f: string) => f.includes("akamas"))).toBe(true);
    expect(r.err).not.toContain("duplicate load level");
  });
});
