/**
 * Mouse selection of the grid: a click selects (Shift+click extends), a drag selects a range. A
 * drag starts only once the pointer has moved 4 px with the button down, so a layout shift under a
 * still pointer never extends the selection. Double-click edits.
 */
import type { CellEditor } from "./editor";
import type { Selection } from "./selection";

/** The smallest pointer move, in px, that turns a press into a drag. */
export const DRAG_THRESHOLD = 4;

type Press = { clientX: number; clientY: number; button: number; shiftKey: boolean };
type Move = { clientX: number; clientY: number; buttons: number };

/** The mouse primitive: handlers for a cell at (r, c), and `release` for the window's mouseup. */
export function createMouseSelect(selection: Selection, editor: CellEditor, focusGrid: () => void) {
  let press: { x: number; y: number; moved: boolean } | null = null;
  /** Returns true when the press was taken (the caller prevents the default). */
  const down = (r: number, c: number, e: Press): boolean => {
    if (editor.isEditing(r, c) || e.button !== 0) return false;
    if (editor.editing()) editor.commit(null);
    selection.select({ r, c }, e.shiftKey);
    press = { x: e.clientX, y: e.clientY, moved: false };
    focusGrid();
    return true;
  };
  const move = (r: number, c: number, e: Move) => {
    if (!press || editor.editing()) return;
    if ((e.buttons & 1) === 0) {
      press = null;
      return;
    }
    if (!press.moved && Math.hypot(e.clientX - press.x, e.clientY - press.y) < DRAG_THRESHOLD)
      return;
    press.moved = true;
    if (!selection.isActive(r, c)) selection.select({ r, c }, true);
  };
  const release = () => {
    press = null;
  };
  return { down, move, release };
}
