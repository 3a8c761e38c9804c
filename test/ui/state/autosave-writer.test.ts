import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";
import { restoreSaved } from "../../../src/share/saved";
import { copyOf, createAutosaveWriter, titleOf } from "../../../src/ui/state/autosave-writer";
import { STORAGE_KEY } from "../../../src/ui/state/persist";
import { emptyPlan } from "../../../src/ui/state/plan-edit";
import type { RecentEntry } from "../../../src/ui/state/recent-plans";
import { createRecentKeeper } from "../../../src/ui/state/recent-keeper";
import { memoryKeptStore, memoryStorage } from "./memory-stores";

describe("titleOf", () => {
  it.each([
    ["My plan", "My plan"],
    ["  ", "Untitled plan"],
    ["", "Untitled plan"],
  ])("%j → %s", (title, shown) => {
    expect(titleOf({ ...emptyPlan("x"), title })).toBe(shown);
  });
});

describe("copyOf", () => {
  it("is the plan as JSON with its title, the reason and the time it was kept", () => {
    const plan = emptyPlan("Chat");
    const c = copyOf(plan, "share");
    expect(c).toMatchObject({ title: "Chat", reason: "share", text: JSON.stringify(plan) });
    expect(Date.now() - Date.parse(c.keptAt)).toBeLessThan(60_000);
  });
});

/** A writer over in-memory stores; the flags say what holds the autosave. */
function setup(opts: { full?: string; otherTab?: boolean; setAside?: boolean } = {}) {
  const plan: PlanFile = emptyPlan("Mine");
  const kept = memoryKeptStore();
  const local = memoryStorage({}, opts.full ?? null);
  const errors: (string | null)[] = [];
  const w = createAutosaveWriter({
    view: () => plan,
    storage: local.storage,
    keeper: createRecentKeeper(kept.store),
    otherTabWaits: () => !!opts.otherTab,
    heldBySetAside: () => !!opts.setAside,
    pending: () => false,
    setSaveError: (e) => errors.push(e),
  });
  const recent = () => [...kept.stores.recent.values()] as RecentEntry[];
  return { w, plan, local, errors, recent };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("createAutosaveWriter", () => {
  it("writes the plan into localStorage as a saved envelope and clears the error", () => {
    const { w, plan, local, errors } = setup();
    w.write();
    const r = restoreSaved(local.data.get(STORAGE_KEY)!);
    expect(r.kind === "ok" && r.plan).toEqual(plan);
    expect(errors).toEqual([null]);
    expect(w.unkept()).toBe(false);
  });

  it("with localStorage full: says why and keeps one copy in the recent plans, updated in place", async () => {
    const { w, errors, recent } = setup({ full: "QuotaExceededError" });
    w.write();
    expect(errors).toEqual(["QuotaExceededError"]);
    expect(w.unkept()).toBe(true); // until the copy is confirmed stored
    await settle();
    expect(w.unkept()).toBe(false);
    w.write();
    await settle();
    expect(recent().map((e) => [e.reason, e.title])).toEqual([["unsaved", "Mine"]]);
  });

  it("while another tab's version waits: nothing is written, this tab's copy goes to the recent plans", async () => {
    const { w, local, errors, recent } = setup({ otherTab: true });
    w.write();
    await settle();
    expect(local.data.size).toBe(0);
    expect(errors).toEqual(["another tab changed this plan: choose a version"]);
    expect(recent().map((e) => e.reason)).toEqual(["thisTab"]);
    expect(w.thisTab.id()).toBe(1);
  });

  it("while an unreadable save holds the autosave: nothing is written or kept", async () => {
    const { w, local, errors, recent } = setup({ setAside: true });
    w.write();
    await settle();
    expect(local.data.size).toBe(0);
    expect(recent()).toEqual([]);
    expect(errors).toEqual(["download or discard the unreadable data first"]);
  });
});
