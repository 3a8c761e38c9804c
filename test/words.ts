/** A list of names written as one string, split at white space: `words("a b\n c")` → ["a", "b", "c"]. */
export const words = (s: string): string[] => s.trim().split(/\s+/);
