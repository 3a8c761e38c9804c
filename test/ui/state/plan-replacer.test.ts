import { createSignal } from "solid-js";
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";
import { emptyPlan } from "../../../src/ui/state/plan-edit";
import { createPlanReplacer } from "../../../src/ui/state/plan-replacer";
import type { RecentEntry } from "../../../src/ui/state/recent-plans";
import { createRecentKeeper } from "../../../src/ui/state/recent-keeper";
import { memoryKeptStore } from "./memory-stores";

/** A stand-in workbook: a plan and a revision counter bumped by every edit or load. */
function setup(failing: string | null = null) {
  let plan: PlanFile = emptyPlan("Current");
  const [revision, setRevision] = createSignal(0);
  const wb = {
    view: () => plan,
    revision,
    load: (p: PlanFile) => {
      plan = p;
      setRevision(revision() + 1);
    },
    edit: () => setRevision(revision() + 1),
  };
  const kept = memoryKeptStore(failing);
  const r = createPlanReplacer(wb, createRecentKeeper(kept.store));
  const recent = () => [...kept.stores.recent.values()] as RecentEntry[];
  return { wb, r, recent, view: () => plan };
}

describe("createPlanReplacer", () => {
  it("an untouched example is not kept when replaced; an edited one is", async () => {
    const { wb, r, recent, view } = setup();
    r.markLoaded(true);
    expect(await r.replace(emptyPlan("Next"), "replaced")).toBeNull();
    expect(recent()).toEqual([]);
    expect(view().title).toBe("Next");
    wb.edit();
    expect(await r.replace(emptyPlan("Third"), "share")).toBeNull();
    expect(recent().map((e) => [e.title, e.reason])).toEqual([["Next", "share"]]);
  });

  it("the planner's own plan (pristine false) is kept even unedited", async () => {
    const { r, recent } = setup();
    r.markLoaded(false);
    expect(await r.keepCurrent("replaced")).toBeNull();
    expect(recent().map((e) => e.title)).toEqual(["Current"]);
  });

  it("a plan that cannot be kept is still replaced, with a notice saying why", async () => {
    const { r, view } = setup("no IndexedDB");
    r.markLoaded(false);
    const notice = await r.replace(emptyPlan("Next"), "replaced");
    expect(notice).toContain("no IndexedDB");
    expect(view().title).toBe("Next");
  });

  it("opens a recent plan (keeping the current one), or says why it cannot", async () => {
    const { r, recent, view } = setup();
    r.markLoaded(false);
    const next = emptyPlan("Kept");
    const text = JSON.stringify(next);
    const entry = { title: "Kept", keptAt: "", reason: "share" as const, text };
    expect(await r.openRecent(entry)).toBeNull();
    expect(view()).toEqual(next);
    expect(recent().map((e) => e.title)).toEqual(["Current"]);
    const bad = await r.openRecent({ ...entry, text: '{"skus":1}' });
    expect(bad).toMatch(/^This recent plan cannot be opened: /);
    expect(view()).toEqual(next);
  });
});
