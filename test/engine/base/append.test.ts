/** src/engine/base/append.ts: appending without spreading a large list into arguments. */
import { describe, expect, it } from "vitest";
import { appendAll } from "../../../src/engine/base/append";

describe("appendAll", () => {
  it("appends every item in order, none when the list is empty, and leaves the source alone", () => {
    const to = [1];
    const items = [2, 3, 4];
    appendAll(to, items);
    expect(to).toEqual([1, 2, 3, 4]);
    appendAll(to, []);
    expect(to).toEqual([1, 2, 3, 4]);
    expect(items).toEqual([2, 3, 4]);
  });
});
