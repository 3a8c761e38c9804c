/**
 * Share links: a whole plan (docs/plan-file.md, sweeps inline) in the URL fragment
 * `#plan=<base64url(deflate-raw(JSON))>`. The fragment never reaches a server (browsers do not
 * send it), so the data stays with the people who hold the link.
 *
 * Limits:
 * - {@link MAX_URL_LENGTH} = 32,000 characters for the whole URL: a conservative bound of our
 *   choosing. Chromium accepts URLs of up to 2 MB, but chat tools, mail clients and link
 *   previews may cut much shorter ones; above the bound the app offers the plan as a file.
 * - Decoding refuses fragments over {@link MAX_FRAGMENT_CHARS}, stops inflating after
 *   {@link MAX_DECOMPRESSED_BYTES} (a zip bomb of a few KB could expand to gigabytes), and refuses
 *   JSON nested deeper than `MAX_JSON_DEPTH` (`limits.ts`; 100,000 nested arrays would overflow
 *   the stack when the app copies the plan).
 *
 * Security: decoding returns only data (a validated {@link PlanFile}); nothing here produces
 * HTML. The UI must render every string from a decoded plan as text (Solid text nodes, never
 * `innerHTML`), because a link can carry any title or team name, e.g. `<script>`.
 *
 * Uses `CompressionStream`/`DecompressionStream("deflate-raw")` (Chromium 103+, Firefox 113+,
 * Safari 16.4+, Node 20) — both are asynchronous.
 */
import { validatePlan } from "../engine/plan/plan-file";
import type { Problem } from "../engine/base/problems";
import type { PlanFile } from "../engine/base/types";
import { depthProblem } from "./limits";

/** Longest full URL (base + fragment) a share link may have. */
export const MAX_URL_LENGTH = 32_000;
/** Longest fragment {@link decodePlanFromFragment} reads (characters). */
export const MAX_FRAGMENT_CHARS = 2_000_000;
/** Most bytes a fragment may inflate to (20 MiB). */
export const MAX_DECOMPRESSED_BYTES = 20 * 1024 * 1024;
/** The fragment parameter name: `#plan=…`. */
export const FRAGMENT_KEY = "plan";

/** Base64url (RFC 4648 §5) without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Decode base64url (padding optional); null when the text is not base64url. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return null;
  const s = text.replace(/=+$/, "");
  if (s.length % 4 === 1) return null;
  try {
    const bin = atob(
      s.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (s.length % 4)) % 4),
    );
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** Run bytes through a (de)compression stream, stopping after `cap` output bytes. */
async function transform(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
  cap: number,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; tooLarge: boolean; error?: string }> {
  const writer = stream.writable.getWriter();
  // Not awaited: the reader below drives the stream; rejections surface through the reader.
  writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => undefined);
  writer.close().catch(() => undefined);
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > cap) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, tooLarge: true };
      }
      chunks.push(value);
    }
  } catch (e) {
    return { ok: false, tooLarge: false, error: e instanceof Error ? e.message : String(e) };
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return { ok: true, bytes: out };
}

/** Result of {@link encodePlanToFragment}. `length`: characters of the full URL (base + fragment). */
export interface EncodedFragment {
  fragment: string;
  length: number;
  tooLong: boolean;
}

/**
 * Encode a plan as `#plan=<base64url(deflate-raw(JSON))>`. `baseUrl` is the URL without its
 * fragment (e.g. `location.origin + location.pathname`), counted in `length`; `tooLong` when the
 * full URL exceeds `maxUrlLength` (default {@link MAX_URL_LENGTH}) — then offer a file. The plan
 * must be JSON data (as every validated plan is).
 */
