/**
 * Messages of team usage tables (src/import/usage.ts, code `usage.*`) and other importer-side
 * readers (docs/problems.md). The English texts are the messages those readers have always
 * written (the CLI's and the app's contract); the Chinese is rendered from the same parameters.
 * Terms: 团队 (team), 资源池 (pool), 用量 (usage), 合计行 (totals row).
 */
import { defineMessages, message, type Catalogue } from "../../engine/base/problems";

/**
 * Header aliases the messages name (as written in the table's header: English and Chinese), passed
 * as the `names` parameter so the text around them is in the language rendered.
 */
export const NAMED_ALIASES = {
  team: ["team", "团队", "business unit", "tenant", "部门"],
  tokens: ["input tokens / 输入 token", "output tokens / 输出 token"],
  input: ["input tokens", "prompt tokens", "输入 token"],
  output: ["output tokens", "completion tokens", "输出 token"],
  totals: ["Total", "合计"],
} as const;

export const usageMessages = defineMessages("usage", {
  tooLarge: message({
    severity: "error",
    en: (p: { mi: number }) =>
      `the file is too large for a usage table (${p.mi} Mi characters; at most 64)`,
    zh: (p) => `文件过大，不能作为用量表（${p.mi} Mi 字符；上限 64）`,
  }),
  binary: message({
    severity: "error",
    en: () => "the file is binary, not a CSV/TSV text file",
    zh: () => "文件是二进制，不是 CSV/TSV 文本文件",
  }),
  ignoredColumns: message({
    severity: "warning",
    en: (p: { names: readonly string[] }) => `ignored columns: ${p.names.join(", ")}`,
    zh: (p) => `已忽略的列：${p.names.join(", ")}`,
  }),
  noTeamColumn: message({
    severity: "error",
    en: (p: { names: readonly string[]; header: string }) =>
      `no team column (${p.names.join(", ")}, …); the header is: ${p.header}`,
    zh: (p) => `没有团队列（${p.names.join("、")}…）；表头为：${p.header}`,
  }),
  noTokenColumns: message({
    severity: "error",
    en: (p: { names: readonly string[]; header: string }) =>
      `no token columns (${p.names.join(", ")}); the header is: ${p.header}`,
    zh: (p) => `没有 token 列（${p.names.join("、")}）；表头为：${p.header}`,
  }),
  totalOnly: message({
    severity: "error",
    en: (p: { column: string }) =>
      `only total tokens ("${p.column}"): the allocation needs input and output tokens apart; add the two columns, or import the totals as input tokens (exact for method "tokens" only)`,
    zh: (p) =>
      `只有总 token 数（"${p.column}"）：分摊需要分开的输入和输出 token；请补上这两列，或把总数作为输入 token 导入（仅对 "tokens" 方法精确）`,
  }),
  totalAsInput: message({
    severity: "warning",
    en: (p: { column: string }) =>
      `only total tokens ("${p.column}"): counted as input tokens with 0 output tokens, which is exact for allocation method "tokens" only`,
    zh: (p) =>
      `只有总 token 数（"${p.column}"）：按输入 token 计、输出 token 记为 0，仅对分摊方法 "tokens" 精确`,
  }),
  noColumn: message({
    severity: "error",
    en: (p: { which: "input" | "output"; names: readonly string[] }) =>
      `no ${p.which} tokens column (${p.names.join(", ")}) and no total tokens to derive it from`,
    zh: (p) =>
      `没有${p.which === "input" ? "输入" : "输出"} token 列（${p.names.join(", ")}），也没有可用于推算的总 token 数`,
  }),
  teamRequired: message({
    severity: "error",
    en: () => "a team name is required",
    zh: () => "需要填写团队名",
  }),
  teamEmpty: message({
    severity: "error",
    en: () => "the team name is empty",
    zh: () => "团队名为空",
  }),
  emptyCount: message({
    severity: "error",
    en: (p: { value: string }) =>
      `empty token count${p.value ? ` ("${p.value}")` : ""}; write 0 if the team used none`,
    zh: (p) => `token 数为空${p.value ? `（"${p.value}"）` : ""}；团队未使用时请填 0`,
  }),
  notCount: message({
    severity: "error",
    en: (p: { value: string }) => `"${p.value}" is not a token count`,
    zh: (p) => `"${p.value}" 不是 token 数`,
  }),
  negative: message({
    severity: "error",
    en: (p: { value: string }) => `token count ${p.value} is negative`,
    zh: (p) => `token 数 ${p.value} 为负数`,
  }),
  totalBelowPart: message({
    severity: "error",
    en: (p: { total: number; part: "input" | "output"; value: number }) =>
      `total tokens ${p.total} are less than the ${p.part} tokens ${p.value}`,
    zh: (p) =>
      `总 token 数 ${p.total} 小于${p.part === "input" ? "输入" : "输出"} token 数 ${p.value}`,
  }),
  notReplicaCount: message({
    severity: "error",
    en: (p: { value: string }) => `"${p.value}" is not a replica count ≥ 0`,
    zh: (p) => `"${p.value}" 不是 ≥ 0 的副本数`,
  }),
  skippedTotals: message({
    severity: "warning",
    en: (p: { n: number; names: readonly string[] }) =>
      `skipped ${p.n} totals row${p.n > 1 ? "s" : ""} (${p.names.join("/")})`,
    zh: (p) => `跳过了 ${p.n} 行合计行（${p.names.join("/")}）`,
  }),
  noRows: message({
    severity: "error",
    en: () => "the file has a header but no usage rows",
    zh: () => "文件只有表头，没有用量行",
  }),
  multiDayDivided: message({
    severity: "warning",
    en: (p: { days: number; first: string; last: string }) =>
      `the file covers ${p.days} dates (${p.first} … ${p.last}): token sums were divided by ${p.days} to give daily usage`,
    zh: (p) =>
      `文件涵盖 ${p.days} 个日期（${p.first} … ${p.last}）：token 合计已除以 ${p.days}，得到每日用量`,
  }),
  multiDaySums: message({
    severity: "warning",
    en: (p: { days: number; first: string; last: string }) =>
      `the file covers ${p.days} dates (${p.first} … ${p.last}): the rows hold ${p.days}-day sums, not daily usage`,
    zh: (p) =>
      `文件涵盖 ${p.days} 个日期（${p.first} … ${p.last}）：各行是 ${p.days} 天的合计，而不是每日用量`,
  }),
});

