import type { Io } from "../io";

/** `capplan compare` (not implemented yet). */
export function compareCommand(_args: string[], io: Io): number {
  io.err("capplan compare: not implemented yet\n");
  return 2;
}