export async function encodePlanToFragment(
  plan: PlanFile,
  opts: { baseUrl?: string; maxUrlLength?: number } = {},
): Promise<EncodedFragment> {
  const json = new TextEncoder().encode(JSON.stringify(plan));
  const r = await transform(json, new CompressionStream("deflate-raw"), Number.POSITIVE_INFINITY);
  if (!r.ok) throw new Error(`compression failed: ${r.error ?? "unknown"}`);
  const fragment = `#${FRAGMENT_KEY}=${toBase64Url(r.bytes)}`;
  const length = (opts.baseUrl ?? "").length + fragment.length;
  return { fragment, length, tooLong: length > (opts.maxUrlLength ?? MAX_URL_LENGTH) };
}

/** Result of {@link decodePlanFromFragment}: a validated plan (data only), or a readable reason. */
export type DecodedFragment =
  | { ok: true; plan: PlanFile; warnings: string[]; problems?: Problem[] }
  | { ok: false; reason: string };

/** The `plan=` value of a fragment, a full URL, or a bare `plan=…`; null when there is none. */
function planParam(input: string): string | null {
  const hash = input.includes("#") ? input.slice(input.indexOf("#") + 1) : input;
  for (const part of hash.split("&")) {
    if (part.startsWith(`${FRAGMENT_KEY}=`)) return part.slice(FRAGMENT_KEY.length + 1);
  }
  return null;
}

/**
 * Decode a share fragment (`location.hash`, a full URL, or `plan=…`) back to a plan: base64url →
 * inflate (capped at {@link MAX_DECOMPRESSED_BYTES}) → UTF-8 → JSON → `validatePlan`. Never
 * throws; every failure is `{ ok: false, reason }`. The plan is data only: render its strings as text.
 */
export async function decodePlanFromFragment(fragment: string): Promise<DecodedFragment> {
  try {
    if (typeof fragment !== "string") return { ok: false, reason: "no share link" };
    if (fragment.length > MAX_FRAGMENT_CHARS)
      return {
        ok: false,
        reason: `the link is too long (${fragment.length} characters; at most ${MAX_FRAGMENT_CHARS})`,
      };
    const param = planParam(fragment.trim());
    if (param === null) return { ok: false, reason: "the link holds no plan (#plan=…)" };
    if (param === "") return { ok: false, reason: "the link's plan is empty" };
    const bytes = fromBase64Url(param);
    if (!bytes)
      return {
        ok: false,
        reason:
          "the link is damaged: the plan is not valid base64url (was the link cut or edited?)",
      };
    const inflated = await transform(
      bytes,
      new DecompressionStream("deflate-raw"),
      MAX_DECOMPRESSED_BYTES,
    );
    if (!inflated.ok) {
      return inflated.tooLarge
        ? {
            ok: false,
            reason: `the link's plan expands to more than ${MAX_DECOMPRESSED_BYTES / 1024 / 1024} MB; refused`,
          }
        : {
            ok: false,
            reason:
              "the link is damaged: the plan data cannot be decompressed (was the link cut or edited?)",
          };
    }
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(inflated.bytes);
    } catch {
      return { ok: false, reason: "the link is damaged: the plan is not UTF-8 text" };
    }
    const deep = depthProblem(text, "the link's plan");
    if (deep) return { ok: false, reason: deep };
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, reason: "the link is damaged: the plan is not JSON" };
    }
    const v = validatePlan(value);
    if (!v.ok) {
      const shown = v.errors.slice(0, 3).map((e) => `${e.path || "(plan)"}: ${e.message}`);
      return {
        ok: false,
        reason: `the link does not hold a valid capplan plan: ${shown.join("; ")}${v.errors.length > 3 ? `; and ${v.errors.length - 3} more` : ""}`,
      };
    }
    return v.problems?.length
      ? { ok: true, plan: v.plan, warnings: v.warnings, problems: v.problems }
      : { ok: true, plan: v.plan, warnings: v.warnings };
  } catch (e) {
    return {
      ok: false,
      reason: `the link cannot be read (${e instanceof Error ? e.message : String(e)})`,
    };
  }
}
