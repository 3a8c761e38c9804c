/**
 * src/cli/archive.ts: a run archive is its `.json` files, sorted, one sweep per file (runs are
 * never merged as repeats); a file that cannot be read or imported is one line naming it.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { archiveNames, readRuns } from "../../src/cli/archive";
import { tmpDir, writeTmp } from "./helpers";

const C16 =
  "fixtures/vllm/concurrency-sweep-h100/vllm-infqps-concurrency16-Llama-3.1-8B-Instruct-20250612-100829.json";

const RUNS = ["2025-06-12T10-08-29.json", "2025-06-13T09-00-00.json"];

function archive(): string {
  const dir = tmpDir("capplan-archive-");
  // Two copies of one run: an archive keeps them as two runs, not as repeats of one level.
  for (const name of RUNS) copyFileSync(C16, join(dir, name));
  writeTmp("{ not json", "2025-06-14T00-00-00.json", dir);
  writeTmp("not a run", "notes.txt", dir);
  mkdirSync(join(dir, "folder.json"));
  return dir;
}

describe("archiveNames", () => {
  it("lists the .json names of the folder, sorted", () => {
    const names = [...RUNS, "2025-06-14T00-00-00.json", "folder.json"];
    expect(archiveNames(archive())).toEqual(names);
  });

  it("throws ENOTDIR for a file and ENOENT for a missing path", () => {
    expect(() => archiveNames(C16)).toThrow(expect.objectContaining({ code: "ENOTDIR" }));
    expect(() => archiveNames(join(tmpdir(), "capplan-no-such-archive"))).toThrow(
      expect.objectContaining({ code: "ENOENT" }),
    );
  });
});

describe("readRuns", () => {
  it("gives one sweep per readable file and one line per file that is not a run", () => {
    const dir = archive();
    const { runs, problems } = readRuns(dir, archiveNames(dir));
    const got = runs.map((r) => [r.file, r.sweep.points.length, r.sweep.points[0]!.repeats]);
    expect(got).toEqual(RUNS.map((name) => [name, 1, undefined]));
    expect(runs[0]!.sweep.points[0]!.concurrency).toBe(16);
    expect(problems).toEqual([
      expect.stringMatching(/^2025-06-14T00-00-00\.json:1:/),
      "folder.json: cannot read (a folder, not a regular file: capplan reads only regular files)",
    ]);
  });

  it("reads only the names it is given", () => {
    const dir = archive();
    expect(readRuns(dir, []).runs).toEqual([]);
    expect(readRuns(dir, [RUNS[1]!]).runs.map((r) => r.file)).toEqual([RUNS[1]]);
  });
});
