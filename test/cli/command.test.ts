/**
 * src/cli/command.ts: a command's option table gives both its help labels and the parser of its
 * arguments; the shared flag readers (`--lang`, `--cheapest-by`) refuse other values as usage
 * errors carrying their problem.
 */
import { describe, expect, it } from "vitest";
import { words } from "../words";
import {
  ALLOW_PATH_OPTION,
  CHEAPEST_BY_OPTION,
  cheapestByFlag,
  LANG_OPTION,
  langFlag,
  optionLabel,
  parseOptions,
  type OptionDef,
} from "../../src/cli/command";
import { CliError } from "../../src/cli/io";

const OPTIONS: OptionDef[] = [{ name: "json", help: "JSON" }, LANG_OPTION, ALLOW_PATH_OPTION];

/** The problem codes of the usage error `f` throws. */
function usageCodes(f: () => unknown): (string | undefined)[] {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(CliError);
    return ((e as CliError).problems ?? []).map((p) => p?.code);
  }
  throw new Error("no usage error");
}

describe("optionLabel", () => {
  it.each([
    [{ name: "json", help: "" }, "--json"],
    [LANG_OPTION, "--lang en|zh"],
    [CHEAPEST_BY_OPTION, "--cheapest-by peak|static|autoscaled|blended"],
    [ALLOW_PATH_OPTION, "--allow-path DIR"],
  ])("%j → %s", (o, label) => {
    expect(optionLabel(o)).toBe(label);
  });
});

describe("parseOptions", () => {
  it("reads switches, valued options (the last wins, every value listed) and operands", () => {
    const p = parseOptions(
      OPTIONS,
      words("plan.json --json --lang=zh --allow-path a --allow-path b -"),
    );
    expect(p.positional).toEqual(["plan.json", "-"]);
    expect(words("json lang allow-path").map((k) => p.flags.get(k))).toEqual([true, "zh", "b"]);
    expect(p.lists.get("allow-path")).toEqual(["a", "b"]);
  });

  it("takes what follows -- as operands", () => {
    expect(parseOptions(OPTIONS, ["--", "--json"]).positional).toEqual(["--json"]);
  });

  it.each([
    [["--nope"], "cli.unknownOption"],
    [["--lang"], "cli.needsValue"],
    [["--json=yes"], "cli.takesNoValue"],
  ])("%j is a usage error: %s", (args, code) => {
    expect(usageCodes(() => parseOptions(OPTIONS, args))).toEqual([code]);
  });
});

describe("langFlag", () => {
  it.each([
    [undefined, "en"],
    ["en", "en"],
    ["zh", "zh"],
  ] as const)("%s → %s", (v, lang) => {
    expect(langFlag(v)).toBe(lang);
  });

  it.each([["fr"], ["ZH"], [true]] as const)("%s is a usage error", (v) => {
    expect(usageCodes(() => langFlag(v))).toEqual(["cli.langInvalid"]);
  });
});

describe("cheapestByFlag", () => {
  it.each([
    [undefined, undefined],
    ["peak", "peak"],
    ["static", "static"],
    ["autoscaled", "autoscaled"],
    ["blended", "blended"],
  ] as const)("%s → %s", (v, by) => {
    expect(cheapestByFlag(v)).toBe(by);
  });

  it.each([["cheapest"], [true]] as const)("%s is a usage error", (v) => {
    expect(usageCodes(() => cheapestByFlag(v))).toEqual(["cli.cheapestByInvalid"]);
  });
});
