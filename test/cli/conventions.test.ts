/**
 * Unix conventions of the command line (docs/cli.md): a closed pipe, `-` for standard
 * input, `--`, `-o/--output` written atomically, `--quiet`, and no control characters printed.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run, runStdin, tmpDir, writeTmp } from "./helpers";

const SEED = "models/examples/seed.json";
const tmp = () => tmpDir("capplan-conv-");
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** The seed plan with `edit` applied, in a temporary file. */
type Names = { title: string; skus: [{ name: string }]; tenants: { usage: [{ team: string }] } };
function seedWith(edit: (plan: Names) => void): string {
  const plan = JSON.parse(readFileSync(SEED, "utf8"));
  edit(plan);
  return writeTmp(plan, "p.json");
}

describe("a closed pipe", () => {
  it("ends quietly with exit 0 and nothing on stderr (`capplan formats | head -1`, and a long output)", () => {
    const errf = join(tmpdir(), `capplan-epipe-${process.pid}.txt`);
    const cmds = ["formats", "formats", "formats", `plan ${SEED} --json`];
    for (const cmd of [...cmds, "import fixtures/vllm/ --json --quiet"]) {
      const line = `node bin/capplan.mjs ${cmd} 2>"$ERRF" | head -1 >/dev/null; echo "\${PIPESTATUS[0]}"`;
      const env = { ...process.env, ERRF: errf };
      const p = spawnSync("bash", ["-c", line], { encoding: "utf8", timeout: 60000, env });
      expect([p.stdout.trim(), readFileSync(errf, "utf8")], cmd).toEqual(["0", ""]);
    }
  });
});

describe("standard input and --", () => {
  it("reads a plan from standard input with `-` (relative files against the working directory)", async () => {
    const r = await runStdin(readFileSync(SEED, "utf8"), "plan", "-", "--json");
    expect([r.code, JSON.parse(r.out).skus[0].replicas]).toEqual([0, 15]);
  });
  it("imports standard input with `-`", async () => {
    const r = await runStdin(
      readFileSync("fixtures/malformed/bom-crlf.csv", "utf8"),
      "import",
      "-",
      "--json",
    );
    const points = JSON.parse(r.out).sweeps[0].points;
    expect([r.code, points.map((p: { concurrency: number }) => p.concurrency)]).toEqual([
      0,
      [1, 8, 32],
    ]);
  });
  it("reads standard input in a real process", () => {
    const p = spawnSync(process.execPath, ["bin/capplan.mjs", "plan", "-", "--json"], {
      input: readFileSync(SEED),
      encoding: "utf8",
      timeout: 60000,
    });
    expect([p.status, JSON.parse(p.stdout).skus[0].gpus]).toEqual([0, 60]);
  });
  it("takes an operand that starts with - after --", async () => {
    const dir = tmp();
    const name = "-plan.json";
    writeTmp(readFileSync(SEED, "utf8"), name, dir);
    const before = process.cwd();
    process.chdir(dir);
    try {
      const bad = await run("plan", name, "--json");
      expect(bad.code).toBe(2);
      expect(bad.err).toContain("unknown option");
      const ok = await run("plan", "--json", "--", name);
      expect([ok.code, JSON.parse(ok.out).skus[0].replicas]).toEqual([0, 15]);
    } finally {
      process.chdir(before);
    }
  });
  it("reports an unknown option and a missing value in one plain line", async () => {
    const a = await run("formats", "--jsonn");
    expect([a.code, a.errLines]).toEqual([2, ["capplan formats: unknown option --jsonn"]]);
    const b = await run("compare", "a", "b", "--threshold");
    expect([b.code, b.errLines]).toEqual([2, ["capplan compare: --threshold needs a value"]]);
  });
});

