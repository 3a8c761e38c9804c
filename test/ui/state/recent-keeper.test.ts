import { describe, expect, it } from "vitest";
import type { RecentEntry } from "../../../src/ui/state/recent-plans";
import {
  createKeptCopy,
  createRecentKeeper,
  createSerial,
} from "../../../src/ui/state/recent-keeper";
import { memoryKeptStore } from "./memory-stores";

const entry = (text: string, keptAt: string): RecentEntry => ({
  title: text,
  keptAt,
  reason: "replaced",
  text,
});

describe("createSerial", () => {
  it("runs jobs one after the other, and a failed job does not stop the next", async () => {
    const serial = createSerial();
    const log: string[] = [];
    const job =
      (name: string, ms: number, fail = false) =>
      () =>
        new Promise<string>((resolve, reject) =>
          setTimeout(() => {
            log.push(name);
            if (fail) reject(new Error(name));
            else resolve(name);
          }, ms),
        );
    const a = serial(job("slow", 20));
    const b = serial(job("broken", 1, true));
    const c = serial(job("fast", 1));
    await expect(a).resolves.toBe("slow");
    await expect(b).rejects.toThrow("broken");
    await expect(c).resolves.toBe("fast");
    expect(log).toEqual(["slow", "broken", "fast"]);
  });
});

describe("createRecentKeeper", () => {
  it("keeps copies newest first, refreshing the list after each keep", async () => {
    const { store } = memoryKeptStore();
    const k = createRecentKeeper(store);
    expect(await k.keep(entry("a", "2026-01-01T00:00:00Z"))).toEqual({ id: 1 });
    expect(await k.keep(entry("b", "2026-01-02T00:00:00Z"))).toEqual({ id: 2 });
    expect(k.recent().map((e) => e.text)).toEqual(["b", "a"]);
    // The same plan text again refreshes its copy instead of adding one.
    expect(await k.keep(entry("a", "2026-01-03T00:00:00Z"))).toEqual({ id: 1 });
    expect(k.recent().flatMap((e) => [e.id, e.text])).toEqual([1, "a", 2, "b"]);
  });

  it("drops the oldest beyond the limit of copies", async () => {
    const { store, stores } = memoryKeptStore();
    const k = createRecentKeeper(store);
    for (let i = 0; i < 21; i++)
      await k.keep(entry(`p${i}`, `2026-01-01T00:00:${String(i).padStart(2, "0")}Z`));
    expect(stores.recent.size).toBe(20);
    expect(k.recent().at(-1)!.text).toBe("p1");
  });

  it("remove deletes the copy and reads the list again", async () => {
    const { store } = memoryKeptStore();
    const k = createRecentKeeper(store);
    await k.keep(entry("a", "2026-01-01T00:00:00Z"));
    await k.remove(k.recent()[0]!);
    expect(k.recent()).toEqual([]);
  });

  it("without a store, a keep and a refresh say why and the list stays as it was", async () => {
    const blocked = "IndexedDB is blocked";
    const k = createRecentKeeper(memoryKeptStore(blocked).store);
    expect(await k.keep(entry("a", "2026-01-01T00:00:00Z"))).toEqual({ error: blocked });
    expect(await k.refresh()).toBe(blocked);
    expect(k.recent()).toEqual([]);
  });
});

describe("createKeptCopy", () => {
  it("updates one record in place until it is forgotten", async () => {
    const { store, stores } = memoryKeptStore();
    const copy = createKeptCopy(createRecentKeeper(store));
    expect(await copy.save(entry("v1", "2026-01-01T00:00:00Z"))).toBe(true);
    expect(await copy.save(entry("v2", "2026-01-01T00:00:01Z"))).toBe(true);
    expect([...stores.recent.values()].map((e) => (e as RecentEntry).text)).toEqual(["v2"]);
    expect(copy.id()).toBe(1);
    copy.forget();
    await copy.save(entry("v3", "2026-01-01T00:00:02Z"));
    expect(stores.recent.size).toBe(2);
  });

  it("a save still running when the copy is forgotten does not bring its id back", async () => {
    const { store } = memoryKeptStore();
    const copy = createKeptCopy(createRecentKeeper(store));
    const saving = copy.save(entry("v1", "2026-01-01T00:00:00Z"));
    copy.forget();
    expect(await saving).toBe(true);
    expect(copy.id()).toBeUndefined();
  });

  it("a failed save says so and keeps no id", async () => {
    const copy = createKeptCopy(createRecentKeeper(memoryKeptStore("full").store));
    expect(await copy.save(entry("v1", "2026-01-01T00:00:00Z"))).toBe(false);
    expect(copy.id()).toBeUndefined();
  });
});
