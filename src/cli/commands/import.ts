import type { Io } from "../io";

/** `capplan import` (not implemented yet). */
export function importCommand(_args: string[], io: Io): number {
  io.err("capplan import: not implemented yet\n");
  return 2;
}
