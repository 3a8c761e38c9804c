import type { Io } from "../io";

/** `capplan plan` (not implemented yet). */
export function planCommand(_args: string[], io: Io): number {
  io.err("capplan plan: not implemented yet\n");
  return 2;
}
