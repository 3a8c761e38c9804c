import { fireEvent, screen, waitFor } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { TraceImportPanel } from "../../../../src/ui/components/traffic/TraceImportPanel";
import { trafficOf } from "../../../../src/ui/state/traffic";
import { renderInWorkbook } from "../../render-workbook";
import { TEAMS_JSONL } from "./open-trace";

function pick(text: string, name: string) {
  const input = screen.getByTestId("traffic-file-input") as HTMLInputElement;
  Object.defineProperty(input, "files", { value: [new File([text], name)], configurable: true });
  fireEvent.change(input);
}

describe("TraceImportPanel", () => {
  it.each([
    ["en", "The trace could not be read: nothing changed"],
    ["zh", "无法读取该 trace：没有任何改动"],
  ] as const)("says why a picked file is no trace, naming it (%s)", async (lang, text) => {
    renderInWorkbook(() => <TraceImportPanel />, { lang });
    pick("a,b\n1,2\n", "bad.csv");
    const errors = await waitFor(() => screen.getByTestId("traffic-errors"));
    expect(errors.querySelector(".bad")!.textContent).toBe(text);
    expect(errors.querySelector("li")!.textContent).toMatch(/^bad\.csv/);
  });

  it("opens a picked trace, and Clear closes it", async () => {
    const { wb } = renderInWorkbook(() => <TraceImportPanel />);
    expect(screen.queryByTestId("traffic-clear")).toBeNull();
    pick(TEAMS_JSONL, "teams.jsonl");
    fireEvent.click(await waitFor(() => screen.getByTestId("traffic-clear")));
    expect(trafficOf(wb).traffic.view).toBeNull();
    expect(screen.queryByTestId("traffic-clear")).toBeNull();
  });
});
