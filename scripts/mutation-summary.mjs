#!/usr/bin/env node
// Turns Stryker's JSON report (test/mutation/out/mutation.json) into test/mutation/results.json
// (per file: counts and survivors; files of earlier runs kept, files of this run replaced, so the
// engine can be run file by file) and test/mutation/RESULTS.md. docs/mutation-testing.md.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";

const OUT = "test/mutation/out/mutation.json";
const STORE = "test/mutation/results.json";
const MD = "test/mutation/RESULTS.md";
if (!existsSync(OUT)) {
  console.error(`mutation-summary: no ${OUT} (did Stryker run?)`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(OUT, "utf8"));
const store = existsSync(STORE) ? JSON.parse(readFileSync(STORE, "utf8")) : { files: {} };
store.partial ??= {};
const when = new Date().toISOString().slice(0, 16).replace("T", " ");

const git = (...args) => {
  try {
    return execFileSync("git", args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return null;
  }
};
// Where the run came from: the commit, and whether sources or tests had uncommitted changes then
// (a run over a clean tree at a commit is the run a fresh clone of that commit gives). Written by
// scripts/mutation.mjs before Stryker starts; a report without it is taken as of now.
const RUN = "test/mutation/out/run.json";
const runInfo =
  existsSync(RUN) && statSync(RUN).mtimeMs <= statSync(OUT).mtimeMs
    ? JSON.parse(readFileSync(RUN, "utf8"))
    : null;
const commit = runInfo ? runInfo.commit : git("rev-parse", "--short=7", "HEAD");
// The test set the mutants ran against: null = the whole mutation set; else the globs of `--tests`.
const testSet = runInfo?.tests ?? null;
const dirtyNow = runInfo
  ? runInfo.uncommitted
  : (git("status", "--porcelain", "--", "src", "test", ":!test/mutation") ?? "") !== "";
// `--mutate file:120-180` runs a line range: its counts are kept apart and never replace a whole-file row.
const ranges = new Map();
for (const m of report.config?.mutate ?? []) {
  const r = /^(.*\.[cm]?[jt]sx?):(\d+(?::\d+)?-\d+(?::\d+)?)$/.exec(m);
  if (r) ranges.set(r[1], r[2]);
}

for (const [path, file] of Object.entries(report.files)) {
  const c = {
    killed: 0,
    timeout: 0,
    survived: 0,
    noCoverage: 0,
    ignored: 0,
    staticNotRun: 0,
    errors: 0,
  };
  const survivors = [];
  const ignored = [];
  for (const m of file.mutants) {
    const at = `${m.location.start.line}:${m.location.start.column}`;
    if (m.status === "Killed") c.killed++;
    else if (m.status === "Timeout") c.timeout++;
    else if (m.status === "Survived" || m.status === "NoCoverage") {
      if (m.status === "Survived") c.survived++;
      else c.noCoverage++;
      survivors.push({
        at,
        mutator: m.mutatorName,
        replacement: (m.replacement ?? "").slice(0, 80),
        status: m.status,
      });
    } else if (m.status === "Ignored" && /^Static mutant/.test(m.statusReason ?? "")) {
      // `--ignoreStatic`: code run when a module loads, not run here — unknown, not equivalent.
      c.staticNotRun++;
    } else if (m.status === "Ignored") {
      c.ignored++;
      ignored.push({ at, mutator: m.mutatorName, reason: m.statusReason ?? "" });
    } else c.errors++;
  }
  const row = {
    run: when,
    commit,
    uncommitted: dirtyNow,
    tests: testSet,
    ...c,
    survivors,
    ignoredList: ignored,
  };
  const range = ranges.get(path);
  if (range) store.partial[`${path}:${range}`] = { ...row, file: path, lines: range };
  else {
    store.files[path] = row;
    // A whole-file run supersedes the ranges run before it.
    for (const [k, v] of Object.entries(store.partial))
      if (v.file === path) delete store.partial[k];
  }
}

const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)} %` : "—");
// Files stored before the count and the list had separate keys kept only the list under `ignored`.
for (const f of Object.values(store.files)) {
  if (Array.isArray(f.ignored)) {
    f.ignoredList = f.ignored;
    f.ignored = f.ignored.length;
  }
  f.ignoredList ??= [];
}
if (Object.keys(store.partial).length === 0) delete store.partial;
writeFileSync(STORE, `${JSON.stringify(store, null, 1)}\n`);
const rows = Object.entries(store.files).sort(([a], [b]) => a.localeCompare(b));
// A row is stale when its file changed after the commit it was run at (its tests may have changed
// too, which this does not see: re-run before relying on an old row).
const changedSince = (path, f) => {
  if (!f.commit) return "unknown";
  const r = spawnSync("git", ["diff", "--quiet", f.commit, "--", path], { stdio: "ignore" });
  return r.status === 0 ? "no" : r.status === 1 ? "yes" : "unknown";
};
// Every file of the mutate set (test/mutation/stryker.config.mjs) that has no whole-file row.
const mutateSet = () => {
  const cfg = readFileSync("test/mutation/stryker.config.mjs", "utf8");
  const list = /mutate:\s*\[([^\]]*)\]/.exec(cfg)?.[1] ?? "";
  const globs = [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  const toRe = (g) =>
    new RegExp(
      `^${g
        .replace(/[.+^${}()|\\]/g, "\\$&")
        .replace(/\*\*\//g, "(?:.*/)?")
        .replace(/\*/g, "[^/]*")}$`,
    );
  const inc = globs.filter((g) => !g.startsWith("!")).map(toRe);
  const exc = globs.filter((g) => g.startsWith("!")).map((g) => toRe(g.slice(1)));
  const files = (git("ls-files", "src") ?? "").split("\n");
  return files.filter((f) => inc.some((r) => r.test(f)) && !exc.some((r) => r.test(f)));
};
// A file of type declarations only (types, interfaces, imports, re-exports) has no mutant: Stryker leaves it
// out of its report, so it can never get a row. It is named apart from the files not run, not as a gap.
function declarationsOnly(src) {
  const code = src.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  let depth = 0;
  let lineStart = true;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i];
    if (ch === "\n") {
      lineStart = true;
      continue;
    }
    if (lineStart && depth === 0 && !/\s/.test(ch)) {
      const rest = code.slice(i, i + 40);
      if (
        !/^(import\b|export\s+(type|interface|declare)\b|export\s+(\*|\{)|type\b|interface\b|declare\b|[|&}\])>;]|\/\/)/.test(
          rest,
        )
      )
        return false;
    }
    if (!/\s/.test(ch)) lineStart = false;
    if (ch === "{" || ch === "(" || ch === "[") depth++;
    else if (ch === "}" || ch === ")" || ch === "]") depth--;
    else if (ch === '"' || ch === "'" || ch === "`") {
      const q = ch;
      for (i++; i < code.length && code[i] !== q; i++) if (code[i] === "\\") i++;
    }
  }
  return true;
}

