/**
 * Deterministic vLLM `benchmark_serving` / `vllm bench serve --save-result` files for the summary
 * format benchmark: N files in one folder, one per load level (max_concurrency 1…N), with the
 * keys of fixtures/vllm/concurrency-sweep-h100/*.json and values varying with load.
 *
 *   node test/bench/gen-vllm.mjs 1000 /tmp/vllm-sweep
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { rng } from "./gen-plan.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const TEMPLATE = join(
  root,
  "fixtures/vllm/concurrency-sweep-h100/vllm-infqps-concurrency16-Llama-3.1-8B-Instruct-20250612-100829.json",
);
const r = (v, d = 4) => Number(v.toFixed(d));

/** Write `n` result files into `dir`; returns their total size in bytes. */
export function generateVllm(n, dir, seed = 6) {
  const rand = rng(seed);
  const base = JSON.parse(readFileSync(TEMPLATE, "utf8"));
  mkdirSync(dir, { recursive: true });
  let bytes = 0;
  for (let c = 1; c <= n; c++) {
    const otps = ((9000 * c) / (c + 48)) * (0.97 + 0.06 * rand()); // saturating output tok/s
    const rps = otps / 200;
    const ttft = 40 + 1.5 * c * (1 + 0.1 * rand());
    const itl = 8 + 0.05 * c;
    const e2e = ttft + 199 * itl;
    const o = {
      ...base,
      max_concurrency: c,
      max_concurrent_requests: c,
      num_prompts: Math.max(64, 4 * c),
      completed: Math.max(64, 4 * c),
    };
    o.date = `20250612-${String(100000 + c).slice(-6)}`;
    o.duration = r(o.completed / rps);
    o.total_input_tokens = o.completed * 1000;
    o.total_output_tokens = o.completed * 200;
    Object.assign(o, {
      request_throughput: r(rps),
      output_throughput: r(otps),
      total_token_throughput: r(rps * 1200),
      max_output_tokens_per_s: r(otps * 1.12, 1),
    });
    for (const [m, v, s] of [
      ["ttft", ttft, 0.5],
      ["tpot", itl, 0.1],
      ["itl", itl, 0.4],
      ["e2el", e2e, 0.07],
    ]) {
      Object.assign(o, {
        [`mean_${m}_ms`]: r(v),
        [`median_${m}_ms`]: r(v * 0.95),
        [`std_${m}_ms`]: r(v * s * 0.5),
        [`p90_${m}_ms`]: r(v * (1 + s)),
        [`p95_${m}_ms`]: r(v * (1 + 1.3 * s)),
        [`p99_${m}_ms`]: r(v * (1 + 2 * s)),
      });
    }
    const text = JSON.stringify(o).replace(/,"/g, ', "').replace(/":/g, '": ');
    writeFileSync(
      join(dir, `vllm-infqps-concurrency${c}-Llama-3.1-8B-Instruct-${o.date}.json`),
      text,
    );
    bytes += Buffer.byteLength(text);
  }
  return bytes;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const n = Number(process.argv[2]);
  const dir = process.argv[3];
  if (!Number.isInteger(n) || n <= 0 || !dir) {
    process.stderr.write("usage: node test/bench/gen-vllm.mjs <files> <dir>\n");
    process.exit(2);
  }
  generateVllm(n, dir);
}
