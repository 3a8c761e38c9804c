/** A reading error of `capplan import` that comes as a problem prints in the language of `--lang`. */
import { describe, expect, it, vi } from "vitest";
import { importMessages } from "../../src/import/messages/pipeline";

vi.mock("../../src/cli/io", async (orig) => {
  const io = await orig<typeof import("../../src/cli/io")>();
  return {
    ...io,
    readInputs: () => {
      const p = importMessages.problem("readFailed", { error: "EACCES" });
      throw new io.CliError([`x.json: ${importMessages.en(p)}`, "a sentence"], [p, null]);
    },
  };
});

const { importOrFail } = await import("../../src/cli/commands/import");
const { CliError } = await import("../../src/cli/io");

describe("importOrFail", () => {
  it("renders the reading errors that are problems in Chinese, and keeps the others", () => {
    const io = { out: () => {}, err: () => {} };
    let thrown: unknown;
    try {
      importOrFail(["x.json"], {}, io, true, "zh");
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(CliError);
    expect((thrown as InstanceType<typeof CliError>).lines).toEqual([
      "无法读取（EACCES）",
      "a sentence",
    ]);
  });
});
