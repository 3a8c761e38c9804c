/**
 * `capplan import --lang zh` prints the import pipeline's messages from their problems
 * (code `import.*`, docs/problems.md): skipped files, a corrupt file's lost level, the flags.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "./helpers";

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "capplan-imsg-"));
  mkdirSync(join(dir, "run"));
  writeFileSync(join(dir, "run", "c4.csv"), "concurrency,rps\n4,2\n");
  writeFileSync(join(dir, "run", "c8.json"), '{"oops": ');
  writeFileSync(join(dir, "run", "notes.txt"), "hello\n");
  return join(dir, "run");
}

describe("capplan import --lang zh", () => {
  it("says in Chinese which files were skipped and which level the sweep lacks", async () => {
    const dir = folder();
    const zh = await run("import", dir, "--lang", "zh");
    expect(zh.code).toBe(2);
    expect(zh.errLines).toContain(`error: ${dir}/c8.json:1:10: JSON 无效：JSON 意外结束`);
    expect(zh.errLines).toContain(`skipped: ${dir}/notes.txt: 不是可识别的压测输出；已跳过`);
    expect(zh.out).toContain(
      `警告：\n- ${dir}/c8.json:1:10 无法导入（JSON 无效：JSON 意外结束）：该扫描缺少这个负载档位（按路径为并发 8）`,
    );
    const en = await run("import", dir);
    expect(en.errLines).toContain(
      `error: ${dir}/c8.json:1:10: invalid JSON: Unexpected end of JSON input`,
    );
    expect(en.errLines).toContain(
      `skipped: ${dir}/notes.txt: not a recognised benchmark output; skipped`,
    );
    expect(en.out).toContain(
      `Warnings:\n- ${dir}/c8.json:1:10 could not be imported (invalid JSON: Unexpected end of JSON input): this sweep lacks its load level (concurrency 8, by its path)`,
    );
  });

  it("--concurrency with several files is refused in the language asked for", async () => {
    const dir = folder();
    const en = await run(
      "import",
      join(dir, "c4.csv"),
      join(dir, "notes.txt"),
      "--concurrency",
      "8",
    );
    expect(en.code).toBe(2);
    expect(en.err).toContain(
      "--concurrency applies to a single file; 2 files were given (name the load level in each path, e.g. …-concurrency8/)",
    );
    const zh = await run(
      "import",
      join(dir, "c4.csv"),
      join(dir, "notes.txt"),
      "--concurrency",
      "8",
      "--lang",
      "zh",
    );
    expect(zh.err).toContain(
      "--concurrency 只适用于单个文件；给出了 2 个文件（请在每个路径中写明负载档位，例如 …-concurrency8/）",
    );
  });
});
