/**
 * src/cli/trace-file.ts: a trace file streamed from disk (or standard input) into the trace
 * reader, in chunks; a folder, a device, a binary or a missing file is a read error naming it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readTraceFile } from "../../src/cli/trace-file";
import { readTraceText } from "../../src/import/trace";

const AZURE = "fixtures/traces/AzureLLMInferenceTrace_conv.csv";

describe("readTraceFile", () => {
  it("reads a file as the in-memory reader reads its text, and reports byte progress", () => {
    const progress: [number, number][] = [];
    const times: number[] = [];
    const r = readTraceFile(AZURE, {
      onProgress: (b, t) => progress.push([b, t]),
      onRequest: (t) => times.push(t),
    });
    const text = readTraceText(AZURE, readFileSync(AZURE, "utf8"));
    if (!r.ok || !text.ok) throw new Error("the fixture must read");
    // 19,366 CRLF line ends and a last line without one: a header and 19,366 requests.
    expect([r.format, r.rows, r.acc.count]).toEqual(["azure-llm-trace", 19_366, 19_366]);
    expect([r.rows, r.badRows, r.acc.count]).toEqual([text.rows, text.badRows, text.acc.count]);
    expect(times).toHaveLength(19_366);
    // The whole file (719,188 bytes) fits one 4 MiB chunk.
    expect(progress).toEqual([[719_188, 719_188]]);
  });

  it("reads standard input given as text", () => {
    const r = readTraceFile("-", {
      stdin: () => "time,input tokens,output tokens\n0,1,2\n5,3,4\n",
    });
    expect(r.ok && [r.rows, r.acc.count]).toEqual([2, 2]);
  });

  it.each([
    ["a folder", () => mkdtempSync(join(tmpdir(), "capplan-trace-")), "a folder, not a trace file"],
    ["a device", () => "/dev/null", "not a regular file: capplan reads only regular files"],
    [
      "a binary file",
      () => {
        const f = join(mkdtempSync(join(tmpdir(), "capplan-trace-")), "t.csv");
        writeFileSync(f, Buffer.from([0x74, 0x00, 0x01]));
        return f;
      },
      "a binary file, not a text trace (CSV, TSV or JSONL)",
    ],
  ])("refuses %s", (_, path, message) => {
    const p = path();
    const r = readTraceFile(p);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect([r.errors[0]!.file, r.errors[0]!.code, r.errors[0]!.message]).toEqual([
        p,
        "read",
        message,
      ]);
  });

  it("names a missing file without a stack", () => {
    const r = readTraceFile("no/such/trace.csv");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors[0]!.file).toBe("no/such/trace.csv");
      expect(r.errors[0]!.code).toBe("read");
      expect(r.errors[0]!.problem?.code).toBe("cliFile.fs");
      expect(r.errors[0]!.message).not.toMatch(/\bat \//);
    }
  });
});
