/**
 * src/cli/sanitize.ts: text from files is printed without control characters (docs/security.md),
 * so an escape sequence in a plan cannot drive the user's terminal; tab and line feed stay.
 */
import { describe, expect, it } from "vitest";
import { stripControl } from "../../src/cli/sanitize";

describe("stripControl", () => {
  it.each([
    ["plain text", "plain text"],
    ["tab\tand\nline feed", "tab\tand\nline feed"],
    ["\u001b[31mred\u001b[0m", "[31mred[0m"],
    ["\u001b]0;title\u0007", "]0;title"],
    ["a\rb", "ab"],
    ["nul\u0000", "nul"],
    ["del\u007f", "del"],
    ["c1\u009bcsi", "c1csi"],
    ["\u00a0kept", "\u00a0kept"],
    ["团队 A", "团队 A"],
    ["", ""],
  ])("%j → %j", (text, out) => {
    expect(stripControl(text)).toBe(out);
  });
});
