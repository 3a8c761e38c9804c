import { screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { TeamTotals } from "../../../../src/ui/components/allocation/TeamTotals";
import { moneyFormat } from "../../../../src/ui/components/allocation/alloc-lines";
import { example, renderInWorkbook } from "../../render-workbook";

const money = moneyFormat("CNY", 2, "en");
const withShared = () => {
  const p = example();
  p.tenants!.shared = [{ name: "platform", costPerDay: 100 }];
  return p;
};

describe("TeamTotals", () => {
  it("is not shown for one pool without shared costs", () => {
    renderInWorkbook(() => <TeamTotals pools={1} money={money} />);
    expect(screen.queryByRole("grid")).toBeNull();
  });
  it.each([
    ["en", "Team totals: own cost, shared costs and total", "Shared cost lines"],
    ["zh", "各团队合计：自身成本、共享成本与合计", undefined],
  ] as const)(
    "with shared costs lists each team's totals and the shared lines (%s)",
    (lang, head, lines) => {
      renderInWorkbook(() => <TeamTotals pools={1} money={money} />, { plan: withShared(), lang });
      expect(screen.getAllByRole("heading")[0]!.textContent).toBe(head);
      if (lines) expect(screen.getAllByRole("heading")[1]!.textContent).toBe(lines);
      expect(screen.getAllByRole("rowheader").map((h) => h.textContent)).toEqual([
        "search",
        "support",
        "platform",
      ]);
    },
  );
});
