// @vitest-environment happy-dom
import { createRoot } from "solid-js";
import { describe, expect, it } from "vitest";
import { createUndoShortcuts, isEditable } from "../../../src/ui/state/shortcuts";

describe("isEditable", () => {
  it.each([
    ["input", true],
    ["textarea", true],
    ["select", true],
    ["div", false],
    ["button", false],
  ])("<%s> → %s", (tag, editable) => {
    expect(isEditable(document.createElement(tag))).toBe(editable);
  });
  it("an editable element and no element", () => {
    const div = document.createElement("div");
    div.contentEditable = "true";
    expect(isEditable(div)).toBe(true);
    expect(isEditable(null)).toBe(false);
  });
});

describe("createUndoShortcuts", () => {
  const key = (k: string, o: KeyboardEventInit = {}, target: EventTarget = window) =>
    target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, ...o }));

  it.each([
    ["z", { ctrlKey: true }, ["undo"]],
    ["Z", { metaKey: true }, ["undo"]],
    ["z", { ctrlKey: true, shiftKey: true }, ["redo"]],
    ["y", { ctrlKey: true }, ["redo"]],
    ["z", {}, []],
    ["z", { ctrlKey: true, altKey: true }, []],
    ["x", { ctrlKey: true }, []],
  ] as const)("%s %j → %j", (k, mods, calls) => {
    const log: string[] = [];
    createRoot((dispose) => {
      createUndoShortcuts({ undo: () => log.push("undo"), redo: () => log.push("redo") });
      key(k, mods);
      dispose();
      key(k, mods); // the listener ended with its owner
    });
    expect(log).toEqual(calls);
  });

  it("a text field keeps its own undo", () => {
    const log: string[] = [];
    const input = document.createElement("input");
    document.body.append(input);
    createRoot((dispose) => {
      createUndoShortcuts({ undo: () => log.push("undo"), redo: () => log.push("redo") });
      key("z", { ctrlKey: true }, input);
      dispose();
    });
    input.remove();
    expect(log).toEqual([]);
  });
});
