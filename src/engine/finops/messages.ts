/**
 * Problems of the team cost allocation (src/engine/finops/allocation.ts, code `allocation.*`) and of
 * the allocation of a plan (src/engine/plan/plan-tenants.ts, code `tenants.*`). See docs/problems.md.
 * Chinese terms follow the Teams sheet: 资源池 (pool), 用量 (usage), 闲置 (idle).
 */
import { fmtNum } from "../base/number-format";
import { defineMessages, message, type Problem } from "../base/problems";

const which = (k: "input" | "output", lang: "en" | "zh") =>
  lang === "en" ? k : k === "input" ? "输入" : "输出";

export const allocationMessages = defineMessages("allocation", {
  weightInvalid: message({
    severity: "warning",
    en: (p: { which: "input" | "output"; got: string }) =>
      `${p.which} weight must be a number ≥ 0, got ${p.got}: using 1`,
    zh: (p) => `${which(p.which, "zh")}权重必须是 ≥ 0 的数，实际为 ${p.got}：按 1 计`,
  }),
  poolCostInvalid: message({
    severity: "warning",
    en: (p: { pool: string; got: string }) =>
      `pool "${p.pool}": daily cost must be a number ≥ 0, got ${p.got}; counted as 0`,
    zh: (p) => `资源池 "${p.pool}"：每日成本必须是 ≥ 0 的数，实际为 ${p.got}；按 0 计`,
  }),
  poolNoUsage: message({
    severity: "warning",
    en: (p: { pool: string; cost: number; digits: number; currency: string }) =>
      `pool "${p.pool}": no usage; the whole cost (${fmtNum(p.cost, p.digits)} ${p.currency}) is idle`,
    zh: (p) =>
      `资源池 "${p.pool}"：没有用量；全部成本（${fmtNum(p.cost, p.digits)} ${p.currency}）计为闲置`,
  }),
  poolCapacityUnknown: message({
    severity: "warning",
    en: (p: { pool: string }) =>
      `pool "${p.pool}": capacity unknown, so idle cannot be kept separate; spread in proportion instead`,
    zh: (p) => `资源池 "${p.pool}"：容量未知，无法单列闲置；改为按比例分摊`,
  }),
  poolOverCapacity: message({
    severity: "warning",
    en: (p: { pool: string; used: number; capacity: number }) =>
      `pool "${p.pool}": usage (${fmtNum(p.used, 0)} tokens/day) exceeds capacity (${fmtNum(p.capacity, 0)} tokens/day); no idle, teams share the whole cost in proportion`,
    zh: (p) =>
      `资源池 "${p.pool}"：用量（${fmtNum(p.used, 0)} tokens/天）超过容量（${fmtNum(p.capacity, 0)} tokens/天）；没有闲置，各团队按比例分摊全部成本`,
  }),
  unknownCurrency: message({
    severity: "warning",
    en: (p: { currency: string }) => `unknown currency "${p.currency}": rounding to 2 decimals`,
    zh: (p) => `未知币种 "${p.currency}"：按 2 位小数取整`,
  }),
  poolDuplicate: message({
    severity: "warning",
    en: (p: { pool: string }) => `pool "${p.pool}" is listed twice: the second entry is ignored`,
    zh: (p) => `资源池 "${p.pool}" 重复列出：忽略第二项`,
  }),
  usageNoPool: message({
    severity: "warning",
    en: (p: { row: number; team: string; pool: string }) =>
      `usage row ${p.row} (${p.team}): no pool named "${p.pool}"; ignored`,
    zh: (p) => `用量第 ${p.row} 行（${p.team}）：没有名为 "${p.pool}" 的资源池；已忽略`,
  }),
  usageBadTokens: message({
    severity: "warning",
    en: (p: { row: number; team: string }) =>
      `usage row ${p.row} (${p.team}): token counts must be numbers ≥ 0; ignored`,
    zh: (p) => `用量第 ${p.row} 行（${p.team}）：token 数必须是 ≥ 0 的数；已忽略`,
  }),
  usageBadReserved: message({
    severity: "warning",
    en: (p: { row: number; team: string; got: string }) =>
      `usage row ${p.row} (${p.team}): reserved replicas must be a number ≥ 0, got ${p.got}; ignored`,
    zh: (p) =>
      `用量第 ${p.row} 行（${p.team}）：预留副本数必须是 ≥ 0 的数，实际为 ${p.got}；已忽略`,
  }),
  reservationNeedsReplicas: message({
    severity: "warning",
    en: (p: { pool: string; what: "replicas" | "capacity" }) =>
      `pool "${p.pool}": the reservation basis needs the pool's ${p.what === "replicas" ? "replica count" : "daily capacity"}; allocated by usage instead`,
    zh: (p) =>
      `资源池 "${p.pool}"：按预留分摊需要资源池的${p.what === "replicas" ? "副本数" : "每日容量"}；改为按用量分摊`,
  }),
  poolOversubscribed: message({
    severity: "warning",
    en: (p: { pool: string; billed: number; replicas: number }) =>
      `pool "${p.pool}": teams are billed ${fmtNum(p.billed, 2)} replicas but the pool has ${fmtNum(p.replicas, 2)}; no idle, each team pays its billed replicas ÷ all billed replicas of the cost`,
    zh: (p) =>
      `资源池 "${p.pool}"：各团队计费 ${fmtNum(p.billed, 2)} 个副本，但资源池只有 ${fmtNum(p.replicas, 2)} 个；没有闲置，各团队按计费副本占全部计费副本的比例分摊成本`,
  }),
  sharedCostInvalid: message({
    severity: "warning",
    en: (p: { name: string; got: string }) =>
      `shared cost "${p.name}": daily cost must be a number ≥ 0, got ${p.got}; counted as 0`,
    zh: (p) => `共享成本 "${p.name}"：每日成本必须是 ≥ 0 的数，实际为 ${p.got}；按 0 计`,
  }),
  sharedNoTeams: message({
    severity: "warning",
    en: (p: { name: string }) =>
      `shared cost "${p.name}": no team to split it over; kept as an unallocated line`,
    zh: (p) => `共享成本 "${p.name}"：没有可分摊的团队；保留为未分摊项`,
  }),
  sharedNoCosts: message({
    severity: "warning",
    en: (p: { name: string }) =>
      `shared cost "${p.name}": no team has a pool cost to weight by; split evenly`,
    zh: (p) => `共享成本 "${p.name}"：没有团队有资源池成本可作权重；改为平均分摊`,
  }),
});

