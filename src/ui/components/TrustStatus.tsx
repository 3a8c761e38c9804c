/**
 * The trust parts of the status bar and the recommendation banner, both read from the ONE trust
 * state of the workbook (`wb.trust()`, src/ui/state/trust.ts, docs/trust.md): green only when
 * every number is checked; otherwise they say what, and each item of the list goes to its cell.
 */
import {
  createEffect,
  createSignal,
  For,
  Match,
  onCleanup,
  Show,
  Switch,
  type JSX,
} from "solid-js";
import { fmtMoney } from "../format";
import { useWorkbook } from "../state/context";
import { lang, t } from "../state/i18n";
import { goTo } from "../state/navigate";
import {
  exportItems,
  exportWarning,
  needsConfirm,
  recBasis,
  trustSummary,
  trustText,
  type ExportKind,
  type TrustWhere,
} from "../state/trust";
import type { Workbook } from "../state/workbook";
import { askConfirm } from "./ConfirmDialog";

/**
 * Before an export: when it would carry a wrong or unchecked number ({@link needsConfirm}), ask in
 * the app's dialog, listing what. Resolves false when the planner declines, else the warning lines
 * the export carries (title, then one `- ` line per item; null: nothing to say). Notes that change
 * no number are carried without asking.
 */
export async function confirmExport(
  wb: Workbook,
  kind: ExportKind,
): Promise<string[] | null | false> {
  const items = exportItems(wb.trust(), wb.view(), wb.computed().result, kind);
  const warning = exportWarning(items, lang());
  if (!warning) return null;
  const asking = items.filter(needsConfirm);
  if (!asking.length) return warning;
  const ok = await askConfirm({
    title: t("exportConfirmTitle"),
    items: asking.map((x) => trustText(x, lang())),
    question: t("exportConfirm"),
    ok: t("exportAnyway"),
    cancel: t("cancel"),
  });
  return ok ? warning : false;
}