const tot = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0, staticNotRun: 0 };
const lines = [
  "# Mutation testing results (`npm run test:mutation`)",
  "",
  "Written by `scripts/mutation-summary.mjs` from Stryker's report; how to run and how to read it: `docs/mutation-testing.md`.",
  "Score = killed ÷ (killed + survived + no coverage), timeouts counted as killed; equivalent mutants, listed",
  "with their reason in `test/mutation/equivalent.json` (not in the source), are shown as ignored and not counted.",
  "",
  "*Commit* is the commit the run was made at (`+` when sources or tests had uncommitted changes then);",
  "*Changed since* says whether the file differs from that commit now (if so, the row is out of date).",
  "",
  "*Killed* includes the mutants that timed out (*of which timeouts*): an infinite loop is noticed, but on a loaded",
  "machine a slow run can also time out, so a file with many timeouts is worth a re-run on a quiet one.",
  "",
  "*Static, not run*: with `--ignoreStatic`, mutants in code run when a module loads (tables, constants) are not run",
  "(each would run every test); their outcome is unknown, and the score of such a row is over the other mutants only.",
  "",
  "*Tests*: `all` is the whole mutation test set; otherwise the row was run against the named test files only",
  "(`--tests`, used so that static mutants are affordable), and its score is a lower bound: more tests can only kill more.",
  "",
  "| File | Run | Commit | Tests | Changed since | Killed | of which timeouts | Survived | No coverage | Ignored (equivalent) | Static, not run | Score | Score of covered |",
  "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
];
for (const [path, f] of rows) {
  const k = f.killed + f.timeout;
  for (const key of Object.keys(tot)) tot[key] += f[key] ?? 0;
  const at = f.commit ? `${f.commit}${f.uncommitted ? "+" : ""}` : "—";
  lines.push(
    `| ${path} | ${f.run} | ${at} | ${
      f.tests
        ? f.tests
            .split(",")
            .map((t) => `\`${t}\``)
            .join(", ")
        : "all"
    } | ${changedSince(path, f)} | ${k} | ${f.timeout} | ${f.survived} | ${f.noCoverage} | ${f.ignored} | ${f.staticNotRun ?? 0} | ${pct(k, k + f.survived + f.noCoverage)}${f.staticNotRun ? " (static not run)" : ""} | ${pct(k, k + f.survived)} |`,
  );
}
const tk = tot.killed + tot.timeout;
lines.push(
  `| **all** | | | | | ${tk} | ${tot.timeout} | ${tot.survived} | ${tot.noCoverage} | ${tot.ignored} | ${tot.staticNotRun} | ${pct(tk, tk + tot.survived + tot.noCoverage)} | ${pct(tk, tk + tot.survived)} |`,
  "",
);
const unrun = mutateSet().filter((f) => !store.files[f]);
const typeOnly = unrun.filter((f) => declarationsOnly(readFileSync(f, "utf8")));
const notRun = unrun.filter((f) => !typeOnly.includes(f));
const staticLeft = rows
  .filter(([, f]) => f.staticNotRun)
  .map(([p, f]) => `\`${p}\` (${f.staticNotRun})`);
