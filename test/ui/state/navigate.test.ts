import { describe, expect, it } from "vitest";
import { goRequest, goTo } from "../../../src/ui/state/navigate";

describe("goTo", () => {
  it("makes a new request each time, even to the same place (a second click goes there again)", () => {
    const where = { path: "slo[0].maxMs", sheet: "assumptions" as const, testId: "slo:0:maxMs" };
    goTo(where);
    const first = goRequest();
    goTo(where);
    const second = goRequest();
    expect(first?.where).toEqual(where);
    expect(second?.where).toEqual(where);
    expect(second).not.toBe(first);
    expect(second!.n).toBe(first!.n + 1);
  });
});
