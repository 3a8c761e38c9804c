/** The fleet view's state (src/ui/state/fleet.ts): one run at a time, the newest wins, a dead worker is an issue. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { fleet, simulateFleet } from "../../../src/ui/state/fleet";
import { fixed, job } from "./fleet-job";

const poisson = (requests: number) =>
  job({ kind: "poisson", rps: 5, requests, input: fixed(500), output: fixed(100) });

afterEach(() => vi.unstubAllGlobals());

describe("simulateFleet", () => {
  it("runs on this thread without a worker: running at once, then the outcome of the newest run for its SKU", async () => {
    expect(fleet.status).toBe("idle");
    const first = simulateFleet("old", poisson(300));
    expect(fleet.status).toBe("running");
    const second = simulateFleet("new", poisson(200));
    await Promise.all([first, second]);
    expect(fleet).toMatchObject({ status: "ok", sku: "new", stage: null, progress: null });
    if (!fleet.outcome?.ok) throw new Error("not ok");
    expect(fleet.outcome.answer.requests).toBe(200);
  });

  it("a worker that fails is an issue of the outcome naming it, and the view is in error", async () => {
    class Dying extends EventTarget {
      postMessage() {
        queueMicrotask(() =>
          this.dispatchEvent(Object.assign(new Event("error"), { message: "boom" })),
        );
      }
    }
    vi.stubGlobal("Worker", Dying);
    await simulateFleet("x", poisson(10));
    expect(fleet.status).toBe("error");
    expect(fleet.outcome).toEqual({
      ok: false,
      issues: [{ file: "(fleet)", code: "worker", message: "the fleet worker failed: boom" }],
    });
  });
});
