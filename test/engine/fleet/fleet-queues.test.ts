/**
 * src/engine/fleet/fleet-queues.ts: the completion heap pops by time, then by replica, against a
 * sorted copy; the tournament tree names the least busy replica (ties: the lowest index).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CompletionHeap, LeastBusy } from "../../../src/engine/fleet/fleet-queues";

describe("CompletionHeap", () => {
  it("pops (time, replica) in order: the earlier time, then the lower replica", () => {
    const h = new CompletionHeap(8);
    for (const [t, r] of [
      [5, 1],
      [2, 3],
      [5, 0],
      [2, 1],
      [9, 2],
    ] as const)
      h.push(t, r);
    const out: [number, number][] = [];
    while (h.n > 0) {
      out.push([h.topTime(), h.topReplica()]);
      h.pop();
    }
    expect(out).toEqual([
      [2, 1],
      [2, 3],
      [5, 0],
      [5, 1],
      [9, 2],
    ]);
  });

  it("equals a sorted copy for random pushes and pops", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(50), fc.nat(7), fc.boolean()), { maxLength: 200 }),
        (ops) => {
          const h = new CompletionHeap(ops.length);
          const model: [number, number][] = [];
          for (const [t, r, pop] of ops) {
            if (pop && h.n > 0) {
              model.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
              expect([h.topTime(), h.topReplica()]).toEqual(model.shift());
              h.pop();
            } else {
              h.push(t, r);
              model.push([t, r]);
            }
          }
          expect(h.n).toBe(model.length);
        },
      ),
    );
  });
});

describe("LeastBusy", () => {
  it("names the replica with the fewest in service, the lowest index on a tie", () => {
    const b = new LeastBusy(3);
    expect(b.least()).toBe(0);
    expect(b.add(0)).toBe(1);
    expect(b.least()).toBe(1);
    expect(b.add(1)).toBe(1);
    expect(b.add(2)).toBe(1);
    expect(b.least()).toBe(0);
    b.add(0);
    b.remove(1);
    b.update(1);
    expect(b.least()).toBe(1);
    expect([...b.busy]).toEqual([2, 0, 1]);
    expect(new LeastBusy(0).least()).toBe(-1);
  });

  it("agrees with a linear scan over random adds and removes (5 replicas: padding leaves)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(4), fc.boolean()), { maxLength: 100 }), (ops) => {
        const b = new LeastBusy(5);
        for (const [r, add] of ops) {
          if (add) b.add(r);
          else if (b.busy[r]! > 0) {
            b.remove(r);
            b.update(r);
          }
          const counts = [...b.busy];
          expect(b.least()).toBe(counts.indexOf(Math.min(...counts)));
        }
      }),
    );
  });
});
