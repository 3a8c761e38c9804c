import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSaveScheduler } from "../../../src/ui/state/save-scheduler";

describe("createSaveScheduler", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A scheduler whose "paint" runs when the test says so. */
  function setup() {
    const frames: (() => void)[] = [];
    const write = vi.fn();
    const s = createSaveScheduler(write, (f) => frames.push(f));
    const paint = () => frames.splice(0).forEach((f) => f());
    return { s, write, frames, paint };
  }

  it("writes after the next paint, in a task of its own, once for several changes", () => {
    const { s, write, frames, paint } = setup();
    s.request();
    s.request();
    s.request();
    expect(frames).toHaveLength(1);
    expect(s.pending()).toBe(true);
    vi.runAllTimers();
    expect(write).not.toHaveBeenCalled(); // not before the frame is painted
    paint();
    expect(write).not.toHaveBeenCalled(); // not inside the frame either
    vi.runAllTimers();
    expect(write).toHaveBeenCalledTimes(1);
    expect(s.pending()).toBe(false);
  });

  it("flush writes a pending save at once and the timer then does nothing", () => {
    const { s, write, paint } = setup();
    s.request();
    paint();
    s.flush();
    expect(write).toHaveBeenCalledTimes(1);
    vi.runAllTimers();
    expect(write).toHaveBeenCalledTimes(1);
  });

  it("flush without a change writes nothing; a flush before the paint cancels the later write", () => {
    const { s, write, paint } = setup();
    s.flush();
    expect(write).not.toHaveBeenCalled();
    s.request();
    s.flush();
    paint();
    vi.runAllTimers();
    expect(write).toHaveBeenCalledTimes(1);
  });

  it("now writes whether or not a change is pending", () => {
    const { s, write } = setup();
    s.now();
    s.now();
    expect(write).toHaveBeenCalledTimes(2);
    expect(s.pending()).toBe(false);
  });

  it("a change after a write asks for a new one", () => {
    const { s, write, paint } = setup();
    s.request();
    paint();
    vi.runAllTimers();
    s.request();
    paint();
    vi.runAllTimers();
    expect(write).toHaveBeenCalledTimes(2);
  });

  it("the pending flag is clear while the write runs (a copy kept then is the latest)", () => {
    let seen: boolean | null = null;
    const writeNow = () => void (seen = s.pending());
    const s = createSaveScheduler(writeNow, (f) => f());
    s.request();
    vi.runAllTimers();
    expect(seen).toBe(false);
  });
});
