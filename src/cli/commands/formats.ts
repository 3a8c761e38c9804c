/**
 * `capplan formats [--json]` (docs/cli.md): every importer in the registry (`FORMATS`, in detection
 * priority order) with its id (the `--format` value), title and the tool versions it was checked
 * against. Reads the registry, so the list grows as importers are added.
 */
import { FORMATS } from "../../import/index";
import { type CommandDef, parseOptions } from "../command";
import { cliError, type Io } from "../io";
import { cliMessages as C } from "../messages";

/** Pad a table of cells into aligned plain-text columns separated by two spaces. */
export function alignColumns(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, [...c].length)));
  return (
    rows
      .map((r) =>
        r
          .map((c, i) => (i === r.length - 1 ? c : c + " ".repeat(widths[i]! - [...c].length)))
          .join("  "),
      )
      .join("\n") + "\n"
  );
}

/** `capplan formats`: list the recognised formats. */
function formatsCommand(args: string[], io: Io): number {
  const a = parseOptions(command.options, args);
  if (a.positional.length)
    throw cliError(C.problem("formatsNoArgs", { got: String(a.positional[0]) }));
  const list = FORMATS.map((f) => ({ id: f.id, title: f.title, versions: f.versions }));
  if (a.flags.has("json")) {
    io.out(JSON.stringify({ formats: list }, null, 2) + "\n");
    return 0;
  }
  if (list.length === 0) {
    io.out("No format importers are registered.\n");
    return 0;
  }
  io.out(
    alignColumns([
      ["ID", "FORMAT", "VERSIONS CHECKED"],
      ...list.map((f) => [f.id, f.title, f.versions]),
    ]),
  );
  io.out(
    `\n${list.length} formats, recognised by content; force one with \`capplan import --format ID\`.\n`,
  );
  return 0;
}

export const command: CommandDef = {
  usage: "formats [--json]",
  summary: "The recognised formats and the tool versions they were checked against.",
  options: [{ name: "json", help: "print the list as JSON" }],
  run: formatsCommand,
};
