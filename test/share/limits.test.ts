import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fmtMoney } from "../../src/report/plan-output";
import { decodePlanFromFragment, toBase64Url } from "../../src/share/link";
import { jsonDepth, MAX_JSON_DEPTH } from "../../src/share/limits";
import { restoreSaved } from "../../src/share/saved";
import { fmtMoneyCompact } from "../../src/ui/format";
import { checkPlanFile } from "../../src/ui/state/open-plan";
import { restoreAutosave } from "../../src/ui/state/persist";

const seedText = readFileSync(new URL("../../models/examples/seed.json", import.meta.url), "utf8");

async function deflate(text: string): Promise<string> {
  const cs = new CompressionStream("deflate-raw");
  const w = cs.writable.getWriter();
  void w.write(new TextEncoder().encode(text));
  void w.close();
  return toBase64Url(new Uint8Array(await new Response(cs.readable).arrayBuffer()));
}

/** The seed plan with an extra key holding `n` nested arrays. */
const deepPlan = (n: number) =>
  seedText.replace(/^\{/, `{"extra":${"[".repeat(n)}${"]".repeat(n)},`);

describe("JSON nesting limit", () => {
  it("measures depth linearly, ignoring brackets inside strings", () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[[\\"[["}]}')).toBe(3);
    expect(jsonDepth("[]")).toBe(1);
    expect(jsonDepth("42")).toBe(0);
    expect(jsonDepth("[".repeat(1_000_000), 64)).toBe(65); // stops early
    expect(jsonDepth(seedText)).toBeLessThan(10);
  });

  it("a share link with 100,000 nested arrays in an extra key is refused with a plain message", async () => {
    const d = await decodePlanFromFragment(`#plan=${await deflate(deepPlan(100_000))}`);
    expect(d).toEqual({
      ok: false,
      reason: `the link's plan nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep; refused`,
    });
    // A modest extra nesting still opens.
    const ok = await decodePlanFromFragment(`#plan=${await deflate(deepPlan(20))}`);
    expect(ok.ok).toBe(true);
  });

  it("an autosave or a plan file nested that deep is refused, never parsed into the app", () => {
    const env = `{"app":"capplan","schemaVersion":2,"savedAt":"","plan":${deepPlan(100_000)}}`;
    const r = restoreSaved(env);
    expect(r.kind).toBe("corrupt");
    expect(r.kind === "corrupt" && r.reason).toMatch(/more than 64 levels deep/);
    expect(restoreAutosave(env).kind).toBe("corrupt");
    const c = checkPlanFile(deepPlan(100_000));
    expect(c.ok).toBe(false);
    expect(!c.ok && c.problems[0]!.message).toMatch(
      /the file nests arrays or objects more than 64 levels deep/,
    );
  });
});

describe("money formatting with a currency Intl rejects", () => {
  it("prints a plain number and the code instead of throwing", () => {
    expect(fmtMoney(1234.5, "<script>", "en")).toBe("1,234.5 <script>");
    expect(fmtMoney(1234.5, "€", "zh")).toBe("1,234.5 €");
    expect(fmtMoney(0.5, "€")).toBe("0.5 €");
    expect(fmtMoney(1e-6, "\u0007BAD")).toBe("0 BAD");
    expect(fmtMoneyCompact(1_500_000, "<script>", "en")).toBe("1,500,000 <script>");
    expect(fmtMoney(1234.5, "USD", "en")).toBe("$1,234.50");
    expect(fmtMoneyCompact(1_500_000, "USD", "en")).toBe("$1.5M");
    // The chart axes write "$" like the rest of the app, in Chinese too (not "US$1万").
    expect(fmtMoneyCompact(10_000, "USD", "zh")).toBe("$1万");
    expect(fmtMoneyCompact(15_000, "CNY", "zh")).toBe("¥1.5万");
  });
});
