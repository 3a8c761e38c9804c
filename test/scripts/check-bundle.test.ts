/**
 * scripts/check-bundle.mjs (the bundle budget of issue #32): the initial JavaScript is every
 * `<script src>` and `<link rel="modulepreload">` of index.html, each gzipped at zlib level 9 and
 * summed; lazy chunks, stylesheets and other origins do not count; over 150 KB the check exits 1.
 * Each case builds a small fake dist folder in a temp dir.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the repository's scripts, without type declarations
import * as cb from "../../scripts/check-bundle.mjs";

interface Measured {
  files: { file: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
  missing: string[];
}
const { BUDGET_BYTES, GZIP_LEVEL, initialFiles, measureInitialJs, verdict } = cb as {
  BUDGET_BYTES: number;
  GZIP_LEVEL: number;
  initialFiles: (html: string) => string[];
  measureInitialJs: (dir: string) => Measured;
  verdict: (m: Measured, budget?: number) => { lines: string[]; code: number };
};

const SCRIPT = join(__dirname, "..", "..", "scripts", "check-bundle.mjs");
const root = mkdtempSync(join(tmpdir(), "capplan-check-bundle-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
/** A fake dist folder: index.html and the given files under it. */
function dist(html: string, files: Record<string, string | Buffer>): string {
  const dir = join(root, `d${n++}`);
  mkdirSync(join(dir, "assets"), { recursive: true });
  writeFileSync(join(dir, "index.html"), html);
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  return dir;
}

/** Text that gzip cannot shrink much: `bytes` pseudo-random printable characters. */
function noise(bytes: number, seed: number): string {
  let x = seed >>> 0 || 1;
  let s = "";
  for (let i = 0; i < bytes; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    s += String.fromCharCode(33 + ((x >>> 0) % 90));
  }
  return s;
}

const gz = (s: string) => gzipSync(s, { level: 9 }).length;

const HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="./assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="./assets/dep-b.js">
<link rel="stylesheet" crossorigin href="./assets/index-c.css">
<link crossorigin href="assets/dep-d.js" rel="modulepreload">
<link rel="modulepreload" href="/assets/dep-b.js">
<script src="https://cdn.example.com/x.js"></script>
</head><body><div id="root"></div></body></html>`;

describe("initialFiles", () => {
  it.each([
    [HTML, ["assets/index-a.js", "assets/dep-b.js", "assets/dep-d.js"]],
    ['<script src="a.js?v=1"></script>', ["a.js"]],
    ['<link rel="preload" href="a.js"><link rel="prefetch" href="b.js">', []],
    ["<script>inline()</script>", []],
    ['<script src="//cdn.example.com/a.js"></script>', []],
  ])("%#: %s", (html, expected) => {
    expect(initialFiles(html)).toEqual(expected);
  });
});

describe("measureInitialJs", () => {
  it("sums the gzip (level 9) of each script and modulepreload, not the lazy chunks or CSS", () => {
    const a = noise(3000, 1);
    const b = `export const b = ${JSON.stringify("x".repeat(5000))};`;
    const d = noise(1200, 2);
    const dir = dist(HTML, {
      "assets/index-a.js": a,
      "assets/dep-b.js": b,
      "assets/dep-d.js": d,
      "assets/index-c.css": noise(9000, 3),
      "assets/lazy-e.js": noise(50_000, 4),
    });
    const m = measureInitialJs(dir);
    expect(GZIP_LEVEL).toBe(9);
    expect(m.files.map((f) => f.file)).toEqual([
      "assets/index-a.js",
      "assets/dep-b.js",
      "assets/dep-d.js",
    ]);
    expect(m.files.map((f) => f.gzip)).toEqual([gz(a), gz(b), gz(d)]);
    expect(m.gzip).toBe(gz(a) + gz(b) + gz(d));
    expect(m.raw).toBe(a.length + b.length + d.length);
    // A repeated string compresses: the count is of gzip bytes, not raw ones.
    expect(m.files[1]!.gzip).toBeLessThan(b.length / 20);
    expect(m.missing).toEqual([]);
  });

  it("lists a file index.html names but the build lacks", () => {
    const dir = dist(HTML, { "assets/index-a.js": "1" });
    expect(measureInitialJs(dir).missing).toEqual(["assets/dep-b.js", "assets/dep-d.js"]);
  });
});

describe("verdict", () => {
  const m = (gzip: number, missing: string[] = []): Measured => ({
    files: [{ file: "assets/a.js", raw: gzip * 3, gzip }],
    raw: gzip * 3,
    gzip,
    missing,
  });
  it.each([
    [149_999, 0],
    [150_000, 0],
    [150_001, 1],
  ])("%d bytes of gzip against 150 KB → exit %d", (bytes, code) => {
    expect(BUDGET_BYTES).toBe(150_000);
    expect(verdict(m(bytes)).code).toBe(code);
  });
  it("says the total, the budget and the excess in KB (1000 bytes)", () => {
    const v = verdict(m(163_400));
    expect(v.lines.at(-1)).toBe(
      "FAIL: initial JavaScript is 163.4 KB gzip, over the budget of 150.0 KB by 13.4 KB (docs/performance.md: split what the first screen does not need).",
    );
    expect(v.lines.at(-2)).toContain("163.4 KB gzip");
    expect(v.lines.at(-2)).toContain("zlib level 9");
  });
  it("fails with code 2 when a file is missing", () => {
    expect(verdict(m(10, ["assets/x.js"])).code).toBe(2);
  });
});

describe("the command", () => {
  const run = (args: string[]) => {
    try {
      return {
        code: 0,
        out: execFileSync(process.execPath, [SCRIPT, ...args], { encoding: "utf8" }),
      };
    } catch (e) {
      const x = e as { status: number; stdout: string; stderr: string };
      return { code: x.status, out: x.stdout + x.stderr };
    }
  };
  it("exits 1 over the budget and 0 within it, listing the files and the total", () => {
    const big = noise(200_000, 5); // random printable text: gzip leaves ~82 % of it (164 KB)
    const dir = dist('<script type="module" src="./assets/big.js"></script>', {
      "assets/big.js": big,
    });
    const over = run([dir]);
    expect(over.code).toBe(1);
    expect(over.out).toContain("assets/big.js");
    expect(over.out).toContain(`over the budget of 150.0 KB`);
    const within = run([dir, "--budget", String(gz(big))]);
    expect(within.code).toBe(0);
    expect(within.out).toContain(`${(gz(big) / 1000).toFixed(1)} KB gzip is within the budget`);
  });
  it("exits 2 without an index.html", () => {
    const r = run([join(root, "nowhere")]);
    expect(r.code).toBe(2);
    expect(r.out).toContain("build the app first");
  });
});
