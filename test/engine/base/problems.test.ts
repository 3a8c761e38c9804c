import { describe, expect, it } from "vitest";
import { allocate } from "../../../src/engine/finops/allocation";
import { allocationMessages, tenantsMessages } from "../../../src/engine/finops/messages";
import {
  defineMessages,
  englishOf,
  message,
  textProblem,
  type Params,
  type Problem,
  withSubject,
} from "../../../src/engine/base/problems";
import { computePlan } from "../../../src/engine/plan/plan";
import { resolvePlan } from "../../../src/engine/plan/resolve-plan";
import { validatePlan } from "../../../src/engine/plan/plan-file";
import {
  CATALOGUES,
  localizeError,
  localizeMessage,
  renderProblem,
} from "../../../src/report/messages";
import { planText } from "../../../src/report/plan-output";
import { words } from "../../words";
/** A result's warnings as English (the text `plan --json` renders at the edge). */
const enW = (r: { problems: readonly Problem[] }): string[] => r.problems.map(englishOf);

const CJK = /[\u4e00-\u9fff]/;
/** Chinese header names the importers recognise, which their English messages quote as examples (`no load column (concurrency, request rate, 并发…)`). */
const HEADER_ALIASES_ZH = /并发|团队|部门|输入 token|输出 token/g;

/** A catalogue of two entries in `domain`: a limit, and a wrapper that renders another problem. */
const demoMessages = <D extends string>(domain: D) =>
  defineMessages(domain, {
    limit: message({
      severity: "warning",
      en: (p: { name: string; n: number }) => `${p.name} is over ${p.n}`,
      zh: (p) => `${p.name} 超过 ${p.n}`,
    }),
    wrapped: message({
      severity: "error",
      en: (p: { inner: Problem<object> }, r) => `because ${r(p.inner)}`,
      zh: (p, r) => `因为${r(p.inner)}`,
    }),
  });

describe("defineMessages", () => {
  const demo = demoMessages("demo");

  it("builds a problem value with its code, severity, path, subject and params, and renders both languages", () => {
    const p = demo.problem("limit", { name: "H100", n: 3 }, { path: "skus[0]", subject: "chat" });
    expect(p).toEqual({
      code: "demo.limit",
      severity: "warning",
      path: "skus[0]",
      subject: "chat",
      params: { name: "H100", n: 3 },
    });
    expect(demo.render(p, "en")).toBe("chat: H100 is over 3");
    expect(demo.render(p, "zh")).toBe("chat：H100 超过 3");
    expect(demo.en(p)).toBe("chat: H100 is over 3");
    // survives JSON (results cross the worker boundary and go to `plan --json`)
    expect(demo.render(JSON.parse(JSON.stringify(p)), "zh")).toBe("chat：H100 超过 3");
    expect(demo.render({ code: "other.limit", severity: "info", params: {} }, "en")).toBeNull();
  });

  it("renders nested problems in the same language, and English of any catalogue in the engine", () => {
    const inner = demo.problem("limit", { name: "L40S", n: 1 });
    const p = demo.problem("wrapped", { inner }, { severity: "warning" });
    expect(p.severity).toBe("warning");
    expect(demo.render(p, "zh")).toBe("因为L40S 超过 1");
    expect(englishOf(p)).toBe("because L40S is over 1");
    expect(englishOf(textProblem("as written"))).toBe("as written");
  });

  it("rejects a catalogue entry without a language or with the wrong params at compile time", () => {
    // Checked by `tsc --noEmit` (the landing runs it), never called: an unused @ts-expect-error
    // is itself a compile error, so each line below must stay a type error.
    const neverCalled = () => {
      defineMessages("bad", {
        // @ts-expect-error zh is required
        noZh: message({ severity: "warning", en: (p: { a: string }) => p.a }),
      });
      // @ts-expect-error a param of the code is missing
      demo.problem("limit", { name: "x" });
      // @ts-expect-error no such code
      demo.problem("nope", {});
    };
    expect(typeof neverCalled).toBe("function");
  });
});

