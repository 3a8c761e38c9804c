/**
 * Renders a view the way the app does: inside a workbook (`WorkbookContext`) over a plan, with the
 * UI language set. Shared by the component tests under test/ui/components.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { cleanup, render } from "@solidjs/testing-library";
import { afterEach } from "vitest";
import type { JSX } from "solid-js";
import type { PlanFile, Sweep } from "../../src/engine/base/types";
import { importFiles } from "../../src/import/index";
import type { UiLang } from "../../src/ui/i18n";
import { WorkbookContext } from "../../src/ui/state/context";
import { setLang } from "../../src/ui/state/i18n";
import { createWorkbook, type Workbook } from "../../src/ui/state/workbook";

// Each test starts on an empty page (testing-library cleans up itself only with Vitest globals).
afterEach(cleanup);

/** A fresh copy of an example plan of models/examples (default: the seed worked example). */
export const example = (name = "seed"): PlanFile =>
  JSON.parse(readFileSync(`models/examples/${name}.json`, "utf8")) as PlanFile;

/** Render `view` in a workbook over `plan` (default: the seed) in `lang` (default: English). */
export function renderInWorkbook(
  view: () => JSX.Element,
  opts: { plan?: PlanFile; lang?: UiLang } = {},
) {
  setLang(opts.lang ?? "en");
  let wb!: Workbook;
  const r = render(() => {
    wb = createWorkbook(opts.plan ?? example());
    return <WorkbookContext.Provider value={wb}>{view()}</WorkbookContext.Provider>;
  });
  return { ...r, wb };
}

/** The sweeps the importer reads from a folder of fixtures/ (e.g. `vllm/repeats-h100/run1`). */
export function fixtureSweeps(folder: string): Sweep[] {
  const dir = join("fixtures", folder);
  const files = readdirSync(dir).filter((f) => !/README|\.source\.txt$/.test(f));
  const r = importFiles(
    files.map((name) => ({ name, text: readFileSync(join(dir, name), "utf8") })),
  );
  if (!r.ok) throw new Error(`fixtures/${folder}: ${r.errors[0]?.message}`);
  return r.sweeps;
}