/** Bring the element of an item into view and focus it (the sheet may still be loading). */
export function revealWhere(where: TrustWhere): void {
  let tries = 0;
  const step = () => {
    const el = where.testId
      ? document.querySelector<HTMLElement>(`[data-testid="${CSS.escape(where.testId)}"]`)
      : null;
    if (el) {
      el.scrollIntoView({ block: "center", behavior: "auto" });
      if (el.tagName === "INPUT" || el.tagName === "SELECT") el.focus();
      else el.click();
      el.classList.add("flash");
      setTimeout(() => el.classList.remove("flash"), 1600);
      return;
    }
    if (where.testId && tries++ < 60) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** The trust state and the recommendation in the status bar. */
export function TrustStatus(): JSX.Element {
  const wb = useWorkbook();
  const state = () => wb.trust();
  const [open, setOpen] = createSignal(false);
  // Escape closes the list, as it closes any popup.
  createEffect(() => {
    if (!open()) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    onCleanup(() => document.removeEventListener("keydown", onKey));
  });
  return (
    <>
      <span class="trust" data-testid="status-trust" data-level={state().level}>
        <button
          class="trust-button"
          classList={{
            good: state().level === "ok",
            warn: state().level === "warn",
            bad: state().level === "error",
          }}
          data-testid="status-errors"
          disabled={state().level === "ok"}
          aria-expanded={open()}
          title={state().level === "ok" ? undefined : t("trustShowAll")}
          onClick={() => setOpen(!open())}
        >
          {state().level === "error" ? "✕ " : state().level === "warn" ? "⚠ " : ""}
          {trustSummary(state(), lang())}
        </button>
        <Show when={open() && state().level !== "ok"}>
          <div
            class="trust-list"
            role="dialog"
            aria-label={t("trustListTitle")}
            data-testid="trust-list"
          >
            <div class="trust-list-head">
              <strong>{t("trustListTitle")}</strong>
              <button class="link" onClick={() => setOpen(false)} aria-label={t("dismiss")}>
                ×
              </button>
            </div>
            <ul>
              <For each={state().items}>
                {(item) => (
                  <li classList={{ bad: item.level === "error", warn: item.level === "warn" }}>
                    <button
                      class="link trust-item"
                      data-testid="trust-item"
                      data-kind={item.kind}
                      onClick={() => {
                        setOpen(false);
                        goTo(item.where);
                      }}
                    >
                      {item.level === "error" ? "✕" : "⚠"} {trustText(item, lang())}
                    </button>
                  </li>
                )}
              </For>
            </ul>
          </div>
        </Show>
      </span>
    </>
  );
}

/** The recommendation in the status bar: green only when the whole trust state is. */
export function RecStatus(): JSX.Element {
  const wb = useWorkbook();
  const state = () => wb.trust();
  const rec = () => state().recommendation;
  const good = () => rec().kind === "recommended" && state().level === "ok";
  return (
    <span
      data-testid="status-recommendation"
      class="rec-status"
      data-kind={rec().kind}
      classList={{ good: good(), warn: !good() }}
    >
      <RecText />
    </span>
  );
}

/** The recommendation sentence (status bar and banner). */
export function RecText(): JSX.Element {
  const wb = useWorkbook();
  const rec = () => wb.trust().recommendation;
  const cur = () => wb.computed().result.currency;
  return (
    <Switch>
      <Match when={rec().kind === "none"}>{t("recNone")}</Match>
      <Match when={rec().kind === "infeasible"}>{t("noFeasible")}</Match>
      <Match when={rec().kind === "unknown"}>{t("recUnknown")}</Match>
      <Match when={rec().kind === "needsPrice"}>
        {t("recNeedsPrice", { skus: (rec() as { skus: string[] }).skus.join(", ") })}
      </Match>
      <Match when={rec().kind === "recommended" && rec()}>
        {(r) => {
          const s = () => (r() as Extract<ReturnType<typeof rec>, { kind: "recommended" }>).sku;
          const checked = () => (r() as { checked: boolean }).checked;
          return (
            <>
              {t(checked() ? "recommendation" : "recUnchecked", {
                name: s().name,
                month: fmtMoney(s().capacity?.costPerMonth ?? null, cur(), lang()),
                replicas: s().capacity?.replicas ?? "—",
                gpus: s().capacity?.gpus ?? "—",
              })}
            </>
          );
        }}
      </Match>
    </Switch>
  );
}

/** The recommendation banner of the comparison sheet: green only when the trust state is. */
export function RecBanner(): JSX.Element {
  const wb = useWorkbook();
  const state = () => wb.trust();
  const level = () =>
    state().recommendation.kind === "recommended" && state().level === "ok"
      ? "ok"
      : state().level === "error"
        ? "error"
        : "warn";
  return (
    <div
      class="rec-banner"
      data-testid="rec-banner"
      data-level={level()}
      classList={{ warn: level() === "warn", bad: level() === "error" }}
    >
      <div>
        <Show when={state().recommendation.kind === "recommended"}>★ </Show>
        <RecText />
        <Show when={state().recommendation.kind === "recommended"}>
          <span class="rec-basis" data-testid="rec-basis">
            {" · "}
            {recBasis(wb.computed().result, lang()).replace(/^★\s*/, "")}
          </span>
        </Show>
      </div>
      <Show when={state().level !== "ok"}>
        <ul class="rec-issues">
          <For each={state().items.slice(0, 4)}>
            {(item) => (
              <li>
                <button
                  class="link trust-item"
                  data-testid="banner-item"
                  data-kind={item.kind}
                  onClick={() => goTo(item.where)}
                >
                  {item.level === "error" ? "✕" : "⚠"} {trustText(item, lang())}
                </button>
              </li>
            )}
          </For>
          <Show when={state().items.length > 4}>
            <li class="muted">… {t("trustWarns", { n: state().items.length - 4 })}</li>
          </Show>
        </ul>
      </Show>
    </div>
  );
}
