/**
 * Where a JSON text is broken: line and column of the first syntax error (bad input names the
 * file, the line and the column: docs/plan-file.md). `JSON.parse` messages differ between engines
 * and do not always carry a position, so a small scanner finds it. {@link lineColumn} is also the
 * importers' (src/import/input.ts) offset → line and column.
 */

import { jsonMessages as J } from "./plan-file-messages";
import type { Problem } from "../base/problems";

/** A JSON syntax error with its 1-based line and column; `message` is the English of `problem` (code `json.*`). */
export interface JsonSyntaxError {
  offset: number;
  line: number;
  column: number;
  message: string;
  problem: Problem;
}

class Stop {
  constructor(
    readonly offset: number,
    readonly problem: Problem,
  ) {}
}

/** The character at `i` as a parameter: null at the end of the input, else the character as JSON. */
function found(text: string, i: number): { found: string | null } {
  return { found: i >= text.length ? null : JSON.stringify(text[i]) };
}

function scan(text: string): void {
  let i = 0;
  const ws = (): void => {
    // Past the end text[i] is undefined, which the whitespace string does not include.
    while (" \t\n\r".includes(text[i]!)) i++;
  };
  const fail = (problem: Problem): never => {
    throw new Stop(i, problem);
  };
  const string = (): void => {
    i++;
    while (i < text.length && text[i] !== '"') {
      const c = text.charCodeAt(i);
      if (c < 0x20) fail(J.problem("controlCharacter", {}));
      if (text[i] === "\\") {
        i++;
        // A backslash as the last character: the string ends at the end of the input.
        if (i >= text.length) break;
        if (text[i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5)))
            fail(J.problem("badUnicodeEscape", {}));
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i]!))
          fail(J.problem("badEscape", { escape: `\\${text[i]}` }));
      }
      i++;
    }
    if (i >= text.length) fail(J.problem("unterminated", {}));
    i++;
  };
  const number = (): void => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail(J.problem("badNumber", found(text, i)));
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    // charAt: "" past the end, which is no digit.
    const c = text.charAt(i);
    if (c === "{") return object();
    if (c === "[") return array();
    if (c === '"') return string();
    if (c === "-" || (c >= "0" && c <= "9")) return number();
    for (const word of ["true", "false", "null"]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    fail(J.problem("expectedValue", found(text, i)));
  };
  const object = (): void => {
    i++;
    ws();
    if (text[i] === "}") {
      i++;
      return;
    }
    // Whitespace is already skipped here: after the '{' and after each ','.
    for (;;) {
      if (text[i] !== '"') fail(J.problem("expectedName", found(text, i)));
      string();
      ws();
      if (text[i] !== ":") fail(J.problem("expectedColon", found(text, i)));
      i++;
      value();
      ws();
      if (text[i] === ",") {
        i++;
        ws();
        if (text[i] === "}") fail(J.problem("trailingComma", { bracket: "}" }));
        continue;
      }
      if (text[i] === "}") {
        i++;
        return;
      }
      fail(J.problem("expectedAfterValue", found(text, i)));
    }
  };
  const array = (): void => {
    i++;
    ws();
    if (text[i] === "]") {
      i++;
      return;
    }
    for (;;) {
      value();
      ws();
      if (text[i] === ",") {
        i++;
        ws();
        if (text[i] === "]") fail(J.problem("trailingComma", { bracket: "]" }));
        continue;
      }
      if (text[i] === "]") {
        i++;
        return;
      }
      fail(J.problem("expectedAfterElement", found(text, i)));
    }
  };
  value();
  ws();
  if (i < text.length) fail(J.problem("trailing", found(text, i)));
}

/** 1-based line and column of a character offset (lines split at `\n`). */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let k = text.indexOf("\n"); k !== -1 && k < offset; k = text.indexOf("\n", k + 1)) {
    line++;
    lineStart = k + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** The first syntax error of a JSON text, or null when it is valid JSON. */
export function locateJsonError(text: string): JsonSyntaxError | null {
  try {
    scan(text);
    return null;
  } catch (e) {
    const [offset, problem] =
      e instanceof Stop ? [e.offset, e.problem] : [0, J.problem("tooDeep", {})];
    return { offset, ...lineColumn(text, offset), message: J.en(problem), problem };
  }
}
