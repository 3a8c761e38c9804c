/**
 * Reading plan and sweep files: every message is a problem (code `cliFile.*`, docs/problems.md),
 * English byte for byte as before, Chinese under `--lang zh` rendered from the code.
 */
import { copyFileSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CliError, readInputs } from "../../src/cli/io";
import { renderProblem } from "../../src/report/messages";
import type { cliFileMessages as F } from "../../src/import/messages/usage";
import { run, runLine, tmpDir, writeTmp } from "./helpers";
import { importOrFail } from "../../src/cli/commands/import";

const VLLM = "vllm-infqps-concurrency1-Llama-3.1-8B-Instruct-20250612-100105.json";

const dir = tmpDir("capplan-file-zh-");

describe("file messages in English and Chinese", () => {
  it.each([
    ["plan", "nope.json", false, "{p}: no such file", "{p}: 文件不存在"],
    [
      "plan",
      "",
      true,
      "{p}: is a folder, expected a plan JSON file",
      "{p}: 是文件夹，应为计划 JSON 文件",
    ],
    ["import", "nope.csv", false, "{p}: no such file or directory", "{p}：文件或文件夹不存在"],
    [
      "import",
      "empty",
      true,
      "{p}: folder holds no files to import",
      "{p}：文件夹中没有可导入的文件",
    ],
  ])("%s of %j (a folder: %s)", async (command, name, folder, en, zh) => {
    const p = join(dir, name);
    if (folder) mkdirSync(p, { recursive: true });
    const line = (text: string) => [`capplan ${command}: ${text.replace("{p}", p)}`];
    expect((await run(command, p)).errLines).toEqual(line(en));
    expect((await run(command, p, "--lang", "zh")).errLines).toEqual(line(zh));
  });

  it("compare names the side of each problem, in the language asked for", async () => {
    const missing = join(dir, "gone.json");
    const good = "fixtures/vllm/vllm-8qps-concurrency8-llama.json";
    const ours = (r: { errLines: string[] }) => r.errLines.filter((l) => l.startsWith("capplan"));
    const en = await run("compare", missing, good);
    expect(en.code).toBe(2);
    expect(ours(en)).toEqual([`capplan compare: baseline: ${missing}: no such file or directory`]);
    const zh = await runLine(`compare ${good} ${missing} --lang zh`);
    expect(ours(zh)).toEqual([`capplan compare: 候选：${missing}：文件或文件夹不存在`]);
  });

  it("skipped entries of a folder are said in the reader's language; a folder of nothing readable is an error with a problem", () => {
    const root = tmpDir("capplan-file-zh-links-");
    const d = join(root, "runs");
    mkdirSync(d);
    mkdirSync(join(root, "elsewhere"));
    writeTmp("{}", "x.json", join(root, "elsewhere"));
    symlinkSync(join(root, "nowhere.json"), join(d, "dangling.json"));
    symlinkSync(join(root, "elsewhere", "x.json"), join(d, "leaves.json"));
    symlinkSync(join(root, "elsewhere"), join(d, "dir.json"));
    /** Reading the folder (English unless `opts.lang`): its skipped lines, the error thrown. */
    const read = (opts: { lang?: "zh" } = {}) => {
      const warnings: string[] = [];
      try {
        readInputs(["runs"], root, { warnings, ...opts });
      } catch (e) {
        return { warnings, err: e };
      }
      return { warnings, err: null };
    };
    const { warnings: en, err } = read();
    expect(en).toEqual([
      "skipped: runs/dangling.json: a dangling symbolic link, not followed",
      "skipped: runs/dir.json: a symbolic link to a folder, not followed",
      "skipped: runs/leaves.json: a symbolic link that leaves the folder, not followed",
    ]);
    expect(read({ lang: "zh" }).warnings).toEqual([
      "skipped: runs/dangling.json: 悬空的符号链接，未跟随",
      "skipped: runs/dir.json: 指向文件夹的符号链接，未跟随",
      "skipped: runs/leaves.json: 离开该文件夹的符号链接，未跟随",
    ]);
    expect(err).toBeInstanceOf(CliError);
    const e = err as CliError;
    expect(e.lines).toEqual(["runs: folder holds no files to import"]);
    expect(e.problems?.map((p) => p && renderProblem(p, "zh"))).toEqual([
      "runs：文件夹中没有可导入的文件",
    ]);
  });

  it("capplan import says the skipped entries of a folder in the language of --lang", () => {
    const root = tmpDir("capplan-import-zh-links-");
    const d = join(root, "runs");
    mkdirSync(d);
    copyFileSync(
      join(__dirname, "../../fixtures/vllm/concurrency-sweep-h100", VLLM),
      join(d, VLLM),
    );
    symlinkSync(join(root, "nowhere.json"), join(d, "dangling.json"));
    const lines: string[] = [];
    const io = { out: () => {}, err: (t: string) => void lines.push(t) };
    expect(importOrFail([d], {}, io, false, "zh").length).toBe(1);
    expect(lines.filter((l) => l.startsWith("skipped:"))).toEqual([
      `skipped: ${d}/dangling.json: 悬空的符号链接，未跟随\n`,
    ]);
  });

  it("renders the other cliFile codes with their old English and their Chinese", () => {
    const r = (key: keyof typeof F.defs, params: object) => {
      const p = { code: `cliFile.${key}`, severity: "error" as const, params };
      return [renderProblem(p, "en"), renderProblem(p, "zh")];
    };
    expect(r("fs", { code: "EACCES" })).toEqual(["permission denied", "权限不足"]);
    expect(r("fs", { code: "EIO" })).toEqual(["cannot be read (EIO)", "无法读取（EIO）"]);
    expect(r("fs", { code: null })).toEqual(["cannot be read", "无法读取"]);
    expect(r("notRegular", { kind: "fifo" })).toEqual([
      "a FIFO (named pipe), not a regular file: capplan reads only regular files",
      "FIFO（命名管道），不是常规文件：capplan 只读取常规文件",
    ]);
    expect(r("notRead", { file: "d/dev", kind: "device" })).toEqual([
      "d/dev: a device, not read (capplan reads only regular files)",
      "d/dev: 设备，未读取（capplan 只读取常规文件）",
    ]);
    expect(r("readOverLimit", { mib: 256 })).toEqual([
      "more than 256 MiB read; the limit is 256 MiB (split the file)",
      "读取超过 256 MiB；上限为 256 MiB（请拆分文件）",
    ]);
    expect(r("stdinTooLarge", { mib: 256 })).toEqual([
      "standard input is larger than 256 MiB",
      "标准输入大于 256 MiB",
    ]);
    expect(r("holdsSweeps", { file: "runs", n: 2 })).toEqual([
      "runs: holds 2 sweeps; a SKU sweep must be one deployment (split the files or use inline points)",
      "runs: 包含 2 个扫描；一个 SKU 的扫描必须来自同一个部署（请拆分文件或使用内联数据点）",
    ]);
    expect(
      r("compareManySweeps", { side: "baseline", path: "runs", n: 2, names: ["a", "b"] }),
    ).toEqual([
      "baseline runs: holds 2 sweeps (a; b); compare needs exactly one per side — pass one file or a folder of one deployment",
      "基线 runs: 包含 2 个扫描（a; b）；比较时每一方只能有一个扫描——请传入一个文件，或一个部署的文件夹",
    ]);
    expect(r("compareNoMatch", { base: "A", cand: "B" })).toEqual([
      "no load level matches between A and B: compare sweeps measured at the same concurrencies or request rates",
      "A 与 B 之间没有相同的负载档位：请比较在相同并发或请求速率下测得的扫描",
    ]);
  });
});
