import { describe, expect, it } from "vitest";
import { planKeep, sortRecent, type RecentEntry } from "../../../src/ui/state/recent-plans";

const e = (id: number, text: string, keptAt: string): RecentEntry => ({
  id,
  title: `t${id}`,
  keptAt,
  reason: "replaced",
  text,
});
/** A copy about to be kept (no id yet). */
const put = (title: string, keptAt: string, reason: RecentEntry["reason"], text: string) => ({
  title,
  keptAt,
  reason,
  text,
});

describe("recent plans policy", () => {
  it("adds a new copy and drops nothing while under the limits", () => {
    const copy = put("n", "2026-01-02", "share", "b");
    expect(planKeep([e(1, "a", "2026-01-01")], copy)).toEqual({ put: copy, drop: [] });
  });

  it("refreshes an existing copy of the same plan instead of duplicating it", () => {
    const again = put("again", "2026-01-03", "thisTab", "a");
    const r = planKeep([e(1, "a", "2026-01-01"), e(2, "b", "2026-01-02")], again);
    // The stored copy's id, with the new title, time, reason and text.
    expect(r).toEqual({ put: { id: 1, ...again }, drop: [] });
  });

  it("drops the oldest copies beyond the count and size limits, never the new one", () => {
    const list = [
      e(1, "aaaa", "2026-01-01"),
      e(2, "bbbb", "2026-01-03"),
      e(3, "cccc", "2026-01-02"),
    ];
    const keep = (text: string, limits: { count: number; chars: number }) =>
      planKeep(list, put("n", "2026-01-04", "share", text), limits);
    expect(keep("dddd", { count: 3, chars: 1e9 }).drop).toEqual([1]);
    expect(keep("dddd", { count: 99, chars: 9 }).drop).toEqual([3, 1]);
    expect(keep("x".repeat(100), { count: 99, chars: 9 }).put.text).toHaveLength(100);
  });

  it("lists newest first", () => {
    const list = [e(1, "a", "2026-01-01"), e(2, "b", "2026-01-03"), e(3, "c", "2026-01-02")];
    expect(sortRecent(list).map((x) => x.id)).toEqual([2, 3, 1]);
  });
});
