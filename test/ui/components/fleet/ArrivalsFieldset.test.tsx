import { fireEvent, screen } from "@solidjs/testing-library";
import { createStore } from "solid-js/store";
import { describe, expect, it } from "vitest";
import { ArrivalsFieldset } from "../../../../src/ui/components/fleet/ArrivalsFieldset";
import type { FleetForm } from "../../../../src/ui/components/fleet/fleet-run-form";
import { renderInWorkbook } from "../../render-workbook";

function fieldset(lang: "en" | "zh" = "en") {
  const start = { rps: "", requests: "100", seed: "1", rateScale: "1", traceFile: null };
  const [form, setForm] = createStore<FleetForm>({ source: "poisson", ...start });
  renderInWorkbook(
    () => <ArrivalsFieldset form={form} peakRps={50} set={(k, v) => setForm(k, v as never)} />,
    { lang },
  );
  return form;
}

describe("ArrivalsFieldset", () => {
  it.each([
    ["en", "Arrivals"],
    ["zh", "到达"],
  ] as const)("offers Poisson at the plan's peak rate by default (%s)", (lang, legend) => {
    fieldset(lang);
    expect(document.querySelector("legend")!.textContent).toContain(legend);
    expect((screen.getByTestId("fleet-rps") as HTMLInputElement).placeholder).toBe("50");
    expect((screen.getByTestId("fleet-poisson") as HTMLInputElement).checked).toBe(true);
  });

  it("a picked trace file is named and replayed instead", () => {
    const form = fieldset();
    const input = screen.getByTestId("fleet-trace-file") as HTMLInputElement;
    Object.defineProperty(input, "files", {
      value: [new File(["x"], "conv.csv")],
      configurable: true,
    });
    fireEvent.change(input);
    const named = screen.getByTestId("fleet-trace-name").textContent;
    expect([form.source, named]).toEqual(["trace", "conv.csv"]);
    fireEvent.input(screen.getByTestId("fleet-rate-scale"), { target: { value: "2" } });
    expect(form.rateScale).toBe("2");
  });
});
