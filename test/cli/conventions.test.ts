/**
 * Unix conventions of the command line (contract §7, docs/cli.md): a closed pipe, `-` for standard
 * input, `--`, `-o/--output` written atomically, `--quiet`, and no control characters printed.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main";
import type { Io } from "../../src/cli/io";
import { run } from "./helpers";

const SEED = "models/examples/seed.json";

function tmp(): string {
  return mkdtempSync(join(tmpdir(), "capplan-conv-"));
}

/** Run in-process with `stdin` as standard input. */
async function runStdin(stdin: string, ...args: string[]) {
  let out = "";
  let err = "";
  const io: Io = { out: (t) => void (out += t), err: (t) => void (err += t), stdin: () => stdin };
  const code = await main(args, io);
  return { code, out, err };
}

describe("a closed pipe", () => {
  it("ends quietly with exit 0 and nothing on stderr (`capplan formats | head -1`, and a long output)", () => {
    for (const cmd of [
      "formats",
      "formats",
      "formats",
      `plan ${SEED} --json`,
      "import fixtures/vllm/ --json --quiet",
    ]) {
      const p = spawnSync(
        "bash",
        [
          "-c",
          `node bin/capplan.mjs ${cmd} 2>"$ERRF" | head -1 >/dev/null; echo "\${PIPESTATUS[0]}"`,
        ],
        {
          encoding: "utf8",
          timeout: 60000,
          env: { ...process.env, ERRF: join(tmpdir(), `capplan-epipe-${process.pid}.txt`) },
        },
      );
      expect(p.stdout.trim(), cmd).toBe("0");
      expect(readFileSync(join(tmpdir(), `capplan-epipe-${process.pid}.txt`), "utf8"), cmd).toBe(
        "",
      );
    }
  });
});

describe("standard input and --", () => {
  it("reads a plan from standard input with `-` (relative files against the working directory)", async () => {
    const r = await runStdin(readFileSync(SEED, "utf8"), "plan", "-", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).skus[0].replicas).toBe(15);
  });
  it("imports standard input with `-`", async () => {
    const r = await runStdin(
      readFileSync("fixtures/malformed/bom-crlf.csv", "utf8"),
      "import",
      "-",
      "--json",
    );
    expect(r.code).toBe(0);
    expect(
      JSON.parse(r.out).sweeps[0].points.map((p: { concurrency: number }) => p.concurrency),
    ).toEqual([1, 8, 32]);
  });
  it("reads standard input in a real process", () => {
    const p = spawnSync(process.execPath, ["bin/capplan.mjs", "plan", "-", "--json"], {
      input: readFileSync(SEED),
      encoding: "utf8",
      timeout: 60000,
    });
    expect(p.status).toBe(0);
    expect(JSON.parse(p.stdout).skus[0].gpus).toBe(60);
  });
  it("takes an operand that starts with - after --", async () => {
    const dir = tmp();
    const name = "-plan.json";
    writeFileSync(join(dir, name), readFileSync(SEED, "utf8"));
    const before = process.cwd();
    process.chdir(dir);
    try {
      const bad = await run("plan", name, "--json");
      expect(bad.code).toBe(2);
      expect(bad.err).toContain("unknown option");
      const ok = await run("plan", "--json", "--", name);
      expect(ok.code).toBe(0);
      expect(JSON.parse(ok.out).skus[0].replicas).toBe(15);
    } finally {
      process.chdir(before);
    }
  });
  it("reports an unknown option and a missing value in one plain line", async () => {
    const a = await run("formats", "--jsonn");
    expect(a.code).toBe(2);
    expect(a.errLines).toEqual(["capplan formats: unknown option --jsonn"]);
    const b = await run("compare", "a", "b", "--threshold");
    expect(b.code).toBe(2);
    expect(b.errLines).toEqual(["capplan compare: --threshold needs a value"]);
  });
});

describe("-o / --output", () => {
  it("writes the result to the file (nothing on stdout), replacing an existing file through a rename", async () => {
    const dir = tmp();
    const file = join(dir, "out.json");
    writeFileSync(file, "old");
    const r = await run("plan", SEED, "--json", "-o", file);
    expect(r.code).toBe(0);
    expect(r.out).toBe("");
    expect(JSON.parse(readFileSync(file, "utf8")).skus[0].replicas).toBe(15);
    const r2 = await run("formats", `--output=${file}`);
    expect(r2.code).toBe(0);
    expect(readFileSync(file, "utf8")).toContain("VERSIONS CHECKED");
    // No temporary file is left behind.
    expect(readdirSync(dir)).toEqual(["out.json"]);
  });
  it("leaves the previous file untouched on bad input", async () => {
    const dir = tmp();
    const file = join(dir, "out.json");
    writeFileSync(file, "previous result");
    const r = await run("plan", join(dir, "missing.json"), "--output", file);
    expect(r.code).toBe(2);
    expect(readFileSync(file, "utf8")).toBe("previous result");
    expect(readdirSync(dir)).toEqual(["out.json"]);
  });
  it("says so plainly when the folder cannot be written", async () => {
    const r = await run("formats", "-o", join(tmp(), "no", "such", "dir", "x.txt"));
    expect(r.code).toBe(2);
    expect(r.errLines).toHaveLength(1);
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
    expect(quiet.code).toBe(0);
    expect(quiet.err).toBe("");
    expect(quiet.out).toBe(loud.out);
    const bad = await run("import", join(dir, "missing.csv"), "-q");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("no such file");
  });
});

describe("control characters", () => {
  it("never prints an ANSI escape or other control character from a plan (title, SKU and team names)", async () => {
    const dir = tmp();
    const plan = JSON.parse(readFileSync(SEED, "utf8"));
    plan.title = "evil \u001b[2J\u001b]0;pwned\u0007 title\r";
    plan.skus[0].name = "H100\u001b[31m red\u009b1m";
    plan.tenants.usage[0].team = "search\u001b[5m";
    writeFileSync(join(dir, "p.json"), JSON.stringify(plan));
    for (const mode of [[], ["--markdown"], ["--csv"], ["--json"]]) {
      const r = await run("plan", join(dir, "p.json"), ...mode);
      expect(r.code).toBe(0);
      expect(r.out + r.err).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    }
    const rep = await run("report", join(dir, "p.json"));
    expect(rep.out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(rep.out).toContain("H100[31m red1m");
  });
});

describe("line breaks in names", () => {
  it("do not break Markdown tables or headings (team, SKU, workload names and the title)", async () => {
    const dir = tmp();
    const plan = JSON.parse(readFileSync(SEED, "utf8"));
    plan.title = "Title\n# injected heading";
    plan.skus[0].name = "H100\n| x | y |";
    plan.tenants.usage[0].team = "search\r\nteam";
    writeFileSync(join(dir, "p.json"), JSON.stringify(plan));
    const md = await run("plan", join(dir, "p.json"), "--markdown");
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
    const text = await run("plan", join(dir, "p.json"));
    expect(text.out.split("\n")[0]).toBe("Title # injected heading");
    const rep = await run("report", join(dir, "p.json"));
    expect(rep.out).not.toMatch(/^# injected/m);
    expect(rep.out).not.toMatch(/^\| x \| y \|/m);
  });
});
