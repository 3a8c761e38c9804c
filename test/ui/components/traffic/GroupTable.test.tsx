import { screen } from "@solidjs/testing-library";
import { Show } from "solid-js";
import { describe, expect, it } from "vitest";
import { GroupTable } from "../../../../src/ui/components/traffic/GroupTable";
import { useTraffic } from "../../../../src/ui/state/traffic";
import { renderWithTrace } from "./open-trace";

function Teams() {
  const { traffic } = useTraffic();
  return (
    <Show when={traffic.view}>
      {(v) => <GroupTable title="Per team" groups={v().summary.teams!} testId="g" />}
    </Show>
  );
}

describe("GroupTable", () => {
  it("has a row per team: its requests and share of them", async () => {
    await renderWithTrace(() => <Teams />);
    expect(screen.getByRole("heading").textContent).toBe("Per team");
    const table = screen.getByTestId("g");
    const rows = [...table.querySelectorAll("tbody tr")].map((r) =>
      [...r.children].slice(0, 3).map((c) => c.textContent),
    );
    // search 3 of the 5 requests that did not fail, support 2.
    expect(rows).toEqual([
      ["search", "3", "60 %"],
      ["support", "2", "40 %"],
    ]);
  });
});
