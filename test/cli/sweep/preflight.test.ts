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
    expect([r.code, r.errLines.length, existsSync(out), r.out]).toEqual([2, 1, false, ""]);
    expect(r.err).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+\/v1 \(ECONNREFUSED\)/);
    expect(r.err).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });

  it("not OpenAI-compatible: exit 2 before any load is sent, in English and Chinese", async () => {
    const s = await server.start({ notOpenAi: true });
    const out = join(tmp(), "out.json");
    const r = await runLine(`sweep --url ${s.url} --model m --rate 5 -o ${out}`);
    expect([r.code, s.log, existsSync(out)]).toEqual([2, ["GET /v1/models"], false]);
    expect(r.err).toContain("is not an OpenAI-compatible endpoint (GET /models answered HTTP 404)");
    const zh = await runLine(`sweep --url ${s.url} --model m --rate 5 --lang zh`);
    expect([zh.code, zh.err]).toEqual([2, expect.stringContaining("不是 OpenAI 兼容端点")]);
  });
});
