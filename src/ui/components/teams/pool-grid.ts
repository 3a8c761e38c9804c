/**
 * The pools grid of the Teams sheet: name | SKU | given cost/day | capacity tokens/day | replicas
 * | pool cost/day (computed). Columns are addressed by key; a cell reads the workbook, a commit
 * writes it (a renamed pool renames the usage rows that name it).
 */
import { fmtMoney, fmtValue } from "../../format";
import { lang, t } from "../../state/i18n";
import type { Workbook } from "../../state/workbook";
import type { CellView, GridColumn } from "../grid/types";
import { errorAt } from "./tenant-errors";

/** The pools grid's columns. */
export function poolColumns(): GridColumn[] {
  return [
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
}

/** The column keys, in grid order. */
export const POOL_KEYS = [
  "name",
  "sku",
  "costPerDay",
  "capacityTokensPerDay",
  "replicas",
  "cost",
] as const;

/** The cell of pool `r`, column `c`. */
export function poolCell(wb: Workbook, r: number, c: number): CellView {
  const p = wb.plan.tenants?.pools?.[r];
  const key = POOL_KEYS[c];
  const base = `tenants.pools[${r}]`;
  const result = wb.computed().result;
  if (!p) return { raw: "", display: "" };
  if (key === "name") return { raw: p.name, display: p.name };
  if (key === "sku") {
    const v = wb.cell(`${base}.sku`);
    const found = errorAt(result.errors, `${base}.sku`);
    const err = v.error ?? (found ? { kind: "NAME", message: "", problem: found.problem } : null);
    return { raw: v.raw, display: v.raw || "—", error: err, note: t("poolSkuHint") };
  }
  const rp = result.tenants?.pools.find((x) => x.name === p.name);
  if (key === "cost") {
    const err = errorAt(result.errors, base);
    return {
      raw: "",
      display: rp ? fmtMoney(rp.costRounded, result.currency, lang()) : "—",
      readOnly: true,
      error: err && !rp ? { kind: err.kind, message: "", problem: err.problem } : null,
    };
  }
  const v = wb.cell(`${base}.${key}`);
  // Empty capacity or replicas: the value taken from the SKU, shown greyed.
  const fromSku =
    v.raw === "" && rp
      ? key === "capacityTokensPerDay"
        ? rp.capacityTokens
        : key === "replicas"
          ? rp.replicas
          : null
      : null;
  if (fromSku !== null)
    return {
      raw: "",
      display: fmtValue(fromSku, 0),
      class: "muted",
      note: key === "capacityTokensPerDay" ? t("poolCapacityHint") : t("poolReplicasHint"),
    };
  const shown =
    key === "costPerDay"
      ? (value: number) => fmtMoney(value, result.currency, lang())
      : (value: number) => fmtValue(value, key === "replicas" ? 2 : 0);
  return {
    raw: v.raw,
    display: v.value === null ? v.raw : (v.typed ?? shown(v.value)),
    error: v.error,
  };
}

/** Commit `raw` to pool `r`, column `c`: a SKU clears the given cost and a given cost the SKU. */
export function poolCommit(wb: Workbook, r: number, c: number, raw: string): void {
  const base = `tenants.pools[${r}]`;
  const text = raw.trim();
  const key = POOL_KEYS[c];
  if (key === "name") {
    const old = wb.plan.tenants?.pools?.[r]?.name;
    if (!text) return wb.reject(`${base}.name`, raw, t("poolNameRequired"));
    wb.group(() => {
      wb.setText(`${base}.name`, text);
      (wb.plan.tenants?.usage ?? []).forEach(
        (u, i) => u.pool === old && wb.setText(`tenants.usage[${i}].pool`, text),
      );
    });
  } else if (key === "sku") {
    const names = wb.computed().result.skus.map((s) => s.name);
    if (text && !names.includes(text))
      return wb.reject(`${base}.sku`, raw, t("notASku", { list: names.join(", ") || "—" }));
    wb.group(() => {
      wb.setText(`${base}.sku`, text);
      if (text) wb.setText(`${base}.costPerDay`, "");
    });
  } else if (key === "costPerDay") {
    wb.group(() => {
      if (wb.setNumber(`${base}.costPerDay`, raw, false) && text) wb.setText(`${base}.sku`, "");
    });
  } else if (key === "capacityTokensPerDay" || key === "replicas")
    wb.setNumber(`${base}.${key}`, raw, false);
}
