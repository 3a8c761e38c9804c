/**
 * src/cli/trace-file.ts: a trace file streamed from disk (or standard input) into the trace
 * reader, in chunks; a folder, a device, a binary or a missing file is a read error naming it.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readTraceFile } from "../../src/cli/trace-file";
import { readTraceText } from "../../src/import/trace";
import { tmpDir, writeTmp } from "./helpers";

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
    ["a folder", () => tmpDir("capplan-trace-"), "a folder, not a trace file"],
    ["a device", () => "/dev/null", "not a regular file: capplan reads only regular files"],
    [
      "a binary file",
      () => writeTmp("t\u0000\u0001", "t.csv"),
      "a binary file, not a text trace (CSV, TSV or JSONL)",
    ],
  ])("refuses %s", (_, path, message) => {
    const p = path();
    const r = readTraceFile(p);
    expect(r.ok || [r.errors[0]!.file, r.errors[0]!.code, r.errors[0]!.message]).toEqual([
      p,
      "read",
      message,
    ]);
  });

  it("names a missing file without a stack", () => {
    const r = readTraceFile("no/such/trace.csv");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      const e = r.errors[0]!;
      expect([e.file, e.code, e.problem?.code]).toEqual([
        "no/such/trace.csv",
        "read",
        "cliFile.fs",
      ]);
      expect(e.message).not.toMatch(/\bat \//);
    }
  });
});
