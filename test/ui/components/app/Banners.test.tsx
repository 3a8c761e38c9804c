import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import type { PlanFile } from "../../../../src/engine/base/types";
import { FileProblemsBanner, Notices, SharePanel } from "../../../../src/ui/components/app/Banners";
import { renderInWorkbook } from "../../render-workbook";

const problem = { path: "cells.peak_rps", message: "unknown name x" } as never;

describe("FileProblemsBanner", () => {
  it.each([
    ["en", null, "plan.json was not opened:", false],
    ["zh", {} as PlanFile, "plan.json 未打开：", true],
  ] as const)(
    "names the file and each problem by path; only formula errors may open anyway (%s)",
    (lang, openable, title, canOpen) => {
      const told: string[] = [];
      renderInWorkbook(
        () => (
          <FileProblemsBanner
            fp={{ file: "plan.json", problems: [problem], openable }}
            onOpenAnyway={() => told.push("open")}
            onDismiss={() => told.push("dismiss")}
          />
        ),
        { lang },
      );
      expect(screen.getByRole("alert").querySelector("strong")!.textContent).toBe(title);
      expect(screen.getByRole("alert").querySelector("code")!.textContent).toBe("cells.peak_rps");
      expect(!!screen.queryByTestId("open-anyway")).toBe(canOpen);
      if (canOpen) fireEvent.click(screen.getByTestId("open-anyway"));
      expect(told).toEqual(canOpen ? ["open"] : []);
    },
  );
});

describe("SharePanel", () => {
  it("shows the link and its length", () => {
    const sh = { url: "https://x/#p=abc", length: 1234, copied: false, problems: [] };
    renderInWorkbook(() => <SharePanel sh={sh} onDismiss={() => {}} />);
    expect((screen.getByTestId("share-url") as HTMLInputElement).value).toBe("https://x/#p=abc");
    expect(screen.getByTestId("share-panel").textContent).toContain("Share this link:");
  });
  it.each([
    [[], "share-too-long", "2,500"],
    [[problem], null, "cells.peak_rps"],
  ])("says why there is no link: too long, or cells to fill in", (problems, id, text) => {
    const sh = { url: null, length: 2500, max: 2000, copied: false, problems };
    renderInWorkbook(() => <SharePanel sh={sh} onDismiss={() => {}} />);
    const panel = screen.getByTestId("share-panel");
    expect(panel.classList.contains("bad")).toBe(true);
    expect((id ? screen.getByTestId(id) : panel).textContent).toContain(text);
  });
});

describe("Notices", () => {
  it("lists the last action's notices, texts and file issues, and dismisses them", () => {
    let dismissed = 0;
    const issue = { file: "a.csv", line: 3, code: "x", message: "bad row" };
    renderInWorkbook(() => <Notices notices={["Loaded.", issue]} onDismiss={() => dismissed++} />);
    const divs = [...screen.getByTestId("notices").querySelectorAll("div")];
    expect(divs.map((d) => d.textContent)).toEqual(["Loaded.", "a.csv:3: bad row"]);
    fireEvent.click(screen.getByRole("button"));
    expect(dismissed).toBe(1);
  });
});
