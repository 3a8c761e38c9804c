/**
 * App-wide keyboard shortcuts: undo (Ctrl/Cmd+Z) and redo (Ctrl/Cmd+Shift+Z, Ctrl/Cmd+Y) of the
 * plan. Text fields keep their own undo. Call inside a component (listeners end with it).
 */
import { onCleanup } from "solid-js";

/** True when the keyboard event belongs to a text field, select or editable element. */
export const isEditable = (el: EventTarget | null): boolean =>
  el instanceof HTMLElement &&
  (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));

/** Listen for the undo/redo keys on the window. */
export function createUndoShortcuts(history: { undo(): void; redo(): void }): void {
  const onKey = (e: KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || isEditable(e.target)) return;
    const k = e.key.toLowerCase();
    if (k === "z") {
      e.preventDefault();
      if (e.shiftKey) history.redo();
      else history.undo();
    } else if (k === "y") {
      e.preventDefault();
      history.redo();
    }
  };
  window.addEventListener("keydown", onKey);
  onCleanup(() => window.removeEventListener("keydown", onKey));
}
