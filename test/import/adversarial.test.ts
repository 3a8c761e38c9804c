/**
 * Hostile input (docs/import.md "Limits"): every importer and detector, and the header alias
 * matcher, on 100 KB lines built to make backtracking regular expressions explode (long runs of
 * spaces, tabs, delimiters, quotes, digits, pipes, hashes), each in a worker thread stopped after a
 * generous time budget. A linear scan takes milliseconds; a cubic pattern takes hours.
 */
import { describe, expect, it } from "vitest";
import { useRunner } from "./harness";

/** Per input, all importers together (ms): about 100× what a linear scan needs on a loaded machine. */
const BUDGET_MS = 10_000;
const N = 100_000;

const TABLE = "\n\n| 并发 | RPS | P99 TTFT |\n|---|---|---|\n| 1 | 0.5 | 40 |\n| 8 | 3.9 | 55 |\n";
const rep = (s: string, n = N) => s.repeat(Math.ceil(n / s.length)).slice(0, n);

const RUNS: Record<string, string> = {
  spaces: " ",
  tabs: "\t",
  commas: ",",
  semicolons: ";",
  pipes: "|",
  quotes: '"',
  digits: "7",
  "digits and dots": "1.",
  "digits and commas": "1,",
  hashes: "#",
  dashes: "-",
  "pipe-dash": "|-",
  "dash-space": "- ",
  colons: ":",
  "slash-space": " / ",
  brackets: "[",
  "quote-comma": '",',
};

/** Each run in several line shapes that the importers' patterns look at. */
function cases(): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, unit] of Object.entries(RUNS)) {
    const r = rep(unit);
    out.push([`${name}: alone`, r]);
    out.push([`${name}: heading before a table`, `# a${r}b${TABLE}`]);
    out.push([`${name}: metadata line before a table`, `- Model: a${r}b${TABLE}`]);
    out.push([`${name}: metadata key`, `- a${r}: b${TABLE}`]);
    out.push([`${name}: table row`, `| 并发 | RPS |\n|---|---|\n| 1 ${r} x | 2 |\n`]);
    out.push([`${name}: CSV header`, `concurrency,rps,p99 ttft ms${r}\n1,2,3\n`]);
    out.push([`${name}: CSV cell`, `concurrency,rps,p99_ttft_ms\n1,"${r}",3\n8,${r}9,4\n`]);
    out.push([`${name}: seed script line`, `{'concurrency': 4, 'rps':${r}1.7, 'p50': 2.3}\n`]);
    out.push([`${name}: JSON string`, `{"model": "a${r}b", "concurrency": 1}`]);
    out.push([
      `${name}: JSONL`,
      `{"concurrency": 1, "ttft_ms": 5}\n{"concurrency": 2, "ttft${r}": 5}\n`,
    ]);
  }
  out.push(["deep JSON nesting", rep("[", N) + rep("]", N)]);
  out.push(["heading of hashes", `###### ${rep("#", N)}x${TABLE}`]);
  out.push(["separator of 30,000 columns", `|${rep(" a |", N)}\n|${rep("---|", N)}\n`]);
  return out;
}

const runner = useRunner();

describe("importers on adversarial 100 KB lines", () => {
  it("every importer, detector and the header matcher finish each input within the budget, with no exception escaping", async () => {
    const slow: string[] = [];
    const thrown: string[] = [];
    for (const [name, text] of cases()) {
      const job = { name: "adversarial.txt", text, everyFormat: true, headers: true };
      const r = await runner.run(job, BUDGET_MS);
      if ("hang" in r) slow.push(`${name}: stopped after ${Math.round(r.ms)} ms`);
      else if ("crash" in r) thrown.push(`${name}: worker crashed: ${r.crash.slice(0, 300)}`);
      else {
        thrown.push(...r.thrown.map((t) => `${name}: ${t.slice(0, 300)}`));
        if (process.env.CAPPLAN_ADV_LOG && r.ms > 300)
          console.log(`${name}: ${Math.round(r.ms)} ms`);
      }
    }
    expect(slow).toEqual([]);
    expect(thrown).toEqual([]);
  }, 900_000);
});
