import { describe, expect, it } from "vitest";
import { allocate } from "../../../src/engine/finops/allocation";
import { allocationMessages, tenantsMessages } from "../../../src/engine/finops/messages";
import {
  defineMessages,
  englishOf,
  message,
  textProblem,
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
    for (const c of CATALOGUES) {
      for (const key of Object.keys(c.defs)) {
        // Render with string params (a template may format numbers; strings go through as written).
        const lists = words(`
          slos available names paths members missing candidates present failed allowed skus others
          given listed options teams files`);
        const params = new Proxy(
          {},
          {
            get: (_t, k) =>
              k === "reason" || k === "inner"
                ? null
                : k === "cause"
                  ? { code: "text", severity: "error", params: { text: "x" } }
                  : k === "which"
                    ? "input"
                    : k === "expected"
                      ? "a number"
                      : lists.includes(String(k))
                        ? ["7"]
                        : 7,
          },
        );
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
  it("come as values beside the English warnings, which keep their old text", () => {
    const r = allocate({
      pools: [
        { name: "p1", costPerDay: 100 },
        { name: "p3", costPerDay: 50 },
        { name: "p1", costPerDay: 1 },
      ],
      usage: [
        { team: "a", pool: "p1", inputTokens: 1, outputTokens: 1 },
        { team: "b", pool: "zz", inputTokens: 1, outputTokens: 1 },
      ],
      method: "weighted",
      inputWeight: -1,
      idle: "proportional",
      currency: "CNY",
    });
    expect(r.problems.map((p) => p.code)).toEqual([
      "allocation.weightInvalid",
      "allocation.poolDuplicate",
      "allocation.usageNoPool",
      "allocation.poolNoUsage",
    ]);
    expect(enW(r)).toEqual([
      "input weight must be a number ≥ 0, got -1: using 1",
      'pool "p1" is listed twice: the second entry is ignored',
      'usage row 2 (b): no pool named "zz"; ignored',
      'pool "p3": no usage; the whole cost (50 CNY) is idle',
    ]);
    expect(r.problems[1]!.params).toEqual({ pool: "p1" });
    expect(renderProblem(r.problems[3]!, "zh")).toBe(
      '资源池 "p3"：没有用量；全部成本（50 CNY）计为闲置',
    );
    expect(r.problems[0]!.path).toBe("tenants.inputWeight");
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
        pools: [
          { name: "p1", costPerDay: 10 },
          { name: "p2", sku: "A" },
          { name: "p3", costPerDay: 5 },
        ],
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

describe("boundaries and edge cases", () => {
  /**
   * Problems as values (src/engine/base/problems.ts), rendered exactly (issue #15): the subject prefix
   * per language, a code of another domain (even one whose tail is a key of this catalogue), an
   * unknown key, nested problems of other catalogues, text problems, and which keys a built
   * problem has (no `path: undefined`).
   */
  const demo = demoMessages("demq");
  const other = defineMessages("othq", {
    gone: message({
      severity: "info",
      en: (p: { what: string }) => `${p.what} is gone`,
      zh: (p) => `${p.what} 不见了`,
    }),
  });

  describe("withSubject", () => {
    it("prefixes 'subject: ' in English and 'subject：' in Chinese; no subject or an empty one leaves the text alone", () => {
      expect(withSubject("H100", "slow", "en")).toBe("H100: slow");
      expect(withSubject("H100", "慢", "zh")).toBe("H100：慢");
      expect(withSubject(undefined, "slow", "en")).toBe("slow");
      expect(withSubject("", "slow", "zh")).toBe("slow");
    });
  });

  describe("a catalogue's problems", () => {
    it("carry only the keys given: no path or subject key when none is given, the entry's severity by default", () => {
      const p = demo.problem("limit", { name: "A", n: 1 });
      expect(p).toStrictEqual({
        code: "demq.limit",
        severity: "warning",
        params: { name: "A", n: 1 },
      });
      expect(Object.keys(p)).toEqual(["code", "severity", "params"]);
      expect(Object.keys(demo.problem("limit", { name: "A", n: 1 }, {}))).toEqual([
        "code",
        "severity",
        "params",
      ]);
      expect(demo.problem("limit", { name: "A", n: 1 }, { path: "x" })).toStrictEqual({
        code: "demq.limit",
        severity: "warning",
        path: "x",
        params: { name: "A", n: 1 },
      });
      expect(
        demo.problem("limit", { name: "A", n: 1 }, { subject: "s", severity: "info" }),
      ).toStrictEqual({
        code: "demq.limit",
        severity: "info",
        subject: "s",
        params: { name: "A", n: 1 },
      });
      expect(demo.problem("wrapped", { inner: textProblem("t") }).severity).toBe("error");
    });

    it("an empty path or subject is kept as given", () => {
      expect(demo.problem("limit", { name: "A", n: 1 }, { path: "", subject: "" })).toStrictEqual({
        code: "demq.limit",
        severity: "warning",
        path: "",
        subject: "",
        params: { name: "A", n: 1 },
      });
    });

    it("renders only its own codes: another domain whose tail is one of its keys, or an unknown key, gives null", () => {
      expect(
        demo.render({ code: "demq.limit", severity: "warning", params: { name: "A", n: 2 } }, "en"),
      ).toBe("A is over 2");
      // "xxxx.limit" has the length of "demq." before "limit": still not this catalogue's
      expect(
        demo.render({ code: "xxxx.limit", severity: "warning", params: { name: "A", n: 2 } }, "en"),
      ).toBeNull();
      expect(demo.render({ code: "demq.nope", severity: "warning", params: {} }, "en")).toBeNull();
      expect(demo.render({ code: "demqlimit", severity: "warning", params: {} }, "zh")).toBeNull();
      expect(
        demo.en({ code: "xxxx.limit", severity: "warning", params: { name: "A", n: 2 } }),
      ).toBe("xxxx.limit");
      expect(demo.en({ code: "demq.nope", severity: "warning", params: {} })).toBe("demq.nope");
    });

    it("renders a nested problem of another catalogue in English through every catalogue, and in Chinese as its text or code", () => {
      const p = demo.problem(
        "wrapped",
        { inner: other.problem("gone", { what: "pool" }) },
        { subject: "S" },
      );
      expect(demo.en(p)).toBe("S: because pool is gone");
      expect(englishOf(p)).toBe("S: because pool is gone");
      // the catalogue alone knows no other catalogue: the nested problem shows as its code
      expect(demo.render(p, "en")).toBe("S: because othq.gone");
      expect(demo.render(p, "zh")).toBe("S：因为othq.gone");
      // a nested text problem shows as written, a nested problem of this catalogue in the same language
      expect(demo.render(demo.problem("wrapped", { inner: textProblem("disk full") }), "zh")).toBe(
        "因为disk full",
      );
      expect(
        demo.render(
          demo.problem("wrapped", { inner: demo.problem("limit", { name: "B", n: 3 }) }),
          "zh",
        ),
      ).toBe("因为B 超过 3");
      // a renderer given by the caller is used instead
      expect(
        demo.render(demo.problem("wrapped", { inner: textProblem("x") }), "en", () => "[nested]"),
      ).toBe("because [nested]");
    });
  });

  describe("englishOf and text problems", () => {
    it("English of a problem no catalogue knows: its text when it is a text problem, else its code, with the subject", () => {
      expect(englishOf({ code: "nope.x", severity: "info", params: {} })).toBe("nope.x");
      expect(
        englishOf({
          code: "nope.x",
          severity: "info",
          subject: "H100",
          params: { text: "ignored" },
        }),
      ).toBe("H100: nope.x");
      expect(
        englishOf({
          code: "text",
          severity: "info",
          subject: "H100",
          params: { text: "as written" },
        }),
      ).toBe("H100: as written");
      expect(englishOf({ code: "text", severity: "info", params: { text: 42 } })).toBe("text");
      expect(englishOf(other.problem("gone", { what: "row" }))).toBe("row is gone");
    });

    it("textProblem: a warning by default, severity and path when given, no path key otherwise", () => {
      expect(textProblem("t")).toStrictEqual({
        code: "text",
        severity: "warning",
        params: { text: "t" },
      });
      expect(Object.keys(textProblem("t", "error"))).toEqual(["code", "severity", "params"]);
      expect(textProblem("t", "error", "skus[0]")).toStrictEqual({
        code: "text",
        severity: "error",
        path: "skus[0]",
        params: { text: "t" },
      });
      expect(textProblem("t", "info", "")).toStrictEqual({
        code: "text",
        severity: "info",
        path: "",
        params: { text: "t" },
      });
    });
  });

  // The catalogues above are built when this file loads, outside any test, so Stryker counts what
  // defineMessages and message do at that moment as static. These build theirs inside the test.
  describe("a catalogue defined inside a test", () => {
    it("message returns the very entry it is given", () => {
      const def = { severity: "info" as const, en: () => "e", zh: () => "z" };
      expect(message(def)).toBe(def);
    });

    it("codes are '<domain>.<key>'; domain and defs are kept; en() renders; englishOf knows the new catalogue", () => {
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
});
