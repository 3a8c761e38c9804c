/**
 * The Teams (FinOps) sheet, docs/allocation.md: allocation method and idle handling, pools (daily cost from
 * a SKU of the plan or typed), and the daily usage per team — editable, pasteable from a
 * spreadsheet (a block with a header row is imported like a CSV), or imported from a usage CSV.
 * The results, chart and exports are in {@link AllocationResults}.
 */
import { FilePicker } from "./FilePicker";
import { createSignal, For, Show, type JSX } from "solid-js";
import { importUsageCsv, parseUsageTsv, type UsageImport } from "../../import/usage";
import type { ImportIssue } from "../../import/types";
import { fmtMoney, fmtValue } from "../format";
import type { UiKey } from "../i18n";
import { useWorkbook } from "../state/context";
import { lang, t } from "../state/i18n";
import { localizeError, localizeIssue } from "../../report/messages";
import { toTsv } from "../state/plan-edit";
import { looksLikeUsageHeader, mapUsagePools, unknownPools } from "../state/usage-edit";
import type { UsageRow } from "../../import/usage";
import { USAGE_FIELDS } from "../state/workbook";
import { AllocationResults } from "./AllocationResults";
import { FieldInput } from "./FieldInput";
import { Grid, type CellView } from "./Grid";

/** The Teams sheet. */
export function TeamsSheet(): JSX.Element {
  const wb = useWorkbook();
  const result = () => wb.computed().result;
  const cur = () => result().currency;
  const ten = () => wb.plan.tenants;
  const pools = () => ten()?.pools ?? [];
  const usage = () => ten()?.usage ?? [];
  const [importMsg, setImportMsg] = createSignal<{
    ok: boolean;
    head: string;
    issues: ImportIssue[];
  } | null>(null);
  const [usageSel, setUsageSel] = createSignal(0);
  const [poolSel, setPoolSel] = createSignal(0);
  const tenantErrors = () => result().errors.filter((e) => e.path.startsWith("tenants"));
  const errorAt = (path: string) =>
    result().errors.find((e) => e.path === path || e.path.startsWith(`${path}.`)) ?? null;

  // Pools: name | SKU | given cost/day | capacity tokens/day | pool cost/day (computed).
  const poolCols = () => [
    { key: "name", label: t("poolName") },
    { key: "sku", label: t("poolSku"), title: t("poolSkuHint") },
    { key: "costPerDay", label: t("poolCostGiven"), numeric: true },
    {
      key: "capacityTokensPerDay",
      label: t("poolCapacity"),
      numeric: true,
      title: t("poolCapacityHint"),
    },
    { key: "replicas", label: t("poolReplicas"), numeric: true, title: t("poolReplicasHint") },
    { key: "cost", label: t("poolCost"), numeric: true },
  ];
  const poolCell = (r: number, c: number): CellView => {
    const p = pools()[r]!;
    const base = `tenants.pools[${r}]`;
    if (c === 0) return { raw: p.name, display: p.name };
    if (c === 1) {
      const bad = wb.cell(`${base}.sku`);
      const err =
        bad.error ??
        (errorAt(`${base}.sku`)
          ? { kind: "NAME", message: "", problem: errorAt(`${base}.sku`)!.problem }
          : null);
      return { raw: bad.raw, display: bad.raw || "—", error: err, note: t("poolSkuHint") };
    }
    const rp = result().tenants?.pools.find((x) => x.name === p.name);
    if (c === 2 || c === 3 || c === 4) {
      const v = wb.cell(
        `${base}.${c === 2 ? "costPerDay" : c === 3 ? "capacityTokensPerDay" : "replicas"}`,
      );
      // Empty capacity or replicas: the value taken from the SKU, shown greyed.
      const fromSku =
        v.raw === "" && rp ? (c === 3 ? rp.capacityTokens : c === 4 ? rp.replicas : null) : null;
      if (fromSku !== null)
        return {
          raw: "",
          display: fmtValue(fromSku, 0),
          class: "muted",
          note: c === 3 ? t("poolCapacityHint") : t("poolReplicasHint"),
        };
      return {
        raw: v.raw,
        display:
          v.value === null
            ? v.raw
            : (v.typed ??
              (c === 2 ? fmtMoney(v.value, cur(), lang()) : fmtValue(v.value, c === 4 ? 2 : 0))),
        error: v.error,
      };
    }
    const err = errorAt(base);
    return {
      raw: "",
      display: rp ? fmtMoney(rp.costRounded, cur(), lang()) : "—",
      readOnly: true,
      error: err && !rp ? { kind: err.kind, message: "", problem: err.problem } : null,
    };
  };
  const poolCommit = (r: number, c: number, raw: string) => {
    const base = `tenants.pools[${r}]`;
    const text = raw.trim();
    if (c === 0) {
      const old = pools()[r]!.name;
      if (!text) return wb.reject(`${base}.name`, raw, t("poolNameRequired"));
      wb.group(() => {
        wb.setText(`${base}.name`, text);
        usage().forEach((u, i) => u.pool === old && wb.setText(`tenants.usage[${i}].pool`, text));
      });
    } else if (c === 1) {
      const names = result().skus.map((s) => s.name);
      if (text && !names.includes(text))
        return wb.reject(`${base}.sku`, raw, t("notASku", { list: names.join(", ") || "—" }));
      wb.group(() => {
        wb.setText(`${base}.sku`, text);
        if (text) wb.setText(`${base}.costPerDay`, "");
      });
    } else if (c === 2) {
      wb.group(() => {
        if (wb.setNumber(`${base}.costPerDay`, raw, false) && text) wb.setText(`${base}.sku`, "");
      });
    } else if (c === 3) wb.setNumber(`${base}.capacityTokensPerDay`, raw, false);
    else if (c === 4) wb.setNumber(`${base}.replicas`, raw, false);
  };

  // Shared costs: name | cost/day | split (weighted, even, none).
  const shared = () => ten()?.shared ?? [];
  const [sharedSel, setSharedSel] = createSignal(0);
  const SPLITS = ["weighted", "even", "none"] as const;
  const sharedCols = () => [
    { key: "name", label: t("sharedName") },
    { key: "costPerDay", label: t("sharedCost"), numeric: true },
    { key: "split", label: t("sharedSplit"), title: t("sharedHint") },
  ];
  const sharedCell = (r: number, c: number): CellView => {
    const base = `tenants.shared[${r}]`;
    if (c === 0) {
      const v = wb.cell(`${base}.name`);
      return { raw: v.raw, display: v.raw, error: v.error };
    }
    if (c === 1) {
      const v = wb.cell(`${base}.costPerDay`);
      return {
        raw: v.raw,
        display: v.value === null ? v.raw : fmtMoney(v.value, cur(), lang()),
        error: v.error,
      };
    }
    const v = wb.cell(`${base}.split`);
    const split = (SPLITS as readonly string[]).includes(v.raw) ? v.raw : "weighted";
    return {
      raw: v.raw || "weighted",
      display: t(`sharedSplit_${split}` as UiKey),
      error: v.error,
      note: "weighted | even | none",
    };
  };
  const sharedCommit = (r: number, c: number, raw: string) => {
    const base = `tenants.shared[${r}]`;
    const text = raw.trim();
    if (c === 0)
      return text
        ? wb.setText(`${base}.name`, text)
        : wb.reject(`${base}.name`, raw, t("sharedNameRequired"));
    if (c === 1) return void wb.setNumber(`${base}.costPerDay`, raw, true);
    const split = SPLITS.find(
      (x) => x === text.toLowerCase() || t(`sharedSplit_${x}` as UiKey) === text,
    );
    if (!split) return wb.reject(`${base}.split`, raw, t("sharedSplitBad"));
    wb.setText(`${base}.split`, split);
  };

  // Usage: team | pool | input tokens/day | output tokens/day; a last "+" row adds a team.
  const usageCols = () => [
    { key: "team", label: t("team") },
    { key: "pool", label: t("pool") },
    { key: "inputTokens", label: t("inputTokensDay"), numeric: true },
    { key: "outputTokens", label: t("outputTokensDay"), numeric: true },
    {
      key: "reservedReplicas",
      label: t("reservedReplicas"),
      numeric: true,
      title: t("reservedReplicasHint"),
    },
  ];
  // A long usage table (thousands of teams) is one grid: the grid renders only the rows in view
  // (docs/grid.md, virtual rows), so the "+" row (add a team) is always at its end.
  const usageRows = () => [
    ...usage().map((_, i) => ({ key: String(i), label: String(i + 1) })),
    { key: "new", label: "+" },
  ];
  const usageCell = (r: number, c: number): CellView => {
    if (r >= usage().length)
      return { raw: "", display: "", note: c === 0 ? t("newTeamHint") : undefined };
    const field = USAGE_FIELDS[c]!;
    const path = `tenants.usage[${r}].${field}`;
    const v = wb.cell(path);
    if (c < 2) {
      const err =
        v.error ??
        (c === 1 && errorAt(path)
          ? { kind: "NAME", message: "", problem: errorAt(path)!.problem }
          : null);
      return { raw: v.raw, display: v.raw || (c === 1 ? "—" : ""), error: err };
    }
    return {
      raw: v.raw,
      display: v.value === null ? v.raw : (v.typed ?? fmtValue(v.value, c === 4 ? 2 : 0)),
      error: v.error,
    };
  };
  // The pools usage rows can name: the plan's pools, or (none given) only the default pool, which
  // takes rows without a pool.
  const knownPools = () => (pools().length ? pools().map((p) => p.name) : []);
  const defaultPool = () => (pools().length ? null : (result().tenants?.pools[0]?.name ?? "—"));
  // Imported rows naming pools the plan does not have (a `model` column): mapped to pools first.
  const [poolStep, setPoolStep] = createSignal<{
    rows: UsageRow[];
    notes: ImportIssue[];
    what: string;
    names: string[];
  } | null>(null);
  const [poolChoice, setPoolChoice] = createSignal<ReadonlyMap<string, string>>(new Map());
  const applyRows = (rows: UsageRow[], notes: ImportIssue[], what: string) => {
    wb.setUsageRows(rows);
    // Never claim success over rows that are errors: count the usage rows the allocation cannot place.
    const bad = new Set(
      result()
        .errors.filter((e) => e.path.startsWith("tenants.usage["))
        .map((e) => /^tenants\.usage\[(\d+)\]/.exec(e.path)![1]),
    ).size;
    setImportMsg({
      ok: bad === 0,
      head: bad
        ? t("usageImportedProblems", { n: rows.length, what, bad })
        : t("usageImported", { n: rows.length, what }),
      issues: notes,
    });
  };
  const showImport = (r: UsageImport, what: string) => {
    if (!r.ok) return setImportMsg({ ok: false, head: t("usageImportFailed"), issues: r.errors });
    const notes = r.warnings;
    const names = unknownPools(r.rows, knownPools());
    if (names.length) {
      setImportMsg(null);
      setPoolChoice(new Map());
      return setPoolStep({ rows: r.rows, notes, what, names });
    }
    applyRows(r.rows, notes, what);
  };
  const applyPoolStep = () => {
    const s = poolStep();
    if (!s) return;
    const map = new Map<string, string | null>(
      s.names.map((n) => [n, poolChoice().get(n) === "" ? null : poolChoice().get(n)!]),
    );
    setPoolStep(null);
    applyRows(mapUsagePools(s.rows, map), s.notes, s.what);
  };
  const pasteBlock = (r: number, c: number, block: string[][]) => {
    if (block[0] && looksLikeUsageHeader(block[0]))
      return showImport(parseUsageTsv(toTsv(block), t("pastedTable")), t("pastedTable"));
    wb.setUsageBlock(
      r,
      c,
      block.map((row) => row.slice(0, USAGE_FIELDS.length - c)),
    );
  };
  const importFile = async (f: File) => showImport(importUsageCsv(await f.text(), f.name), f.name);

  return (
    <div class="teams" data-testid="sheet-teams">
      <Show
        when={ten()}
        fallback={
          <div class="empty">
            <p>{t("noTenants")}</p>
            <button class="primary" data-testid="start-allocation" onClick={() => wb.addTenants()}>
              {t("startAllocation")}
            </button>
          </div>
        }
      >
        <div class="teams-top">
          <section class="card">
            <h3>{t("allocMethod")}</h3>
            <div class="inline-fields">
              <label class="field">
                <span class="field-label">{t("allocBy")}</span>
                <select
                  data-testid="alloc-method"
                  value={ten()?.method ?? "tokens"}
                  onChange={(e) => wb.setText("tenants.method", e.currentTarget.value)}
                >
                  <option value="tokens">{t("method_tokens")}</option>
                  <option value="output">{t("method_output")}</option>
                  <option value="weighted">{t("method_weighted")}</option>
                </select>
              </label>
              <label class="field">
                <span class="field-label">{t("allocBasis")}</span>
                <select
                  data-testid="alloc-basis"
                  value={ten()?.basis ?? "usage"}
                  onChange={(e) =>
                    wb.setText(
                      "tenants.basis",
                      e.currentTarget.value === "usage" ? "" : e.currentTarget.value,
                    )
                  }
                >
                  <option value="usage">{t("basis_usage")}</option>
                  <option value="reservation">{t("basis_reservation")}</option>
                </select>
              </label>
              <label class="field">
                <span class="field-label">{t("idleHandling")}</span>
                <select
                  data-testid="alloc-idle"
                  value={ten()?.idle ?? "proportional"}
                  onChange={(e) => wb.setText("tenants.idle", e.currentTarget.value)}
                >
                  <option value="proportional">{t("idle_proportional")}</option>
                  <option value="separate">{t("idle_separate")}</option>
                </select>
              </label>
            </div>
            <Show when={ten()?.method === "weighted"}>
              <div class="inline-fields">
                <FieldInput
                  path="tenants.inputWeight"
                  label={t("inputWeight")}
                  testId="input-weight"
                  width="6em"
                />
                <FieldInput
                  path="tenants.outputWeight"
                  label={t("outputWeight")}
                  testId="output-weight"
                  width="6em"
                />
              </div>
            </Show>
            <p class="muted small" data-testid="alloc-hint">
              {t(`basisHint_${ten()?.basis ?? "usage"}` as UiKey)}{" "}
              {t(`methodHint_${ten()?.method ?? "tokens"}` as UiKey)}{" "}
              {t(`idleHint_${ten()?.idle ?? "proportional"}` as UiKey)}
            </p>
          </section>
          <section class="card">
            <h3>{t("pools")}</h3>
            <Show
              when={pools().length}
              fallback={
                <p class="muted small" data-testid="default-pool">
                  {t("defaultPool", {
                    name: result().tenants?.pools[0]?.name ?? "—",
                    cost: fmtMoney(result().tenants?.pools[0]?.costRounded, cur(), lang()),
                  })}
                </p>
              }
            >
              <Grid
                id="pools"
                label={t("pools")}
                columns={poolCols()}
                rows={pools().map((p, i) => ({ key: String(i), label: String(i + 1) }))}
                corner="#"
                cell={poolCell}
                onCommit={poolCommit}
                onSelect={(r) => setPoolSel(r)}
              />
            </Show>
            <div class="card-actions">
              <button data-testid="add-pool" onClick={() => wb.addPool()}>
                {t("addPool")}
              </button>
              <Show when={pools().length}>
                <button onClick={() => wb.removePool(poolSel())}>
                  {t("removePool", { n: poolSel() + 1 })}
                </button>
              </Show>
            </div>
          </section>
        </div>
        <section class="card" data-testid="shared-costs">
          <h3>{t("sharedCosts")}</h3>
          <p class="muted small">{t("sharedHint")}</p>
          <Show when={shared().length}>
            <Grid
              id="shared"
              label={t("sharedCosts")}
              columns={sharedCols()}
              rows={shared().map((_, i) => ({ key: String(i), label: String(i + 1) }))}
              corner="#"
              cell={sharedCell}
              onCommit={sharedCommit}
              onSelect={(r) => setSharedSel(r)}
            />
          </Show>
          <div class="card-actions">
            <button data-testid="add-shared" onClick={() => wb.addShared()}>
              {t("addShared")}
            </button>
            <Show when={shared().length}>
              <button data-testid="remove-shared" onClick={() => wb.removeShared(sharedSel())}>
                {t("removeShared", { n: sharedSel() + 1 })}
              </button>
            </Show>
          </div>
        </section>
        <section class="card">
          <div class="card-head">
            <h3>{t("teamUsage")}</h3>
            <span class="spacer" />
            <FilePicker
              label={t("importUsage")}
              accept=".csv,.tsv,.txt,text/csv"
              testId="usage-input"
              onFiles={(fs) => void importFile(fs[0]!)}
            />
            <button
              disabled={!usage().length || usageSel() >= usage().length}
              data-testid="remove-usage"
              onClick={() => wb.removeUsage([usageSel()])}
            >
              {t("removeRow", { n: usageSel() + 1 })}
            </button>
          </div>
          <p class="muted small">{t("usageHint")}</p>
          <Show when={poolStep()}>
            {(s) => (
              <div class="job mapping" data-status="mapping" data-testid="usage-pool-step">
                <p>{t("usagePoolStep", { what: s().what, n: s().names.length })}</p>
                <table class="map-table">
                  <tbody>
                    <For each={s().names}>
                      {(name, i) => (
                        <tr>
                          <td>
                            <code>{name}</code>
                          </td>
                          <td>→</td>
                          <td>
                            <select
                              data-testid={`usage-pool-${i()}`}
                              aria-label={name}
                              classList={{ unchosen: !poolChoice().has(name) }}
                              value={poolChoice().get(name) ?? "?"}
                              onChange={(e) => {
                                const v = e.currentTarget.value;
                                setPoolChoice((m) => new Map(m).set(name, v));
                              }}
                            >
                              <option value="?" disabled>
                                {t("mappingChoose")}
                              </option>
                              <Show when={defaultPool() !== null}>
                                <option value="">
                                  {t("usagePoolDefault", { name: defaultPool()! })}
                                </option>
                              </Show>
                              <For each={knownPools()}>{(p) => <option value={p}>{p}</option>}</For>
                            </select>
                          </td>
                        </tr>
                      )}
                    </For>
                  </tbody>
                </table>
                <p class="muted small">{t("usagePoolHint")}</p>
                <div class="map-actions">
                  <button
                    class="primary"
                    data-testid="usage-pool-apply"
                    disabled={s().names.some((n) => !poolChoice().has(n))}
                    onClick={applyPoolStep}
                  >
                    {t("usagePoolApply")}
                  </button>
                  <button
                    class="link"
                    data-testid="usage-pool-cancel"
                    onClick={() => setPoolStep(null)}
                  >
                    {t("usagePoolCancel")}
                  </button>
                  <Show when={s().names.some((n) => !poolChoice().has(n))}>
                    <span class="warn small">
                      {t("usagePoolPending", {
                        n: s().names.filter((n) => !poolChoice().has(n)).length,
                      })}
                    </span>
                  </Show>
                </div>
              </div>
            )}
          </Show>
          <Show when={importMsg()}>
            {(m) => (
              <div
                class="job"
                data-status={m().ok ? "ok" : "error"}
                data-testid={m().ok ? "usage-import-ok" : "usage-import-error"}
              >
                <div class="job-head">
                  <span classList={{ ok: m().ok, bad: !m().ok }}>{m().head}</span>
                  <span class="spacer" />
                  <button class="link" onClick={() => setImportMsg(null)}>
                    {t("dismiss")}
                  </button>
                </div>
                <Show when={m().issues.length}>
                  <ul class="issues">
                    <For each={m().issues}>{(i) => <li>{localizeIssue(i, lang())}</li>}</For>
                  </ul>
                </Show>
              </div>
            )}
          </Show>
          <Grid
            id="usage"
            label={t("teamUsage")}
            columns={usageCols()}
            rows={usageRows()}
            corner="#"
            cell={usageCell}
            onCommit={(r, c, raw) => wb.setUsageBlock(r, c, [[raw]])}
            onPasteBlock={pasteBlock}
            onSelect={(r) => setUsageSel(r)}
          />
        </section>
        <Show when={tenantErrors().length}>
          <ul class="problems" data-testid="tenant-errors">
            <For each={tenantErrors()}>
              {(e) => (
                <li>
                  <code>{e.path}</code> {localizeError(e, lang())}
                </li>
              )}
            </For>
          </ul>
        </Show>
        <AllocationResults />
      </Show>
    </div>
  );
}
