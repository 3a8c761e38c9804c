/**
 * Append a list to another without `push(...items)`: a spread passes every item as an argument,
 * and past about 125,000 items (usage rows, their warnings) it overflows the stack
 * (docs/security.md). test/engine/many-items.test.ts runs 150,000.
 */
export function appendAll<T>(to: T[], items: readonly T[]): void {
  for (let i = 0; i < items.length; i++) to.push(items[i]!);
}
