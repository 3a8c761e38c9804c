import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";
import {
  DEFAULT_EXAMPLE,
  exampleNames,
  filesUnder,
  loadExample,
  resolveRef,
} from "../../../src/ui/state/examples";

describe("exampleNames", () => {
  it("lists every bundled example, the default first, then by name", () => {
    expect(exampleNames()).toEqual([DEFAULT_EXAMPLE, "repeats-h100", "seed", "seed-long-docs"]);
  });
});

describe("resolveRef", () => {
  it.each([
    ["/models/examples", "../../fixtures/vllm/run/", "/fixtures/vllm/run/"],
    ["/models/examples", "../../fixtures/a.json", "/fixtures/a.json"],
    ["/models/examples", "./x/./y.json", "/models/examples/x/y.json"],
    ["/models/examples", "/fixtures/abs.json", "/fixtures/abs.json"],
    ["/a", "../../../b", "/b"],
  ])("%s + %s → %s", (base, ref, want) => {
    expect(resolveRef(base, ref)).toBe(want);
  });
});

describe("filesUnder", () => {
  const keys = ["/f/run/a.json", "/f/run/b.json", "/f/run/README.md", "/f/other/c.json"];
  /** The files of /f/run named `names`, as filesUnder lists them. */
  const run = (...names: string[]) => names.map((name) => ({ key: `/f/run/${name}`, name }));
  it.each([
    ["/f/run/a.json", run("a.json")],
    ["/f/run/", run("a.json", "b.json")],
    ["/f/run", run("a.json", "b.json")],
    ["/f/none/", []],
  ])("%s", (path, want) => {
    // A file a folder import skips (its README) is not one of the folder's files.
    expect(filesUnder(path, keys)).toEqual(want);
  });
});

describe("loadExample", () => {
  it("the seed example loads as the file says (it has no file sweeps)", async () => {
    const r = await loadExample("seed");
    const file = JSON.parse(readFileSync("models/examples/seed.json", "utf8")) as PlanFile;
    expect(r.ok).toBe(true);
    expect(r.ok && r.plan.title).toBe(file.title);
    expect(r.ok && r.plan.skus.map((s) => s.name)).toEqual(file.skus.map((s) => s.name));
    expect(r.problems).toEqual([]);
  });
});
