/**
 * Deterministic request trace for the bench (test/bench/cases/trace.mjs), in the Azure LLM
 * inference trace 2023 layout (`TIMESTAMP,ContextTokens,GeneratedTokens`, timestamps with seven
 * fractional digits): `rows` requests arriving as a Poisson process whose rate follows a daily
 * curve (mean ~40 req/s), so 2,000,000 rows span about half a day.
 *
 *   node test/bench/gen-trace.mjs 2000000 /tmp/trace.csv
 */
import { createWriteStream } from "node:fs";
import { fileURLToPath } from "node:url";
import { rng } from "./gen-plan.mjs";

const pad = (n, w = 2) => String(n).padStart(w, "0");

/** Write the trace; resolves with the file size in bytes. */
export function generateTrace(rows, out, seed = 13) {
  const rand = rng(seed);
  const ws = createWriteStream(out);
  const start = Date.UTC(2023, 10, 16, 0, 0, 0);
  let t = 0; // seconds from start
  let buf = "TIMESTAMP,ContextTokens,GeneratedTokens\n";
  let bytes = 0;
  return new Promise((resolve, reject) => {
    ws.on("error", reject);
    const flush = (last) => {
      bytes += Buffer.byteLength(buf);
      const ok = ws.write(buf);
      buf = "";
      if (last) ws.end(() => resolve(bytes));
      return ok;
    };
    let i = 0;
    const step = () => {
      while (i < rows) {
        const rate = 40 * (0.4 + 0.6 * Math.sin((Math.PI * (t % 86400)) / 86400) ** 2) + 1;
        t += -Math.log(1 - rand()) / rate;
        const ms = start + t * 1000;
        const d = new Date(ms);
        const frac = pad(Math.floor((t % 1) * 1e7), 7);
        const ts = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${frac}`;
        buf += `${ts},${Math.floor(50 + 2000 * rand() ** 2)},${Math.floor(5 + 600 * rand() ** 3)}\n`;
        i++;
        if (buf.length > 1 << 20 && !flush(false)) return ws.once("drain", step);
      }
      flush(true);
    };
    step();
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [rows, out] = process.argv.slice(2);
  if (!rows || !out) {
    process.stderr.write("usage: node test/bench/gen-trace.mjs <rows> <out.csv>\n");
    process.exit(2);
  }
  await generateTrace(Number(rows), out);
}
