import { describe, expect, it } from "vitest";
import { planKeep, sortRecent, type RecentEntry } from "../../../src/ui/state/recent-plans";

const e = (id: number, text: string, keptAt: string): RecentEntry => ({
  id,
  title: `t${id}`,
  keptAt,
  reason: "replaced",
  text,
});

describe("recent plans policy", () => {
  it("adds a new copy and drops nothing while under the limits", () => {
    const r = planKeep([e(1, "a", "2026-01-01")], {
      title: "n",
      keptAt: "2026-01-02",
      reason: "share",
      text: "b",
    });
    expect(r).toEqual({
      put: { title: "n", keptAt: "2026-01-02", reason: "share", text: "b" },
      drop: [],
    });
  });

  it("refreshes an existing copy of the same plan instead of duplicating it", () => {
    const r = planKeep([e(1, "a", "2026-01-01"), e(2, "b", "2026-01-02")], {
      title: "again",
      keptAt: "2026-01-03",
      reason: "thisTab",
      text: "a",
    });
    expect(r.put).toEqual({
      id: 1,
      title: "again",
      keptAt: "2026-01-03",
      reason: "thisTab",
      text: "a",
    });
    expect(r.drop).toEqual([]);
  });

  it("drops the oldest copies beyond the count and size limits, never the new one", () => {
    const list = [
      e(1, "aaaa", "2026-01-01"),
      e(2, "bbbb", "2026-01-03"),
      e(3, "cccc", "2026-01-02"),
    ];
    expect(
      planKeep(
        list,
        { title: "n", keptAt: "2026-01-04", reason: "share", text: "dddd" },
        { count: 3, chars: 1e9 },
      ).drop,
    ).toEqual([1]);
    expect(
      planKeep(
        list,
        { title: "n", keptAt: "2026-01-04", reason: "share", text: "dddd" },
        { count: 99, chars: 9 },
      ).drop,
    ).toEqual([3, 1]);
    expect(
      planKeep(
        list,
        { title: "n", keptAt: "2026-01-04", reason: "share", text: "x".repeat(100) },
        { count: 99, chars: 9 },
      ).put.text,
    ).toHaveLength(100);
  });

  it("lists newest first", () => {
    expect(
      sortRecent([e(1, "a", "2026-01-01"), e(2, "b", "2026-01-03"), e(3, "c", "2026-01-02")]).map(
        (x) => x.id,
      ),
    ).toEqual([2, 3, 1]);
  });
});
