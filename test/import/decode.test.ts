/**
 * src/import/decode.ts: bytes of a file → text (docs/import.md "Encodings"): UTF-8 with or without
 * a BOM, UTF-16 by its BOM, Windows-1252 when the bytes are not valid UTF-8; and the note for text
 * that was not UTF-8.
 */
import { describe, expect, it } from "vitest";
import { bomEncoding, decodeBytes, encodingNote, encodingProblem } from "../../src/import/decode";

const bytes = (...b: number[]) => new Uint8Array(b);

describe("bomEncoding", () => {
  it.each([
    [bytes(0xef, 0xbb, 0xbf, 0x61), "utf-8"],
    [bytes(0xff, 0xfe, 0x61, 0x00), "utf-16le"],
    [bytes(0xfe, 0xff, 0x00, 0x61), "utf-16be"],
    [bytes(0xef, 0xbb), null],
    [bytes(0x61, 0x62), null],
    [bytes(), null],
  ])("%j → %s", (b, enc) => {
    expect(bomEncoding(b)).toBe(enc);
  });
});

describe("decodeBytes", () => {
  it("reads UTF-8 and keeps its BOM as U+FEFF (the importers strip it)", () => {
    expect(decodeBytes(new TextEncoder().encode("并发,ttft\n"))).toEqual({
      text: "并发,ttft\n",
      encoding: "utf-8",
    });
    expect(decodeBytes(bytes(0xef, 0xbb, 0xbf, 0x61))).toEqual({
      text: "\uFEFFa",
      encoding: "utf-8",
    });
  });

  it("reads UTF-16 in the byte order its BOM gives", () => {
    // "é1" little-endian: E9 00 31 00; big-endian: 00 E9 00 31. The decoder drops the BOM.
    expect(decodeBytes(bytes(0xff, 0xfe, 0xe9, 0x00, 0x31, 0x00))).toEqual({
      text: "é1",
      encoding: "utf-16le",
    });
    expect(decodeBytes(bytes(0xfe, 0xff, 0x00, 0xe9, 0x00, 0x31))).toEqual({
      text: "é1",
      encoding: "utf-16be",
    });
  });

  it("reads bytes that are not UTF-8 as Windows-1252", () => {
    // "Zürich é" in Latin-1: ü = 0xFC, é = 0xE9 (a lone 0xFC is invalid as UTF-8).
    expect(decodeBytes(bytes(0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68, 0x20, 0xe9))).toEqual({
      text: "Zürich é",
      encoding: "windows-1252",
    });
    // NUL bytes stay for the importer to call the file binary.
    expect(decodeBytes(bytes(0x00, 0xff)).text).toBe("\u0000ÿ");
  });
});

describe("encodingProblem and encodingNote", () => {
  it.each([
    ["utf-16le", "import.utf16", "read as UTF-16 (little-endian, by its byte-order mark)"],
    ["utf-16be", "import.utf16", "read as UTF-16 (big-endian, by its byte-order mark)"],
    [
      "windows-1252",
      "import.latin1",
      "not valid UTF-8: read as Latin-1 (Windows-1252); check names with accents",
    ],
  ] as const)("%s → %s", (enc, code, note) => {
    expect(encodingProblem(enc)?.code).toBe(code);
    expect(encodingNote(enc)).toBe(note);
  });

  it.each([["utf-8"], [undefined]] as const)("%s → no note", (enc) => {
    expect(encodingProblem(enc)).toBeNull();
    expect(encodingNote(enc)).toBeNull();
  });
});
