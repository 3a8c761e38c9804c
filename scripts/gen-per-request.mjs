#!/usr/bin/env node
/**
 * Deterministic generator of per-request benchmark records (one row per request) for testing
 * the generic per-request importer at scale, e.g. a million rows (~30 MB):
 *
 *   node scripts/gen-per-request.mjs 1000000 /tmp/requests.csv
 *   node scripts/gen-per-request.mjs 1000000 /tmp/requests.jsonl --jsonl
 *   node scripts/gen-per-request.mjs 200 fixtures/per-request/requests-200.csv --seed 7
 *
 * Columns: concurrency,ttft_ms,itl_ms,latency_ms,output_tokens,input_tokens,start_ms,end_ms.
 * Rows are spread over concurrency 1, 2, 4, 8, 16, 32, 64 (same count each, remainder to the
 * last); a closed loop is simulated per level (each worker starts its next request when the
 * previous one ends), so start/end give a consistent achieved rate. Same arguments → same bytes.
 */
import { createWriteStream } from "node:fs";

const args = process.argv.slice(2);
const positional = args.filter((a, i) => !a.startsWith("--") && !(args[i - 1] === "--seed"));
const n = Number(positional[0]);
const out = positional[1];
const jsonl = args.includes("--jsonl");
const seedIdx = args.indexOf("--seed");
const seed = seedIdx >= 0 ? Number(args[seedIdx + 1]) : 42;
if (!Number.isInteger(n) || n <= 0 || !out) {
  process.stderr.write(
    "usage: node scripts/gen-per-request.mjs <rows> <out.csv|out.jsonl> [--jsonl] [--seed N]\n",
  );
  process.exit(2);
}

/** mulberry32: small deterministic PRNG. */
function rng(a) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(seed);
const exp = (mean) => -Math.log(1 - rand()) * mean;
const r2 = (v) => Math.round(v * 100) / 100;
const r1 = (v) => Math.round(v * 10) / 10;

const levels = [1, 2, 4, 8, 16, 32, 64];
const per = Math.floor(n / levels.length);
const ws = createWriteStream(out);
const cols = [
  "concurrency",
  "ttft_ms",
  "itl_ms",
  "latency_ms",
  "output_tokens",
  "input_tokens",
  "start_ms",
  "end_ms",
];
let buf = jsonl ? "" : cols.join(",") + "\n";
let t0 = 0;

async function flush(force) {
  if (buf.length < 1 << 20 && !force) return;
  const chunk = buf;
  buf = "";
  if (!ws.write(chunk)) await new Promise((r) => ws.once("drain", r));
}

for (let li = 0; li < levels.length; li++) {
  const c = levels[li];
  const count = li === levels.length - 1 ? n - per * (levels.length - 1) : per;
  const clock = new Float64Array(c).fill(t0);
  let levelEnd = t0;
  for (let i = 0; i < count; i++) {
    const w = i % c;
    const input = 200 + Math.floor(rand() * 600);
    const output = 50 + Math.floor(rand() * 200);
    const ttft = r2(30 + input * 0.02 + 3 * c + exp(10 + c));
    const itl = r2(18 + 0.6 * c + exp(2));
    const latency = r2(ttft + itl * (output - 1));
    const start = r1(clock[w]);
    const end = r1(start + latency);
    clock[w] = end + 1;
    if (end > levelEnd) levelEnd = end;
    if (jsonl) {
      buf += `{"concurrency":${c},"ttft_ms":${ttft},"itl_ms":${itl},"latency_ms":${latency},"output_tokens":${output},"input_tokens":${input},"start_ms":${start},"end_ms":${end}}\n`;
    } else {
      buf += `${c},${ttft},${itl},${latency},${output},${input},${start},${end}\n`;
    }
    await flush(false);
  }
  t0 = levelEnd + 1000;
}
await flush(true);
ws.end();
