/**
 * Hostile plans and files (docs/security.md): `file` references confined to the plan's folder and
 * the working directory, only regular files read, symbolic links in folders skipped, no content
 * echoed, no hang. Real processes run under a timeout; in-process runs check messages.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { run, runLine, tmpDir, writeTmp } from "./helpers";

const SECRET = "ghp_S3CRETt0kenDoNotLeak";
const SWEEP_CSV = readFileSync("fixtures/malformed/bom-crlf.csv", "utf8");

/** A tree: <root>/plans/plan.json (with the given sweep file), <root>/secret/creds.txt. */
function tree(file: string, extra?: (root: string) => void): { root: string; plan: string } {
  const root = tmpDir("capplan-hostile-");
  mkdirSync(join(root, "plans"));
  mkdirSync(join(root, "secret"));
  writeTmp(`https://user:${SECRET}@github.com\n`, "creds.txt", join(root, "secret"));
  writeTmp(SWEEP_CSV, "sweep.csv", join(root, "secret"));
  extra?.(root);
  const one = { gpusPerReplica: 1, pricePerGpuHour: 1 };
  const plan = {
    format: "capplan.plan/v1",
    workloads: [{ name: "chat", peakRps: 1, inputTokens: 100, outputTokens: 100 }],
    skus: [
      { name: "inline", ...one, sweep: { replicaOutputTokensPerSec: 100 } },
      { name: "evil", ...one, sweep: { file } },
    ],
  };
  return { root, plan: writeTmp(plan, "plan.json", join(root, "plans")) };
}

/** Run the real CLI with a timeout; a hang fails the test instead of blocking it. */
function cli(args: string[], cwd = process.cwd()) {
  const p = spawnSync(process.execPath, [join(process.cwd(), "bin/capplan.mjs"), ...args], {
    encoding: "utf8",
    timeout: 30000,
    cwd,
    maxBuffer: 64 << 20,
  });
  return { code: p.status, signal: p.signal, out: p.stdout ?? "", err: p.stderr ?? "" };
}

describe("plan `file` references are confined", () => {
  it("refuses ../ leaving the plan's folder and the working directory, naming the key, echoing nothing", async () => {
    const { plan } = tree("../secret/creds.txt");
    const r = await run("plan", plan, "--json");
    expect([r.code, r.out, r.errLines.length]).toEqual([2, "", 1]);
    for (const text of ["skus[1].sweep.file", "--allow-path"]) expect(r.err).toContain(text);
    expect(r.err).not.toContain(SECRET);
  });
  it("refuses an absolute path and a path under sweeps{} with its key", async () => {
    const { root, plan } = tree("/etc/passwd");
    const a = await run("plan", plan);
    expect([a.code, a.err]).toEqual([2, expect.stringContaining("skus[1].sweep.file")]);
    const p = JSON.parse(readFileSync(plan, "utf8"));
    p.skus[1].sweep = undefined;
    p.skus[1].sweeps = { chat: { file: join(root, "secret", "sweep.csv") } };
    writeTmp(p, "plan.json", join(root, "plans"));
    const b = await run("plan", plan);
    expect([b.code, b.err]).toEqual([2, expect.stringContaining("skus[1].sweeps.chat.file")]);
  });
  it("refuses a symbolic link inside the plan's folder that points outside", async () => {
    const { plan } = tree("link.csv", (root) =>
      symlinkSync(join(root, "secret", "sweep.csv"), join(root, "plans", "link.csv")),
    );
    const r = await run("plan", plan);
    expect([r.code, r.err]).toEqual([2, expect.stringContaining("skus[1].sweep.file")]);
  });
  it("allows the folder given with --allow-path (repeatable), and still never echoes an unrecognised file", async () => {
    const { root, plan } = tree("../secret/sweep.csv");
    const ok = await runLine(
      `plan ${plan} --json --allow-path ${join(root, "nowhere")} --allow-path ${join(root, "secret")}`,
    );
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out).skus[1].operatingPoint.basis).not.toBe("given");
    const { root: root2, plan: plan2 } = tree("../secret/creds.txt");
    const bad = await run("plan", plan2, "--json", "--allow-path", join(root2, "secret"));
    expect(bad.out + bad.err).not.toContain(SECRET);
    expect(bad.out + bad.err).not.toContain("github.com");
  });
  it("allows files in the plan's folder tree and in the working directory's tree (models/examples use ../../fixtures/)", async () => {
    const { root, plan } = tree("sub/sweep.csv", (r) => {
      mkdirSync(join(r, "plans", "sub"));
      writeTmp(SWEEP_CSV, "sweep.csv", join(r, "plans", "sub"));
    });
    expect((await run("plan", plan)).code).toBe(0);
    const ex = await run("plan", "models/examples/multi-sku.json", "--json");
    expect(ex.code).toBe(0);
    // A plan outside the working directory reaching into it by ../: allowed (the working directory's tree).
    const rel = relative(
      join(root, "plans"),
      join(process.cwd(), "fixtures/malformed/bom-crlf.csv"),
    );
    const { plan: plan3 } = tree(rel);
    expect((await run("plan", plan3)).code).toBe(0);
  });
});

