/** Edits of the team allocation (the Teams sheet): usage rows and pools (docs/plan-file.md). */
import type { PlanFile } from "../../../engine/base/types";
import { usageMessages } from "../../../import/messages/usage";
import { uniqueName } from "../plan-edit";
import type { EditContext } from "./context";

/** Fields of a usage row in grid column order. */
export const USAGE_FIELDS = [
  "team",
  "pool",
  "inputTokens",
  "outputTokens",
  "reservedReplicas",
] as const;

/** Team-allocation edits of the workbook. */
export interface TenantEdits {
  /** Replace the team usage rows (an imported usage table): one undo step. */
  setUsageRows(
    rows: {
      team: string;
      pool?: string;
      inputTokens: number;
      outputTokens: number;
      reservedReplicas?: number;
    }[],
  ): void;
  /** Write a block of usage cells (team, pool, input, output from `col`); rows beyond the end are added. */
  setUsageBlock(row: number, col: number, block: string[][]): void;
  removeUsage(rows: number[]): void;
  /** Start a team allocation when the plan has none. */
  addTenants(): void;
  addPool(): void;
  removePool(index: number): void;
  /** Add a shared cost line (`tenants.shared[]`, docs/allocation.md). */
  addShared(): void;
  removeShared(index: number): void;
}

/** The plan's allocation, created empty when missing. */
const tenantsOf = (p: PlanFile) =>
  (p.tenants ??= { method: "tokens", idle: "proportional", usage: [] });

export function tenantEdits(ctx: EditContext): TenantEdits {
  const { mutate } = ctx;
  return {
    setUsageRows(rows) {
      mutate((p) => {
        tenantsOf(p).usage = rows.map((r) => ({ ...r }));
      });
    },
    setUsageBlock(row, col, block) {
      ctx.group(() => {
        mutate((p) => {
          const t = tenantsOf(p);
          const pool = t.pools?.[0]?.name;
          while (t.usage.length < row + block.length)
            t.usage.push({
              team: uniqueName(
                "team",
                t.usage.map((u) => u.team),
              ),
              ...(pool ? { pool } : {}),
              inputTokens: 0,
              outputTokens: 0,
            });
        });
        block.forEach((cells, r) =>
          cells.forEach((text, c) => {
            const field = USAGE_FIELDS[col + c];
            const path = `tenants.usage[${row + r}].${field}`;
            if (field === "team") {
              if (text.trim()) ctx.setText(path, text.trim());
              else ctx.reject(path, text, usageMessages.problem("teamRequired", {}));
            } else if (field === "pool") ctx.setText(path, text.trim());
            else if (field === "reservedReplicas") ctx.setNumber(path, text, false);
            else if (field) ctx.setNumber(path, text, true);
          }),
        );
      });
    },
    removeUsage(rows) {
      mutate((p) => {
        if (p.tenants) p.tenants.usage = p.tenants.usage.filter((_, i) => !rows.includes(i));
      });
    },
    addTenants() {
      mutate((p) => void tenantsOf(p));
    },
    addPool() {
      mutate((p) => {
        const pools = (tenantsOf(p).pools ??= []);
        pools.push({
          name: uniqueName(
            "pool",
            pools.map((x) => x.name),
          ),
          costPerDay: 0,
        });
      });
    },
    addShared() {
      mutate((p) => {
        const shared = (tenantsOf(p).shared ??= []);
        shared.push({
          name: uniqueName(
            "platform",
            shared.map((x) => x.name),
          ),
          costPerDay: 0,
          split: "weighted",
        });
      });
    },
    removeShared(index) {
      mutate((p) => {
        const shared = p.tenants?.shared;
        if (!shared) return;
        shared.splice(index, 1);
        if (!shared.length) delete p.tenants!.shared;
      });
    },
    removePool(index) {
      mutate((p) => {
        const pools = p.tenants?.pools;
        if (!pools) return;
        pools.splice(index, 1);
        if (!pools.length) delete p.tenants!.pools;
      });
    },
  };
}
