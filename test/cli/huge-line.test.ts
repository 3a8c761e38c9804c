/**
 * A 150 MB CSV on one line (under the 512 MiB file limit) through the real CLI: it used to end in
 * a V8 out-of-memory abort printing V8's C++ stack (50 MB cost 2.75 GB). Now the line limit
 * (src/import/file-checks.ts `MAX_LINE_CHARS`, 1 MiB) refuses it at once with a message naming the
 * limit, exit 2, and bounded memory (docs/security.md). The file is generated into a temporary
 * folder, never committed.
 */
import { spawnSync } from "node:child_process";
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tmpDir, writeTmp } from "./helpers";

const dir = tmpDir("capplan-huge-line-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a 150 MB single-line CSV", () => {
  it("is refused quickly with the line limit named, exit 2, no crash, peak memory under 1 GiB", () => {
    const file = join(dir, "one-line.csv");
    const fd = openSync(file, "w");
    writeSync(fd, "concurrency,rps,");
    const chunk = Buffer.from("1,".repeat(1 << 19)); // 1 MiB
    for (let i = 0; i < 150; i++) writeSync(fd, chunk);
    closeSync(fd);
    expect(statSync(file).size).toBe(150 * 2 ** 20 + 16);
    // The child records its own peak RSS (kB) on exit: no dependency on /usr/bin/time.
    const rssOut = join(dir, "rss.txt");
    const probe = writeTmp(
      `import { writeFileSync } from "node:fs";\nprocess.on("exit", () => writeFileSync(${JSON.stringify(rssOut)}, String(process.resourceUsage().maxRSS)));\n`,
      "rss.mjs",
      dir,
    );
    const started = performance.now();
    const p = spawnSync(
      process.execPath,
      ["--import", probe, join(process.cwd(), "bin/capplan.mjs"), "import", file],
      { encoding: "utf8", timeout: 60_000 },
    );
    const seconds = (performance.now() - started) / 1000;
    expect([p.signal, p.status, p.stdout]).toEqual([null, 2, ""]);
    expect(p.stderr.trim()).toBe(
      `capplan import: ${file}:1: line 1 is 150.0 MiB long; a line of a text table may be at most 1 MiB (a file without line breaks?)`,
    );
    expect(p.stderr).not.toMatch(/internal error|FATAL|heap|    at /);
    const maxRssMiB = Number(readFileSync(rssOut, "utf8")) / 1024;
    // Measured 504 MiB peak (the file's bytes and its text) in 0.9 s; before, an abort past 4 GB.
    expect(maxRssMiB).toBeGreaterThan(0);
    expect(maxRssMiB).toBeLessThan(1024);
    expect(seconds).toBeLessThan(20);
  }, 90_000);
});