/** Messages of a FOCUS bill read back for plan vs actual (src/report/actuals.ts, `capplan actuals`; docs/focus.md). */
export const actualsMessages = defineMessages("actuals", {
  notFocus: message({
    severity: "error",
    en: (p: { noCost: boolean; noStart: boolean }) =>
      `not a FOCUS cost-and-usage file: missing column ${[...(p.noCost ? ["BilledCost or EffectiveCost"] : []), ...(p.noStart ? ["ChargePeriodStart"] : [])].join(", ")}`,
    zh: (p) =>
      `不是 FOCUS 成本与用量文件：缺少列 ${[...(p.noCost ? ["BilledCost 或 EffectiveCost"] : []), ...(p.noStart ? ["ChargePeriodStart"] : [])].join("、")}`,
  }),
  notDecimal: message({
    severity: "error",
    en: (p: { line: number; column: string; got: string }) =>
      `line ${p.line}: ${p.column} must be a decimal number, got "${p.got}"`,
    zh: (p) => `第 ${p.line} 行：${p.column} 必须是十进制数，实际为 "${p.got}"`,
  }),
  notDate: message({
    severity: "error",
    en: (p: { line: number; got: string }) =>
      `line ${p.line}: ChargePeriodStart must be a date, got "${p.got}"`,
    zh: (p) => `第 ${p.line} 行：ChargePeriodStart 必须是日期，实际为 "${p.got}"`,
  }),
  noCharges: message({
    severity: "error",
    en: () => "the file has no charges (only a header)",
    zh: () => "文件中没有费用行（只有表头）",
  }),
  noTenants: message({
    severity: "error",
    en: () => "the plan has no team allocation (tenants)",
    zh: () => "计划中没有团队分摊（tenants）",
  }),
  otherCurrency: message({
    severity: "warning",
    en: (p: { n: number; currency: string; names: readonly string[] }) =>
      `${p.n} charge(s) in another currency than the plan's ${p.currency} (${p.names.join(", ")}) were left out`,
    zh: (p) => `${p.n} 笔费用的币种不是计划的 ${p.currency}（${p.names.join(", ")}），已排除`,
  }),
});

