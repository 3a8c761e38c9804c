/** The report view's Markdown reader. */
import { describe, expect, test } from "vitest";
import { parseMarkdown, tableCells } from "../../../src/ui/components/MarkdownView";

describe("parseMarkdown", () => {
  test("reads headings, nested lists, tables with escaped pipes, and paragraphs", () => {
    const md =
      "## Report: A\n\n- one\n  - two\n\nLatencies in ms.\n\n| a | b \\| c |\n|---|---|\n| 1 | 2 ▲ |\n";
    expect(parseMarkdown(md)).toEqual([
      { kind: "h2", text: "Report: A" },
      { kind: "li", text: "one", depth: 0 },
      { kind: "li", text: "two", depth: 1 },
      { kind: "p", text: "Latencies in ms." },
      { kind: "table", head: ["a", "b | c"], rows: [["1", "2 ▲"]] },
    ]);
    expect(tableCells("| <img src=x> | y |")).toEqual(["<img src=x>", "y"]);
  });
});
