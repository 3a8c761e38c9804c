// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlanFile } from "../../../src/engine/base/types";
import { decodePlanFromFragment } from "../../../src/share/link";
import { createShareAction } from "../../../src/ui/state/share-action";
import { seed } from "./bench-plan";

/** The clipboard the page sees: `ok` false refuses the write. */
function clipboard(ok: boolean) {
  const written: string[] = [];
  vi.stubGlobal("navigator", {
    ...navigator,
    clipboard: {
      writeText: async (t: string) => {
        if (!ok) throw new Error("denied");
        written.push(t);
      },
    },
  });
  return written;
}

afterEach(() => vi.unstubAllGlobals());

describe("createShareAction", () => {
  it("a valid plan becomes a link that decodes to the same plan, copied to the clipboard", async () => {
    const written = clipboard(true);
    const save = vi.fn();
    const a = createShareAction({ snapshot: () => structuredClone(seed) }, save);
    expect(a.share()).toBeNull();
    await a.shareLink();
    const s = a.share()!;
    expect(s).toMatchObject({ copied: true, problems: [] });
    expect(written).toEqual([s.url]);
    expect(s.url!.startsWith(location.origin + location.pathname)).toBe(true);
    const back = await decodePlanFromFragment(s.url!);
    expect(back.ok && back.plan).toEqual(seed);
    expect(save).not.toHaveBeenCalled();
    a.dismiss();
    expect(a.share()).toBeNull();
  });

  it("an invalid plan lists its problems by path and makes no link", async () => {
    clipboard(true);
    const bad = { ...structuredClone(seed), skus: [{ name: "x", gpusPerReplica: -1 }] };
    const a = createShareAction({ snapshot: () => bad as unknown as PlanFile }, () => {});
    await a.shareLink();
    const s = a.share()!;
    expect(s.url).toBeNull();
    expect(s.problems.length).toBeGreaterThan(0);
    expect(s.problems.every((p) => p.path.startsWith("skus[0]"))).toBe(true);
  });

  it("a refused clipboard still shows the link, not copied", async () => {
    clipboard(false);
    const a = createShareAction({ snapshot: () => structuredClone(seed) }, () => {});
    await a.shareLink();
    expect(a.share()).toMatchObject({ url: expect.any(String), copied: false });
  });
});
