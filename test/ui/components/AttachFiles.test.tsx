import { readdirSync, readFileSync } from "node:fs";
import { fireEvent, screen, waitFor } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import { AttachFiles } from "../../../src/ui/components/AttachFiles";
import { example, renderInWorkbook } from "../render-workbook";

/** The files of a fixture folder as the folder picker gives them (`<folder>/<name>`). */
function folderFiles(dir: string): File[] {
  const folder = dir.split("/").at(-1)!;
  return readdirSync(dir).map((name) => {
    const f = new File([readFileSync(`${dir}/${name}`)], name);
    Object.defineProperty(f, "webkitRelativePath", { value: `${folder}/${name}` });
    return f;
  });
}
function pick(files: File[]) {
  const input = screen.getByTestId("attach-folder") as HTMLInputElement;
  Object.defineProperty(input, "files", { value: files, configurable: true });
  fireEvent.change(input);
}

describe("AttachFiles", () => {
  it("shows nothing when every sweep is in the plan", () => {
    renderInWorkbook(() => <AttachFiles />);
    expect(screen.queryByTestId("attach-files")).toBeNull();
  });

  it.each([
    ["en", "2"],
    ["zh", "2"],
  ] as const)("lists the sweep files a CLI plan names, by SKU (%s)", (lang, n) => {
    renderInWorkbook(() => <AttachFiles />, { plan: example("multi-sku"), lang });
    const banner = screen.getByTestId("attach-files");
    expect(banner.querySelector("strong")!.textContent).toContain(n);
    expect([...banner.querySelectorAll("code")].map((c) => c.textContent)).toEqual([
      "../../fixtures/vllm/concurrency-sweep-h100/",
      "../../fixtures/genai-perf/sweep-l40s/",
    ]);
  });

  it("a picked folder fills its sweep in, one step; files that match nothing are named", async () => {
    const { wb } = renderInWorkbook(() => <AttachFiles />, { plan: example("multi-sku") });
    pick([new File(["{}"], "notes.json")]);
    const problems = await waitFor(() => screen.getByTestId("attach-problems"));
    expect(problems.textContent).toContain("notes.json");
    pick(folderFiles("fixtures/vllm/concurrency-sweep-h100"));
    await waitFor(() => expect(wb.plan.skus[0]!.sweep!.points).toHaveLength(4));
    const left = screen.getAllByRole("listitem").map((l) => l.querySelector("code")?.textContent);
    expect(left).toContain("../../fixtures/genai-perf/sweep-l40s/");
    wb.undo();
    expect(wb.plan.skus[0]!.sweep!.points).toBeUndefined();
  });
});
