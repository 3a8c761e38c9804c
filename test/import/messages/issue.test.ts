/** src/import/messages/issue.ts: issues and sweep notes that carry their problem beside the English. */
import { describe, expect, it } from "vitest";
import { englishOf } from "../../../src/engine/base/problems";
import { addNote, issueOf, type Noted } from "../../../src/import/messages/issue";
import { importMessages as M } from "../../../src/import/messages/pipeline";

const p = M.problem("readFailed", { error: "EIO" });

describe("issueOf", () => {
  it("writes the problem's English as the message and keeps only the places given", () => {
    const issue = { file: "a.csv", code: "read", message: englishOf(p), problem: p };
    expect(issueOf("a.csv", "read", p)).toEqual(issue);
    const placed = issueOf("a.csv", "read", p, { line: 2, column: "x", record: 0, key: undefined });
    expect(placed).toEqual({ ...issue, line: 2, column: "x", record: 0 });
  });
});

describe("addNote", () => {
  it("appends the English and the problem, or puts them first", () => {
    const q = M.problem("workerFailed", { error: "boom" });
    const s: Noted = { warnings: ["old"] };
    addNote(s, p);
    addNote(s, q, true);
    expect([s.warnings, s.problems]).toEqual([
      [englishOf(q), "old", englishOf(p)],
      [q, p],
    ]);
  });
});
