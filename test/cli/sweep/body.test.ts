/** Request bodies of `capplan sweep` (docs/sweep.md): `--prompts` sent in turn with their output lengths. */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runLine, writeTmp } from "../helpers";
import { flat, tmp, useServer } from "../../sweep/use-server";

const server = useServer();

describe("bodyOf with --prompts", () => {
  it("sends the prompts in turn with their output lengths; a bad line names file and line", async () => {
    const s = await server.start(flat(2, 1));
    const dir = tmp();
    const file = writeTmp(
      '{"prompt": "one two three", "output_tokens": 4}\n\n{"prompt": "a b c d e", "output_tokens": 2, "input_tokens": 5}\n',
      "prompts.jsonl",
      dir,
    );
    const args = `sweep --url ${s.url} --model test/model --concurrency 1`;
    const r = await runLine(`${args} --requests 4 --prompts ${file}`);
    expect(r.code, r.err).toBe(0);
    expect(s.records.map((x) => `${x.promptTokens}/${x.maxTokens}`)).toEqual([
      "3/4",
      "5/2",
      "3/4",
      "5/2",
    ]);
    const sweep = JSON.parse(r.out).sweeps[0];
    const asked = sweep.requests.map(
      (q: { requestedOutputTokens: number }) => q.requestedOutputTokens,
    );
    expect([asked, sweep.points[0].meanOutputTokens]).toEqual([[4, 2, 4, 2], 3]);
    writeTmp('{"prompt": "x", "output_tokens": 1}\n{"prompt": 3}\n', "prompts.jsonl", dir);
    const bad = await runLine(`${args} --prompts ${file}`);
    const line2 = `${file}:2: needs "prompt" (text) and "output_tokens"`;
    expect([bad.code, bad.err]).toEqual([2, expect.stringContaining(line2)]);
    // A FIFO as the prompts file is refused at once (it would block a plain read for ever).
    const fifo = join(dir, "prompts.fifo");
    execFileSync("mkfifo", [fifo]);
    const t = Date.now();
    const blocked = await runLine(`${args} --prompts ${fifo}`);
    const refused = expect.stringMatching(/cannot read the prompts \(.*(fifo|regular)/i);
    expect([blocked.code, blocked.err]).toEqual([2, refused]);
    expect(Date.now() - t).toBeLessThan(10_000);
  });
});
