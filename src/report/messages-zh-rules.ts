/**
 * The rule type and shared helpers of the Chinese message table (`messages-zh.ts`): load labels
 * (`loadLabel` of src/engine/load.ts) in importer messages and V8's JSON.parse messages. Terms
 * follow the seed article (副本、并发、吞吐、负载档位、运行点) and the app's labels.
 */

/** Translate a nested message (a capture); null when it is not a known message. */
export type Sub = (s: string) => string | null;

/** One message template: a full-match regex and its Chinese rendering (null: does not apply). */
export interface Rule {
  re: RegExp;
  zh: (g: string[], sub: Sub) => string | null;
}

/** Build a rule; `zh` gets the match groups (g[1] … g[n], "" for a group that did not take part). */
export function rule(re: RegExp, zh: (g: string[], sub: Sub) => string | null): Rule {
  return { re, zh };
}

/** A load label of `loadLabel`/`loadRangeLabel` (src/engine/load.ts) in Chinese; unknown text unchanged. */
export function load(s: string): string {
  if (s === "an unknown load") return "未知负载";
  let m = /^concurrency (\S+)$/.exec(s);
  if (m) return `并发 ${m[1]}`;
  m = /^request rate (\S+) req\/s$/.exec(s);
  if (m) return `请求速率 ${m[1]} req/s`;
  m = /^(\S+) req\/s achieved$/.exec(s);
  if (m) return `实测 ${m[1]} req/s`;
  m = /^request rate (\S+)$/.exec(s);
  if (m) return `请求速率 ${m[1]}`;
  return s;
}

/** V8's JSON.parse messages, as src/import/input.ts keeps them (position suffix stripped). */
export const JSON_RULES: Rule[] = [
  rule(/^Expected ',' or '}' after property value$/, () => "属性值之后应为 ',' 或 '}'"),
  rule(/^Expected ',' or '\]' after array element$/, () => "数组元素之后应为 ',' 或 ']'"),
  rule(/^Expected double-quoted property name$/, () => "应为双引号括起的属性名"),
  rule(/^Unexpected end of JSON input$/, () => "JSON 意外结束"),
  rule(/^Unterminated string in JSON$/, () => "JSON 中的字符串未闭合"),
  rule(/^Unexpected token '(.*)', (.*) is not valid JSON$/, ([, a, b]) => `意外的符号 '${a}'，${b} 不是有效的 JSON`),
  rule(/^Unexpected non-whitespace character after JSON$/, () => "JSON 之后还有非空白字符"),
];
