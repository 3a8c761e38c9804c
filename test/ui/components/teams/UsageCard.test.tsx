import { fireEvent, screen, waitFor } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { UsageCard } from "../../../../src/ui/components/teams/UsageCard";
import { renderInWorkbook } from "../../render-workbook";

function pick(text: string, name = "usage.csv") {
  const input = screen.getByTestId("usage-input") as HTMLInputElement;
  Object.defineProperty(input, "files", { value: [new File([text], name)], configurable: true });
  fireEvent.change(input);
}

describe("UsageCard", () => {
  it("lists the seed's two teams; selecting a row names it on the remove button, which removes it", () => {
    const { wb } = renderInWorkbook(() => <UsageCard />);
    expect(screen.getByRole("grid").getAttribute("aria-label")).toBe("Daily usage per team");
    const remove = screen.getByTestId("remove-usage");
    expect(remove.textContent).toBe("− Row 1");
    fireEvent.mouseDown(screen.getByTestId("usage:1:team"));
    fireEvent.mouseUp(screen.getByTestId("usage:1:team"));
    expect(remove.textContent).toBe("− Row 2");
    fireEvent.click(remove);
    expect(wb.plan.tenants!.usage!.map((u) => u.team)).toEqual(["search"]);
  });

  it.each([
    [
      "en",
      "Imported 1 team row(s) from usage.csv (replacing the table; Undo brings the old rows back)",
    ],
    ["zh", "已从usage.csv导入 1 行团队用量（替换了原表；撤销可恢复原来的行）"],
  ] as const)("imports a usage CSV, replacing the table, and says so (%s)", async (lang, text) => {
    const { wb } = renderInWorkbook(() => <UsageCard />, { lang });
    pick("team,pool,input_tokens,output_tokens\nads,70b,5,6\n");
    const ok = await waitFor(() => screen.getByTestId("usage-import-ok"));
    expect(ok.querySelector(".ok")!.textContent).toBe(text);
    expect(wb.plan.tenants!.usage).toEqual([
      { team: "ads", pool: "70b", inputTokens: 5, outputTokens: 6 },
    ]);
  });

  it("a file that is no usage table changes nothing and says why", async () => {
    const { wb } = renderInWorkbook(() => <UsageCard />);
    pick("hello\n");
    const bad = await waitFor(() => screen.getByTestId("usage-import-error"));
    expect(bad.textContent).toContain("Usage import failed: nothing was changed");
    expect(wb.plan.tenants!.usage).toHaveLength(2);
  });
});
