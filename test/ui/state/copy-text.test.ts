// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { copyText } from "../../../src/ui/state/copy-text";

afterEach(() => vi.unstubAllGlobals());

/** A clipboard that takes the text, or refuses it. */
function stubClipboard(ok: boolean): string[] {
  const written: string[] = [];
  vi.stubGlobal("navigator", {
    ...navigator,
    clipboard: {
      writeText: async (t: string) => {
        if (!ok) throw new Error("NotAllowedError");
        written.push(t);
      },
    },
  });
  return written;
}

describe("copyText", () => {
  it("writes to the clipboard", async () => {
    const written = stubClipboard(true);
    expect(await copyText("https://example.test/#plan=x")).toBe(true);
    expect(written).toEqual(["https://example.test/#plan=x"]);
  });

  // The copy command's answer is copyText's answer.
  it.each([true, false])(
    "refused, it falls back to copying a selected text area (copy command: %s)",
    async (ok) => {
      stubClipboard(false);
      const seen: string[] = [];
      const exec = vi.fn(() => {
        seen.push((document.activeElement as HTMLTextAreaElement | null)?.value ?? "");
        seen.push(document.querySelector("textarea")?.value ?? "");
        return ok;
      });
      Object.defineProperty(document, "execCommand", { value: exec, configurable: true });
      expect(await copyText("the link")).toBe(ok);
      expect(exec).toHaveBeenCalledWith("copy");
      expect(seen).toContain("the link");
      expect(document.querySelector("textarea")).toBeNull(); // removed again
    },
  );
});
