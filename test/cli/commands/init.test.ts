// `capplan init`: a working example plan, sweeps inline, for an install without the repository.
import { describe, expect, it } from "vitest";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { exampleNames, packageRoot } from "../../../src/cli/commands/init";
import { usage } from "../../../src/cli/main";
import { run, tmpDir, writeTmp } from "../helpers";

const init = (...args: string[]) => run("init", ...args);

/** Every `file` key anywhere in a JSON value. */
function fileRefs(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap(fileRefs);
  if (v && typeof v === "object")
    return Object.entries(v).flatMap(([k, x]) =>
      k === "file" && typeof x === "string" ? [x] : fileRefs(x),
    );
  return [];
}

/** A value without its `source` keys (which file a sweep came from: a path, or "inline"). */
function withoutSource(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutSource);
  if (v && typeof v === "object")
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => k !== "source")
        .map(([k, x]) => [k, withoutSource(x)]),
    );
  return v;
}

const tmp = () => tmpDir("capplan-init-");

describe("capplan init", () => {
  it("finds the package's example plans from the source tree", () => {
    const root = packageRoot();
    expect(root).not.toBeNull();
    expect(exampleNames(root!)).toContain("multi-sku");
  });

  it("writes the multi-sku example with its sweeps inline; it plans exactly like the original", async () => {
    const dir = join(tmp(), "my-plan");
    const r = await init(dir);
    expect(r.code).toBe(0);
    const file = join(dir, "plan.json");
    expect(r.out).toContain(`next: capplan plan ${file}`);
    const written = JSON.parse(readFileSync(file, "utf8"));
    expect(fileRefs(written)).toEqual([]);
    const original = JSON.parse(readFileSync("models/examples/multi-sku.json", "utf8"));
    expect(fileRefs(original).length).toBeGreaterThan(0);
    const inlined = written.skus.flatMap(
      (s: { sweep?: unknown; sweeps?: Record<string, unknown> }) =>
        s.sweeps ? Object.values(s.sweeps) : s.sweep ? [s.sweep] : [],
    );
    expect(inlined.filter((s: { points?: unknown[] }) => (s.points?.length ?? 0) > 1).length).toBe(
      fileRefs(original).length,
    );

    const fromInit = await run("plan", file, "--json");
    const fromRepo = await run("plan", "models/examples/multi-sku.json", "--json");
    expect([fromRepo.code, fromInit.code]).toEqual([0, 0]);
    // Same numbers, warnings and recommendation; only where each sweep came from differs.
    expect(withoutSource(JSON.parse(fromInit.out))).toEqual(
      withoutSource(JSON.parse(fromRepo.out)),
    );
    expect(fromInit.out).toContain('"format": "inline"');
  });

  it("the written plan does not depend on the folder it is in", async () => {
    const dir = tmp();
    expect((await init(dir)).code).toBe(0);
    const r = await run("plan", join(dir, "plan.json"));
    expect([r.code, r.out]).toEqual([0, expect.stringContaining("Recommended")]);
    expect(r.err).not.toMatch(/no such file/);
  });

  it("never overwrites a plan unless --force", async () => {
    const dir = tmp();
    writeTmp('{"mine": true}\n', "plan.json", dir);
    const r = await init(dir);
    expect([r.code, r.err]).toEqual([
      2,
      expect.stringMatching(/plan\.json: already exists \(use --force/),
    ]);
    expect(readFileSync(join(dir, "plan.json"), "utf8")).toBe('{"mine": true}\n');
    expect((await init(dir, "--force")).code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "plan.json"), "utf8")).format).toBe("capplan.plan/v1");
  });

  it("`-` prints the plan on stdout and writes nothing", async () => {
    const r = await init("-", "--example", "seed");
    expect([r.code, JSON.parse(r.out).format]).toEqual([0, "capplan.plan/v1"]);
    expect(existsSync("plan.json")).toBe(false);
  });

  it("an unknown example or option is a usage error naming the choices", async () => {
    const a = await init(tmp(), "--example", "nope");
    const choices = /no example named "nope" \(examples: .*multi-sku.*seed/;
    expect([a.code, a.err]).toEqual([2, expect.stringMatching(choices)]);
    const b = await init("--bogus");
    expect([b.code, b.err]).toEqual([2, expect.stringMatching(/--bogus/)]);
  });

  it("is listed in the usage, and the usage's example needs no file of the repository", async () => {
    const USAGE = await usage();
    expect(USAGE).toMatch(/capplan init \[dir/);
    const example = /^example:\s+capplan (.+)$/m.exec(USAGE)?.[1];
    expect(example).toBeDefined();
    expect(example).not.toMatch(/models\/|fixtures\//);
    // Run it with its folder moved to a scratch place (the CI package check runs it verbatim
    // from an empty folder with the installed package).
    const dir = tmp();
    for (const part of example!.split("&&").map((p) => p.trim().replace(/^capplan\s+/, ""))) {
      const args = part.split(/\s+/).map((a) => a.replace(/^my-plan/, join(dir, "my-plan")));
      const r = await run(...args);
      expect(r.code, `capplan ${args.join(" ")}: ${r.err}`).toBe(0);
    }
  });

  it("capplan init --help prints its own options", async () => {
    const r = await run("init", "--help");
    expect(r.code).toBe(0);
    for (const re of [/usage: capplan init/, /--example NAME/, /--force/])
      expect(r.out).toMatch(re);
  });
});
