/**
 * Messages of the Markdown benchmark-report importer (markdown-report.ts): codes `markdown.*`,
 * docs/problems.md.
 */
import { defineMessages, message } from "../../engine/base/problems";

export const markdownMessages = defineMessages("markdown", {
  noTable: message({
    severity: "error",
    en: () => "no Markdown table with a load column (并发/Concurrency) and a metric column",
    zh: () => "没有含负载列（并发/Concurrency）和指标列的 Markdown 表格",
  }),
  tablesSkipped: message({
    severity: "info",
    en: (p: { count: number }) =>
      `${p.count} other table(s) without load and metric columns were skipped`,
    zh: (p) => `跳过了另外 ${p.count} 个没有负载列和指标列的表`,
  }),
});
