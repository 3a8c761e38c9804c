/**
 * Notices of opening plans and attaching sweep files render from their problems (docs/problems.md):
 * a problem, an import issue with its problem, or a text already in the app's language.
 */
import { describe, expect, it } from "vitest";
import { planFileMessages } from "../../src/engine/plan/plan-file-messages";
import { cliFileMessages } from "../../src/import/messages/usage";
import { issueOf } from "../../src/import/messages/issue";
import { noticeText } from "../../src/ui/state/plan-opener";

describe("noticeText", () => {
  it("renders problems and import issues in the app's language, and a text as it is", () => {
    const none = cliFileMessages.problem("noSweep", { file: "../sweeps/h100" });
    expect(noticeText(none, "en")).toBe("../sweeps/h100: no sweep found");
    expect(noticeText(none, "zh")).toBe("../sweeps/h100: 没有找到扫描");
    const many = cliFileMessages.problem("manySweepsFirst", { file: "runs/", n: 3 });
    expect(noticeText(many, "en")).toBe("runs/: 3 sweeps found; the first is used");
    expect(noticeText(many, "zh")).toBe("runs/: 找到 3 个扫描；使用第一个");
    expect(noticeText(cliFileMessages.problem("noExample", { name: "x" }), "zh")).toBe(
      "没有名为 x 的示例",
    );
    const issue = issueOf("a.csv", "empty", planFileMessages.problem("fileEmpty", {}), { line: 1 });
    expect(noticeText(issue, "en")).toBe("a.csv:1: the file is empty");
    expect(noticeText(issue, "zh")).toBe("a.csv:1: 文件为空");
    // A validation error with its path as the subject, as loadExample gives it.
    const at = { ...planFileMessages.problem("fileEmpty", {}), subject: "skus[0].sweep" };
    expect(noticeText(at, "en")).toBe("skus[0].sweep: the file is empty");
    expect(noticeText(at, "zh")).toBe("skus[0].sweep：文件为空");
    expect(noticeText("已打开 a.json", "zh")).toBe("已打开 a.json");
  });
});
