import { describe, expect, test } from "vitest";
import { fillSelection, parseClipboardTsv, toClipboardTsv } from "../../../src/ui/state/clipboard";

/** A block of cells from its rows, "|" between cells. */
const rows = (...lines: string[]) => lines.map((line) => line.split("|"));

describe("spreadsheet clipboard (docs/grid.md)", () => {
  test("Excel TSV: quoted line breaks and doubled quotes, CRLF rows, trailing line break", () => {
    expect(parseClipboardTsv('"chat\nbot"\t11\r\n')).toEqual([["chat\nbot", "11"]]);
    expect(parseClipboardTsv('"say ""hi"""\r\n')).toEqual([['say "hi"']]);
    expect(parseClipboardTsv('a\t"x\r\ny"\r\nb\t2\r\n')).toEqual(rows("a|x\ny", "b|2"));
    expect(parseClipboardTsv("1\t2\n3\t4")).toEqual(rows("1|2", "3|4"));
    expect(parseClipboardTsv('5" disk\t3')).toEqual([['5" disk', "3"]]);
    expect(parseClipboardTsv("")).toEqual([]);
  });
  test("copy quotes what needs quoting and reads back", () => {
    const block = rows('chat\nbot|say "hi"|1,500', "a\tb||x");
    const tsv = toClipboardTsv(block);
    expect(tsv).toBe('"chat\nbot"\t"say ""hi"""\t1,500\r\n"a\tb"\t\tx');
    expect(parseClipboardTsv(tsv)).toEqual(block);
  });
  test("one value fills the selection; a dividing block repeats; otherwise pasted once", () => {
    expect(fillSelection([["7"]], 2, 3)).toEqual(rows("7|7|7", "7|7|7"));
    expect(fillSelection([["1"], ["2"]], 4, 1)).toEqual([["1"], ["2"], ["1"], ["2"]]);
    expect(fillSelection([["1"], ["2"]], 3, 1)).toEqual([["1"], ["2"]]);
    expect(fillSelection([["1", "2"], ["3"]], 1, 1)).toEqual(rows("1|2", "3|"));
  });
});