describe("-o / --output", () => {
  it("writes the result to the file (nothing on stdout), replacing an existing file through a rename", async () => {
    const dir = tmp();
    const file = writeTmp("old", "out.json", dir);
    const r = await run("plan", SEED, "--json", "-o", file);
    expect([r.code, r.out]).toEqual([0, ""]);
    expect(JSON.parse(readFileSync(file, "utf8")).skus[0].replicas).toBe(15);
    const r2 = await run("formats", `--output=${file}`);
    expect(r2.code).toBe(0);
    expect(readFileSync(file, "utf8")).toContain("VERSIONS CHECKED");
    // No temporary file is left behind.
    expect(readdirSync(dir)).toEqual(["out.json"]);
  });
  it("leaves the previous file untouched on bad input", async () => {
    const dir = tmp();
    const file = writeTmp("previous result", "out.json", dir);
    const r = await run("plan", join(dir, "missing.json"), "--output", file);
    expect(r.code).toBe(2);
    expect(readFileSync(file, "utf8")).toBe("previous result");
    expect(readdirSync(dir)).toEqual(["out.json"]);
  });
  it("says so plainly when the folder cannot be written", async () => {
    const r = await run("formats", "-o", join(tmp(), "no", "such", "dir", "x.txt"));
    expect([r.code, r.errLines.length]).toEqual([2, 1]);
    expect(r.err).toContain("cannot write the output");
  });
});

describe("--quiet", () => {
  it("keeps warnings off stderr but not errors", async () => {
    const dir = tmp();
    mkdirSync(join(dir, "run"));
    writeFileSync(join(dir, "run", "a.csv"), readFileSync("fixtures/malformed/bom-crlf.csv"));
    writeFileSync(join(dir, "run", "notes.txt"), "just some notes\n");
    const loud = await run("import", join(dir, "run"), "--json");
    expect(loud.code).toBe(0);
    expect(loud.err).toMatch(/^skipped: /m);
    const quiet = await run("import", join(dir, "run"), "--json", "--quiet");
    expect([quiet.code, quiet.err, quiet.out]).toEqual([0, "", loud.out]);
    const bad = await run("import", join(dir, "missing.csv"), "-q");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("no such file");
  });
});

describe("control characters", () => {
  it("never prints an ANSI escape or other control character from a plan (title, SKU and team names)", async () => {
    const file = seedWith((plan) => {
      plan.title = "evil \u001b[2J\u001b]0;pwned\u0007 title\r";
      plan.skus[0].name = "H100\u001b[31m red\u009b1m";
      plan.tenants.usage[0].team = "search\u001b[5m";
    });
    for (const mode of [[], ["--markdown"], ["--csv"], ["--json"]]) {
      const r = await run("plan", file, ...mode);
      expect(r.code).toBe(0);
      expect(r.out + r.err).not.toMatch(CONTROL);
    }
    const rep = await run("report", file);
    expect(rep.out).not.toMatch(CONTROL);
    expect(rep.out).toContain("H100[31m red1m");
  });
});

describe("line breaks in names", () => {
  it("do not break Markdown tables or headings (team, SKU, workload names and the title)", async () => {
    const file = seedWith((plan) => {
      plan.title = "Title\n# injected heading";
      plan.skus[0].name = "H100\n| x | y |";
      plan.tenants.usage[0].team = "search\r\nteam";
    });
    const md = await run("plan", file, "--markdown");
    expect(md.code).toBe(0);
    const lines = md.out.split("\n");
    // Every line of a table starts and ends with a pipe; no line starts a heading but the title's.
    for (const l of lines) if (l.startsWith("|")) expect(l.endsWith("|"), l).toBe(true);
    expect(lines.filter((l) => /^#/.test(l))).toEqual([
      "## Title # injected heading",
      ...lines.filter((l) => /^###/.test(l)),
    ]);
    expect(md.out).toContain("H100 \\| x \\| y \\|");
    expect(md.out).toContain("| 70b | search team |");
    const text = await run("plan", file);
    expect(text.out.split("\n")[0]).toBe("Title # injected heading");
    const rep = await run("report", file);
    expect(rep.out).not.toMatch(/^# injected/m);
    expect(rep.out).not.toMatch(/^\| x \| y \|/m);
  });
});
