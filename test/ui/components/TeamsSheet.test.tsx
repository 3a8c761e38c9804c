import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { TeamsSheet } from "../../../src/ui/components/TeamsSheet";
import { example, renderInWorkbook } from "../render-workbook";

describe("TeamsSheet", () => {
  it.each([
    ["en", "This plan has no team cost allocation yet.", "Start a team allocation"],
    ["zh", "此计划还没有团队成本分摊。", "开始团队分摊"],
  ] as const)("offers to start an allocation when the plan has none (%s)", (lang, text, button) => {
    const p = example();
    delete p.tenants;
    const { wb } = renderInWorkbook(() => <TeamsSheet />, { plan: p, lang });
    expect(screen.getByTestId("sheet-teams").textContent).toContain(text);
    fireEvent.click(screen.getByRole("button", { name: button }));
    expect(wb.plan.tenants).toBeTruthy();
    expect(screen.getByTestId("alloc-method")).toBeTruthy();
  });

  it("lists the allocation's problems by path, and still shows the cost per team", () => {
    const p = example();
    p.tenants!.usage!.push({ team: "ads", pool: "nope", inputTokens: 1, outputTokens: 1 });
    renderInWorkbook(() => <TeamsSheet />, { plan: p });
    const errors = screen.getByTestId("tenant-errors");
    expect(errors.querySelector("code")!.textContent).toMatch(/^tenants\.usage\[2\]/);
    expect(screen.getByTestId("alloc-results").textContent).toContain("Cost per team");
  });
});
