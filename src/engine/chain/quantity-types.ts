/**
 * The shape of a declaration of the capacity and cost chain (quantities.ts, kv-quantities.ts):
 * what it counts, where it lives, what it reads, how it computes and its text. Its own module so
 * that the declarations can sit in more than one file without importing each other in a circle.
 */
import { message, type MessageDef } from "../base/problems";

/** What a quantity counts (for display and for tests of dimensions). */
export type Unit =
  | "tokens"
  | "tokens/s"
  | "req/s"
  | "req/day"
  | "replicas"
  | "gpus"
  | "money/GPU-hour"
  | "money/h"
  | "money/day"
  | "money/month"
  | "money/period"
  | "money/token"
  | "money/1M tokens"
  | "money/request"
  | "ratio"
  | "hours"
  | "seconds"
  | "GiB"
  | "GiB/GPU"
  | "bytes/token"
  | "bytes/GiB"
  | "requests";

/**
 * Where a quantity lives: once per workload (`workload`), once per SKU (`sku`, reading the
 * workloads' values as lists), once per interval of a schedule (`interval`), or once per SKU's
 * replica memory (`memory`: the KV-cache budget, kv-quantities.ts, docs/memory.md).
 */
export type Scope = "workload" | "sku" | "interval" | "memory";

/** Numbers a compute function reads: the scalar inputs by id; the lists (Σ over workloads) by id. */
export type Values = Readonly<Record<string, number>>;
export type Lists = Readonly<Record<string, readonly number[]>>;

/** One declared quantity (`Id`: the ids of quantities.ts). */
export interface QuantityOf<Id extends string> {
  readonly id: Id;
  readonly scope: Scope;
  /** Scalar inputs (quantity or leaf ids), in the order the formula names them. */
  readonly inputs: readonly string[];
  /** Inputs read as the list of every workload's value (a `sku` quantity summing workloads). */
  readonly lists?: readonly string[];
  readonly unit: Unit;
  readonly compute: (v: Values, l: Lists) => number;
  /** The formula as a message: parameters are the inputs' names or their numbers. */
  readonly text: MessageDef<Record<string, string>>;
}

/** A declaration before its id is attached. */
export type Declaration = Omit<QuantityOf<string>, "id">;

/** `message` for a formula over `K`: English and Chinese from the same input strings. */
export function formula<K extends string>(
  en: (p: Record<K, string>) => string,
  zh: (p: Record<K, string>) => string = en,
): MessageDef<Record<string, string>> {
  return message({ severity: "info", en, zh }) as MessageDef<Record<string, string>>;
}
