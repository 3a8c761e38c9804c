import { describe, expect, it } from "vitest";
import { run } from "../cli/helpers";

describe("reportMarkdown", () => {
  it.each([
    ["en", "- SLO targets: P99 TTFT ≤ 1,000 ms and P95 ITL ≤ 50 ms"],
    ["zh", "- SLO 目标：P99 TTFT ≤ 1,000 ms"],
  ])(
    "writes the SLO targets with ≤, the sign of the check and of the comparison table (%s)",
    async (lang, line) => {
      const r = await run("report", "models/examples/multi-sku.json", "--lang", lang);
      expect(r.code).toBe(0);
      expect(r.out).toContain(line);
      expect(r.out).not.toMatch(/(TTFT|ITL|E2E|TPOT) < /);
      // The comparison's binding row says the same limit with the same sign.
      const table = await run(
        "plan",
        "models/examples/multi-sku.json",
        "--markdown",
        "--lang",
        lang,
      );
      expect(table.out).toContain("P99 TTFT ≤ 1000 ms");
    },
  );
});
