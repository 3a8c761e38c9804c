/**
 * Problems as values (src/engine/base/problems.ts), rendered exactly (issue #15): the subject prefix
 * per language, a code of another domain (even one whose tail is a key of this catalogue), an
 * unknown key, nested problems of other catalogues, text problems, and which keys a built
 * problem has (no `path: undefined`).
 */
import { describe, expect, it } from "vitest";
import {
  defineMessages,
  englishOf,
  message,
  textProblem,
  withSubject,
  type Problem,
} from "../../src/engine/base/problems";

const demo = defineMessages("demq", {
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
    expect(demo.en({ code: "xxxx.limit", severity: "warning", params: { name: "A", n: 2 } })).toBe(
      "xxxx.limit",
    );
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
      englishOf({ code: "nope.x", severity: "info", subject: "H100", params: { text: "ignored" } }),
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