/** What a path that is not a regular file is (src/cli/io.ts `kindOf`). */
export type FileKind = "folder" | "fifo" | "device" | "socket" | "symlink" | "other";
const KIND_EN: Record<FileKind, string> = {
  folder: "a folder",
  fifo: "a FIFO (named pipe)",
  device: "a device",
  socket: "a socket",
  symlink: "a symbolic link",
  other: "not a regular file",
};
const KIND_ZH: Record<FileKind, string> = {
  folder: "文件夹",
  fifo: "FIFO（命名管道）",
  device: "设备",
  socket: "套接字",
  symlink: "符号链接",
  other: "非常规文件",
};

/** File-system error codes as short phrases (no paths, no stack); others: "cannot be read (CODE)". */
const FS_EN: Record<string, string> = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ELOOP: "symbolic link loop",
  EISDIR: "is a folder",
  ENOTDIR: "a part of the path is not a folder",
  EAGAIN: "would block (not a regular file)",
};
const FS_ZH: Record<string, string> = {
  ENOENT: "文件或文件夹不存在",
  EACCES: "权限不足",
  EPERM: "权限不足",
  ELOOP: "符号链接循环",
  EISDIR: "是文件夹",
  ENOTDIR: "路径中有一部分不是文件夹",
  EAGAIN: "会阻塞（不是常规文件）",
};

/**
 * Messages of reading plan and sweep files (code `cliFile.*`): `capplan`'s file readers
 * (src/cli/io.ts, plan-loader.ts) and the app's sweep references (src/ui/state/examples.ts,
 * AttachFiles). A file or path the message is about is its first parameter, kept as written.
 */
