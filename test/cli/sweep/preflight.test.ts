/**
 * `capplan sweep` before the first level (docs/sweep.md "Bad input and faults"): an endpoint that
 * cannot be used fails with a plain message, exit 2, nothing sent and nothing written.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runLine } from "../helpers";
import { tmp, useServer } from "../../sweep/use-server";

const server = useServer();

describe("preflight", () => {
  it("unreachable: plain message, exit 2, no output file", async () => {
    const s = await server.start();
    await s.close(); // nothing listens on that port now
    const out = join(tmp(), "out.json");
    const r = await runLine(`sweep --url ${s.url} --model m --concurrency 1 -o ${out}`);
    expect(r.code).toBe(2);
    expect(r.errLines).toHaveLength(1);
    expect(r.err).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+\/v1 \(ECONNREFUSED\)/);
    expect(r.err).not.toMatch(/at .*\.ts:\d+/); // no stack trace
    expect(existsSync(out)).toBe(false);
    expect(r.out).toBe("");
  });

  it("not OpenAI-compatible: exit 2 before any load is sent, in English and Chinese", async () => {
    const s = await server.start({ notOpenAi: true });
    const out = join(tmp(), "out.json");
    const r = await runLine(`sweep --url ${s.url} --model m --rate 5 -o ${out}`);
    expect(r.code).toBe(2);
    expect(r.err).toContain("is not an OpenAI-compatible endpoint (GET /models answered HTTP 404)");
    expect(s.log).toEqual(["GET /v1/models"]);
    expect(existsSync(out)).toBe(false);
    const zh = await runLine(`sweep --url ${s.url} --model m --rate 5 --lang zh`);
    expect(zh.code).toBe(2);
    expect(zh.err).toContain("不是 OpenAI 兼容端点");
  });
});
