/**
 * Where a JSON text is broken (src/engine/plan/json-error.ts): every kind of syntax error with its offset,
 * 1-based line and column and English message worked out by hand, the whitespace and escape rules
 * around each, and `lineColumn` at the edges (issue #15, docs/mutation-testing.md).
 */
import { describe, expect, it } from "vitest";
import { lineColumn, locateJsonError } from "../../../src/engine/plan/json-error";

/** `offset line:column code message` of the first error, or null for valid JSON. */
function at(text: string): string | null {
  const e = locateJsonError(text);
  return e === null ? null : `${e.offset} ${e.line}:${e.column} ${e.problem.code} ${e.message}`;
}

/** Each row's text has that first error. */
function expectAt(rows: readonly (readonly [text: string, error: string])[]): void {
  for (const [text, error] of rows) expect(at(text), text).toBe(error);
}

describe("valid JSON has no error", () => {
  it("every kind of value, with whitespace of each kind around and inside", () => {
    for (const text of [
      "{}",
      "[]",
      "{ }",
      "[ ]",
      ' \t\r\n{"a" : 1 , "b":[ 1 , 2 ] }\n',
      "0",
      "9",
      "10",
      "123",
      "-0.5E-3",
      "1e5",
      "1e10",
      "12.25e+2",
      "true",
      "false",
      "null",
      '"a b"',
      '"\\"\\\\\\/\\b\\f\\n\\r\\t"',
      '"\\u0041\\uabcd\\uABCDx"',
      '{"a":[1,-2.5e+3,true,false,null,"x"],"b":{}}',
    ]) {
      expect([text, at(text)]).toEqual([text, null]);
    }
  });
});

describe("each syntax error, at its offset with its message", () => {
  it("nothing, or only whitespace: a value is expected at the end of the input", () => {
    expectAt([
      ["", "0 1:1 json.expectedValue expected a value, found end of input"],
      ["   ", "3 1:4 json.expectedValue expected a value, found end of input"],
      ["[", "1 1:2 json.expectedValue expected a value, found end of input"],
    ]);
  });

  it("a character that starts no value: the characters just outside 0-9, a bare word, a leading dot", () => {
    expectAt([
      ["/", '0 1:1 json.expectedValue expected a value, found character "/"'],
      [":", '0 1:1 json.expectedValue expected a value, found character ":"'],
      ["tru", '0 1:1 json.expectedValue expected a value, found character "t"'],
      [".5", '0 1:1 json.expectedValue expected a value, found character "."'],
      ['{"a":}', '5 1:6 json.expectedValue expected a value, found character "}"'],
    ]);
  });

  it("a minus without digits is a bad number; a leading zero or a bare dot ends the number", () => {
    expectAt([
      ["-", '0 1:1 json.badNumber bad number (character "-")'],
      ["[-x]", '1 1:2 json.badNumber bad number (character "-")'],
      // The number is read where it starts, not found further on.
      ["-x5", '0 1:1 json.badNumber bad number (character "-")'],
      ["01", '1 1:2 json.trailing unexpected character "1" after the JSON value'],
      ["1.", '1 1:2 json.trailing unexpected character "." after the JSON value'],
      ["1e", '1 1:2 json.trailing unexpected character "e" after the JSON value'],
    ]);
  });

  it("something after the value", () => {
    expectAt([
      ["true false", '5 1:6 json.trailing unexpected character "f" after the JSON value'],
      ["{} x", '3 1:4 json.trailing unexpected character "x" after the JSON value'],
    ]);
  });

  it("objects: a name not in double quotes, a missing colon, a missing comma", () => {
    expectAt([
      [
        "{a:1}",
        '1 1:2 json.expectedName expected a property name in double quotes, found character "a"',
      ],
      [
        "{",
        "1 1:2 json.expectedName expected a property name in double quotes, found end of input",
      ],
      [
        '{"a" 1}',
        "5 1:6 json.expectedColon expected ':' after property name, found character \"1\"",
      ],
      [
        '{"a":1,"b"}',
        "10 1:11 json.expectedColon expected ':' after property name, found character \"}\"",
      ],
      [
        '{"a":1 "b":2}',
        "7 1:8 json.expectedAfterValue expected ',' or '}' after property value, found character \"\\\"\"",
      ],
      [
        '{"a":1',
        "6 1:7 json.expectedAfterValue expected ',' or '}' after property value, found end of input",
      ],
    ]);
  });

  it("arrays: a missing comma, an unclosed array", () => {
    expectAt([
      [
        "[1 2]",
        "3 1:4 json.expectedAfterElement expected ',' or ']' after array element, found character \"2\"",
      ],
      [
        "[1",
        "2 1:3 json.expectedAfterElement expected ',' or ']' after array element, found end of input",
      ],
    ]);
  });

  it("a trailing comma, also with whitespace before the bracket, points at the bracket", () => {
    expectAt([
      ['{"a":1,}', "7 1:8 json.trailingComma trailing comma before '}'"],
      ['{"a":1, }', "8 1:9 json.trailingComma trailing comma before '}'"],
      ["[1,]", "3 1:4 json.trailingComma trailing comma before ']'"],
      ["[1, ]", "4 1:5 json.trailingComma trailing comma before ']'"],
    ]);
  });

  it("strings: unterminated (also after a backslash at the end), control characters, bad escapes", () => {
    expectAt([
      ['"abc', "4 1:5 json.unterminated unterminated string"],
      ['"a\\', "3 1:4 json.unterminated unterminated string"],
      [
        '"a\nb"',
        "2 1:3 json.controlCharacter control character or line break inside a string (unterminated string?)",
      ],
      [
        '"a\u001fb"',
        "2 1:3 json.controlCharacter control character or line break inside a string (unterminated string?)",
      ],
      ['"a\\x"', "3 1:4 json.badEscape bad escape \\x in string"],
      ['"a\\u00zz"', "3 1:4 json.badUnicodeEscape bad \\u escape in string"],
      ['"\\u12"', "2 1:3 json.badUnicodeEscape bad \\u escape in string"],
      // The four hex digits are skipped: the character after them is read as part of the string.
      ['"\\u0041\\q"', "8 1:9 json.badEscape bad escape \\q in string"],
    ]);
  });

  it("nesting deeper than the stack allows is one error at the start", () => {
    expect(at("[".repeat(200_000))).toBe("0 1:1 json.tooDeep JSON nested too deeply");
  });
});

describe("lines and columns", () => {
  it("an error on the third line of an object, columns counted from the line start", () => {
    expectAt([
      [
        '{\n  "a": 1,\n  "b": ]\n}',
        '19 3:8 json.expectedValue expected a value, found character "]"',
      ],
    ]);
  });

  it("lines split at \\n only: a \\r stays in the column count", () => {
    expectAt([
      ["[\r\n1,\r\n]", "7 3:1 json.trailingComma trailing comma before ']'"],
      ["[1,\r]", "4 1:5 json.trailingComma trailing comma before ']'"],
    ]);
  });

  it("lineColumn at a newline, just after it, at the start, and past the end of the text", () => {
    expect(lineColumn("a\nb", 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn("a\nb", 1)).toEqual({ line: 1, column: 2 });
    expect(lineColumn("a\nb", 2)).toEqual({ line: 2, column: 1 });
    expect(lineColumn("a\nb", 3)).toEqual({ line: 2, column: 2 });
    expect(lineColumn("a\n\nb", 3)).toEqual({ line: 3, column: 1 });
    expect(lineColumn("a\nb", 10)).toEqual({ line: 2, column: 9 });
    expect(lineColumn("", 0)).toEqual({ line: 1, column: 1 });
  });
});
