/**
 * A list of names written as one text, split at white space: `words("a b c")` is `["a", "b", "c"]`.
 * For tests that compare against a long list of identifiers (function names, paths, rule ids),
 * so that the list reads as a line rather than one name a line.
 */
export function words(text: string): string[] {
  return text.trim().split(/\s+/);
}
