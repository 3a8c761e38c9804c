/**
 * Where a JSON text is broken: line and column of the first syntax error (bad input names the
 * file, the line and the column: docs/plan-file.md). `JSON.parse` messages differ between engines
 * and do not always carry a position, so a small scanner finds it. {@link lineColumn} is also the
 * importers' (src/import/input.ts) offset → line and column.
 */

/** A JSON syntax error with its 1-based line and column. */
export interface JsonSyntaxError {
  offset: number;
  line: number;
  column: number;
  message: string;
}

class Stop {
  constructor(
    readonly offset: number,
    readonly message: string,
  ) {}
}

function describeChar(text: string, i: number): string {
  return i >= text.length ? "end of input" : `character ${JSON.stringify(text[i])}`;
}

function scan(text: string): void {
  let i = 0;
  const ws = (): void => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const fail = (message: string): never => {
    throw new Stop(i, message);
  };
  const string = (): void => {
    i++;
    while (i < text.length && text[i] !== '"') {
      const c = text.charCodeAt(i);
      if (c < 0x20) fail("control character or line break inside a string (unterminated string?)");
      if (text[i] === "\\") {
        i++;
        if (text[i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail("bad \\u escape in string");
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? "")) fail(`bad escape \\${text[i] ?? ""} in string`);
      }
      i++;
    }
    if (i >= text.length) fail("unterminated string");
    i++;
  };
  const number = (): void => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail(`bad number (${describeChar(text, i)})`);
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === "{") return object();
    if (c === "[") return array();
    if (c === '"') return string();
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return number();
    for (const word of ["true", "false", "null"]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    fail(`expected a value, found ${describeChar(text, i)}`);
  };
  const object = (): void => {
    i++;
    ws();
    if (text[i] === "}") {
      i++;
      return;
    }
    for (;;) {
      ws();
      if (text[i] !== '"') fail(`expected a property name in double quotes, found ${describeChar(text, i)}`);
      string();
      ws();
      if (text[i] !== ":") fail(`expected ':' after property name, found ${describeChar(text, i)}`);
      i++;
      value();
      ws();
      if (text[i] === ",") {
        i++;
        ws();
        if (text[i] === "}") fail("trailing comma before '}'");
        continue;
      }
      if (text[i] === "}") {
        i++;
        return;
      }
      fail(`expected ',' or '}' after property value, found ${describeChar(text, i)}`);
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
        if (text[i] === "]") fail("trailing comma before ']'");
        continue;
      }
      if (text[i] === "]") {
        i++;
        return;
      }
      fail(`expected ',' or ']' after array element, found ${describeChar(text, i)}`);
    }
  };
  value();
  ws();
  if (i < text.length) fail(`unexpected ${describeChar(text, i)} after the JSON value`);
}

/** 1-based line and column of a character offset (lines split at `\n`). */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < offset && k < text.length; k++) {
    if (text.charCodeAt(k) === 10) {
      line++;
      lineStart = k + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** The first syntax error of a JSON text, or null when it is valid JSON. */
export function locateJsonError(text: string): JsonSyntaxError | null {
  try {
    scan(text);
    return null;
  } catch (e) {
    if (e instanceof Stop) return { offset: e.offset, ...lineColumn(text, e.offset), message: e.message };
    return { offset: 0, line: 1, column: 1, message: "JSON nested too deeply" };
  }
}
