// Every message a planner meets on the example plans, the fixtures (folders, each file, the
// malformed ones), the usage tables and plans that hit the engine's error paths is rendered from a
// problem (docs/problems.md): its Chinese comes from its code, never from translating English.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  edgePlanMessages,
  fixtureMessages,
  malformedMessages,
  perFileMessages,
  planMessages,
  usageMessages,
  zhOf,
  type Collected,
} from "./messages-collect";

const CJK = /[\u4e00-\u9fff]/;

/** Unique messages with their Chinese (null: the message has no problem). */
function unique(list: Collected[]): Map<string, string | null> {
  const m = new Map<string, string | null>();
  for (const c of list)
    if (!m.has(c.message) || m.get(c.message) === null) m.set(c.message, zhOf(c));
  return m;
}

describe("messages rendered from problems", () => {
  const main = unique([...planMessages(), ...fixtureMessages()]);
  const edge = unique([
    ...malformedMessages(),
    ...perFileMessages(),
    ...usageMessages(),
    ...edgePlanMessages(),
  ]);

  it("every message of the example plans and of importing each fixture folder carries a problem with Chinese", () => {
    // The example plans and the fixture folders produce well over 50 distinct messages.
    expect(main.size).toBeGreaterThan(50);
    expect([...main].filter(([, zh]) => zh === null).map(([m]) => m)).toEqual([]);
    expect(
      [...main].filter(([m, zh]) => zh !== null && (!CJK.test(zh) || zh === m)).map(([m]) => m),
    ).toEqual([]);
  });

  it("so does every message of the malformed fixtures, each fixture file on its own, the usage tables and the engine's error paths", () => {
    expect(edge.size).toBeGreaterThan(80);
    expect([...edge].filter(([, zh]) => zh === null).map(([m]) => m)).toEqual([]);
    expect([...edge].filter(([, zh]) => zh !== null && !CJK.test(zh)).map(([m]) => m)).toEqual([]);
  });

  it("keeps every number, quoted name and metric name of a message in its Chinese", () => {
    for (const [m, zh] of [...main, ...edge]) {
      if (zh === null) continue;
      const tokens =
        m.match(/\d+(?:[.,]\d+)*|"[^"]*"|\b(?:P\d+(?:\.\d+)? )?(?:TTFT|ITL|TPOT|NTPOT)\b/g) ?? [];
      for (const t of tokens) expect(zh, m).toContain(t);
    }
  });

  it("no sentence table translates English any more", () => {
    for (const f of ["messages-zh.ts", "messages-zh-import.ts", "messages-zh-rules.ts"])
      expect(existsSync(join(__dirname, "..", "..", "src", "report", f)), f).toBe(false);
  });
});
