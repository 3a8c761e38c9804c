import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { AllocationMethodCard } from "../../../../src/ui/components/teams/AllocationMethodCard";
import { renderInWorkbook } from "../../render-workbook";

describe("AllocationMethodCard", () => {
  it.each([
    ["en", "all tokens", "Each team pays its share of output tokens (input tokens are free)."],
    ["zh", "全部 token", "各团队按输出 token 占比分摊（输入 token 不计费）。"],
  ] as const)("names the methods and explains the one chosen (%s)", (lang, tokens, outputHint) => {
    const { wb } = renderInWorkbook(() => <AllocationMethodCard />, { lang });
    const method = screen.getByTestId("alloc-method") as HTMLSelectElement;
    expect(method.options[0]!.textContent).toBe(tokens);
    fireEvent.change(method, { target: { value: "output" } });
    expect(wb.plan.tenants!.method).toBe("output");
    expect(screen.getByTestId("alloc-hint").textContent).toContain(outputHint);
  });

  it("asks for the input and output weights only when the method is weighted", () => {
    const { wb } = renderInWorkbook(() => <AllocationMethodCard />);
    expect(screen.queryByTestId("input-weight")).toBeNull();
    fireEvent.change(screen.getByTestId("alloc-method"), { target: { value: "weighted" } });
    expect(screen.getByTestId("input-weight")).toBeTruthy();
    expect(screen.getByTestId("output-weight")).toBeTruthy();
    fireEvent.change(screen.getByTestId("alloc-idle"), { target: { value: "separate" } });
    fireEvent.change(screen.getByTestId("alloc-basis"), { target: { value: "reservation" } });
    expect([wb.plan.tenants!.idle, wb.plan.tenants!.basis]).toEqual(["separate", "reservation"]);
  });
});
