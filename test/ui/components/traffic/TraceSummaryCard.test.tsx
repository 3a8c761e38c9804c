import { fireEvent, screen, waitFor } from "@solidjs/testing-library";
import { Show } from "solid-js";
import { describe, expect, it } from "vitest";
import { TraceSummaryCard } from "../../../../src/ui/components/traffic/TraceSummaryCard";
import { useTraffic } from "../../../../src/ui/state/traffic";
import { renderWithTrace } from "./open-trace";

function Card() {
  const { traffic } = useTraffic();
  return <Show when={traffic.view}>{(v) => <TraceSummaryCard view={v()} />}</Show>;
}

describe("TraceSummaryCard", () => {
  it.each([
    ["en", "rows"],
    ["zh", "行"],
  ] as const)("names the file and format and counts the requests (%s)", async (lang, rows) => {
    await renderWithTrace(() => <Card />, { lang });
    expect(screen.getByTestId("traffic-file").textContent).toBe("teams.jsonl");
    expect(screen.getByTestId("traffic-format").textContent).toMatch(new RegExp(`· 6 ${rows}$`));
    expect(screen.getByTestId("traffic-requests").textContent).toBe("5");
    expect(screen.getByTestId("traffic-burst").textContent).not.toBe("");
  });

  it("rebins the trace when another bin is chosen", async () => {
    const { traffic } = await renderWithTrace(() => <Card />);
    fireEvent.change(screen.getByTestId("traffic-bin"), { target: { value: "3600" } });
    await waitFor(() => expect(traffic.view?.summary.binSec).toBe(3600));
    expect((screen.getByTestId("traffic-bin") as HTMLSelectElement).value).toBe("3600");
  });
});
