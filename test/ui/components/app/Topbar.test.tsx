import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { Topbar, type TopbarActions } from "../../../../src/ui/components/app/Topbar";
import { lang } from "../../../../src/ui/state/i18n";
import { renderInWorkbook } from "../../render-workbook";

function bar() {
  const told: string[] = [];
  const actions: TopbarActions = {
    examples: ["seed", "multi-sku"],
    newPlan: () => told.push("new"),
    openExample: (n) => told.push(`example ${n}`),
    openFile: (f) => told.push(`open ${f.name}`),
    save: () => told.push("save"),
    shareLink: () => told.push("share"),
    recentOpen: false,
    toggleRecent: () => told.push("recent"),
  };
  return { told, ...renderInWorkbook(() => <Topbar actions={actions} />) };
}

describe("Topbar", () => {
  it("edits the title, and undo brings the old one back", () => {
    const { wb } = bar();
    const undo = screen.getByTestId("btn-undo") as HTMLButtonElement;
    expect(undo.disabled).toBe(true);
    fireEvent.change(screen.getByTestId("title-input"), { target: { value: "Q3 plan" } });
    expect(wb.plan.title).toBe("Q3 plan");
    fireEvent.click(undo);
    expect(wb.plan.title).toBe("Seed worked example: 70B chat service, TP=4");
    expect((screen.getByTestId("btn-redo") as HTMLButtonElement).disabled).toBe(false);
  });

  it("hands each button to its action; the example menu shows its label again after a pick", () => {
    const { told } = bar();
    for (const id of ["btn-new", "btn-save", "btn-share", "btn-recent"])
      fireEvent.click(screen.getByTestId(id));
    const menu = screen.getByTestId("example-select") as HTMLSelectElement;
    fireEvent.change(menu, { target: { value: "multi-sku" } });
    expect(told).toEqual(["new", "save", "share", "recent", "example multi-sku"]);
    expect(menu.value).toBe("");
  });

  it("switches the language, and names the other one on the button", () => {
    bar();
    const toggle = screen.getByTestId("lang-toggle");
    expect(toggle.textContent).toBe("中文");
    fireEvent.click(toggle);
    const newPlan = screen.getByTestId("btn-new").textContent;
    expect([lang(), toggle.textContent, newPlan]).toEqual(["zh", "EN", "新建计划"]);
  });
});