describe("registered catalogues (src/report/messages.ts)", () => {
  it("has the allocation and tenants catalogues, and renders every code of every catalogue in Chinese", () => {
    expect(CATALOGUES.map((c) => c.domain)).toEqual(
      expect.arrayContaining(["allocation", "tenants"]),
    );
    // Render with string params (a template may format numbers; strings go through as written).
    const lists = words(`
      slos available names paths members missing candidates present failed allowed skus others
      given listed options teams files`);
    const special: Record<string, unknown> = {
      reason: null,
      inner: null,
      cause: { code: "text", severity: "error", params: { text: "x" } },
      which: "input",
      expected: "a number",
    };
    const get = (_t: object, k: string | symbol) =>
      typeof k === "string" && Object.hasOwn(special, k)
        ? special[k]
        : lists.includes(String(k))
          ? ["7"]
          : 7;
    const params = new Proxy({}, { get });
    for (const c of CATALOGUES) {
      for (const key of Object.keys(c.defs)) {
        const p = { code: `${c.domain}.${key}`, severity: "warning" as const, params };
        const zh = renderProblem(p, "zh");
        // The chain's texts are formulas: with numbers plugged in ("7 + 7") they have no words to
        // translate; their Chinese names are checked by the lineage property test
        // (test/engine/plan/lineage.test.ts).
        if (c.domain !== "chain") expect(zh, p.code).toMatch(CJK);
        // English may quote the Chinese header names an importer recognises (`并发…`, `团队`), nothing else.
        expect(renderProblem(p, "en").replace(HEADER_ALIASES_ZH, ""), p.code).not.toMatch(CJK);
      }
    }
  });

  it("renders a text problem as written (no sentence is translated), and an unknown code as the code", () => {
    expect(renderProblem(textProblem("file is empty"), "zh")).toBe("file is empty");
    expect(renderProblem({ code: "nope.x", severity: "info", params: {} }, "zh")).toBe("nope.x");
  });
});

describe("allocation problems", () => {
  const pool = (name: string, costPerDay: number) => ({ name, costPerDay });
  it("come as values beside the English warnings, which keep their old text", () => {
    const r = allocate({
      pools: [pool("p1", 100), pool("p3", 50), pool("p1", 1)],
      usage: [
        { team: "a", pool: "p1", inputTokens: 1, outputTokens: 1 },
        { team: "b", pool: "zz", inputTokens: 1, outputTokens: 1 },
      ],
      method: "weighted",
      inputWeight: -1,
      idle: "proportional",
      currency: "CNY",
    });
    expect(r.problems.map((p) => p.code)).toEqual(
      words("weightInvalid poolDuplicate usageNoPool poolNoUsage").map((k) => `allocation.${k}`),
    );
    expect(enW(r)).toEqual([
      "input weight must be a number ≥ 0, got -1: using 1",
      'pool "p1" is listed twice: the second entry is ignored',
      'usage row 2 (b): no pool named "zz"; ignored',
      'pool "p3": no usage; the whole cost (50 CNY) is idle',
    ]);
    expect(r.problems[0]!.path).toBe("tenants.inputWeight");
    expect(r.problems[1]!.params).toEqual({ pool: "p1" });
    expect(renderProblem(r.problems[3]!, "zh")).toBe(
      '资源池 "p3"：没有用量；全部成本（50 CNY）计为闲置',
    );
  });

  it("reach the plan result: errors carry their problem, warnings are rendered in Chinese from problems", () => {
    const v = validatePlan({
      format: "capplan.plan/v1",
      title: "t",
      workloads: [{ name: "chat", peakRps: 1, inputTokens: 10, outputTokens: 10 }],
      slo: [{ metric: "ttft", stat: "p99", maxMs: 1000 }],
      skus: [
        {
          name: "A",
          gpusPerReplica: 1,
          pricePerGpuHour: 1,
          sweep: { points: [{ concurrency: 1, outputTokensPerSec: 100, ttftMs: { p99: 5000 } }] },
        },
      ],
      tenants: {
        pools: [pool("p1", 10), { name: "p2", sku: "A" }, pool("p3", 5)],
        usage: [{ team: "a", pool: "p1", inputTokens: 1, outputTokens: 1 }],
      },
    });
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    const r = computePlan(resolvePlan(v.plan));
    const e = r.errors.find((x) => x.path === "tenants.pools[1]")!;
    expect(englishOf(e.problem)).toMatch(
      /^SKU "A" has no cost \(P99 TTFT ≤ 1000 ms fails already at the lowest load .*: 5,000 ms, 4,000 ms \(400 %\) over\)$/,
    );
    expect(e.problem).toMatchObject({
      code: "tenants.skuNoCost",
      severity: "error",
      path: "tenants.pools[1]",
      params: {
        sku: "A",
        reason: {
          code: "plan.sloAtLowest",
          params: { slo: "P99 TTFT ≤ 1000 ms", valueMs: 5000, overMs: 4000, overPct: 400 },
        },
      },
    });
    // the nested reason (a problem of plan.ts) is rendered in Chinese too
    expect(localizeError(e, "zh")).toMatch(
      /^SKU "A" 没有成本（P99 TTFT ≤ 1000 ms 在最低负载.*下就不满足：5,000 ms，超出 4,000 ms（400 %）/,
    );
    expect(r.problems?.map((p) => p.code)).toEqual(["allocation.poolNoUsage"]);
    const w = enW(r).find((x) => x.startsWith('pool "p3"'))!;
    expect(localizeMessage(w, "zh", r.problems)).toContain("计为闲置");
    expect(planText(r, "zh")).toContain('资源池 "p3"：没有用量');
    expect(planText(r, "zh")).toContain('tenants.pools[1]: SKU "A" 没有成本（P99 TTFT');
    expect(tenantsMessages.en(e.problem!)).toBe(englishOf(e.problem));
    expect(allocationMessages.domain).toBe("allocation");
  });
});

