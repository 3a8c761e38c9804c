import { screen } from "@solidjs/testing-library";
import { Show } from "solid-js";
import { describe, expect, it } from "vitest";
import { TraceCharts } from "../../../../src/ui/components/traffic/TraceCharts";
import { useTraffic } from "../../../../src/ui/state/traffic";
import { renderWithTrace } from "./open-trace";

function Charts() {
  const { traffic } = useTraffic();
  return <Show when={traffic.view}>{(v) => <TraceCharts summary={v().summary} />}</Show>;
}

describe("TraceCharts", () => {
  it.each([
    ["en", "Arrival rate per 60-s bin (req/s)", "Request lengths (tokens)"],
    ["zh", "每 60 秒分箱的到达速率（请求/秒）", "请求长度（tokens）"],
  ] as const)("draws the rate over time and the length table (%s)", async (lang, rate, lengths) => {
    await renderWithTrace(() => <Charts />, { lang });
    const labels = [...document.querySelectorAll("canvas")].map((c) =>
      c.getAttribute("aria-label"),
    );
    expect(labels[0]).toBe(rate);
    expect(screen.getByRole("heading").textContent).toBe(lengths);
  });
});
