/** A trace opened in a workbook's traffic store, for the Traffic sheet's component tests. */
import { readFileSync } from "node:fs";
import type { JSX } from "solid-js";
import type { UiLang } from "../../../../src/ui/i18n";
import { trafficOf } from "../../../../src/ui/state/traffic";
import { renderInWorkbook } from "../../render-workbook";

/** fixtures/traces/teams.jsonl: 6 requests of two teams and two models, one failed. */
export const TEAMS_JSONL = readFileSync("fixtures/traces/teams.jsonl", "utf8");

/** Render `view` in a workbook over the seed whose traffic store has `text` open as `name`. */
export async function renderWithTrace(
  view: () => JSX.Element,
  opts: { lang?: UiLang; name?: string; text?: string } = {},
) {
  const r = renderInWorkbook(view, opts.lang ? { lang: opts.lang } : {});
  const store = trafficOf(r.wb);
  await store.importTrace({ name: opts.name ?? "teams.jsonl", text: opts.text ?? TEAMS_JSONL });
  return { ...r, store, traffic: store.traffic };
}
