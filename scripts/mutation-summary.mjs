#!/usr/bin/env node
// Turns Stryker's JSON report (test/mutation/out/mutation.json) into test/mutation/results.json
// (per file: counts and survivors; files of earlier runs kept, files of this run replaced, so the
// engine can be run file by file) and test/mutation/RESULTS.md. docs/mutation-testing.md.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const OUT = "test/mutation/out/mutation.json";
const STORE = "test/mutation/results.json";
const MD = "test/mutation/RESULTS.md";
if (!existsSync(OUT)) {
  console.error(`mutation-summary: no ${OUT} (did Stryker run?)`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(OUT, "utf8"));
const store = existsSync(STORE) ? JSON.parse(readFileSync(STORE, "utf8")) : { files: {} };
const when = new Date().toISOString().slice(0, 16).replace("T", " ");

for (const [path, file] of Object.entries(report.files)) {
  const c = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0, errors: 0 };
  const survivors = [];
  const ignored = [];
  for (const m of file.mutants) {
    const at = `${m.location.start.line}:${m.location.start.column}`;
    if (m.status === "Killed") c.killed++;
    else if (m.status === "Timeout") c.timeout++;
    else if (m.status === "Survived" || m.status === "NoCoverage") {
      if (m.status === "Survived") c.survived++;
      else c.noCoverage++;
      survivors.push({ at, mutator: m.mutatorName, replacement: (m.replacement ?? "").slice(0, 80), status: m.status });
    } else if (m.status === "Ignored") {
      c.ignored++;
      ignored.push({ at, mutator: m.mutatorName, reason: m.statusReason ?? "" });
    } else c.errors++;
  }
  store.files[path] = { run: when, ...c, survivors, ignoredList: ignored };
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
writeFileSync(STORE, `${JSON.stringify(store, null, 1)}\n`);
const rows = Object.entries(store.files).sort(([a], [b]) => a.localeCompare(b));
const tot = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0 };
const lines = [
  "# Mutation testing results (`npm run test:mutation`)",
  "",
  "Written by `scripts/mutation-summary.mjs` from Stryker's report; how to run and how to read it: `docs/mutation-testing.md`.",
  "Score = killed ÷ (killed + survived + no coverage), timeouts counted as killed; mutants marked equivalent",
  "in the source (`// Stryker disable next-line <mutator>: <reason>`) are listed as ignored and not counted.",
  "",
  "| File | Run | Killed | Survived | No coverage | Ignored (equivalent) | Score | Score of covered |",
  "|---|---|---|---|---|---|---|---|",
];
for (const [path, f] of rows) {
  const k = f.killed + f.timeout;
  for (const key of Object.keys(tot)) tot[key] += f[key];
  lines.push(`| ${path} | ${f.run} | ${k} | ${f.survived} | ${f.noCoverage} | ${f.ignored} | ${pct(k, k + f.survived + f.noCoverage)} | ${pct(k, k + f.survived)} |`);
}
const tk = tot.killed + tot.timeout;
lines.push(`| **all** | | ${tk} | ${tot.survived} | ${tot.noCoverage} | ${tot.ignored} | ${pct(tk, tk + tot.survived + tot.noCoverage)} | ${pct(tk, tk + tot.survived)} |`, "");
lines.push("## Survivors by theme", "");
const byMutator = new Map();
for (const [path, f] of rows) for (const s of f.survivors) {
  const list = byMutator.get(s.mutator) ?? [];
  list.push(`${path}:${s.at}${s.status === "NoCoverage" ? " (no coverage)" : ""} → \`${s.replacement.replace(/`/g, "'").replace(/\s+/g, " ")}\``);
  byMutator.set(s.mutator, list);
}
for (const [m, list] of [...byMutator].sort((a, b) => b[1].length - a[1].length)) {
  lines.push(`### ${m} (${list.length})`, "", ...list.slice(0, 40).map(l => `- ${l}`));
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
  for (const [reason, g] of byReason) ign.push(`- ${path} line ${[...g.at].join(", ")} (${g.n}: ${[...g.mutators].join(", ")}): ${reason}`);
}
if (ign.length) lines.push("## Marked equivalent", "", ...ign, "");
// Hand-written notes (what could not be run in time, survivors judged equivalent but not markable) follow the tables.
const NOTES = "test/mutation/NOTES.md";
if (existsSync(NOTES)) lines.push(readFileSync(NOTES, "utf8").trimEnd(), "");
writeFileSync(MD, `${lines.join("\n")}\n`);
console.log(`mutation-summary: ${rows.length} file(s); all: ${pct(tk, tk + tot.survived + tot.noCoverage)} (${tk} killed, ${tot.survived} survived, ${tot.noCoverage} no coverage, ${tot.ignored} ignored). ${MD} written.`);
