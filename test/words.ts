/**
 * A list of names written as one text, split at white space: `words("a b\n c")` is `["a", "b", "c"]`.
 * For tests that compare against a long list of identifiers (function names, paths, rule ids), so
 * that the list reads as a line rather than one name a line.
 */
export const words = (s: string): string[] => s.trim().split(/\s+/);
