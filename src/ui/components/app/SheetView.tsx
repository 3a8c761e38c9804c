/**
 * The sheet area: the current sheet inside an error boundary (a rendering failure shows a message
 * and "Try again", never a blank page, and the plan, kept outside, is not lost), once the formula
 * engine is in; while it loads, "Loading…", and if it fails, why, with "Try again".
 */
import { type Component, ErrorBoundary, type JSX, Show, Suspense } from "solid-js";
import { Dynamic } from "solid-js/web";
import {
  formulaEngineFailure,
  formulasReady,
  startFormulaEngine,
} from "../../state/formula-engine";
import { t } from "../../state/i18n";
import { SHEET_PANEL, tabId } from "../SheetTabs";

/** "Loading…" in the sheet area. */
function SheetLoading(): JSX.Element {
  return (
    <p class="muted" data-testid="sheet-loading">
      {t("loading")}
    </p>
  );
}

/**
 * The sheet `id`, drawn by `component`, under a heading of its `title` (the tab's name). The
 * heading is for screen readers' heading list: the sheets' sections are `<h3>`, and without a
 * level 2 between them and the app's `<h1>` the outline skips a level (axe's heading-order). The
 * tab above already shows the name, so the heading is not drawn.
 */
export function SheetView(props: { id: string; title: string; component: Component }): JSX.Element {
  return (
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
        <Show
          when={formulasReady()}
          fallback={
            <Show when={formulaEngineFailure()} fallback={<SheetLoading />}>
              {(why) => (
                <div class="banner bad" role="alert" data-testid="boot-failed">
                  <span>{t("bootFailed", { reason: why() })}</span>
                  <button onClick={() => void startFormulaEngine()}>{t("tryAgain")}</button>
                </div>
              )}
            </Show>
          }
        >
          <Suspense fallback={<SheetLoading />}>
            <div role="tabpanel" id={SHEET_PANEL} aria-labelledby={tabId(props.id)}>
              <h2 class="visually-hidden">{props.title}</h2>
              <Dynamic component={props.component} />
            </div>
          </Suspense>
        </Show>
      </ErrorBoundary>
    </main>
  );
}
