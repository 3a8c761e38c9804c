import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { PoolsCard } from "../../../../src/ui/components/teams/PoolsCard";
import { example, renderInWorkbook } from "../../render-workbook";

const noPools = () => {
  const p = example();
  delete p.tenants!.pools;
  return p;
};

describe("PoolsCard", () => {
  it.each([
    [
      "en",
      "No pools listed: one pool, H100 TP4, takes the recommended SKU's daily cost (¥28,800.00).",
    ],
    ["zh", "未列出资源池：使用一个资源池 H100 TP4，成本取推荐 SKU 的每日成本（¥28,800.00）。"],
  ] as const)(
    "without pools, says the recommended SKU's daily cost is the one pool (%s)",
    (lang, text) => {
      renderInWorkbook(() => <PoolsCard />, { plan: noPools(), lang });
      expect(screen.getByTestId("default-pool").textContent).toBe(text);
    },
  );

  it("shows the seed's pool in a grid; + Pool adds one and − Pool removes the selected", () => {
    const { wb } = renderInWorkbook(() => <PoolsCard />);
    expect(screen.getByTestId("pools:0:name").textContent).toBe("70b");
    fireEvent.click(screen.getByTestId("add-pool"));
    expect(wb.plan.tenants!.pools).toHaveLength(2);
    fireEvent.mouseDown(screen.getByTestId("pools:1:name"));
    fireEvent.mouseUp(screen.getByTestId("pools:1:name"));
    fireEvent.click(screen.getByRole("button", { name: "− Pool 2" }));
    expect(wb.plan.tenants!.pools!.map((p) => p.name)).toEqual(["70b"]);
  });
});
