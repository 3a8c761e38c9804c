/** src/import/browser.ts: picked and dropped files as import sources, read without a worker in tests. */
import { describe, expect, it } from "vitest";
import {
  filePath,
  importInWorker,
  isSidecar,
  readFiles,
  readHead,
  spliceHead,
} from "../../src/import/browser";

const CSV = "concurrency,rps,p99_ttft_ms\n1,0.5,40\n8,3.9,55\n";
const picked = (name: string, text: string, rel = "") =>
  Object.assign(new File([text], name), { webkitRelativePath: rel });

describe("isSidecar", () => {
  // The app's dropped folders follow the folder rule (it used to skip every .md).
  it.each([
    ["run/report-en.md", false],
    ["run/README.md", true],
  ])("%s → %s", (name, sidecar) => expect(isSidecar(name)).toBe(sidecar));
});

describe("filePath and readFiles", () => {
  it("use the folder path when there is one; a folder's sidecars are left out, its files optional", () => {
    expect(filePath(picked("a.csv", CSV))).toBe("a.csv");
    expect(filePath(picked("a.csv", CSV, "run/a.csv"))).toBe("run/a.csv");
    const folder = readFiles([
      picked("a.csv", CSV, "run/a.csv"),
      picked("README.md", "x", "run/README.md"),
      picked("b.csv", CSV, "run/b.csv"),
    ]);
    const named = (list: typeof folder) => list.map((s) => `${s.name} ${s.optional}`);
    expect(named(folder)).toEqual(["run/a.csv true", "run/b.csv true"]);
    expect(named(readFiles([picked("README.md", "x")]))).toEqual(["README.md false"]);
  });
});

describe("readHead and spliceHead", () => {
  it("read the start of a text or a file and replace it without reading the rest", async () => {
    const file = { name: "a.csv", file: new Blob([CSV]) };
    expect(await readHead(file, 11)).toEqual({ text: "concurrency", whole: false });
    expect(await readHead({ name: "t.csv", text: CSV })).toEqual({ text: CSV, whole: true });
    const head = "concurrency";
    const spliced = spliceHead(file, head, "users");
    expect("file" in spliced && (await spliced.file.text())).toBe(CSV.replace(head, "users"));
    const text = CSV.replace(head, "users");
    const whole = spliceHead({ name: "t.csv", text: CSV }, head, "users");
    expect(whole).toEqual({ name: "t.csv", text });
  });
});

describe("importInWorker", () => {
  it("without a worker reads the files here, with read progress in bytes, and imports them", async () => {
    const progress: number[] = [];
    const files = [{ name: "a.csv", file: new Blob([CSV]) }];
    const r = await importInWorker(files, {}, (p) => progress.push(p.done));
    expect(r.ok && r.sweeps[0]!.points.map((p) => p.concurrency)).toEqual([1, 8]);
    expect(progress).toEqual([CSV.length]);
  });
});
