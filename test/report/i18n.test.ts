/** The words of the readable outputs in English and Chinese (src/report/i18n.ts). */
import { describe, expect, it } from "vitest";
import { LANGS, MESSAGES, parseLang, t } from "../../src/report/i18n";

describe("parseLang", () => {
  it.each([
    [undefined, "en"],
    ["en", "en"],
    ["zh", "zh"],
    ["fr", null],
    ["ZH", null],
    [true, null],
  ] as const)("%s → %s", (v, lang) => expect(parseLang(v)).toBe(lang));
});

describe("MESSAGES and t", () => {
  it("every language has every key, each a non-empty word of its own", () => {
    expect(LANGS).toEqual(["en", "zh"]);
    const keys = Object.keys(MESSAGES.en) as (keyof typeof MESSAGES.en)[];
    expect(Object.keys(MESSAGES.zh).sort()).toEqual([...keys].sort());
    for (const k of keys) {
      expect(t("en", k)).toBe(MESSAGES.en[k]);
      expect(t("zh", k).trim(), k).not.toBe("");
    }
  });
});
