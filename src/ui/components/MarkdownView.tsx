/**
 * Renders the small Markdown subset our reports use (`##`/`###` headings, `-` lists two levels
 * deep, pipe tables, paragraphs, `**bold**` and `` `code` ``) as Solid elements. Every piece of
 * text becomes a text node — never `innerHTML` — so a plan title or team name from a share link
 * cannot inject markup. Table cells holding the regression mark ▲ get the class `regression`.
 */
import { For, Match, Switch, type JSX } from "solid-js";
import { REGRESSION_MARK } from "../../report/compare-table";

/** A block of the Markdown subset. */
export type MdBlock =
  | { kind: "h2" | "h3" | "p"; text: string }
  | { kind: "li"; text: string; depth: number }
  | { kind: "table"; head: string[]; rows: string[][] };

/** Split a `| a | b \| c |` line into cells (escaped pipes kept as text). */
export function tableCells(line: string): string[] {
  const body = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return body.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, "|"));
}

/** Parse the Markdown subset into blocks (pure). */
export function parseMarkdown(md: string): MdBlock[] {
  const lines = md.replace(/\r\n?/g, "\n").split("\n");
  const out: MdBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    if (line.startsWith("### ")) out.push({ kind: "h3", text: line.slice(4) });
    else if (line.startsWith("## ")) out.push({ kind: "h2", text: line.slice(3) });
    else if (/^\s*- /.test(line))
      out.push({
        kind: "li",
        text: line.replace(/^\s*- /, ""),
        depth: line.search(/\S/) >= 2 ? 1 : 0,
      });
    else if (line.trimStart().startsWith("|")) {
      const head = tableCells(line);
      const rows: string[][] = [];
      while (i + 1 < lines.length && lines[i + 1]!.trimStart().startsWith("|")) {
        i++;
        if (/^\s*\|(\s*:?-+:?\s*\|)+\s*$/.test(lines[i]!)) continue;
        rows.push(tableCells(lines[i]!));
      }
      out.push({ kind: "table", head, rows });
    } else out.push({ kind: "p", text: line });
  }
  return out;
}

/** Inline `**bold**` and `` `code` `` as elements; everything else as text. */
function Inline(props: { text: string }): JSX.Element {
  const parts = () => props.text.split(/(\*\*[^*]+\*\*|`[^`]+`)/g).filter((p) => p !== "");
  return (
    <For each={parts()}>
      {(p) =>
        p.startsWith("**") && p.endsWith("**") && p.length > 4 ? (
          <strong>{p.slice(2, -2)}</strong>
        ) : p.startsWith("`") && p.endsWith("`") && p.length > 2 ? (
          <code>{p.slice(1, -1)}</code>
        ) : (
          <>{p}</>
        )
      }
    </For>
  );
}

/** The rendered Markdown. */
export function MarkdownView(props: { markdown: string; testId?: string }): JSX.Element {
  const blocks = () => parseMarkdown(props.markdown);
  return (
    <div class="md" data-testid={props.testId}>
      <For each={blocks()}>
        {(b) => (
          <Switch>
            <Match when={b.kind === "h2" && b}>
              {(h) => (
                <h2>
                  <Inline text={h().text} />
                </h2>
              )}
            </Match>
            <Match when={b.kind === "h3" && b}>
              {(h) => (
                <h3>
                  <Inline text={h().text} />
                </h3>
              )}
            </Match>
            <Match when={b.kind === "p" && b}>
              {(h) => (
                <p>
                  <Inline text={h().text} />
                </p>
              )}
            </Match>
            <Match when={b.kind === "li" && b}>
              {(li) => (
                <div class="md-li" classList={{ sub: (li() as { depth: number }).depth > 0 }}>
                  <Inline text={li().text} />
                </div>
              )}
            </Match>
            <Match when={b.kind === "table" && b}>
              {(tb) => {
                const table = tb() as Extract<MdBlock, { kind: "table" }>;
                return (
                  // A wide table scrolls sideways: focusable so a keyboard can scroll it too.
                  <div
                    class="md-table"
                    role="region"
                    tabIndex={0}
                    aria-label={table.head.join(" · ")}
                  >
                    <table>
                      <thead>
                        <tr>
                          <For each={table.head}>{(h) => <th>{h}</th>}</For>
                        </tr>
                      </thead>
                      <tbody>
                        <For each={table.rows}>
                          {(row) => (
                            <tr>
                              <For each={row}>
                                {(c) => (
                                  <td classList={{ regression: c.includes(REGRESSION_MARK) }}>
                                    <Inline text={c} />
                                  </td>
                                )}
                              </For>
                            </tr>
                          )}
                        </For>
                      </tbody>
                    </table>
                  </div>
                );
              }}
            </Match>
          </Switch>
        )}
      </For>
    </div>
  );
}
