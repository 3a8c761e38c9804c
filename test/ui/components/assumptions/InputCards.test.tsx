import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import {
  NamedCellsCard,
  SloCard,
  WorkloadsCard,
} from "../../../../src/ui/components/assumptions/InputCards";
import { renderInWorkbook } from "../../render-workbook";

const select = (id: string) => {
  fireEvent.mouseDown(screen.getByTestId(id));
  fireEvent.mouseUp(screen.getByTestId(id));
};

describe("NamedCellsCard", () => {
  it.each([
    ["en", "Named cells"],
    ["zh", "命名单元格"],
  ] as const)("lists the seed's cells with their values (%s)", (lang, title) => {
    renderInWorkbook(() => <NamedCellsCard />, { lang });
    expect(screen.getByRole("grid").getAttribute("aria-label")).toBe(title);
    expect(screen.getByTestId("cells:peak_rps:name").textContent).toBe("peak_rps");
    expect(screen.getByTestId("cells:peak_rps:result").textContent).toBe("50");
  });
});

describe("WorkloadsCard", () => {
  it("adds a workload, and removes the selected one but never the last", () => {
    const { wb } = renderInWorkbook(() => <WorkloadsCard />);
    const remove = screen.getByRole("button", { name: "− Row 1" }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    fireEvent.click(screen.getByTestId("add-workload"));
    expect(wb.plan.workloads).toHaveLength(2);
    select("workloads:1:name");
    fireEvent.click(screen.getByRole("button", { name: "− Row 2" }));
    expect(wb.plan.workloads!.map((w) => w.name)).toEqual(["chat"]);
  });
});

describe("SloCard", () => {
  it("lists the seed's two SLOs; + SLO adds one and − Row removes the selected", () => {
    const { wb } = renderInWorkbook(() => <SloCard />);
    expect(screen.getByTestId("slo:0:maxMs").textContent).toBe("1,000");
    fireEvent.click(screen.getByTestId("add-slo"));
    expect(wb.plan.slo).toHaveLength(3);
    select("slo:0:metric");
    fireEvent.click(screen.getByRole("button", { name: "− Row 1" }));
    expect(wb.plan.slo!.map((s) => s.metric)).toEqual(["itl", expect.anything()]);
  });
});
