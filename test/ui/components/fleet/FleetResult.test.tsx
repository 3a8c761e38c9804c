import { screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { FleetError, FleetResult } from "../../../../src/ui/components/fleet/FleetResult";
import { runFleetJob } from "../../../../src/ui/state/fleet-run";
import { renderInWorkbook } from "../../render-workbook";
import { fixed, job } from "../../state/fleet-job";

/** A run of the simulate fixture's H100 at its formula's replicas: 500 Poisson requests at 5 req/s. */
async function outcome() {
  const input = fixed(1000);
  const out = await runFleetJob(
    job({ kind: "poisson", rps: 5, requests: 500, input, output: fixed(200) }),
  );
  if (!out.ok) throw new Error("run failed");
  return out;
}

describe("FleetResult", () => {
  it.each([
    ["en", "Replicas by the formula"],
    ["zh", "公式计算的副本数"],
  ] as const)(
    "heads the run with the formula's replicas and what was simulated (%s)",
    async (lang, label) => {
      const out = await outcome();
      renderInWorkbook(() => <FleetResult outcome={out} />, { lang });
      const formula = screen.getByTestId("fleet-formula");
      expect(formula.previousElementSibling!.textContent).toBe(label);
      expect(formula.textContent).toBe(String(out.answer.formulaReplicas));
      expect(screen.getByTestId("fleet-basis").textContent).toContain("H100");
      const rows = screen.getByTestId("fleet-series").querySelectorAll("tbody tr");
      expect(rows).toHaveLength(out.rows.length);
    },
  );
});

describe("FleetError", () => {
  it("lists the problem and the trace's issues, by file and line", () => {
    const issues = [{ file: "t.csv", line: 2, code: "x", message: "no timestamp" }];
    renderInWorkbook(() => <FleetError outcome={{ ok: false, issues }} />);
    expect(screen.getByTestId("fleet-error").textContent).toBe("t.csv:2: no timestamp");
  });
});
