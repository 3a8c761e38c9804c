import { describe, expect, it, vi } from "vitest";
import { SET_ASIDE_KEY } from "../../../src/ui/state/persist";
import { createSetAsides, legacyEntry } from "../../../src/ui/state/set-asides";
import { memoryKeptStore, memoryStorage } from "./memory-stores";

/** A set-aside entry read from the legacy key. */
const legacy = (reason: string, raw: string, at: string) => ({ reason, raw, at, where: "legacy" });

describe("legacyEntry", () => {
  it.each([
    [
      '{"reason":"not JSON","raw":"{oops","at":"2025-01-01"}',
      legacy("not JSON", "{oops", "2025-01-01"),
    ],
    ['{"raw":"x"}', legacy("", "x", "")],
    ['{"reason":"r"}', legacy("", '{"reason":"r"}', "")],
    ["plain text", legacy("", "plain text", "")],
  ])("%s", (text, entry) => {
    expect(legacyEntry(text)).toEqual(entry);
  });
});

describe("createSetAsides", () => {
  it("moves a legacy set-aside into IndexedDB at start-up and lists it with the others", async () => {
    const kept = memoryKeptStore();
    kept.stores.setAside.set(7, { id: 7, reason: "old", raw: "{x", at: "2024" });
    const local = memoryStorage({ [SET_ASIDE_KEY]: '{"reason":"r","raw":"{y","at":"2025"}' });
    const s = createSetAsides(kept.store, local.storage, () => undefined);
    await s.load();
    expect(local.data.has(SET_ASIDE_KEY)).toBe(false);
    expect(s.list().flatMap((e) => [e.raw, e.where])).toEqual(["{x", "idb", "{y", "idb"]);
  });

  it("without IndexedDB a legacy set-aside stays under its key and is listed as legacy", async () => {
    const local = memoryStorage({ [SET_ASIDE_KEY]: "{broken" });
    const s = createSetAsides(memoryKeptStore("no IndexedDB").store, local.storage, () => {});
    await s.load();
    expect(local.data.get(SET_ASIDE_KEY)).toBe("{broken");
    expect(s.list()).toEqual([legacy("", "{broken", "")]);
    await s.discard(s.list()[0]!);
    expect(local.data.has(SET_ASIDE_KEY)).toBe(false);
  });

  it("an unreadable autosave is kept once in IndexedDB and does not hold the autosave", async () => {
    const kept = memoryKeptStore();
    const s = createSetAsides(kept.store, memoryStorage().storage, () => {});
    await s.add("not JSON", "{oops");
    await s.add("not JSON", "{oops");
    expect(kept.stores.setAside.size).toBe(1);
    expect(s.list()).toMatchObject([{ id: 1, raw: "{oops", where: "idb" }]);
    expect(s.holdsAutosave()).toBe(false);
    await s.discard(s.list()[0]!);
    expect(kept.stores.setAside.size).toBe(0);
    expect(s.list()).toEqual([]);
  });

  it("when IndexedDB refuses, it holds the autosave until downloaded (then the autosave is released)", async () => {
    const released = vi.fn();
    const full = memoryKeptStore("QuotaExceeded").store;
    const s = createSetAsides(full, memoryStorage().storage, released);
    await s.add("not JSON", "{oops");
    expect(s.list()).toMatchObject([{ where: "autosave", keepError: "QuotaExceeded" }]);
    expect(s.holdsAutosave()).toBe(true);
    s.downloaded(s.list()[0]!);
    expect(s.holdsAutosave()).toBe(false);
    expect(s.list()[0]!.downloaded).toBe(true);
    expect(released).toHaveBeenCalledTimes(1);
  });

  it("downloading one kept in IndexedDB changes nothing", async () => {
    const released = vi.fn();
    const s = createSetAsides(memoryKeptStore().store, memoryStorage().storage, released);
    await s.add("r", "{x");
    s.downloaded(s.list()[0]!);
    expect(s.list()[0]!.downloaded).toBeUndefined();
    expect(released).not.toHaveBeenCalled();
  });
});
