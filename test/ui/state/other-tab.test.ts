import { describe, expect, it } from "vitest";
import { serializeSaved } from "../../../src/share/saved";
import { readOtherTabSave } from "../../../src/ui/state/other-tab";
import { emptyPlan } from "../../../src/ui/state/plan-edit";

const mine = emptyPlan("Mine");
const theirs = emptyPlan("Theirs");
const at = new Date("2026-03-04T05:06:07Z");

describe("readOtherTabSave", () => {
  it("another plan is offered with its text and time", () => {
    const r = readOtherTabSave(serializeSaved(theirs, at), () => JSON.stringify(mine));
    expect(r).toEqual({
      kind: "other",
      plan: theirs,
      text: JSON.stringify(theirs),
      savedAt: "2026-03-04T05:06:07.000Z",
    });
  });

  it("the plan this tab holds (its own save echoed) is the same", () => {
    expect(readOtherTabSave(serializeSaved(mine, at), () => JSON.stringify(mine))).toEqual({
      kind: "same",
    });
  });

  it.each([["{oops"], ['{"hello":1}'], [""]])("an unreadable save %j is ignored", (text) => {
    expect(readOtherTabSave(text, () => JSON.stringify(mine))).toEqual({ kind: "none" });
  });
});
