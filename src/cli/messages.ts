/**
 * Problems of the command line itself (code `cli.*`): usage errors and bad option values, printed
 * in the language of `--lang` (docs/problems.md, docs/cli.md). A command throws them with
 * `cliError` (src/cli/io.ts); `main` renders each in the language asked for.
 */
import { defineMessages, message, type Problem, type ProblemLang } from "../engine/base/problems";

/** "got X" of an option value, in each language. */
const got = { en: (g: string) => `, got ${g}`, zh: (g: string) => `，实际为 ${g}` };

export const cliMessages = defineMessages("cli", {
  usage: message({
    severity: "error",
    en: (p: { syntax: string }) => `usage: capplan ${p.syntax}`,
    zh: (p) => `用法：capplan ${p.syntax}`,
  }),
  unknownCommand: message({
    severity: "error",
    en: (p: { command: string; suggestion: string | null }) =>
      `unknown command "${p.command}"${p.suggestion ? `; did you mean "${p.suggestion}"?` : ""} (capplan --help lists the commands)`,
    zh: (p) =>
      `未知命令 "${p.command}"${p.suggestion ? `；是否是 "${p.suggestion}"？` : ""}（capplan --help 列出所有命令）`,
  }),
  cycleFolded: message({
    severity: "error",
    en: (p: { size: number }) =>
      p.size - 1 === 1
        ? `(a loop of ${p.size} entries; the other one is not listed on a line of its own)`
        : `(a loop of ${p.size} entries; the other ${p.size - 1} are not listed one by one)`,
    zh: (p) => `（含 ${p.size} 项的循环；其余 ${p.size - 1} 项不逐一列出）`,
  }),
  unknownOption: message({
    severity: "error",
    en: (p: { option: string }) => `unknown option ${p.option}`,
    zh: (p) => `未知选项 ${p.option}`,
  }),
  needsValue: message({
    severity: "error",
    en: (p: { option: string }) => `${p.option} needs a value`,
    zh: (p) => `${p.option} 需要一个值`,
  }),
  takesNoValue: message({
    severity: "error",
    en: (p: { option: string }) => `${p.option} takes no value`,
    zh: (p) => `${p.option} 不接受值`,
  }),
  needsFileName: message({
    severity: "error",
    en: (p: { option: string }) => `${p.option} needs a file name`,
    zh: (p) => `${p.option} 需要文件名`,
  }),
  cannotWrite: message({
    severity: "error",
    en: (p: { file: string; code: string }) => `${p.file}: cannot write the output (${p.code})`,
    zh: (p) => `${p.file}：无法写入输出（${p.code}）`,
  }),
  langInvalid: message({
    severity: "error",
    en: (p: { got: string | null }) =>
      `--lang must be en or zh${p.got !== null ? got.en(p.got) : ""}`,
    zh: (p) => `--lang 必须是 en 或 zh${p.got !== null ? got.zh(p.got) : ""}`,
  }),
  startInvalid: message({
    severity: "error",
    en: (p: { got: string }) => `--start must be a date YYYY-MM-DD${got.en(p.got)}`,
    zh: (p) => `--start 必须是 YYYY-MM-DD 格式的日期${got.zh(p.got)}`,
  }),
  daysInvalid: message({
    severity: "error",
    en: (p: { got: string }) =>
      `--days must be a whole number of days from 1 to 366${got.en(p.got)}`,
    zh: (p) => `--days 必须是 1 至 366 之间的整数天数${got.zh(p.got)}`,
  }),
  cheapestByInvalid: message({
    severity: "error",
    en: (p: { got: string }) =>
      `--cheapest-by must be peak, static, autoscaled or blended${got.en(p.got)}`,
    zh: (p) => `--cheapest-by 必须是 peak、static、autoscaled 或 blended${got.zh(p.got)}`,
  }),
  chooseOne: message({
    severity: "error",
    en: (p: { options: readonly string[]; given: readonly string[] | null }) =>
      `choose one of ${p.options.join(", ")}${p.given ? ` (got ${p.given.join(" ")})` : ""}`,
    zh: (p) =>
      `只能选择 ${p.options.join("、")} 之一${p.given ? `（实际为 ${p.given.join(" ")}）` : ""}`,
  }),
  xlsxNeedsOutput: message({
    severity: "error",
    en: () => "--xlsx writes a workbook file: give it with -o FILE.xlsx",
    zh: () => "--xlsx 生成工作簿文件：请用 -o FILE.xlsx 指定文件",
  }),
  startDaysNeedFocus: message({
    severity: "error",
    en: () => "--start and --days go with --focus or --xlsx",
    zh: () => "--start 和 --days 需与 --focus 或 --xlsx 一起使用",
  }),
  poolNeedsUsage: message({
    severity: "error",
    en: () => "--pool NAME goes with --usage",
    zh: () => "--pool NAME 需与 --usage 一起使用",
  }),
  thresholdInvalid: message({
    severity: "error",
    en: (p: { got: string }) => `--threshold must be a percentage ≥ 0, got "${p.got}"`,
    zh: (p) => `--threshold 必须是 ≥ 0 的百分比，实际为 "${p.got}"`,
  }),
  compareArgs: message({
    severity: "error",
    en: (p: { n: number }) => `expected a baseline and a candidate, got ${p.n} argument(s)`,
    zh: (p) => `需要基线和候选两个参数，实际为 ${p.n} 个参数`,
  }),
  concurrencyInvalid: message({
    severity: "error",
    en: (p: { got: string }) => `--concurrency must be a positive number, got "${p.got}"`,
    zh: (p) => `--concurrency 必须是正数，实际为 "${p.got}"`,
  }),
  binInvalid: message({
    severity: "error",
    en: (p: { got: string }) => `--bin must be a positive number of seconds${got.en(p.got)}`,
    zh: (p) => `--bin 必须是正的秒数${got.zh(p.got)}`,
  }),
  binTooSmall: message({
    severity: "error",
    en: (p: { got: string }) => `--bin must be at least 0.001 s${got.en(p.got)}`,
    zh: (p) => `--bin 至少为 0.001 s${got.zh(p.got)}`,
  }),
  formatsNoArgs: message({
    severity: "error",
    en: (p: { got: string }) => `capplan formats takes no arguments, got "${p.got}"`,
    zh: (p) => `capplan formats 不接受参数，实际为 "${p.got}"`,
  }),
  sinceOneSweep: message({
    severity: "error",
    en: (p: { n: number }) => `--since compares one run, but the input holds ${p.n} sweeps`,
    zh: (p) => `--since 只比较一次运行，但输入包含 ${p.n} 个扫描`,
  }),
  sinceDeployment: message({
    severity: "error",
    en: (p: { since: string; sinceDeployment: string; file: string; deployment: string }) =>
      `--since ${p.since} is another deployment (${p.sinceDeployment}) than ${p.file} (${p.deployment}): model, engine, GPU and GPU count must agree`,
    zh: (p) =>
      `--since ${p.since} 是另一个部署（${p.sinceDeployment}），与 ${p.file}（${p.deployment}）不同：模型、引擎、GPU 和 GPU 数量必须一致`,
  }),
  noExample: message({
    severity: "error",
    en: (p: { name: string; names: readonly string[] }) =>
      `no example named "${p.name}" (examples: ${p.names.join(", ")})`,
    zh: (p) => `没有名为 "${p.name}" 的示例（示例：${p.names.join(", ")}）`,
  }),
});

/** The text of a command-line problem in `lang`. */
export function cliText(p: Problem, lang: ProblemLang): string {
  return cliMessages.render(p, lang) ?? cliMessages.en(p);
}

/** The language `--lang` asks for in a command's raw arguments (`--lang zh`, `--lang=zh`), default English. */
export function langOfArgs(args: readonly string[]): ProblemLang {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") break;
    const v =
      a === "--lang"
        ? args[i + 1]
        : a.startsWith("--lang=")
          ? a.slice("--lang=".length)
          : undefined;
    if (v === "zh" || v === "en") return v;
  }
  return "en";
}