export const cliFileMessages = defineMessages("cliFile", {
  noSweep: message({
    severity: "error",
    en: (p: { file: string }) => `${p.file}: no sweep found`,
    zh: (p) => `${p.file}: 没有找到扫描`,
  }),
  manySweepsFirst: message({
    severity: "warning",
    en: (p: { file: string; n: number }) => `${p.file}: ${p.n} sweeps found; the first is used`,
    zh: (p) => `${p.file}: 找到 ${p.n} 个扫描；使用第一个`,
  }),
  noExample: message({
    severity: "error",
    en: (p: { name: string }) => `no example named ${p.name}`,
    zh: (p) => `没有名为 ${p.name} 的示例`,
  }),
  fs: message({
    severity: "error",
    en: (p: { code: string | null }) =>
      FS_EN[p.code ?? ""] ?? (p.code ? `cannot be read (${p.code})` : "cannot be read"),
    zh: (p) => FS_ZH[p.code ?? ""] ?? (p.code ? `无法读取（${p.code}）` : "无法读取"),
  }),
  notRegular: message({
    severity: "error",
    en: (p: { kind: FileKind }) =>
      `${KIND_EN[p.kind]}, not a regular file: capplan reads only regular files`,
    zh: (p) => `${KIND_ZH[p.kind]}，不是常规文件：capplan 只读取常规文件`,
  }),
  readOverLimit: message({
    severity: "error",
    en: (p: { mib: number }) =>
      `more than ${p.mib} MiB read; the limit is ${p.mib} MiB (split the file)`,
    zh: (p) => `读取超过 ${p.mib} MiB；上限为 ${p.mib} MiB（请拆分文件）`,
  }),
  stdinTooLarge: message({
    severity: "error",
    en: (p: { mib: number }) => `standard input is larger than ${p.mib} MiB`,
    zh: (p) => `标准输入大于 ${p.mib} MiB`,
  }),
  outside: message({
    severity: "error",
    en: (p: { path: string }) =>
      `"${p.path}" is outside the plan's folder and the working directory; pass --allow-path DIR to allow reading it (see docs/security.md)`,
    zh: (p) =>
      `"${p.path}" 位于计划所在文件夹和工作目录之外；如需读取，请传入 --allow-path DIR（见 docs/security.md）`,
  }),
  folderEmpty: message({
    severity: "error",
    en: () => "folder holds no files to import",
    zh: () => "文件夹中没有可导入的文件",
  }),
  linkNotFollowed: message({
    severity: "warning",
    en: (p: { file: string; why: "loop" | "dangling" | "leaves" | "to"; kind: FileKind | null }) =>
      `${p.file}: ${p.why === "loop" ? "a symbolic link loop" : p.why === "dangling" ? "a dangling symbolic link" : p.why === "leaves" ? "a symbolic link that leaves the folder" : `a symbolic link to ${KIND_EN[p.kind ?? "other"]}`}, not followed`,
    zh: (p) =>
      `${p.file}: ${p.why === "loop" ? "符号链接循环" : p.why === "dangling" ? "悬空的符号链接" : p.why === "leaves" ? "离开该文件夹的符号链接" : `指向${KIND_ZH[p.kind ?? "other"]}的符号链接`}，未跟随`,
  }),
  notRead: message({
    severity: "warning",
    en: (p: { file: string; kind: FileKind }) =>
      `${p.file}: ${KIND_EN[p.kind]}, not read (capplan reads only regular files)`,
    zh: (p) => `${p.file}: ${KIND_ZH[p.kind]}，未读取（capplan 只读取常规文件）`,
  }),
  noSuchPlan: message({
    severity: "error",
    en: () => "no such file",
    zh: () => "文件不存在",
  }),
  planIsFolder: message({
    severity: "error",
    en: () => "is a folder, expected a plan JSON file",
    zh: () => "是文件夹，应为计划 JSON 文件",
  }),
  // `capplan compare` (src/cli/commands/compare.ts): the side a line is about, and its own errors.
  side: message({
    severity: "info",
    en: (p: { side: "baseline" | "candidate" }) => `${p.side}`,
    zh: (p) => (p.side === "baseline" ? "基线" : "候选"),
  }),
  compareManySweeps: message({
    severity: "error",
    en: (p: {
      side: "baseline" | "candidate";
      path: string;
      n: number;
      names: readonly string[];
    }) =>
      `${p.side} ${p.path}: holds ${p.n} sweeps (${p.names.join("; ")}); compare needs exactly one per side — pass one file or a folder of one deployment`,
    zh: (p) =>
      `${p.side === "baseline" ? "基线" : "候选"} ${p.path}: 包含 ${p.n} 个扫描（${p.names.join("; ")}）；比较时每一方只能有一个扫描——请传入一个文件，或一个部署的文件夹`,
  }),
  compareNoMatch: message({
    severity: "error",
    en: (p: { base: string; cand: string }) =>
      `no load level matches between ${p.base} and ${p.cand}: compare sweeps measured at the same concurrencies or request rates`,
    zh: (p) =>
      `${p.base} 与 ${p.cand} 之间没有相同的负载档位：请比较在相同并发或请求速率下测得的扫描`,
  }),
  holdsSweeps: message({
    severity: "error",
    en: (p: { file: string; n: number }) =>
      `${p.file}: holds ${p.n} sweeps; a SKU sweep must be one deployment (split the files or use inline points)`,
    zh: (p) =>
      `${p.file}: 包含 ${p.n} 个扫描；一个 SKU 的扫描必须来自同一个部署（请拆分文件或使用内联数据点）`,
  }),
});

/** The catalogues of this family (registered through ./index.ts). */
export const usageCatalogues: readonly Catalogue[] = [
  usageMessages,
  actualsMessages,
  cliFileMessages,
] as unknown as Catalogue[];
