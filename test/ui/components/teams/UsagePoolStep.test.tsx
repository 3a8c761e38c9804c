import { fireEvent, screen } from "@solidjs/testing-library";
import { Show } from "solid-js";
import { describe, expect, it } from "vitest";
import { UsagePoolStep } from "../../../../src/ui/components/teams/UsagePoolStep";
import {
  createUsageImport,
  type UsageImportState,
} from "../../../../src/ui/components/teams/usage-import";
import { useWorkbook } from "../../../../src/ui/state/context";
import { renderInWorkbook } from "../../render-workbook";

const CSV =
  "date,team,model,prompt_tokens,completion_tokens\n2025-06-01,search,llama-70b,100,10\n2025-06-01,support,qwen-7b,200,20\n";

/** The seed's Teams usage, importing a file whose model column names two pools the plan lacks. */
async function step(lang: "en" | "zh" = "en") {
  let imp!: UsageImportState;
  const r = renderInWorkbook(
    () => {
      imp = createUsageImport(useWorkbook());
      return <Show when={imp.poolStep()}>{(s) => <UsagePoolStep imp={imp} step={s()} />}</Show>;
    },
    { lang },
  );
  await imp.importFile(new File([CSV], "usage.csv"));
  return { ...r, imp };
}

describe("UsagePoolStep", () => {
  it.each([
    [
      "en",
      "usage.csv names 2 pool(s) or model(s) this plan has no pool for. Map each to a pool before importing:",
    ],
    ["zh", "usage.csv中有 2 个资源池或模型在本计划中没有对应的资源池。导入前请为每个选择资源池："],
  ] as const)("asks to map each unknown name to a pool of the plan (%s)", async (lang, text) => {
    await step(lang);
    expect(screen.getByTestId("usage-pool-step").querySelector("p")!.textContent).toBe(text);
    const options = [...screen.getByTestId("usage-pool-0").querySelectorAll("option")];
    expect(options.map((o) => o.value)).toEqual(["?", "70b"]);
  });

  it("imports only once every name has a pool, with the rows renamed", async () => {
    const { wb } = await step();
    const apply = screen.getByTestId("usage-pool-apply") as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    expect(screen.getByText("choose a pool for 2 more")).toBeTruthy();
    fireEvent.change(screen.getByTestId("usage-pool-0"), { target: { value: "70b" } });
    fireEvent.change(screen.getByTestId("usage-pool-1"), { target: { value: "70b" } });
    fireEvent.click(apply);
    expect(screen.queryByTestId("usage-pool-step")).toBeNull();
    const rows = wb.plan.tenants!.usage!.flatMap((u) => [u.team, u.pool]);
    expect(rows).toEqual(["search", "70b", "support", "70b"]);
  });

  it("Cancel leaves the usage as it was", async () => {
    const { wb } = await step();
    fireEvent.click(screen.getByTestId("usage-pool-cancel"));
    expect(screen.queryByTestId("usage-pool-step")).toBeNull();
    expect(wb.plan.tenants!.usage!.map((u) => u.team)).toEqual(["search", "support"]);
    expect(wb.plan.tenants!.usage![0]!.inputTokens).toBe(1e7);
  });
});
