/** src/import/messages/text.ts: a list parameter of an importer message, joined. */
import { describe, expect, it } from "vitest";
import { list } from "../../../src/import/messages/text";

describe("list", () => {
  it.each([
    [["a", "b", "c"], undefined, "a, b, c"],
    [[1, 2], "; ", "1; 2"],
    [[], undefined, ""],
    ["as written", undefined, "as written"],
    [42, undefined, "42"],
  ])("%j joined by %j → %j", (v, sep, out) => {
    expect(list(v, sep)).toBe(out);
  });
});
