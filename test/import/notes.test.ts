/**
 * src/import/notes.ts: the notes of an import as one list — each file issue once with its place,
 * then each sweep note not already listed — with the problem each was rendered from.
 */
import { describe, expect, it } from "vitest";
import type { Sweep } from "../../src/engine/base/types";
import { importMessages } from "../../src/import/messages/pipeline";
import { importNotes } from "../../src/import/notes";
import type { ImportIssue, ImportResult } from "../../src/import/types";
import { words } from "./helpers";

/** Notes of these texts (written as words) and nothing else. */
const texts = (s: string) => words(s).map((text) => ({ text }));
const latin1 = importMessages.problem("latin1", {});
const LATIN1 = "not valid UTF-8: read as Latin-1 (Windows-1252); check names with accents";
const pathLoad = importMessages.problem("pathLoad", {});

const sweep = (warnings: string[], problems?: Sweep["problems"]): Sweep => ({
  label: "s",
  source: { files: ["a.csv"], format: "generic-csv" },
  meta: { model: null, engine: null, gpu: null, gpuCount: null, date: null },
  points: [],
  warnings,
  ...(problems ? { problems } : {}),
});
type Ok = Extract<ImportResult, { ok: true }>;
const result = (warnings: ImportIssue[], sweeps: Sweep[]): Ok => ({
  ok: true,
  warnings,
  sweeps,
  fileErrors: [],
});

describe("importNotes", () => {
  it("lists a file issue with its place and problem, and not again as a sweep note", () => {
    const at = { file: "a.csv", line: 3, column: "ttft" };
    const issue: ImportIssue = { ...at, code: "encoding", message: LATIN1, problem: latin1 };
    const pathNote = importMessages.en(pathLoad);
    const notes = importNotes(result([issue], [sweep([LATIN1, pathNote], [latin1, pathLoad])]));
    expect(notes).toEqual([
      { text: `a.csv:3 column "ttft": ${LATIN1}`, issue, problem: latin1 },
      { text: pathNote, problem: pathLoad },
    ]);
  });

  it("lists a repeated issue once, and a note of two sweeps once", () => {
    const issue: ImportIssue = { file: "b.json", code: "x", message: "plain words" };
    const sweeps = [sweep(["shared", "only one"]), sweep(["shared"])];
    const notes = importNotes(result([issue, { ...issue }], sweeps));
    expect(notes).toEqual([{ text: "b.json: plain words", issue }, ...texts("shared|only one")]);
  });

  it("keeps two issues with the same message in different places", () => {
    const a: ImportIssue = { file: "a.csv", code: "x", message: "m", line: 1 };
    const b: ImportIssue = { file: "b.csv", code: "x", message: "m", line: 1 };
    const notes = importNotes(result([a, b], []));
    expect(notes.map((n) => n.text)).toEqual(["a.csv:1: m", "b.csv:1: m"]);
  });

  it("gives an empty list for an import without notes", () => {
    expect(importNotes(result([], [sweep([])]))).toEqual([]);
  });
});
