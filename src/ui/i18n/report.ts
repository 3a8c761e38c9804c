/** UI strings of the Report sheet and the before/after sweep comparison (merged into `UI` by src/ui/i18n.ts). */

export const en = {
  copyReport: "Copy report",
  copied: "Copied to the clipboard",
  copyFailed: "The browser refused the clipboard: use Download .md",
  downloadMd: "Download .md",
  exportPlanJson: "Plan JSON",
  exportComparisonCsv: "Comparison CSV",
  exportXlsx: "Excel workbook",
  exportXlsxHint:
    "Assumptions, comparison, teams and FOCUS in one .xlsx: the inputs as values, every derived number an Excel formula, so the model recalculates in Excel.",
  xlsxFailed: "The workbook could not be written",
  charts: "Charts",
  beforeAfter: "Before / after: compare two sweeps",
  needTwoSweeps: "Import at least two sweeps (e.g. before and after a change) to compare them.",
  chooseSweep: "— choose a sweep —",
  comparePickHint:
    "Choose the two sweeps to compare. A before/after comparison is meant for the same model on the same GPU (a re-run, an engine upgrade, FP8); between different GPUs every difference shows as a regression.",
  baseline: "Baseline",
  candidate: "Candidate",
  threshold: "Regression over",
} as const;

export const zh: { readonly [K in keyof typeof en]: string } = {
  copyReport: "复制报告",
  copied: "已复制到剪贴板",
  copyFailed: "浏览器拒绝访问剪贴板：请使用“下载 .md”",
  downloadMd: "下载 .md",
  exportPlanJson: "计划 JSON",
  exportComparisonCsv: "对比表 CSV",
  exportXlsx: "Excel 工作簿",
  exportXlsxHint:
    "假设、对比、团队与 FOCUS 合为一个 .xlsx：输入为数值，每个推导出的数字都是 Excel 公式，可在 Excel 中重新计算。",
  xlsxFailed: "无法生成工作簿",
  charts: "图表",
  beforeAfter: "改动前后：对比两次扫描",
  needTwoSweeps: "请至少导入两次扫描（例如改动前和改动后）才能对比。",
  chooseSweep: "— 选择一次扫描 —",
  comparePickHint:
    "请选择要对比的两次扫描。前后对比针对同一模型、同一 GPU（重新压测、引擎升级、FP8 等）；不同 GPU 之间的每处差异都会显示为退化。",
  baseline: "基线",
  candidate: "候选",
  threshold: "退化阈值",
};