if (staticLeft.length)
  lines.push(
    `**Run without their static mutants (not run, unknown):** ${staticLeft.join(", ")}.`,
    "",
  );
if (typeOnly.length)
  lines.push(
    `**Type declarations only (no mutants, no row):** ${typeOnly.map((f) => `\`${f}\``).join(", ")}.`,
    "",
  );
if (notRun.length)
  lines.push(
    `**Not run as a whole file yet (${notRun.length}):** ${notRun.map((f) => `\`${f}\``).join(", ")}. Their scores are unknown, not 100 %.`,
    "",
  );
const partials = Object.values(store.partial ?? {}).sort(
  (a, b) => a.file.localeCompare(b.file) || a.lines.localeCompare(b.lines, "en", { numeric: true }),
);
if (partials.length) {
  lines.push(
    "### Line-range runs (not counted above; a whole-file run replaces them)",
    "",
    "| File | Lines | Run | Commit | Killed | Survived | No coverage | Ignored | Score |",
    "|---|---|---|---|---|---|---|---|---|",
  );
  for (const f of partials) {
    const k = f.killed + f.timeout;
    lines.push(
      `| ${f.file} | ${f.lines} | ${f.run} | ${f.commit ?? "—"}${f.uncommitted ? "+" : ""} | ${k} | ${f.survived} | ${f.noCoverage} | ${f.ignored} | ${pct(k, k + f.survived + f.noCoverage)} |`,
    );
  }
  lines.push("");
}
lines.push("## Survivors by theme", "");
const byMutator = new Map();
for (const [path, f] of rows)
  for (const s of f.survivors) {
    const list = byMutator.get(s.mutator) ?? [];
    list.push(
      `${path}:${s.at}${s.status === "NoCoverage" ? " (no coverage)" : ""} → \`${s.replacement.replace(/`/g, "'").replace(/\s+/g, " ")}\``,
    );
    byMutator.set(s.mutator, list);
  }
for (const [m, list] of [...byMutator].sort((a, b) => b[1].length - a[1].length)) {
  lines.push(`### ${m} (${list.length})`, "", ...list.slice(0, 40).map((l) => `- ${l}`));
  if (list.length > 40) lines.push(`- … and ${list.length - 40} more (test/mutation/results.json)`);
  lines.push("");
}
// One line per reason and file: where, which mutators, how many.
const ign = [];
for (const [path, f] of rows) {
  const byReason = new Map();
  for (const i of f.ignoredList) {
    const g = byReason.get(i.reason) ?? { at: new Set(), mutators: new Set(), n: 0 };
    g.at.add(i.at.split(":")[0]);
    g.mutators.add(i.mutator);
    g.n++;
    byReason.set(i.reason, g);
  }
  for (const [reason, g] of byReason)
    ign.push(
      `- ${path} line ${[...g.at].join(", ")} (${g.n}: ${[...g.mutators].join(", ")}): ${reason}`,
    );
}
if (ign.length) lines.push("## Marked equivalent", "", ...ign, "");
// Hand-written notes (what could not be run in time, survivors judged equivalent but not markable) follow the tables.
const NOTES = "test/mutation/NOTES.md";
if (existsSync(NOTES)) lines.push(readFileSync(NOTES, "utf8").trimEnd(), "");
writeFileSync(MD, `${lines.join("\n")}\n`);
console.log(
  `mutation-summary: ${rows.length} file(s), ${notRun.length} not run; all: ${pct(tk, tk + tot.survived + tot.noCoverage)} (${tk} killed, ${tot.survived} survived, ${tot.noCoverage} no coverage, ${tot.ignored} ignored). ${MD} written.`,
);
