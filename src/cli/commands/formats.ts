import type { Io } from "../io";

/** `capplan formats` (not implemented yet). */
export function formatsCommand(_args: string[], io: Io): number {
  io.err("capplan formats: not implemented yet\n");
  return 2;
}
