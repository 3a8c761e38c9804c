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
  // UTF-8 keeps its BOM as U+FEFF (the importers strip it). "é1" UTF-16 little-endian: E9 00 31
  // 00; big-endian: 00 E9 00 31 (the decoder drops the BOM). "Zürich é" in Latin-1: ü = 0xFC,
  // é = 0xE9 (a lone 0xFC is invalid as UTF-8).
  it.each([
    [new TextEncoder().encode("并发,ttft\n"), "并发,ttft\n", "utf-8"],
    [bytes(0xef, 0xbb, 0xbf, 0x61), "\uFEFFa", "utf-8"],
    [bytes(0xff, 0xfe, 0xe9, 0x00, 0x31, 0x00), "é1", "utf-16le"],
    [bytes(0xfe, 0xff, 0x00, 0xe9, 0x00, 0x31), "é1", "utf-16be"],
    [bytes(0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68, 0x20, 0xe9), "Zürich é", "windows-1252"],
  ])("reads %j as %j (%s)", (b, text, encoding) => {
    expect(decodeBytes(b)).toEqual({ text, encoding });
  });

  it("keeps NUL bytes for the importer to call the file binary", () => {
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
    expect([encodingProblem(enc)?.code, encodingNote(enc)]).toEqual([code, note]);
  });

  it.each([["utf-8"], [undefined]] as const)("%s → no note", (enc) => {
    expect([encodingProblem(enc), encodingNote(enc)]).toEqual([null, null]);
  });
});