export const tenantsMessages = defineMessages("tenants", {
  noSku: message({
    severity: "error",
    en: (p: { sku: string }) => `no SKU named "${p.sku}"`,
    zh: (p) => `没有名为 "${p.sku}" 的 SKU`,
  }),
  skuNoCost: message({
    severity: "error",
    en: (p: { sku: string; reason: Problem<object> | null }, r) =>
      `SKU "${p.sku}" has no cost (${p.reason ? r(p.reason) : "not feasible"})`,
    zh: (p, r) => `SKU "${p.sku}" 没有成本（${p.reason ? r(p.reason) : "不可行"}）`,
  }),
  noPoolsNoSku: message({
    severity: "error",
    en: () => "no pools given and no feasible SKU to take the cost from",
    zh: () => "没有给出资源池，也没有可取成本的可行 SKU",
  }),
  poolNeedsCost: message({
    severity: "error",
    en: () => "pool needs costPerDay or sku",
    zh: () => "资源池需要 costPerDay 或 sku",
  }),
  usageNotNumbers: message({
    severity: "error",
    en: () => "inputTokens and outputTokens must be numbers",
    zh: () => "inputTokens 和 outputTokens 必须是数字",
  }),
  noPool: message({
    severity: "error",
    en: (p: { pool: string }) => `no pool named "${p.pool}"`,
    zh: (p) => `没有名为 "${p.pool}" 的资源池`,
  }),
  severalPools: message({
    severity: "error",
    en: () => "several pools: name the pool of this usage row",
    zh: () => "有多个资源池：请为这一用量行指定资源池",
  }),
});
