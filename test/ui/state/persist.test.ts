/** The autosave restore (an unreadable save is kept as it was, never lost). */
import { describe, expect, test } from "vitest";
import { serializeSaved } from "../../../src/share/saved";
import { fileStem, restoreAutosave } from "../../../src/ui/state/persist";
import { seed } from "./bench-plan";

describe("restoreAutosave", () => {
  test("a plan saved with an imported SKU's empty price is restored as it was", () => {
    const plan = structuredClone(seed);
    plan.skus.push({
      name: "L40S",
      gpusPerReplica: 1,
      pricePerGpuHour: "",
      sweep: { points: [{ concurrency: 1, requestRate: null, rps: 1 }] },
    });
    const r = restoreAutosave(serializeSaved(plan, new Date("2025-01-02T03:04:05Z")));
    expect(r.kind).toBe("ok");
    expect(r.kind === "ok" && r.plan).toEqual(plan);
    expect(r.kind === "ok" && r.savedAt).toBe("2025-01-02T03:04:05.000Z");
  });
  test("not JSON, a foreign object and a broken plan are corrupt and keep the raw text", () => {
    const notJson = restoreAutosave("{oops");
    expect(notJson).toMatchObject({ kind: "corrupt", raw: "{oops" });
    expect(notJson.kind === "corrupt" && notJson.reason).toContain("not JSON");
    expect(restoreAutosave('{"hello":1}')).toMatchObject({ kind: "corrupt", raw: '{"hello":1}' });
    // skus must be an array: a real shape problem, not an empty cell, so it is not loaded.
    const broken = JSON.stringify({
      app: "capplan",
      schemaVersion: 2,
      savedAt: "",
      plan: { ...seed, skus: "x" },
    });
    const r = restoreAutosave(broken);
    expect(r.kind).toBe("corrupt");
    expect(r.kind === "corrupt" && r.reason).toContain("plan.skus");
  });
  test("a schema 1 save migrates; nothing stored is empty", () => {
    const r = restoreAutosave(
      JSON.stringify({ schemaVersion: 1, savedAt: "2024-05-01T00:00:00Z", workbook: seed }),
    );
    expect(r).toMatchObject({ kind: "ok", migratedFrom: 1, savedAt: "2024-05-01T00:00:00Z" });
    expect(restoreAutosave(null)).toEqual({ kind: "empty" });
  });
});

describe("fileStem", () => {
  test.each([
    ["Seed worked example: 70B chat service, TP=4", "seed-worked-example-70b-chat-service-tp-4"],
    ["", "plan"],
    ["中文 计划", "中文-计划"],
  ])("file names come from the plan title: %j → %s", (title, stem) =>
    expect(fileStem(title)).toBe(stem),
  );
});
