// @vitest-environment happy-dom
/**
 * createPersistence put together from its primitives, over in-memory stores: the start-up
 * restore, the autosave after an edit, and another tab's version (docs/persistence.md). The
 * browser itself is driven by test/e2e/persistence.spec.ts.
 */
import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import { restoreSaved, serializeSaved } from "../../../src/share/saved";
import { createPersistence } from "../../../src/ui/state/autosave";
import { STORAGE_KEY } from "../../../src/ui/state/persist";
import { emptyPlan } from "../../../src/ui/state/plan-edit";
import type { RecentEntry } from "../../../src/ui/state/recent-plans";
import { createWorkbook } from "../../../src/ui/state/workbook";
import { memoryKeptStore, memoryStorage } from "./memory-stores";

const wait = (ms = 60) => new Promise((r) => setTimeout(r, ms));
const at = new Date("2026-01-02T03:04:05Z");

/** A workbook with persistence over in-memory stores; `dispose` ends it (and its listeners). */
function setup(saved: Record<string, string> = {}) {
  const kept = memoryKeptStore();
  const local = memoryStorage(saved);
  const errors: (string | null)[] = [];
  return createRoot((dispose) => {
    const wb = createWorkbook(emptyPlan("start"));
    const persist = createPersistence(wb, {
      setSaveError: (e) => errors.push(e),
      kept: kept.store,
      storage: local.storage,
    });
    const recent = () => [...kept.stores.recent.values()] as RecentEntry[];
    const savedPlan = () => {
      const r = restoreSaved(local.data.get(STORAGE_KEY) ?? null);
      return r.kind === "ok" ? r.plan : null;
    };
    return { wb, persist, kept, local, errors, recent, savedPlan, dispose };
  });
}

/** `setup` over an autosave of "Mine", restored and (by default) started. */
async function restored(start = true) {
  const s = setup({ [STORAGE_KEY]: serializeSaved(emptyPlan("Mine"), at) });
  await s.persist.restore(async () => {}, { migrated: () => "" });
  if (start) s.persist.start();
  return s;
}
/** Another tab writes a plan titled `title` to the autosave key; its text. */
function otherTabSaves(title: string) {
  const text = serializeSaved(emptyPlan(title), at);
  window.dispatchEvent(new StorageEvent("storage", { key: STORAGE_KEY, newValue: text }));
  return text;
}

describe("createPersistence", () => {
  it("restores the autosave at start-up, and autosaves an edit after it", async () => {
    const mine = emptyPlan("Mine");
    const s = setup({ [STORAGE_KEY]: serializeSaved(mine, at) });
    let opened = false;
    const notices = await s.persist.restore(async () => void (opened = true), {
      migrated: (n) => `from ${n}`,
    });
    expect(notices).toEqual([]);
    expect(opened).toBe(false);
    expect(s.wb.plan.title).toBe("Mine");
    s.persist.start();
    s.wb.setText("title", "Mine, edited");
    await wait();
    expect(s.savedPlan()?.title).toBe("Mine, edited");
    expect(s.errors.at(-1)).toBeNull();
    s.dispose();
  });

  it("nothing is written before start (the restore and a share link come first)", async () => {
    const s = setup();
    s.wb.setText("title", "typed early");
    await wait();
    expect(s.local.data.has(STORAGE_KEY)).toBe(false);
    s.dispose();
  });

  it("an unreadable autosave is set aside before the default plan opens", async () => {
    const s = setup({ [STORAGE_KEY]: "{oops" });
    let opened = false;
    await s.persist.restore(async () => void (opened = true), { migrated: () => "" });
    expect(opened).toBe(true);
    expect(s.persist.setAsides()).toMatchObject([{ raw: "{oops", where: "idb" }]);
    expect([...s.kept.stores.setAside.values()]).toHaveLength(1);
    s.dispose();
  });

  it("replacing the planner's plan keeps it in the recent plans first", async () => {
    const s = await restored(false);
    expect(await s.persist.replace(emptyPlan("Shared"), "share")).toBeNull();
    expect(s.wb.plan.title).toBe("Shared");
    expect(s.recent().map((e) => [e.title, e.reason])).toEqual([["Mine", "share"]]);
    expect(s.persist.recent().map((e) => e.title)).toEqual(["Mine"]);
    s.dispose();
  });

  it("another tab's different plan holds the autosave until the planner chooses; both copies survive", async () => {
    const s = await restored();
    const theirs = otherTabSaves("Theirs");
    expect(s.persist.otherTab()?.title).toBe("Theirs");
    expect(s.persist.held()).toBe(true);
    await wait();
    expect(s.recent().map((e) => [e.title, e.reason])).toEqual([["Mine", "thisTab"]]);
    // An edit meanwhile updates this tab's copy, never the autosave key.
    s.local.data.set(STORAGE_KEY, theirs);
    s.wb.setText("title", "Mine 2");
    await wait();
    expect(s.savedPlan()?.title).toBe("Theirs");
    expect(s.recent().map((e) => e.title)).toEqual(["Mine 2"]);
    s.persist.resolveOtherTab("theirs");
    expect(s.wb.plan.title).toBe("Theirs");
    expect(s.persist.otherTab()).toBeNull();
    await wait();
    expect(s.recent().map((e) => e.title)).toEqual(["Mine 2"]);
    expect(s.errors.at(-1)).toBeNull();
    s.dispose();
  });

  it("keeping this tab's version keeps the other tab's in the recent plans", async () => {
    const s = await restored();
    otherTabSaves("Theirs");
    s.persist.resolveOtherTab("mine");
    await wait();
    expect(s.wb.plan.title).toBe("Mine");
    expect(s.savedPlan()?.title).toBe("Mine");
    const kept = s.recent().map((e) => `${e.title}: ${e.reason}`);
    expect(kept.sort()).toEqual(["Mine: thisTab", "Theirs: otherTab"]);
    s.dispose();
  });

  it("this tab's own save echoed back is no choice to make", async () => {
    const s = await restored();
    otherTabSaves("Mine");
    expect(s.persist.otherTab()).toBeNull();
    s.dispose();
  });

  it("the page going away writes a pending save at once", async () => {
    const s = setup();
    await s.persist.restore(async () => {}, { migrated: () => "" });
    s.persist.start();
    s.wb.setText("title", "last words");
    window.dispatchEvent(new Event("pagehide"));
    expect(s.savedPlan()?.title).toBe("last words");
    s.dispose();
  });
});
