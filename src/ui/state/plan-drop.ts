/**
 * A file dropped anywhere outside the benchmark drop zone (which handles its own drops): a
 * `.json` file opens as a plan, anything else gets a hint. Call inside a component.
 */
import { onCleanup } from "solid-js";

/** Listen for dropped files on the window. */
export function createPlanDrop(on: { plan(file: File): void; other(file: File): void }): void {
  const onDragOver = (e: DragEvent) => {
    if (e.dataTransfer?.types.includes("Files")) e.preventDefault();
  };
  const onDrop = (e: DragEvent) => {
    if (e.defaultPrevented || !e.dataTransfer?.files.length) return;
    e.preventDefault();
    const f = e.dataTransfer.files[0]!;
    if (/\.json$/i.test(f.name)) on.plan(f);
    else on.other(f);
  };
  window.addEventListener("dragover", onDragOver);
  window.addEventListener("drop", onDrop);
  onCleanup(() => {
    window.removeEventListener("dragover", onDragOver);
    window.removeEventListener("drop", onDrop);
  });
}
