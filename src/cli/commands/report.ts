import type { Io } from "../io";

/** `capplan report` (not implemented yet). */
export function reportCommand(_args: string[], io: Io): number {
  io.err("capplan report: not implemented yet\n");
  return 2;
}
