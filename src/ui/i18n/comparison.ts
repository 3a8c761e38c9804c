/** UI strings of the GPU comparison sheet (merged into `UI` by src/ui/i18n.ts). */

export const en = {
  noSkus: "No SKUs yet: import a sweep on the Benchmarks sheet.",
  recommendedIs: "Recommended: {name}",
  recMarked: "★ recommended: {basis}",
  recBasisPeak: "cheapest fleet per hour at the peak",
  recBasisStatic: "cheapest static schedule",
  recBasisAutoscaled: "cheapest autoscaled schedule",
  recBasisBlended: "cheapest blended schedule (reserved + on demand)",
  month: "month",
  warningsRow: "Warnings",
  chartPerMillion: "Cost per 1M output tokens",
  chartPerMonth: "Monthly cost",
} as const;

export const zh: { readonly [K in keyof typeof en]: string } = {
  noSkus: "还没有 SKU：请在“压测数据”页导入扫描。",
  recommendedIs: "推荐：{name}",
  recMarked: "★ 推荐依据：{basis}",
  recBasisPeak: "峰值时集群每小时成本最低",
  recBasisStatic: "静态排期成本最低",
  recBasisAutoscaled: "自动扩缩排期成本最低",
  recBasisBlended: "混合排期（预留 + 按需）成本最低",
  month: "月",
  warningsRow: "警告",
  chartPerMillion: "每百万输出 token 成本",
  chartPerMonth: "每月成本",
};
