import { fireEvent, screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { fleetSetup } from "../../../../src/engine/fleet/fleet-plan";
import { FleetRunForm } from "../../../../src/ui/components/fleet/FleetRunForm";
import { useWorkbook } from "../../../../src/ui/state/context";
import { renderInWorkbook } from "../../render-workbook";
import { addH100Sweep } from "../sweep/sweep-plan";

function Form() {
  const wb = useWorkbook();
  const i = addH100Sweep(wb);
  const r = wb.computed().result;
  return (
    <FleetRunForm
      candidates={[r.skus[i]!.name]}
      sku={r.skus[i]!.name}
      onPick={() => {}}
      setup={fleetSetup(r, r.skus[i]!)}
    />
  );
}

describe("FleetRunForm", () => {
  it.each([
    ["en", "fleet-seed", "x", "The seed must be a whole number."],
    ["en", "fleet-rps", "-1", "The rate must be a number > 0 requests per second."],
    ["zh", "fleet-requests", "0", "请求数必须是 1 到 5,000,000 的整数。"],
  ] as const)("refuses a bad field before running (%s, %s = %s)", (lang, id, value, error) => {
    renderInWorkbook(() => <Form />, { lang });
    fireEvent.input(screen.getByTestId(id), { target: { value } });
    fireEvent.click(screen.getByTestId("fleet-run"));
    expect(screen.getByTestId("fleet-form-error").textContent).toBe(error);
  });

  it("shows why a SKU cannot be simulated", () => {
    const problem = { code: "fleet.noSlots", severity: "error", params: {} } as never;
    renderInWorkbook(() => (
      <FleetRunForm candidates={["A"]} sku="A" onPick={() => {}} setup={{ ok: false, problem }} />
    ));
    expect(screen.getByTestId("fleet-setup-error").textContent).not.toBe("");
  });
});
