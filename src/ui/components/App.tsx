/**
 * The app shell: top bar (title cell, New plan, Load example, Open/Save, language), sheet tabs
 * (Benchmarks, Assumptions, GPU comparison), and a status bar (error count, recommendation).
 * The store lives outside the error boundary, so a rendering failure never loses the plan.
 */
import { createSignal, ErrorBoundary, For, Match, onMount, Show, Switch, type JSX } from "solid-js";
import { parsePlanText, serializePlan, validatePlan } from "../../engine/plan-file";
import { fmtMoney } from "../../report/plan-output";
import { WorkbookContext } from "../state/context";
import { DEFAULT_EXAMPLE, exampleNames, inlinePlanFiles, loadExample } from "../state/examples";
import { lang, setLang, t } from "../state/i18n";
import { emptyPlan } from "../state/plan-edit";
import { createWorkbook } from "../state/workbook";
import { AssumptionsSheet } from "./AssumptionsSheet";
import { BenchmarksSheet } from "./BenchmarksSheet";
import { ComparisonSheet } from "./ComparisonSheet";

type SheetId = "benchmarks" | "assumptions" | "comparison";

/** The workbook application. */
export function App(): JSX.Element {
  const wb = createWorkbook(emptyPlan(t("untitled")));
  const [sheet, setSheet] = createSignal<SheetId>("benchmarks");
  const [loading, setLoading] = createSignal(true);
  const [notices, setNotices] = createSignal<string[]>([]);
  const examples = exampleNames();

  const openExample = async (name: string) => {
    setLoading(true);
    const r = await loadExample(name);
    if (r.ok) wb.load(r.plan);
    setNotices(r.problems);
    setLoading(false);
  };
  onMount(() => void openExample(examples.includes(DEFAULT_EXAMPLE) ? DEFAULT_EXAMPLE : examples[0] ?? "seed"));

  const openFile = async (f: File) => {
    const parsed = parsePlanText(await f.text(), f.name);
    const v = parsed.ok ? validatePlan(parsed.value) : parsed;
    if (!v.ok) return setNotices(v.errors.map((e) => `${f.name}${e.path ? ` ${e.path}` : ""}: ${e.message}`));
    const { plan, problems } = await inlinePlanFiles(v.plan, "/models/examples");
    wb.load(plan);
    setNotices(problems);
  };
  const save = () => {
    const blob = new Blob([serializePlan(wb.snapshot())], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `${(wb.plan.title ?? "plan").replace(/[^\w.-]+/g, "-").toLowerCase()}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  const result = () => wb.computed().result;
  const errorCount = () => result().errors.length;
  const rec = () => result().skus.find((s) => s.name === result().cheapest) ?? null;
  const tabs: { id: SheetId; key: "sheetBenchmarks" | "sheetAssumptions" | "sheetComparison" }[] = [
    { id: "benchmarks", key: "sheetBenchmarks" },
    { id: "assumptions", key: "sheetAssumptions" },
    { id: "comparison", key: "sheetComparison" },
  ];

  return (
    <WorkbookContext.Provider value={wb}>
      <div class="app" data-testid="app" data-loading={loading() ? "true" : "false"}>
        <header class="topbar">
          <span class="brand" aria-hidden="true">capplan</span>
          <input
            class="title-cell"
            data-testid="title-input"
            aria-label={t("planTitle")}
            value={wb.plan.title ?? ""}
            onChange={(e) => wb.setText("title", e.currentTarget.value)}
          />
          <div class="actions">
            <button data-testid="btn-new" onClick={() => wb.load(emptyPlan(t("untitled")))}>{t("newPlan")}</button>
            <select data-testid="example-select" aria-label={t("loadExample")} onChange={(e) => void openExample(e.currentTarget.value)} value="">
              <option value="" disabled>{t("loadExample")}</option>
              <For each={examples}>{(n) => <option value={n}>{n}</option>}</For>
            </select>
            <label class="btn">
              {t("openPlan")}
              <input type="file" accept=".json,application/json" hidden data-testid="plan-input" onChange={(e) => e.currentTarget.files?.[0] && void openFile(e.currentTarget.files[0])} />
            </label>
            <button data-testid="btn-save" onClick={save}>{t("savePlan")}</button>
            <button class="lang" data-testid="lang-toggle" onClick={() => setLang(lang() === "en" ? "zh" : "en")} title={t("language")}>
              {lang() === "en" ? "中文" : "EN"}
            </button>
          </div>
        </header>
        <nav class="tabs" role="tablist">
          <For each={tabs}>
            {(tab) => (
              <button role="tab" aria-selected={sheet() === tab.id} data-testid={`tab-${tab.id}`} classList={{ active: sheet() === tab.id }} onClick={() => setSheet(tab.id)}>
                {t(tab.key)}
              </button>
            )}
          </For>
          <Show when={loading()}>
            <span class="loading" data-testid="loading">{t("loading")}</span>
          </Show>
        </nav>
        <Show when={notices().length}>
          <div class="notices" data-testid="notices">
            <For each={notices()}>{(n) => <div>{n}</div>}</For>
            <button class="link" onClick={() => setNotices([])}>{t("dismiss")}</button>
          </div>
        </Show>
        <main class="sheet">
          <ErrorBoundary
            fallback={(err, reset) => (
              <div class="crash" role="alert" data-testid="error-boundary">
                <h2>{t("crashTitle")}</h2>
                <p>{t("crashBody")}</p>
                <pre>{err instanceof Error ? err.message : String(err)}</pre>
                <button onClick={reset}>{t("tryAgain")}</button>
              </div>
            )}
          >
            <Switch>
              <Match when={sheet() === "benchmarks"}>
                <BenchmarksSheet />
              </Match>
              <Match when={sheet() === "assumptions"}>
                <AssumptionsSheet />
              </Match>
              <Match when={sheet() === "comparison"}>
                <ComparisonSheet />
              </Match>
            </Switch>
          </ErrorBoundary>
        </main>
        <footer class="statusbar">
          <span data-testid="status-errors" classList={{ bad: errorCount() > 0 }}>
            {errorCount() === 0 ? t("noErrors") : t("errorCount", { n: errorCount() })}
          </span>
          <span class="sep" />
          <span data-testid="status-recommendation" class="rec-status">
            <Show when={rec()} fallback={t("noFeasible")}>
              {(s) => t("recommendation", { name: s().name, month: fmtMoney(s().costPerMonth, result().currency, lang()), replicas: s().replicas ?? "—", gpus: s().gpus ?? "—" })}
            </Show>
          </span>
        </footer>
      </div>
    </WorkbookContext.Provider>
  );
}
