// @vitest-environment happy-dom
import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import { createPlanDrop } from "../../../src/ui/state/plan-drop";

/** A drop event carrying `files` (happy-dom has no DataTransfer constructor with files). */
function drop(files: File[], prevented = false): Event {
  const e = new Event("drop", { cancelable: true });
  Object.defineProperty(e, "dataTransfer", { value: { files, types: ["Files"] } });
  if (prevented) e.preventDefault();
  return e;
}

describe("createPlanDrop", () => {
  it.each([
    ["plan.json", "plan"],
    ["PLAN.JSON", "plan"],
    ["sweep.csv", "other"],
    ["notes.json.txt", "other"],
  ])("%s → %s", (name, kind) => {
    const got: string[] = [];
    createRoot((dispose) => {
      createPlanDrop({
        plan: (f) => got.push(`plan ${f.name}`),
        other: (f) => got.push(`other ${f.name}`),
      });
      const e = drop([new File(["{}"], name)]);
      window.dispatchEvent(e);
      expect(e.defaultPrevented).toBe(true);
      dispose();
    });
    expect(got).toEqual([`${kind} ${name}`]);
  });

  it("a drop already handled (the benchmark drop zone) or without files is left alone", () => {
    const got: string[] = [];
    createRoot((dispose) => {
      createPlanDrop({ plan: () => got.push("plan"), other: () => got.push("other") });
      window.dispatchEvent(drop([new File(["{}"], "a.json")], true));
      window.dispatchEvent(drop([]));
      dispose();
      window.dispatchEvent(drop([new File(["{}"], "a.json")])); // ended with its owner
    });
    expect(got).toEqual([]);
  });
});
