/**
 * When the autosave is written. A change asks for a save; the write runs in a task of its own
 * after the change has been painted (a large plan takes tens of ms to serialise, and a task
 * queued right away would run before that frame and delay the edit's paint by the serialisation
 * and storage write, ~30 ms for a large plan). `flush` writes at once (the page goes away, the
 * planner made a choice). Several changes before the write are one write.
 */
export type SaveScheduler = ReturnType<typeof createSaveScheduler>;

/** A scheduler of `write`; `afterPaint` runs a callback after the next frame is painted. */
export function createSaveScheduler(
  write: () => void,
  afterPaint: (f: () => void) => void = (f) => requestAnimationFrame(f),
) {
  let pending = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Write now if a save is pending. */
  const flush = (): void => {
    if (!pending) return;
    pending = false;
    clearTimeout(timer);
    write();
  };

  /** A change happened: write after the next paint (once, however many changes come first). */
  const request = (): void => {
    if (pending) return;
    pending = true;
    afterPaint(() => {
      if (pending) timer = setTimeout(flush, 0);
    });
  };

  /** Write now, pending or not. */
  const now = (): void => {
    pending = true;
    flush();
  };

  return { request, flush, now, pending: () => pending };
}
