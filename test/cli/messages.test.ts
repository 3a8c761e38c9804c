/** The problems of the command line itself (code `cli.*`, src/cli/messages.ts). */
import { describe, expect, it } from "vitest";
import { cliMessages } from "../../src/cli/messages";

describe("cliMessages", () => {
  it("has English without CJK and Chinese with CJK for every code", () => {
    for (const key of Object.keys(cliMessages.defs)) {
      const lists = ["options", "names", "given"];
      const get = (_t: object, k: string | symbol) =>
        lists.includes(k as string) ? ["x"] : k === "got" ? "7" : "x";
      const params = new Proxy({}, { get });
      const p = { code: `cli.${key}`, severity: "error" as const, params };
      expect(cliMessages.render(p, "zh"), key).toMatch(/[\u4e00-\u9fff]/);
      expect(cliMessages.render(p, "en"), key).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
