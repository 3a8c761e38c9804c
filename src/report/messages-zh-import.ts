/**
 * Chinese templates for the importers' messages (src/import/**): the pipeline (empty, binary,
 * unknown format, duplicate load levels, skipped files), the generic CSV/JSON importer and the
 * per-tool notes a planner meets on common imports (vLLM, SGLang, GenAI-Perf/AIPerf, GuideLLM,
 * LLMPerf, Locust, inference-perf, InferenceX, trtllm-bench, the seed script).
 */
import { load, rule, type Rule } from "./messages-zh-rules";

/** Chinese of an unrecognised file's description (src/import/describe.ts). */
function describedZh(d: string): string {
  let m = /^a JSON array of (\d+) element\(s\) \((.+)\) that no importer knows$/.exec(d);
  if (m) return `JSON 数组，${m[1]} 个元素（${m[2]}），没有导入器认识`;
  if (d === "an empty JSON array") return "空的 JSON 数组";
  m = /^a JSON object of another shape \((\d+) top-level key\(s\), none of a known format\)$/.exec(d);
  if (m) return `其他结构的 JSON 对象（${m[1]} 个顶层键，都不属于已知格式）`;
  if (d === "JSON lines of another shape") return "其他结构的 JSON 行";
  m = /^Markdown \((\d+) line\(s\)\) without a table of load levels$/.exec(d);
  if (m) return `Markdown（${m[1]} 行），没有负载档位表`;
  m = /^a (comma|semicolon|tab)-separated table of (\d+) column\(s\) and (\d+) line\(s\) without (.+)$/.exec(d);
  if (m) {
    const sep = { comma: "逗号", semicolon: "分号", tab: "制表符" }[m[1] as "comma"];
    const need = m[4]!
      .replace("a load column (concurrency, request rate, 并发…)", "负载列（并发、请求速率…）")
      .replace("a metric column (RPS, tokens/s, P99 TTFT…)", "指标列（RPS、tokens/s、P99 TTFT…）")
      .replace(" or ", "或")
      .replace("the needed columns", "所需的列");
    return `${sep}分隔的表格（${m[2]} 列，${m[3]} 行），缺少${need}`;
  }
  m = /^text of (\d+) line\(s\) in no known format$/.exec(d);
  if (m) return `文本（${m[1]} 行），不属于任何已知格式`;
  return d;
}

