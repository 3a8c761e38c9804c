/** Locustfile generation (docs/sweep.md "Distributed load with Locust"). */
import type { RunOptions } from "./run";

export function locustfileOf(_o: RunOptions, _url: string, _keyEnv: string | null): string {
  return "";
}
