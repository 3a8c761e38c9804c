import { fireEvent, screen } from "@solidjs/testing-library";
import { Show } from "solid-js";
import { describe, expect, it } from "vitest";
import { PlanActions } from "../../../../src/ui/components/traffic/PlanActions";
import { useTraffic } from "../../../../src/ui/state/traffic";
import { renderWithTrace } from "./open-trace";

function Actions() {
  const { traffic } = useTraffic();
  return <Show when={traffic.view}>{(v) => <PlanActions view={v()} />}</Show>;
}

describe("PlanActions", () => {
  it("makes a workload from the trace and says what it added", async () => {
    const { wb } = await renderWithTrace(() => <Actions />);
    fireEvent.click(screen.getByTestId("traffic-make-workload"));
    expect(wb.plan.workloads).toHaveLength(2);
    const note = screen.getByTestId("traffic-action-note");
    expect(note.textContent).toMatch(/^Workload “.+” added: peak [\d.]+ req\/s/);
    expect(note.classList.contains("ok")).toBe(true);
  });

  it.each([
    ["en", /^2 team usage row\(s\) written/],
    ["zh", /^已写入 2 行团队用量/],
  ] as const)("fills team usage from the team column (%s)", async (lang, text) => {
    const { wb } = await renderWithTrace(() => <Actions />, { lang });
    fireEvent.click(screen.getByTestId("traffic-fill-usage"));
    expect(wb.plan.tenants!.usage!.map((u) => u.team).sort()).toEqual(["search", "support"]);
    expect(screen.getByTestId("traffic-action-note").textContent).toMatch(text);
  });

  it("cannot fill usage from a trace without a team column", async () => {
    const csv =
      "timestamp,input_tokens,output_tokens\n2025-03-03T09:00:00Z,10,5\n2025-03-03T09:00:01Z,10,5\n";
    await renderWithTrace(() => <Actions />, { name: "t.csv", text: csv });
    const fill = screen.getByTestId("traffic-fill-usage") as HTMLButtonElement;
    expect([fill.disabled, fill.title]).toEqual([true, "The trace has no team column."]);
  });
});
