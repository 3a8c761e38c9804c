import { readFileSync } from "node:fs";
import { fireEvent, screen, waitFor } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { PlanVsActual } from "../../../../src/ui/components/allocation/PlanVsActual";
import { renderInWorkbook } from "../../render-workbook";

function pick(text: string, name: string) {
  const input = screen.getByTestId("focus-input") as HTMLInputElement;
  Object.defineProperty(input, "files", { value: [new File([text], name)], configurable: true });
  fireEvent.change(input);
}

describe("PlanVsActual", () => {
  it("compares a FOCUS bill with the seed's plan: its period, charges and a grid ending in the total", async () => {
    renderInWorkbook(() => <PlanVsActual />);
    pick(readFileSync("fixtures/focus/cloud-bill-focus-1.0.csv", "utf8"), "bill.csv");
    const result = await waitFor(() => screen.getByTestId("pva-result"));
    expect(result.querySelector("p")!.textContent).toMatch(/^bill\.csv: 2025-06-01 to /);
    const heads = screen.getAllByRole("rowheader").map((h) => h.textContent);
    expect(heads.at(-1)).toMatch(/total/i);
    expect(screen.getByTestId("pva-unattributed").textContent).toContain("¥");
  });

  it("says why a file is no FOCUS bill, naming the file", async () => {
    renderInWorkbook(() => <PlanVsActual />);
    pick("a,b\n1,2\n", "notes.csv");
    const err = await waitFor(() => screen.getByTestId("pva-error"));
    expect(err.querySelector(".bad")!.textContent).toMatch(/: notes\.csv$/);
    expect(err.querySelectorAll("li").length).toBeGreaterThan(0);
  });
});
