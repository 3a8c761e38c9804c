/**
 * src/import/folder-rule.ts: which files of a folder are offered to the importers (docs/import.md
 * "Folders"), one rule for the CLI's folder walk and the app's dropped folders.
 */
import { describe, expect, it } from "vitest";
import { rows, words } from "./helpers";
import { folderSkipReason, importableInFolder } from "../../src/import/folder-rule";

describe("folderSkipReason", () => {
  it.each([
    ...rows(".git/config|run/.DS_Store|.cache/c8.json", "hidden"),
    ["node_modules/pkg/result.json", "node_modules"],
    ["c8/result.json.source.txt", "provenance note"],
    ...rows("README|sub/README.md|LICENSE.txt|Licence|CHANGELOG.md", "notes or licence"),
    ...rows(
      "plot.PNG|bench.py|run.log|results.tar|results.parquet",
      "not a benchmark output by its extension",
    ),
    ...rows("windows\\.hidden\\x.json|a/.git/config|.hidden.csv", "hidden"),
    ["node_modules/x.json", "node_modules"],
    ["r.json.source.txt", "provenance note"],
    ["run/README.md", "notes or licence"],
    ["LICENSE", "notes or licence"],
    ["plot.png", "not a benchmark output by its extension"],
    ["server.log", "not a benchmark output by its extension"],
  ])("%s is skipped: %s", (path, reason) => {
    expect([folderSkipReason(path), importableInFolder(path)]).toEqual([reason, false]);
  });

  // Markdown reports are data (the app's dropped folders used to skip every .md).
  const data = "c8/result.json|report.md|./sweep/summary.csv|../other/summary.tsv|records.jsonl";
  const more = "seed-output.txt|readme-results.csv|logs/summary.json|no-extension|run/report-en.md";
  const last = "run/results.json|a/b/profile_export.jsonl|x.csv|sweep.txt";
  it.each(words(`${data}|${more}|${last}`))("%s is offered", (path) => {
    expect([folderSkipReason(path), importableInFolder(path)]).toEqual([null, true]);
  });
});
