/**
 * Notices of opening plans and attaching sweep files render from their problems (docs/problems.md):
 * a problem, an import issue with its problem, or a text already in the app's language.
 */
import { describe, expect, it } from "vitest";
import { planFileMessages } from "../../../src/engine/plan/plan-file-messages";
import { cliFileMessages } from "../../../src/import/messages/usage";
import { issueOf } from "../../../src/import/messages/issue";
import { checkPlanFile } from "../../../src/ui/state/open-plan";
import { noticeText } from "../../../src/ui/state/plan-opener";

describe("noticeText", () => {
  it("renders problems and import issues in the app's language, and a text as it is", () => {
    const none = cliFileMessages.problem("noSweep", { file: "../sweeps/h100" });
    expect(noticeText(none, "en")).toBe("../sweeps/h100: no sweep found");
    expect(noticeText(none, "zh")).toBe("../sweeps/h100: 没有找到扫描");
    const many = cliFileMessages.problem("manySweepsFirst", { file: "runs/", n: 3 });
    expect(noticeText(many, "en")).toBe("runs/: 3 sweeps found; the first is used");
    expect(noticeText(many, "zh")).toBe("runs/: 找到 3 个扫描；使用第一个");
    const noExample = cliFileMessages.problem("noExample", { name: "x" });
    expect(noticeText(noExample, "zh")).toBe("没有名为 x 的示例");
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

describe("notices of an opened plan file", () => {
  it("render the plan's validation warnings from their problems, in the app's language", () => {
    const c = checkPlanFile(
      JSON.stringify({
        format: "capplan.plan/v1",
        title: "t",
        workloads: [{ name: "chat", peakRps: 1, inputTokens: 1, outputTokens: 1 }],
        slo: [],
        skus: [{ name: "A", gpusPerReplica: 1, pricePerGpuHour: 1, sweeps: {} }],
      }),
    );
    if (!c.ok) return expect(c.ok).toBe(true);
    expect(c.warningProblems.map((p) => noticeText(p, "zh"))).toEqual([
      'SKU "A" 没有负载 "chat" 的扫描数据，无法计算规模',
    ]);
    expect(c.warningProblems.map((p) => noticeText(p, "en"))).toEqual(c.warnings);
    expect(noticeText("already in the app's words", "zh")).toBe("already in the app's words");
  });
});
