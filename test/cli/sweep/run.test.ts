/**
 * The load levels of `capplan sweep` (docs/sweep.md): the stop rule on an SLO missed by more than
 * 2×, tokens counted when the server sends no usage, and Ctrl-C keeping the completed requests.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runLine } from "../helpers";
import { flat, tmp, useServer } from "../../sweep/use-server";

const server = useServer();

describe("runLevels", () => {
  it("--slo missed by more than 2× ends the sweep after that level", async () => {
    const s = await server.start({
      latency: { ttftBaseMs: 5, ttftPerActiveMs: 60, itlBaseMs: 1, itlPerActiveMs: 0 },
    });
    // TTFT ≈ 5 + 60 × active: ~65 ms at 1 (< 2 × 80 ms), ~245 ms at 4 (> 2 × 80 ms), 16 never runs.
    const r = await runLine(
      `sweep --url ${s.url} --model test/model --concurrency 1,4,16 --requests 8 --output-tokens 3 --slo ttft:p50:80`,
    );
    const levels = JSON.parse(r.out).sweeps[0].points.map(
      (x: { concurrency: number }) => x.concurrency,
    );
    expect([r.code, levels]).toEqual([0, [1, 4]]);
    expect(r.err).toMatch(
      /concurrency 4: P50 TTFT is [\d.]+ ms, more than twice the SLO \(80 ms\)/,
    );
  }, 20_000);

  it("no usage from the server: tokens counted, with a warning", async () => {
    const s = await server.start({ noUsage: true, ...flat(2, 1) });
    const r = await runLine(
      `sweep --url ${s.url} --model test/model --concurrency 2 --requests 4 --output-tokens 5 --input-tokens 9`,
    );
    expect(r.code).toBe(0);
    const p = JSON.parse(r.out).sweeps[0].points[0];
    expect(p).toMatchObject({ meanOutputTokens: 5, meanInputTokens: 9 });
    expect(r.err).toContain("warning: concurrency 2: the server sent no usage for 4 request(s)");
  });

  it("Ctrl-C keeps every completed request, marks the level partial and exits 130", async () => {
    const s = await server.start(flat(10, 5));
    const out = join(tmp(), "out.json");
    const args = `sweep --url ${s.url} --model test/model --concurrency 2,4 --requests 100000 --output-tokens 10 -o ${out}`;
    const child = spawn(process.execPath, ["bin/capplan.mjs", ...args.split(" ")], {
      cwd: join(__dirname, "../../.."),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    // Wait until the server has completed some requests of the first level, then interrupt.
    const t0 = Date.now();
    const ok = () => s.records.filter((x) => x.outcome === "ok").length;
    while (ok() < 6 && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 50));
    child.kill("SIGINT");
    const code = await new Promise<number | null>((r) => child.on("exit", (c) => r(c)));
    expect(code, err).toBe(130);
    const sweep = JSON.parse(readFileSync(out, "utf8")).sweeps[0];
    expect(sweep.levels).toEqual([{ concurrency: 2, requestRate: null, partial: true }]);
    // Every request the server completed is in the file (none in flight is counted as failed).
    const point = { concurrency: 2, partial: true, failed: 0, completed: ok() };
    expect(sweep.points).toEqual([expect.objectContaining(point)]);
    expect(err).toContain("interrupted (Ctrl-C)");
  }, 90_000);
});
