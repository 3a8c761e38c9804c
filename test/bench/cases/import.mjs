/**
 * Bench cases of the importers (run by test/bench/run.mjs): the 1,000,000-row per-request CSV and
 * JSONL against read + split + Number, and 1,000 vLLM result files against read + JSON.parse.
 * Each run is its own process (test/bench/child.mjs), interleaved with its baseline.
 */
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import { generateVllm } from "../gen-vllm.mjs";

export const title = "import";

export async function run(ctx) {
  const { root, tmp, node, ROWS, RUNS, child, row, profiles, profileOf, median, ms, MB, log } = ctx;
  log(`bench: generating ${ROWS.toLocaleString("en")} per-request rows (CSV and JSONL), 1,000 vLLM files`);
  const csv = join(tmp, "requests.csv");
  const jsonl = join(tmp, "requests.jsonl");
  execFileSync(node, [join(root, "scripts/gen-per-request.mjs"), String(ROWS), csv]);
  execFileSync(node, [join(root, "scripts/gen-per-request.mjs"), String(ROWS), jsonl, "--jsonl"]);
  const vllmDir = join(tmp, "vllm");
  const vllmBytes = generateVllm(1000, vllmDir);
  ctx.inputs.csv = csv;
  ctx.inputs.jsonl = jsonl;

  // Per-request import vs split/Number; peak RSS per process.
  log("bench: per-request import");
  const idle = [];
  const imp = { csv: { base: [], run: [] }, jsonl: { base: [], run: [] } };
  for (let r = 0; r < RUNS; r++) {
    idle.push(child("idle", csv));
    imp.csv.base.push(child("split-csv", csv));
    imp.csv.run.push(child("import", csv));
    imp.jsonl.base.push(child("split-jsonl", jsonl));
    imp.jsonl.run.push(child("import", jsonl));
  }
  const idleRss = median(idle.map((x) => x.maxRssKB)) * 1024;
  for (const [fmt, file] of [["CSV", csv], ["JSONL", jsonl]]) {
    const m = imp[fmt.toLowerCase()];
    const size = statSync(file).size;
    const t = median(m.run.map((x) => x.ms));
    const b = median(m.base.map((x) => x.ms));
    const rss = median(m.run.map((x) => x.maxRssKB)) * 1024;
    const info = m.run[0].info;
    row({ case: `Import ${ROWS.toLocaleString("en")}-row per-request ${fmt} (${MB(size)}) → ${info.points} points`, value: ms(t), baseline: `read + split + Number: ${ms(b)}`, ratio: t / b, target: "≤ 2×", met: t / b <= 2 });
    row({ case: `  peak RSS of that import`, value: `${MB(rss)} = ${(rss / size).toFixed(2)}× file (${((rss - idleRss) / size).toFixed(2)}× above idle node ${MB(idleRss)})`, baseline: `split baseline ${MB(median(m.base.map((x) => x.maxRssKB)) * 1024)}`, ratio: null, target: "≤ 4× file", met: rss / size <= 4 });
    if (t / b > 2) profiles.push({ title: `Import of the per-request ${fmt}`, ...profileOf("import", file) });
  }

  // 1,000 vLLM result files vs read + JSON.parse.
  log("bench: 1,000 vLLM result files");
  const vb = [];
  const vr = [];
  for (let r = 0; r < RUNS + 2; r++) {
    vb.push(child("parse-folder", vllmDir).ms);
    vr.push(child("import-folder", vllmDir));
  }
  const t = median(vr.map((x) => x.ms));
  const b = median(vb);
  row({ case: `Import + merge 1,000 vLLM result files (${MB(vllmBytes)}) → ${vr[0].info.points} points`, value: ms(t), baseline: `read + JSON.parse: ${ms(b)}`, ratio: t / b, target: "≤ 1.5×", met: t / b <= 1.5 });
  if (t / b > 1.5) profiles.push({ title: "Import of 1,000 vLLM files", ...profileOf("import-folder", vllmDir) });
}
