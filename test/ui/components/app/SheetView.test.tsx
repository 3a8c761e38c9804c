import { fireEvent, render, screen } from "@solidjs/testing-library";
import { createSignal } from "solid-js";
import { beforeAll, describe, expect, it } from "vitest";
import { SheetView } from "../../../../src/ui/components/app/SheetView";
import { startFormulaEngine } from "../../../../src/ui/state/formula-engine";
import { setLang } from "../../../../src/ui/state/i18n";
import "../../render-workbook";

beforeAll(() => startFormulaEngine());

describe("SheetView", () => {
  it("draws the sheet in the tab panel of its tab, under a level-2 heading of its title", () => {
    render(() => <SheetView id="report" title="Report" component={() => <p>hello</p>} />);
    const panel = screen.getByRole("tabpanel");
    expect([
      panel.getAttribute("aria-labelledby"),
      panel.querySelector("h2.visually-hidden")?.textContent,
      panel.querySelector("p")?.textContent,
    ]).toEqual(["sheet-tab-report", "Report", "hello"]);
  });

  it.each([
    ["en", "This sheet could not be shown", "Try again"],
    ["zh", "此工作表无法显示", "重试"],
  ] as const)(
    "a sheet that fails to draw shows why and Try again, never a blank page (%s)",
    (lang, title, again) => {
      setLang(lang);
      const [broken, setBroken] = createSignal(true);
      const Sheet = () => {
        if (broken()) throw new Error("no such row");
        return <p>fixed</p>;
      };
      render(() => <SheetView id="teams" title="Teams" component={Sheet} />);
      const alert = screen.getByTestId("error-boundary");
      expect([
        alert.querySelector("h2")!.textContent,
        alert.querySelector("pre")!.textContent,
      ]).toEqual([title, "no such row"]);
      setBroken(false);
      fireEvent.click(screen.getByRole("button", { name: again }));
      expect(screen.getByRole("tabpanel").querySelector("p")!.textContent).toBe("fixed");
    },
  );
});
