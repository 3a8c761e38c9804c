/**
 * The import panel in Chinese (docs/problems.md): what a dropped file, a failed import and the
 * folded notes say is rendered from each message's problem, not translated from English text.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./expected";
import { expect, test } from "./workbook-page";

test("a folder with a corrupt file, a repeated level and a file that is not a result, then unrecognised text, read in Chinese", async ({
  wp,
}) => {
  // Two runs of one vLLM sweep: run1 has the four levels (concurrency 1 cut off mid-write) and a
  // notes file, run2 repeats concurrency 16.
  const dir = mkdtempSync(join(tmpdir(), "capplan-e2e-zh-"));
  const top = join(dir, "sweep");
  mkdirSync(join(top, "run1"), { recursive: true });
  mkdirSync(join(top, "run2"));
  const src = join(ROOT, "fixtures/vllm/concurrency-sweep-h100");
  const names = readdirSync(src).filter((f) => f.endsWith(".json"));
  const c1 = names.find((f) => f.includes("concurrency1-"))!;
  const c16 = names.find((f) => f.includes("concurrency16-"))!;
  for (const f of names)
    writeFileSync(
      join(top, "run1", f),
      f === c1 ? readFileSync(join(src, f), "utf8").slice(0, 300) : readFileSync(join(src, f)),
    );
  writeFileSync(join(top, "run2", c16), readFileSync(join(src, c16)));
  writeFileSync(join(top, "run1", "notes.txt"), "run by hand\n");

  await wp.newPlan();
  await wp.toggleLang();
  await wp.id("folder-input").setInputFiles(top);
  const job = wp.id("import-job").first();
  await expect(job).toHaveAttribute("data-dropped", "true");
  // The dropped file: where it broke, and why, in Chinese.
  await expect(wp.id("import-dropped-file")).toHaveText(
    `sweep/run1/${c1}:1:301: JSON 无效：JSON 意外结束`,
  );
  // The folded notes: the skipped file and the repeated level, each once, in Chinese.
  await job.locator("details.issues-warn summary").click();
  const notes = job.getByTestId("import-note");
  await expect(
    notes.filter({ hasText: "sweep/run1/notes.txt: 不是可识别的压测输出；已跳过" }),
  ).toHaveCount(1);
  await expect(notes.filter({ hasText: "并发 16 测了 2 次" })).toHaveCount(1);
  await expect(notes.filter({ hasText: "not a recognised" })).toHaveCount(0);
  // Back in English, the same notes in English.
  await wp.toggleLang();
  await expect(wp.id("import-dropped-file")).toHaveText(
    `sweep/run1/${c1}:1:301: invalid JSON: Unexpected end of JSON input`,
  );
  await expect(
    notes.filter({ hasText: "sweep/run1/notes.txt: not a recognised benchmark output; skipped" }),
  ).toHaveCount(1);

  // Pasted text no importer knows: the error says what it looked like.
  await wp.toggleLang();
  await wp.pasteImport("hello\nworld\n");
  await expect(wp.id("import-error").first()).toHaveText(
    "pasted.csv:1: 无法识别的格式：文本（2 行），不属于任何已知格式；可导入的格式见 `capplan formats`",
  );
});