/** The importer-side templates, checked after the engine's. */
export const IMPORT_RULES: Rule[] = [
  // Pipeline (src/import/index.ts, input.ts).
  rule(/^file is empty$/, () => "文件为空"),
  rule(/^file looks binary \(NUL or undecodable bytes\), not a text benchmark output$/, () => "文件看起来是二进制（含 NUL 或无法解码的字节），不是文本格式的压测输出"),
  rule(/^file looks binary \(control characters\), not a text benchmark output$/, () => "文件看起来是二进制（含控制字符），不是文本格式的压测输出"),
  rule(/^file is (\S+) MiB; the limit is (\S+) MiB \(split the file, or import per-request logs per load level\)$/, ([, a, b]) => `文件大小 ${a} MiB，上限为 ${b} MiB（请拆分文件，或按负载档位分别导入逐请求日志）`),
  rule(/^no files to import$/, () => "没有要导入的文件"),
  rule(/^unknown --format (".*"); see `capplan formats`$/, ([, f]) => `未知的 --format ${f}；参见 \`capplan formats\``),
  rule(/^not a recognised benchmark output; skipped$/, () => "不是可识别的压测输出；已跳过"),
  rule(/^unrecognised format: (.+); see `capplan formats` for what can be imported$/, ([, d]) => `无法识别的格式：${describedZh(d!)}；可导入的格式见 \`capplan formats\``),
  rule(/^(\S+) importer failed: (.+)$/, ([, i, e]) => `${i} 导入器出错：${e}`),
  rule(/^no load levels with results were found$/, () => "没有找到带结果的负载档位"),
  rule(/^could not be read \((.+)\)$/, ([, e]) => `无法读取（${e}）`),
  rule(/^the import worker failed: (.+)$/, ([, e]) => `导入 worker 出错：${e}`),
  rule(/^(.+); skipped$/, ([, m], sub) => {
    const zh = sub(m!);
    return zh === null ? null : `${zh}；已跳过`;
  }),
  rule(/^duplicate load level \((.+)\) in (.+) \(twice\): kept the later one$/, ([, l, f]) => `负载档位重复（${load(l!)}）：${f} 中出现两次，保留后一个`),
  rule(/^duplicate load level \((.+)\) in (.+) and (.+): kept the later one$/, ([, l, a, b]) => `负载档位重复（${load(l!)}）：${a} 与 ${b} 中都有，保留后一个`),
  rule(/^duplicate load level \((.+)\) at lines (\d+) and (\d+): the later row is kept$/, ([, l, a, b]) => `负载档位重复（${load(l!)}）：第 ${a} 行和第 ${b} 行，保留后一行`),
  rule(/^duplicate concurrency (\S+) at lines (\d+) and (\d+): the later one is kept$/, ([, c, a, b]) => `并发 ${c} 重复：第 ${a} 行和第 ${b} 行，保留后一个`),
  rule(/^read as UTF-16 \((little|big)-endian, by its byte-order mark\)$/, ([, e]) => `按 UTF-16（${e === "little" ? "小端" : "大端"}，依据字节顺序标记）读取`),
  rule(/^not valid UTF-8: read as Latin-1 \(Windows-1252\); check names with accents$/, () => "不是有效的 UTF-8：按 Latin-1（Windows-1252）读取；请核对带重音的名称"),
  rule(/^line (\d+) \(the last line\) looks cut off: (.+), and the file does not end with a line break; check that the file was written completely$/, ([, l, w]) =>
    `第 ${l} 行（最后一行）似乎被截断：${w!.replace(/^(\d+) of (\d+) cells$/, "只有 $1/$2 个单元格").replace(/^its last cell (".*") ends inside a number$/, "最后一个单元格 $1 在数字中间结束")}，且文件不以换行结尾；请确认文件已完整写入`),
  rule(/^line (\d+) is (\S+) MiB long; a line of a text table may be at most (\S+) MiB \(a file without line breaks\?\)$/, ([, l, a, b]) => `第 ${l} 行长 ${a} MiB；文本表格的一行最多 ${b} MiB（文件没有换行？）`),
  rule(/^the header has (\d+) columns; a table may have at most (\S+)$/, ([, a, b]) => `表头有 ${a} 列；表格最多 ${b} 列`),
  rule(/^number (.+) is out of range \(beyond ±1\.8e308\)$/, ([, n]) => `数字 ${n} 超出范围（超过 ±1.8e308）`),
  rule(/^(.+?) could not be imported \((.+)\): this sweep lacks its load level( \(concurrency (\S+), by its path\))?$/, ([, f, why, , c], sub) =>
    `${f} 无法导入（${sub(why!) ?? why}）：该扫描缺少这个负载档位${c ? `（按路径为并发 ${c}）` : ""}`),
  rule(/^(.+?) was measured (\d+) times \(in (.+)\): repeats, the point holds the median of each statistic$/, ([, l, n, f]) => `${load(l!)} 测了 ${n} 次（${f}）：视为重复运行，该点取每个统计量的中位数`),
  rule(/^(.+?): the (\d+) repeated runs differ by more than 10 %: (.+); the point holds their median \(the runs were not stable: warm-up, noisy neighbour\?\)$/, ([, l, n, d]) =>
    `${load(l!)}：${n} 次重复运行相差超过 10 %：${d!.replace(/, and (\d+) other statistic\(s\)$/, "，另有 $1 个统计量")}；该点取其中位数（运行不稳定：预热不足或有干扰？）`),
  rule(/^concurrency read from the file path \(the file's content does not record it\)$/, () => "并发取自文件路径（文件内容中没有记录）"),
  rule(/^GPUs per replica taken as tensor parallel × pipeline parallel from --metadata \((.+)\)$/, ([, n]) => `每副本 GPU 数取自 --metadata 中的张量并行 × 流水线并行（${n}）`),
  rule(/^(.+): no such file or directory$/, ([, p]) => `${p}：文件或文件夹不存在`),
  rule(/^no sweep found$/, () => "没有找到扫描"),
  rule(/^is a folder, expected a plan JSON file$/, () => "是文件夹，应为计划 JSON 文件"),
  rule(/^no such file$/, () => "文件不存在"),
  rule(/^folder holds no files to import$/, () => "文件夹中没有可导入的文件"),
  rule(/^holds (\d+) sweeps; a SKU sweep must be one deployment \(split the files or use inline points\)$/, ([, n]) => `包含 ${n} 个扫描；一个 SKU 的扫描必须来自同一个部署（请拆分文件或使用内联数据点）`),

  // Generic CSV / JSON tables (src/import/formats/generic-*.ts), llm-load-test, nv-metrics.
  rule(/^expected a number, got (.*)$/, ([, v]) => `应为数字，实际为 ${v}`),
  rule(/^expected a number, found (.*)$/, ([, v]) => `应为数字，实际为 ${v}`),
  rule(/^must be a positive number, found (.*)$/, ([, v]) => `必须是正数，实际为 ${v}`),
  rule(/^must be a finite number ≥ 0, found (.*)$/, ([, v]) => `必须是 ≥ 0 的有限数，实际为 ${v}`),
  rule(/^must be a finite number ≥ 0$/, () => "必须是 ≥ 0 的有限数"),
  rule(/^expected a positive (concurrency|request rate), found (.*)$/, ([, k, v]) => `应为正的${k === "concurrency" ? "并发" : "请求速率"}，实际为 ${v}`),
  rule(/^no load column \(concurrency, request rate, 并发…\) among the (\d+) columns of the header$/, ([, n]) => `表头的 ${n} 列中没有负载列（并发、请求速率…）`),
  rule(/^no metric column \(RPS, tokens\/s, P99 TTFT, …\) among the (\d+) columns of the header$/, ([, n]) => `表头的 ${n} 列中没有指标列（RPS、tokens/s、P99 TTFT…）`),
  rule(/^no per-request latency column \(ttft, latency, itl, tpot\) among the (\d+) columns of the header$/, ([, n]) => `表头的 ${n} 列中没有逐请求延迟列（ttft、latency、itl、tpot）`),
  rule(/^columns ignored \(not recognised or not used here\): (.*)$/, ([, c]) => `已忽略的列（无法识别或此处不用）：${c}`),
  rule(/^unit of column (".*") not stated: assumed ms$/, ([, c]) => `列 ${c} 未注明单位：按 ms 处理`),
  rule(/^unit of column (".*") not stated: read as (epoch seconds|ms) from its magnitude$/, ([, c, u]) => `列 ${c} 未注明单位：按数值量级读作${u === "ms" ? " ms" : "纪元秒"}`),
  rule(/^column (".*") could be (.+): ignored \(rename it or choose in the column-mapping step\)$/, ([, c, o]) => `列 ${c} 可能是 ${o}：已忽略（请重命名，或在列映射步骤中选择）`),
  rule(/^column (".*") means the same as column (".*"): ignored$/, ([, a, b]) => `列 ${a} 与列 ${b} 含义相同：已忽略`),
  rule(/^column (".*") has no statistic \(mean, p50, p99…\): ignored \(rename it, e\.g\. (".*")\)$/, ([, c, e]) => `列 ${c} 没有统计量（mean、p50、p99…）：已忽略（请重命名，例如 ${e}）`),
  rule(/^(\d+) row\(s\) without a load value were skipped$/, ([, n]) => `跳过了 ${n} 行没有负载值的数据`),
  rule(/^(\d+) other table\(s\) without load and metric columns were skipped$/, ([, n]) => `跳过了另外 ${n} 个没有负载列和指标列的表`),
  rule(/^no data rows with a load value$/, () => "没有带负载值的数据行"),
  rule(/^no request rows with a load value$/, () => "没有带负载值的请求行"),
  rule(/^expected a JSON array of records$/, () => "应为记录组成的 JSON 数组"),
  rule(/^expected one JSON object per line$/, () => "每行应为一个 JSON 对象"),
  rule(/^element (\d+) is not an object$/, ([, i]) => `第 ${i} 个元素不是对象`),
  rule(/^(\d+) record\(s\) were not objects and were ignored$/, ([, n]) => `${n} 条记录不是对象，已忽略`),
  rule(/^no start\/end timestamps: rps and tokens\/s estimated by Little's law as concurrency ÷ mean e2e latency$/, () => "没有开始/结束时间戳：rps 和 tokens/s 按利特尔法则估算（并发 ÷ 平均 e2e 延迟）"),
  rule(/^rps estimated by Little's law \(concurrency ÷ mean e2e\) where timestamps span no time$/, () => "时间戳跨度为零处，rps 按利特尔法则估算（并发 ÷ 平均 e2e）"),

  // Team usage tables (src/import/usage.ts).
  rule(/^the file is too large for a usage table \((\S+) Mi characters; at most 64\)$/, ([, n]) => `文件过大，不能作为用量表（${n} Mi 字符；上限 64）`),
  rule(/^the file is binary, not a CSV\/TSV text file$/, () => "文件是二进制，不是 CSV/TSV 文本文件"),
  rule(/^ignored columns: (.+)$/, ([, c]) => `已忽略的列：${c}`),
  rule(/^no team column \(team, 团队, business unit, tenant, 部门, …\); the header is: (.*)$/, ([, h]) => `没有团队列（team、团队、business unit、tenant、部门…）；表头为：${h}`),
  rule(/^no token columns \(input tokens \/ 输入 token, output tokens \/ 输出 token\); the header is: (.*)$/, ([, h]) => `没有 token 列（input tokens / 输入 token、output tokens / 输出 token）；表头为：${h}`),
  rule(/^only total tokens \((".*")\): the allocation needs input and output tokens apart; add the two columns, or import the totals as input tokens \(exact for method "tokens" only\)$/,
    ([, c]) => `只有总 token 数（${c}）：分摊需要分开的输入和输出 token；请补上这两列，或把总数作为输入 token 导入（仅对 "tokens" 方法精确）`),
  rule(/^only total tokens \((".*")\): counted as input tokens with 0 output tokens, which is exact for allocation method "tokens" only$/,
    ([, c]) => `只有总 token 数（${c}）：按输入 token 计、输出 token 记为 0，仅对分摊方法 "tokens" 精确`),
  rule(/^no (input|output) tokens column \((.+)\) and no total tokens to derive it from$/, ([, k, l]) => `没有${k === "input" ? "输入" : "输出"} token 列（${l}），也没有可用于推算的总 token 数`),
  rule(/^the team name is empty$/, () => "团队名为空"),
  rule(/^empty token count(?: \((".*")\))?; write 0 if the team used none$/, ([, v]) => `token 数为空${v ? `（${v}）` : ""}；团队未使用时请填 0`),
  rule(/^(".*") is not a token count$/, ([, v]) => `${v} 不是 token 数`),
  rule(/^token count (.+) is negative$/, ([, v]) => `token 数 ${v} 为负数`),
  rule(/^total tokens (\S+) are less than the (input|output) tokens (\S+)$/, ([, t, k, v]) => `总 token 数 ${t} 小于${k === "input" ? "输入" : "输出"} token 数 ${v}`),
  rule(/^skipped (\d+) totals rows? \(Total\/合计\)$/, ([, n]) => `跳过了 ${n} 行合计行（Total/合计）`),
  rule(/^the file has a header but no usage rows$/, () => "文件只有表头，没有用量行"),
  rule(/^the file covers (\d+) dates \((.+)\): the rows hold \1-day sums, not daily usage$/, ([, n, d]) => `文件涵盖 ${n} 个日期（${d}）：各行是 ${n} 天的合计，而不是每日用量`),
  rule(/^the file covers (\d+) dates \((.+)\): token sums were divided by \1 to give daily usage$/, ([, n, d]) => `文件涵盖 ${n} 个日期（${d}）：token 合计已除以 ${n}，得到每日用量`),

  // Per-request records (src/import/per-request.ts and the formats that use it).
  rule(/^aggregated (\d+) per-request rows into (\d+) load level\(s\) with exact percentiles \(numpy linear\)$/, ([, r, n]) => `已将 ${r} 行逐请求数据聚合为 ${n} 个负载档位，百分位为精确值（numpy linear）`),
  rule(/^per-request column (".*") holds one value per request \(its mean inter-token gap\): stored as tpot \(docs\/metrics\.md\)$/, ([, c]) => `逐请求列 ${c} 每个请求一个值（其平均 token 间隔）：存为 tpot（docs/metrics.md）`),
  rule(/^per-request column (".*") holds lists of inter-token gaps: pooled over all requests as itl$/, ([, c]) => `逐请求列 ${c} 是 token 间隔列表：汇总所有请求后作为 itl`),
  rule(/^per-request column (".*"): only lists of inter-token gaps are used \(a tpot column is present\)$/, ([, c]) => `逐请求列 ${c}：只使用 token 间隔列表（已有 tpot 列）`),
  rule(/^aggregated from per-request records \(exact percentiles\); rps and tokens\/s use the span from the first request start to the last response$/, () => "由逐请求记录聚合（百分位为精确值）；rps 和 tokens/s 按从第一个请求开始到最后一个响应的时间跨度计算"),
  rule(/^(\d+) warm-up record\(s\) left out$/, ([, n]) => `已排除 ${n} 条预热记录`),
  rule(/^(\d+) successful request\(s\) streamed no token \(ttft 0 s\); kept in the TTFT statistics as the tool does$/, ([, n]) => `${n} 个成功请求没有流式返回任何 token（ttft 0 s）；与原工具一致，仍计入 TTFT 统计`),
  rule(/^statistics missing from the summary computed from the per-request arrays \((\d+) requests, exact percentiles\): (.+)$/, ([, n, l]) => `汇总中缺少的统计量已由逐请求数组算出（${n} 个请求，百分位为精确值）：${l}`),
  rule(/^the per-request arrays hold (\d+) successful requests but the summary says completed = (\S+)$/, ([, a, b]) => `逐请求数组中有 ${a} 个成功请求，但汇总中 completed = ${b}`),

  // vLLM / SGLang / seed script.
  rule(/^achieved rps derived as completed \/ duration \(the file has no request_throughput\)$/, () => "实测 rps 按 completed / duration 推算（文件中没有 request_throughput）"),
  rule(/^the file does not record the model \(SGLang bench_serving lines of this version have no model key\)$/, () => "文件中没有记录模型（该版本 SGLang bench_serving 的输出行没有 model 键）"),
  rule(/^concurrency is SGLang's measured average \(sum of latencies \/ duration\): the file records no limit or rate$/, () => "并发是 SGLang 测得的平均值（延迟总和 / duration）：文件中没有记录并发上限或请求速率"),
  rule(/^completed is 0: no request succeeded in this run$/, () => "completed 为 0：本次运行没有成功的请求"),
  rule(/^warm-up run \(run_number -1\); skipped$/, () => "预热运行（run_number -1）；已跳过"),
  rule(/^failed sweep run (\S+) \((.+)\); skipped$/, ([, n, e]) => `扫描运行 ${n} 失败（${e}）；已跳过`),
  rule(/^failed sweep run \((.+)\); skipped$/, ([, e]) => `扫描运行失败（${e}）；已跳过`),
  rule(/^backend (".*") names the client API, not the server: engine assumed "vllm"$/, ([, b]) => `backend ${b} 指的是客户端 API，不是服务端：引擎按 "vllm" 处理`),
  rule(/^no latency statistics \(keys like (.+)\): not a usable (vLLM|SGLang) result$/, ([, k, t]) => `没有延迟统计量（如 ${k} 等键）：不是可用的 ${t} 结果`),
  rule(/^rps in the seed script is total \/ sum\(latency\), one worker's rate; reported the service rate concurrency × rps \(Little's law, docs\/metrics\.md\): (.+)$/,
    ([, l]) => `seed 脚本中的 rps 是 total / sum(latency)，即单个 worker 的速率；已按利特尔法则（docs/metrics.md）报告服务速率 = 并发 × rps：${(l ?? "").replace(/concurrency (\S+): /g, "并发 $1：")}`),
  rule(/^p50\/p99 are the script's end-to-end latency order statistics in seconds \(lat\[n\/\/2\], lat\[int\(n·0\.99\)−1\]\), converted to ms$/, () => "p50/p99 是脚本按秒计的端到端延迟顺序统计量（lat[n//2]、lat[int(n·0.99)−1]），已换算为 ms"),
  rule(/^no sweep lines \(\{'concurrency': …\}\) found$/, () => "没有找到扫描输出行（{'concurrency': …}）"),
  rule(/^lines (.+) are not sweep lines: ignored$/, ([, l]) => `第 ${l} 行不是扫描输出行：已忽略`),

  // GenAI-Perf / AIPerf.
  rule(/^missing row (".*"): the statistics table has streaming rows \((.+)\) but no Time To First Token row$/, ([, r, l]) => `缺少 ${r} 行：统计表有流式相关行（${l}），但没有 Time To First Token 行`),
  rule(/^values are means over several trials per level$/, () => "数值为每个负载档位多次试验的平均值"),
  rule(/^the benchmark was cancelled before it finished$/, () => "压测在完成前被取消"),
  rule(/^multi-turn run: session_concurrency (\S+) used as concurrency$/, ([, n]) => `多轮会话运行：以 session_concurrency ${n} 作为并发`),
  rule(/^no Time To First Token row \(non-streaming run\): TTFT and ITL\/TPOT are unknown$/, () => "没有 Time To First Token 行（非流式运行）：TTFT 和 ITL/TPOT 未知"),
  rule(/^non-streaming run: TTFT and ITL are unknown$/, () => "非流式运行：TTFT 和 ITL 未知"),
  rule(/^no profiling-phase records were found$/, () => "没有找到 profiling 阶段的记录"),
  rule(/^no "Metric,Value" table: request and token throughput are unknown$/, () => "没有 \"Metric,Value\" 表：请求吞吐和 token 吞吐未知"),

  // GuideLLM.
  rule(/^GuideLLM v0\.2–v0\.3 time_per_output_token_ms is \(last − first token\)\/output tokens, none of the canonical metrics: not imported \(tpot comes from inter_token_latency_ms\)$/,
    () => "GuideLLM v0.2–v0.3 的 time_per_output_token_ms 是 (last − first token)/output tokens，不属于任何标准指标：未导入（tpot 取自 inter_token_latency_ms）"),
  rule(/^GuideLLM: the strategy does not fix a load level; concurrency is the measured average request_concurrency(?: \((.+)\))?$/, ([, w]) => `GuideLLM：该策略不固定负载档位；并发取测得的平均 request_concurrency${w ? `（${w}）` : ""}`),
  rule(/^benchmarks\[(\d+)\] is not a generative benchmark; ignored$/, ([, i]) => `benchmarks[${i}] 不是生成式压测；已忽略`),
  rule(/^line (\d+): (".*") percentile list has (\d+) values, expected (\d+); ignored$/, ([, l, g, n, e]) => `第 ${l} 行：${g} 的百分位列表有 ${n} 个值，应为 ${e} 个；已忽略`),

  // LLMPerf.
  rule(/^LLMPerf inter_token_latency includes the TTFT \(≈ e2e \/ output tokens\): stored as ntpot; the file has no TPOT or ITL$/, () => "LLMPerf 的 inter_token_latency 包含 TTFT（≈ e2e / 输出 token 数）：存为 ntpot；文件中没有 TPOT 或 ITL"),
  rule(/^LLMPerf inter_token_latency includes the TTFT \(≈ e2e \/ output tokens\): stored as ntpot; tpot is derived per request as \(e2e − ttft\)\/\(out − 1\) with LLMPerf's Llama-2 tokenizer counts$/,
    () => "LLMPerf 的 inter_token_latency 包含 TTFT（≈ e2e / 输出 token 数）：存为 ntpot；tpot 按请求以 (e2e − ttft)/(out − 1) 推算，token 数用 LLMPerf 的 Llama-2 分词器计数"),
  rule(/^LLMPerf individual responses carry no timestamps: rps and tokens\/s are unknown \(import the _summary\.json for throughput\)$/, () => "LLMPerf 逐条响应没有时间戳：rps 和 tokens/s 未知（吞吐请导入 _summary.json）"),
  rule(/^LLMPerf individual responses do not record the concurrency: the load level is unknown; give --concurrency N or put it in the path$/, () => "LLMPerf 逐条响应没有记录并发：负载档位未知；请用 --concurrency N 指定，或写在路径中"),
  rule(/^LLMPerf summary has no num_concurrent_requests: the load level is unknown; give --concurrency N$/, () => "LLMPerf 汇总中没有 num_concurrent_requests：负载档位未知；请用 --concurrency N 指定"),

  // Locust.
  rule(/^Locust (exceptions|failures) file: not a benchmark result; import the _stats\.csv or _stats_history\.csv( \(no failures recorded\)| \(.+\))?$/,
    ([, k, d]) => `Locust ${k === "failures" ? "失败" : "异常"}文件：不是压测结果；请导入 _stats.csv 或 _stats_history.csv${d === " (no failures recorded)" ? "（未记录失败）" : d ? `（${d.slice(2, -1)}）` : ""}`),
  rule(/^Locust: e2e latency and request rate taken from the (\S+) (".*") row(?: \(other rows ignored: (.+)\))?$/, ([, t, n, o]) => `Locust：e2e 延迟和请求速率取自 ${t} ${n} 行${o ? `（忽略其他行：${o}）` : ""}`),
  rule(/^Locust percentiles are computed from rounded response-time buckets \(147 → 150, 3432 → 3400, 58760 → 59000 ms\): percentile values are approximate to about 2 significant digits; mean, min and max are exact$/,
    () => "Locust 的百分位由取整后的响应时间桶计算（147 → 150、3432 → 3400、58760 → 59000 ms）：百分位约有 2 位有效数字；mean、min、max 为精确值"),
  rule(/^Locust _stats\.csv does not record the number of users: the load level is unknown unless given with --concurrency N \(or in the path\); the _stats_history\.csv has it$/,
    () => "Locust 的 _stats.csv 没有记录用户数：除非用 --concurrency N（或在路径中）给出，否则负载档位未知；_stats_history.csv 中有用户数"),
  rule(/^Locust history \(--csv-full-history\): percentiles per load level are the mean of the (\S+)-s window percentiles over the plateau, not percentiles of the plateau's requests$/,
    ([, n]) => `Locust 历史（--csv-full-history）：每个负载档位的百分位是该平台期内各 ${n} 秒窗口百分位的平均值，而不是平台期内请求的百分位`),
  rule(/^Locust: no single request row; e2e latency and request rate taken from the Aggregated row, which mixes every request name$/, () => "Locust：没有单独的请求行；e2e 延迟和请求速率取自 Aggregated 行，其中混合了所有请求名"),
  rule(/^Locust history without --csv-full-history: percentiles are cumulative since the start of the test \(they include earlier load levels\) and only the Aggregated row \(all request names mixed\) is available$/,
    () => "Locust 历史未使用 --csv-full-history：百分位是从测试开始累计的（包含更早的负载档位），且只有 Aggregated 行（混合所有请求名）"),
  rule(/^Locust: the Aggregated row mixes the custom TTFT\/E2E events with the HTTP requests$/, () => "Locust：Aggregated 行把自定义的 TTFT/E2E 事件和 HTTP 请求混在一起"),
  rule(/^Locust history: no user count held for (\d+) ticks; used the longest one \((\S+) users, (\d+) ticks\)$/, ([, n, u, t]) => `Locust 历史：没有哪个用户数保持了 ${n} 个采样周期；使用最长的一段（${u} 个用户，${t} 个周期）`),

  // inference-perf, InferenceX, trtllm-bench.
  rule(/^inference-perf Prometheus report \(server-side metrics\): not a load level; skipped — import the stage_<n>_lifecycle_metrics\.json files$/, () => "inference-perf Prometheus 报告（服务端指标）：不是负载档位；已跳过——请导入 stage_<n>_lifecycle_metrics.json 文件"),
  rule(/^inference-perf summary report: it aggregates all stages \(mixed load levels\), so it is not a load level; skipped — import the stage_<n>_lifecycle_metrics\.json files$/, () => "inference-perf 汇总报告：它聚合了所有阶段（混合多个负载档位），不是单个负载档位；已跳过——请导入 stage_<n>_lifecycle_metrics.json 文件"),
  rule(/^inference-perf inter_token_latency pools every token-to-token delta; tokens delivered in one streamed chunk share a timestamp, so its median is near 0 \(below 10 % of the TPOT median\): use tpot, not itl, for per-user speed SLOs$/,
    () => "inference-perf 的 inter_token_latency 汇总了所有相邻 token 的间隔；同一个流式分块中的 token 时间戳相同，所以其中位数接近 0（低于 TPOT 中位数的 10 %）：单用户速度的 SLO 请用 tpot 而不是 itl"),
  rule(/^no requested rate; used the achieved send rate (\S+) req\/s as the load level$/, ([, r]) => `没有设定请求速率；以实测发送速率 ${r} req/s 作为负载档位`),
  rule(/^tput_per_gpu \/ output_tput_per_gpu are per GPU \((.+)\); tokens\/s are the deployment aggregate from output_tput_tps \/ total_tput_tps \(= per-GPU × (\S+) GPUs\)$/,
    ([, b, n]) => `tput_per_gpu / output_tput_per_gpu 是单 GPU 数值（${b}）；tokens/s 取自 output_tput_tps / total_tput_tps 的整个部署合计（= 单 GPU × ${n} 张 GPU）`),
  rule(/^tput_per_gpu \/ output_tput_per_gpu are per GPU; reported the deployment aggregate = per-GPU × GPUs \((.+)\)$/, ([, b]) => `tput_per_gpu / output_tput_per_gpu 是单 GPU 数值；已报告整个部署合计 = 单 GPU × GPU 数（${b}）`),
  rule(/^latencies are in seconds in InferenceX aggregates \(vLLM keys with _ms stripped\): converted to ms$/, () => "InferenceX 汇总中的延迟以秒为单位（vLLM 键去掉了 _ms）：已换算为 ms"),
  rule(/^agentic aggregate: itl and tpot hold the same AIPerf inter_token_latency values \(per-request TPOT, docs\/metrics\.md\): stored as tpot$/, () => "agentic 汇总：itl 和 tpot 是相同的 AIPerf inter_token_latency 值（逐请求 TPOT，docs/metrics.md）：存为 tpot"),
  rule(/^concurrency (\S+) is the measured average \(request_info\.avg_num_concurrent_requests\), not a configured limit$/, ([, c]) => `并发 ${c} 是测得的平均值（request_info.avg_num_concurrent_requests），不是配置的上限`),
  rule(/^not a streaming run \(no streaming_metrics\): TTFT and TPOT are unknown$/, () => "不是流式运行（没有 streaming_metrics）：TTFT 和 TPOT 未知"),
  rule(/^no request counts\/duration in the file: rps not available$/, () => "文件中没有请求数/时长：无法得到 rps"),
  rule(/^the file has no summary object$/, () => "文件中没有 summary 对象"),
];
