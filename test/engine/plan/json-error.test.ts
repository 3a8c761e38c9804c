/**
 * Where a JSON text is broken (src/engine/plan/json-error.ts): every kind of syntax error with its offset,
 * 1-based line and column and English message worked out by hand, the whitespace and escape rules
 * around each, and `lineColumn` at the edges (issue #15, docs/mutation-testing.md).
 */
import { describe, expect, it } from "vitest";
import { lineColumn, locateJsonError } from "../../../src/engine/plan/json-error";

/** [offset, line, column, message, code] of the first error, or null for valid JSON. */
function at(text: string): [number, number, number, string, string] | null {
  const e = locateJsonError(text);
  return e === null ? null : [e.offset, e.line, e.column, e.message, e.problem.code];
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
    expect(at("")).toEqual([0, 1, 1, "expected a value, found end of input", "json.expectedValue"]);
    expect(at("   ")).toEqual([
      3,
      1,
      4,
      "expected a value, found end of input",
      "json.expectedValue",
    ]);
    expect(at("[")).toEqual([
      1,
      1,
      2,
      "expected a value, found end of input",
      "json.expectedValue",
    ]);
  });

  it("a character that starts no value: the characters just outside 0-9, a bare word, a leading dot", () => {
    expect(at("/")).toEqual([
      0,
      1,
      1,
      'expected a value, found character "/"',
      "json.expectedValue",
    ]);
    expect(at(":")).toEqual([
      0,
      1,
      1,
      'expected a value, found character ":"',
      "json.expectedValue",
    ]);
    expect(at("tru")).toEqual([
      0,
      1,
      1,
      'expected a value, found character "t"',
      "json.expectedValue",
    ]);
    expect(at(".5")).toEqual([
      0,
      1,
      1,
      'expected a value, found character "."',
      "json.expectedValue",
    ]);
    expect(at('{"a":}')).toEqual([
      5,
      1,
      6,
      'expected a value, found character "}"',
      "json.expectedValue",
    ]);
  });

  it("a minus without digits is a bad number; a leading zero or a bare dot ends the number", () => {
    expect(at("-")).toEqual([0, 1, 1, 'bad number (character "-")', "json.badNumber"]);
    expect(at("[-x]")).toEqual([1, 1, 2, 'bad number (character "-")', "json.badNumber"]);
    // The number is read where it starts, not found further on.
    expect(at("-x5")).toEqual([0, 1, 1, 'bad number (character "-")', "json.badNumber"]);
    expect(at("01")).toEqual([
      1,
      1,
      2,
      'unexpected character "1" after the JSON value',
      "json.trailing",
    ]);
    expect(at("1.")).toEqual([
      1,
      1,
      2,
      'unexpected character "." after the JSON value',
      "json.trailing",
    ]);
    expect(at("1e")).toEqual([
      1,
      1,
      2,
      'unexpected character "e" after the JSON value',
      "json.trailing",
    ]);
  });

  it("something after the value", () => {
    expect(at("true false")).toEqual([
      5,
      1,
      6,
      'unexpected character "f" after the JSON value',
      "json.trailing",
    ]);
    expect(at("{} x")).toEqual([
      3,
      1,
      4,
      'unexpected character "x" after the JSON value',
      "json.trailing",
    ]);
  });

  it("objects: a name not in double quotes, a missing colon, a missing comma", () => {
    expect(at("{a:1}")).toEqual([
      1,
      1,
      2,
      'expected a property name in double quotes, found character "a"',
      "json.expectedName",
    ]);
    expect(at("{")).toEqual([
      1,
      1,
      2,
      "expected a property name in double quotes, found end of input",
      "json.expectedName",
    ]);
    expect(at('{"a" 1}')).toEqual([
      5,
      1,
      6,
      "expected ':' after property name, found character \"1\"",
      "json.expectedColon",
    ]);
    expect(at('{"a":1,"b"}')).toEqual([
      10,
      1,
      11,
      "expected ':' after property name, found character \"}\"",
      "json.expectedColon",
    ]);
    expect(at('{"a":1 "b":2}')).toEqual([
      7,
      1,
      8,
      "expected ',' or '}' after property value, found character \"\\\"\"",
      "json.expectedAfterValue",
    ]);
    expect(at('{"a":1')).toEqual([
      6,
      1,
      7,
      "expected ',' or '}' after property value, found end of input",
      "json.expectedAfterValue",
    ]);
  });

  it("arrays: a missing comma, an unclosed array", () => {
    expect(at("[1 2]")).toEqual([
      3,
      1,
      4,
      "expected ',' or ']' after array element, found character \"2\"",
      "json.expectedAfterElement",
    ]);
    expect(at("[1")).toEqual([
      2,
      1,
      3,
      "expected ',' or ']' after array element, found end of input",
      "json.expectedAfterElement",
    ]);
  });

  it("a trailing comma, also with whitespace before the bracket, points at the bracket", () => {
    expect(at('{"a":1,}')).toEqual([7, 1, 8, "trailing comma before '}'", "json.trailingComma"]);
    expect(at('{"a":1, }')).toEqual([8, 1, 9, "trailing comma before '}'", "json.trailingComma"]);
    expect(at("[1,]")).toEqual([3, 1, 4, "trailing comma before ']'", "json.trailingComma"]);
    expect(at("[1, ]")).toEqual([4, 1, 5, "trailing comma before ']'", "json.trailingComma"]);
  });

  it("strings: unterminated (also after a backslash at the end), control characters, bad escapes", () => {
    expect(at('"abc')).toEqual([4, 1, 5, "unterminated string", "json.unterminated"]);
    expect(at('"a\\')).toEqual([3, 1, 4, "unterminated string", "json.unterminated"]);
    expect(at('"a\nb"')).toEqual([
      2,
      1,
      3,
      "control character or line break inside a string (unterminated string?)",
      "json.controlCharacter",
    ]);
    expect(at('"a\u001fb"')).toEqual([
      2,
      1,
      3,
      "control character or line break inside a string (unterminated string?)",
      "json.controlCharacter",
    ]);
    expect(at('"a\\x"')).toEqual([3, 1, 4, "bad escape \\x in string", "json.badEscape"]);
    expect(at('"a\\u00zz"')).toEqual([
      3,
      1,
      4,
      "bad \\u escape in string",
      "json.badUnicodeEscape",
    ]);
    expect(at('"\\u12"')).toEqual([2, 1, 3, "bad \\u escape in string", "json.badUnicodeEscape"]);
    // The four hex digits are skipped: the character after them is read as part of the string.
    expect(at('"\\u0041\\q"')).toEqual([8, 1, 9, "bad escape \\q in string", "json.badEscape"]);
  });

  it("nesting deeper than the stack allows is one error at the start", () => {
    expect(at("[".repeat(200_000))).toEqual([0, 1, 1, "JSON nested too deeply", "json.tooDeep"]);
  });
});

describe("lines and columns", () => {
  it("an error on the third line of an object, columns counted from the line start", () => {
    expect(at('{\n  "a": 1,\n  "b": ]\n}')).toEqual([
      19,
      3,
      8,
      'expected a value, found character "]"',
      "json.expectedValue",
    ]);
  });

  it("lines split at \\n only: a \\r stays in the column count", () => {
    expect(at("[\r\n1,\r\n]")).toEqual([
      7,
      3,
      1,
      "trailing comma before ']'",
      "json.trailingComma",
    ]);
    expect(at("[1,\r]")).toEqual([4, 1, 5, "trailing comma before ']'", "json.trailingComma"]);
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
