import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { SharedCostsCard } from "../../../../src/ui/components/teams/SharedCostsCard";
import { renderInWorkbook } from "../../render-workbook";

describe("SharedCostsCard", () => {
  it.each([
    ["en", "+ Shared cost", "− Shared cost 1"],
    ["zh", "+ 共享成本", "− 共享成本 1"],
  ] as const)(
    "starts without a grid; %s adds a row to the grid, and %s removes it",
    (lang, add, remove) => {
      const { wb } = renderInWorkbook(() => <SharedCostsCard />, { lang });
      expect(screen.queryByRole("grid")).toBeNull();
      fireEvent.click(screen.getByRole("button", { name: add }));
      expect(wb.plan.tenants!.shared).toHaveLength(1);
      expect(screen.getAllByRole("row")).toHaveLength(2);
      fireEvent.click(screen.getByRole("button", { name: remove }));
      expect(wb.plan.tenants!.shared ?? []).toHaveLength(0);
      expect(screen.queryByRole("grid")).toBeNull();
    },
  );
});