describe("edges (issue #15): subject prefixes, other domains, unknown keys, nested and text problems", () => {
  const demo = demoMessages("demq");
  const other = defineMessages("othq", {
    gone: message({
      severity: "info",
      en: (p: { what: string }) => `${p.what} is gone`,
      zh: (p) => `${p.what} 不见了`,
    }),
  });
  /** A problem value as written (not built by a catalogue). */
  const pv = (code: string, params: Params = {}, more: Partial<Problem> = {}): Problem => ({
    code,
    severity: "warning",
    params,
    ...more,
  });
  /** A problem of this catalogue wrapping one of another, with a subject. */
  const nestedS = demo.problem(
    "wrapped",
    { inner: other.problem("gone", { what: "pool" }) },
    { subject: "S" },
  );
  const a1 = { name: "A", n: 1 };
  const a2 = { name: "A", n: 2 };

  it.each([
    ["H100", "slow", "en", "H100: slow"],
    ["H100", "慢", "zh", "H100：慢"],
    [undefined, "slow", "en", "slow"], // no subject or an empty one leaves the text alone
    ["", "slow", "zh", "slow"],
  ] as const)("withSubject(%j, %j, %s) → %j", (subject, text, lang, want) => {
    expect(withSubject(subject, text, lang)).toBe(want);
  });

  it.each([
    // [options]: the problem has only the keys given beside code, severity and params (no
    // `path: undefined`), the entry's severity by default, an empty path or subject kept as given
    [undefined],
    [{}],
    [{ path: "x" }],
    [{ subject: "s", severity: "info" }],
    [{ path: "", subject: "" }],
  ] as [object | undefined][])("a catalogue's problem with %j has those keys only", (opts) => {
    const p = demo.problem("limit", a1, opts);
    const more = opts ?? {};
    expect(p).toStrictEqual({ code: "demq.limit", severity: "warning", params: a1, ...more });
    if (Object.keys(more).length === 0)
      expect(Object.keys(p)).toEqual(words("code severity params"));
  });

  it.each([
    // a catalogue renders only its own codes: another domain whose tail is one of its keys
    // ("xxxx.limit" has the length of "demq." before "limit"), or an unknown key, gives null
    [pv("demq.limit", a2), "en", "A is over 2"],
    [pv("xxxx.limit", a2), "en", null],
    [pv("demq.nope"), "en", null],
    [pv("demqlimit"), "zh", null],
    // a nested problem of another catalogue: the catalogue alone knows no other, so its code
    [nestedS, "en", "S: because othq.gone"],
    [nestedS, "zh", "S：因为othq.gone"],
    // a nested text problem as written, a nested problem of this catalogue in the same language
    [demo.problem("wrapped", { inner: textProblem("disk full") }), "zh", "因为disk full"],
    [
      demo.problem("wrapped", { inner: demo.problem("limit", { name: "B", n: 3 }) }),
      "zh",
      "因为B 超过 3",
    ],
  ] as [Problem, "en" | "zh", string | null][])("render %j in %s → %j", (p, lang, want) => {
    expect(demo.render(p, lang)).toBe(want);
  });

  it.each([
    // [problem, its English through the catalogue (the code when not its own), through englishOf]
    [pv("xxxx.limit", a2), "xxxx.limit", "xxxx.limit"],
    [pv("demq.nope"), "demq.nope", "demq.nope"],
    [nestedS, "S: because pool is gone", "S: because pool is gone"],
  ] as [Problem, string, string][])("en and englishOf of %j", (p, en, english) => {
    expect([demo.en(p), englishOf(p)]).toEqual([en, english]);
  });

  it("uses a renderer given by the caller for a nested problem", () => {
    expect(
      demo.render(demo.problem("wrapped", { inner: textProblem("x") }), "en", () => "[nested]"),
    ).toBe("because [nested]");
    expect(demo.problem("wrapped", { inner: textProblem("t") }).severity).toBe("error");
  });

  it.each([
    // English of a problem no catalogue knows: its text when it is a text problem, else its code,
    // with the subject
    [pv("nope.x", {}, { severity: "info" }), "nope.x"],
    [pv("nope.x", { text: "ignored" }, { severity: "info", subject: "H100" }), "H100: nope.x"],
    [pv("text", { text: "as written" }, { severity: "info", subject: "H100" }), "H100: as written"],
    [pv("text", { text: 42 }, { severity: "info" }), "text"],
    [other.problem("gone", { what: "row" }), "row is gone"],
  ] as [Problem, string][])("englishOf %j → %j", (p, want) => {
    expect(englishOf(p)).toBe(want);
  });

  it.each([
    // textProblem: a warning by default, severity and path when given, no path key otherwise
    [[], { severity: "warning" }],
    [["error"], { severity: "error" }],
    [["error", "skus[0]"], { severity: "error", path: "skus[0]" }],
    [["info", ""], { severity: "info", path: "" }],
  ] as [[Problem["severity"]?, string?], object][])(
    'textProblem("t", ...%j) → %j',
    (args, more) => {
      const p = textProblem("t", ...args);
      expect(p).toStrictEqual({ code: "text", params: { text: "t" }, ...more });
      if (!("path" in more)) expect(Object.keys(p)).toEqual(words("code severity params"));
    },
  );

  // The catalogues above are built when this file loads, outside any test, so Stryker counts what
  // defineMessages and message do at that moment as static. These build theirs inside the test.
  it("a catalogue defined inside a test: message returns its entry; codes are '<domain>.<key>'", () => {
    const def = { severity: "info" as const, en: () => "e", zh: () => "z" };
    expect(message(def)).toBe(def);
    const defs = {
      hot: message({
        severity: "error",
        en: (p: { t: number }) => `too hot: ${p.t}`,
        zh: (p) => `太热：${p.t}`,
      }),
    };
    const cat = defineMessages("inq", defs);
    expect(cat.domain).toBe("inq");
    expect(cat.defs).toBe(defs);
    const p = cat.problem("hot", { t: 90 }, { subject: "GPU0" });
    expect(p).toStrictEqual({
      code: "inq.hot",
      severity: "error",
      subject: "GPU0",
      params: { t: 90 },
    });
    expect(cat.en(p)).toBe("GPU0: too hot: 90");
    expect(cat.render(p, "zh")).toBe("GPU0：太热：90");
    // englishOf goes through every catalogue defined so far, this one included
    expect(englishOf(p)).toBe("GPU0: too hot: 90");
    // a bare key without the domain is not this catalogue's code
    expect(cat.render({ code: "hot", severity: "error", params: { t: 1 } }, "en")).toBeNull();
  });
});
