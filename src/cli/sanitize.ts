/**
 * Terminal safety (docs/security.md): text that came from files (titles, team names, headers) is
 * printed without its control characters, so an ANSI escape sequence in a plan cannot recolour,
 * move the cursor, retitle or clear the user's terminal. Tab and line feed stay.
 */

/**
 * C0 controls except tab and line feed, DEL, and C1 controls (U+0080–U+009F, which a UTF-8
 * terminal may read as CSI and friends). An escape sequence loses its ESC and becomes inert text.
 */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const HAS_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** `text` without control characters (tab and line feed kept). */
export function stripControl(text: string): string {
  return HAS_CONTROL.test(text) ? text.replace(CONTROL, "") : text;
}