describe("devices, FIFOs and symbolic links", () => {
  it("refuses /dev/zero and /dev/urandom at once instead of reading gigabytes or hanging", () => {
    for (const dev of ["/dev/zero", "/dev/urandom"]) {
      const { plan } = tree(dev);
      const r = cli(["plan", plan, "--allow-path", "/dev"]);
      expect([r.signal, r.code], dev).toEqual([null, 2]);
      expect(r.err).toContain("a device, not a regular file");
      const i = cli(["import", dev]);
      expect([i.code, i.err], dev).toEqual([2, expect.stringContaining("not a regular file")]);
    }
  });
  it("does not hang on a FIFO, named or inside an imported folder", () => {
    const dir = tmpDir("capplan-fifo-");
    writeTmp(SWEEP_CSV, "a.csv", dir);
    execFileSync("mkfifo", [join(dir, "pipe.csv")]);
    const named = cli(["import", join(dir, "pipe.csv")]);
    expect([named.signal, named.code, named.err]).toEqual([
      null,
      2,
      expect.stringContaining("FIFO"),
    ]);
    const folder = cli(["import", dir, "--json"]);
    expect([folder.signal, folder.code]).toEqual([null, 0]);
    expect(folder.err).toMatch(/^skipped: .*pipe\.csv: a FIFO/m);
    expect(JSON.parse(folder.out).sweeps[0].points).toHaveLength(3);
  });
  it("skips symbolic links to a folder, loops and dangling links in an imported folder with a warning naming each", async () => {
    const dir = tmpDir("capplan-links-");
    writeTmp(SWEEP_CSV, "a.csv", dir);
    mkdirSync(join(dir, "sub"));
    symlinkSync(join(dir, "sub"), join(dir, "to-folder"));
    symlinkSync(join(dir, "loop1"), join(dir, "loop2"));
    symlinkSync(join(dir, "loop2"), join(dir, "loop1"));
    symlinkSync(join(dir, "missing.csv"), join(dir, "dangling.csv"));
    const r = await run("import", dir, "--json");
    expect(r.code).toBe(0);
    expect(r.err).not.toContain("internal error");
    for (const n of [
      "to-folder: a symbolic link to a folder",
      "loop1: a symbolic link loop",
      "loop2: a symbolic link loop",
      "dangling.csv: a dangling symbolic link",
    ])
      expect(r.err).toContain(n);
    expect(JSON.parse(r.out).sweeps).toHaveLength(1);
  });
  it("skips a link that leaves the folder, saying so, and follows one that stays inside", async () => {
    const dir = tmpDir("capplan-links-");
    mkdirSync(join(dir, "data"));
    writeTmp(SWEEP_CSV, "a.csv", join(dir, "data"));
    mkdirSync(join(dir, "run"));
    symlinkSync(join(dir, "data", "a.csv"), join(dir, "run", "a.csv"));
    const r = await run("import", join(dir, "run"), "--json");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/skipped: .*run\/a\.csv: a symbolic link that leaves the folder/);
    const r2 = await run("import", join(dir, "data"), "--json");
    expect(r2.code).toBe(0);
    symlinkSync(join(dir, "data", "a.csv"), join(dir, "data", "b-link.csv"));
    const r3 = await run("import", join(dir, "data"), "--json", "--separate");
    expect([r3.code, JSON.parse(r3.out).sweeps.length]).toEqual([0, 2]);
  });
});
