/** src/import/types.ts: the one function among the import types, an issue as the CLI prints it. */
import { describe, expect, it } from "vitest";
import { formatIssue, type ImportIssue } from "../../src/import/types";

const BASE = { file: "a.csv", code: "x", message: "bad" };
const at = (extra: Partial<ImportIssue>): ImportIssue => ({ ...BASE, ...extra });

describe("formatIssue", () => {
  it.each([
    [{}, "a.csv: bad"],
    [{ line: 3, column: 7 }, "a.csv:3:7: bad"],
    [{ line: 3, column: "ttft" }, 'a.csv:3 column "ttft": bad'],
    [{ record: 4 }, "a.csv record 4: bad"],
    [{ line: 2, record: 4, key: "rps" }, "a.csv:2 key rps: bad"],
  ])("%j → %s", (extra, text) => expect(formatIssue(at(extra))).toBe(text));
});
