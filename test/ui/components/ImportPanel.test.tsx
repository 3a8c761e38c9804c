import { fireEvent, screen } from "@solidjs/testing-library";
import { createStore } from "solid-js/store";
import { describe, expect, it } from "vitest";
import type { Field } from "../../../src/import/aliases";
import { ImportPanel } from "../../../src/ui/components/ImportPanel";
import type { ImportJob, Imports } from "../../../src/ui/state/imports";
import { renderInWorkbook } from "../render-workbook";

const job = (over: Partial<ImportJob>): ImportJob => ({
  id: 1,
  files: ["run.csv"],
  status: "ok",
  progress: null,
  errors: [],
  dropped: [],
  warnings: [],
  added: [],
  mapping: [],
  columns: [],
  ...over,
});
const conc: Field = { kind: "load", key: "concurrency" };
const rate: Field = { kind: "load", key: "requestRate" };

/** Imports over a store of jobs, recording the calls the panel makes. */
function fakeImports(jobs: ImportJob[]) {
  const calls: unknown[] = [];
  const [store, setStore] = createStore({ jobs });
  const imports: Imports = {
    get jobs() {
      return store.jobs;
    },
    importFiles: async (fs) => void calls.push(["files", fs.map((f) => f.name)]),
    importDrop: async () => void calls.push(["drop"]),
    importText: async (text) => void calls.push(["text", text]),
    resolveMapping: async (id, choice) => void calls.push(["map", id, [...choice]]),
    dismiss: (id) => setStore("jobs", (js) => js.filter((j) => j.id !== id)),
  };
  return { imports, calls };
}
const panel = (jobs: ImportJob[], lang: "en" | "zh" = "en") => {
  const f = fakeImports(jobs);
  renderInWorkbook(() => <ImportPanel imports={f.imports} skuName={(i) => `SKU ${i}`} />, { lang });
  return f;
};

describe("ImportPanel", () => {
  it("imports pasted text once there is some, then closes the box", () => {
    const { calls } = panel([]);
    fireEvent.click(screen.getByTestId("btn-paste"));
    const go = screen.getByTestId("paste-import") as HTMLButtonElement;
    expect(go.disabled).toBe(true);
    fireEvent.input(screen.getByTestId("paste-area"), { target: { value: "a,b\n1,2" } });
    expect(go.disabled).toBe(false);
    fireEvent.click(go);
    expect(calls).toEqual([["text", "a,b\n1,2"]]);
    expect(screen.queryByTestId("paste-area")).toBeNull();
  });

  it.each([
    ["en", "Imported → SKU 0, SKU 2", "Import failed: nothing was changed"],
    ["zh", "已导入 → SKU 0, SKU 2", "导入失败：工作簿没有任何改动"],
  ] as const)(
    "says what each import added or why it failed, with file and line (%s)",
    (lang, ok, failed) => {
      const error = { file: "bad.csv", line: 3, column: 7, code: "x", message: "not a number" };
      panel(
        [
          job({ added: [0, 2] }),
          job({ id: 2, files: ["a", "b"], status: "error", errors: [error] }),
        ],
        lang,
      );
      expect(screen.getByTestId("import-ok").textContent).toBe(ok);
      const [first, second] = screen.getAllByTestId("import-job");
      expect(second!.textContent).toContain(failed);
      expect(second!.querySelector(".job-files")!.textContent).toBe(
        lang === "en" ? "2 files" : "2 个文件",
      );
      expect(screen.getByTestId("import-error").textContent).toBe("bad.csv:3:7: not a number");
      fireEvent.click(first!.querySelector("button.link")!);
      expect(screen.getAllByTestId("import-job")).toHaveLength(1);
    },
  );

  it("shows reading progress up to 90 % and parsing as indeterminate", () => {
    panel([
      job({ status: "reading", progress: { done: 50, total: 100 } as ImportJob["progress"] }),
      job({ id: 2, status: "parsing" }),
    ]);
    const bars = screen.getAllByRole("progressbar");
    expect(bars.map((b) => [b.getAttribute("aria-valuenow"), b.dataset.phase])).toEqual([
      ["45", "read"],
      ["90", "parse"],
    ]);
  });

  it("asks for the meaning of each ambiguous column before importing, and applies the choice", () => {
    const candidates = (...fields: Field[]) => fields.map((field) => ({ field, label: "" }));
    const mapping = [
      { index: 0, column: "load", candidates: candidates(conc, rate) },
      { index: 1, column: "extra", candidates: candidates(conc) },
    ];
    const { calls } = panel([job({ status: "mapping", mapping })]);
    const apply = screen.getByTestId("mapping-apply") as HTMLButtonElement;
    expect([apply.disabled, screen.getByTestId("mapping-pending").textContent]).toEqual([
      true,
      "choose a meaning (or ignore) for 2 column(s) first",
    ]);
    fireEvent.change(screen.getByTestId("map-0"), { target: { value: "1" } });
    fireEvent.change(screen.getByTestId("map-1"), { target: { value: "" } });
    expect(apply.disabled).toBe(false);
    fireEvent.click(apply);
    // Column 0 read as the request rate, column 1 ignored.
    const choice = [
      [0, rate],
      [1, null],
    ];
    expect(calls).toEqual([["map", 1, choice]]);
  });
});
