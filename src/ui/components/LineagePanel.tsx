/**
 * The lineage of a selected number (docs/lineage.md): the same chain `capplan explain` prints,
 * each step's formula with the numbers plugged in, down to cells, plan fields and sweep points.
 * Opened by selecting a computed number (comparison sheet, derived cells); × closes it.
 */
import { createMemo, For, Show, type JSX } from "solid-js";
import {
  explainPath,
  lineageNumber,
  type LineageNode,
  type SweepSource,
} from "../../engine/plan/lineage";
import { useWorkbook } from "../state/context";
import { lang, t } from "../state/i18n";
import { lineagePath, setLineagePath } from "../state/lineage";

/** Where a sweep value was read: its row (`file:line`), else the point's files, else the sweep's. */
function sourceFiles(s: SweepSource): string {
  if (s.file) return s.line !== undefined ? `${s.file}:${s.line}` : s.file;
  const files = s.points?.length ? [...new Set(s.points.map((p) => p.file))] : s.files;
  return files.slice(0, 3).join(", ") + (files.length > 3 ? ` … (+${files.length - 3})` : "");
}

/** One step of the chain, with its inputs below it (a step shown before is not expanded again). */
function Step(props: { node: LineageNode; seen: Set<string>; depth: number }): JSX.Element {
  const n = props.node;
  const again = n.inputs.length > 0 && props.seen.has(n.path);
  if (!again) props.seen.add(n.path);
  const formula = () => (lang() === "zh" ? (n.formulaZh ?? n.formula) : n.formula);
  const kind = (): string => {
    switch (n.kind) {
      case "computed":
        return t("lineageComputed");
      case "cell":
        return t("lineageCell");
      case "field":
        return t("lineageField");
      case "sweepPoint":
        return t("lineageSweepPoint");
      case "sweep":
        return t("lineageSweep");
      case "catalogue":
        return t("lineageCatalogue");
      case "constant":
        return t("lineageConstant");
    }
  };
  return (
    <li class="lp-step" data-kind={n.kind}>
      <div class="lp-head">
        <code class="lp-path">{n.path}</code>
        <span class="lp-eq"> = </span>
        <b class="lp-value">{lineageNumber(n.value)}</b>
        <span class="lp-kind">{kind()}</span>
      </div>
      <Show when={formula() && n.kind !== "sweepPoint"}>
        <div class="lp-formula">{formula()}</div>
      </Show>
      <Show when={n.plugged}>
        <div class="lp-plugged" data-testid="lineage-step">
          {n.plugged}
        </div>
      </Show>
      <Show when={(n.kind === "field" || n.kind === "cell") && !n.formula && n.raw !== undefined}>
        <div class="lp-raw">
          {t("lineageAsWritten")}: <code>{n.raw}</code>
        </div>
      </Show>
      <Show when={n.catalogue}>
        <div class="lp-raw">
          {t("lineageGpu")}: <code>{n.catalogue}</code>
        </div>
      </Show>
      <Show when={n.source}>
        {(s) => (
          <div class="lp-source" data-testid="lineage-source">
            {s().label}
            <Show when={s().pointIndex !== undefined}>
              {" "}
              · {t("lineagePoint", { n: (s().pointIndex ?? 0) + 1 })}
              {s().load ? ` (${s().load})` : ""}
            </Show>
            <Show when={s().key}>
              {" "}
              · <code>{s().key}</code>
            </Show>
            <Show when={s().files.length}>
              <div class="lp-files">{sourceFiles(s())}</div>
            </Show>
          </div>
        )}
      </Show>
      <Show when={again}>
        <div class="lp-again muted small">{t("lineageInputsAbove")}</div>
      </Show>
      <Show when={!again && n.inputs.length && props.depth < 30}>
        <ul class="lp-inputs">
          <For each={n.inputs}>
            {(c) => <Step node={c} seen={props.seen} depth={props.depth + 1} />}
          </For>
        </ul>
      </Show>
    </li>
  );
}

/** The lineage panel of the selected number; nothing when none is selected. */
export function LineagePanel(): JSX.Element {
  const wb = useWorkbook();
  const answer = createMemo(() => {
    const path = lineagePath();
    if (!path) return null;
    const c = wb.computed();
    return explainPath({ plan: wb.view(), resolved: c.resolved, result: c.result }, path);
  });
  return (
    <Show when={answer()}>
      {(a) => (
        <aside class="lineage" data-testid="lineage" aria-label={t("lineageTitle")}>
          <div class="lp-top">
            <h4>{t("lineageTitle")}</h4>
            <span class="spacer" />
            <button
              class="link"
              data-testid="lineage-close"
              aria-label={t("dismiss")}
              onClick={() => setLineagePath(null)}
            >
              ×
            </button>
          </div>
          <Show
            keyed
            when={a().ok ? (a() as { node: LineageNode }).node : null}
            fallback={<p class="muted small">{t("lineageNone")}</p>}
          >
            {(node) => (
              <>
                <p class="muted small">{t("lineageHint")}</p>
                <ul class="lp-tree">
                  <Step node={node} seen={new Set()} depth={0} />
                </ul>
              </>
            )}
          </Show>
        </aside>
      )}
    </Show>
  );
}
