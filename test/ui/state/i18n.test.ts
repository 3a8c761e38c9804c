import { describe, expect, it } from "vitest";
import { lang, setLang, t } from "../../../src/ui/state/i18n";

describe("t", () => {
  it.each([
    ["en", "untitled", undefined, "Untitled plan"],
    ["zh", "untitled", undefined, "未命名计划"],
    ["en", "recentUnreadable", { reason: "empty" }, "This recent plan cannot be opened: empty"],
    ["zh", "recentUnreadable", { reason: "空" }, "无法打开这个最近的计划：空"],
    ["en", "recentUnreadable", {}, "This recent plan cannot be opened: {reason}"],
  ] as const)("%s %s %j → %s", (l, key, vars, text) => {
    setLang(l);
    expect(t(key, vars)).toBe(text);
    setLang("en");
  });
});

describe("lang / setLang", () => {
  it("switches the language (English without a stored choice)", () => {
    expect(lang()).toBe("en");
    setLang("zh");
    expect(lang()).toBe("zh");
    setLang("en");
    expect(lang()).toBe("en");
  });
});
