/**
 * Bytes of a file → text (docs/import.md "Encodings"): UTF-8 (with or without a BOM), UTF-16
 * little- or big-endian by its BOM, and Latin-1 (Windows-1252) when the bytes are not valid UTF-8.
 * Pure (TextDecoder only): used by the CLI's file reading and the app's import worker.
 */
import type { Problem } from "../engine/base/problems";
import { importMessages as M } from "./messages/pipeline";

/** Decoded text and the encoding it was read in (`utf-8`, `utf-16le`, `utf-16be`, `windows-1252`). */
export interface Decoded {
  text: string;
  encoding: "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";
}

/** The encoding announced by a byte-order mark, or null. */
export function bomEncoding(b: Uint8Array): "utf-8" | "utf-16le" | "utf-16be" | null {
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return "utf-8";
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return "utf-16le";
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return "utf-16be";
  return null;
}

/** Decode a whole file. Invalid UTF-8 without a BOM is read as Windows-1252 (a superset of Latin-1). */
export function decodeBytes(b: Uint8Array): Decoded {
  const bom = bomEncoding(b);
  if (bom === "utf-16le" || bom === "utf-16be")
    return { text: new TextDecoder(bom).decode(b), encoding: bom };
  try {
    // A UTF-8 BOM is kept as U+FEFF (ignoreBOM), as readFileSync(…, "utf8") does; the importers strip it.
    return {
      text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(b),
      encoding: "utf-8",
    };
  } catch {
    // NUL bytes mean binary: keep them (the importer says "binary"); otherwise a single-byte text.
    return { text: new TextDecoder("windows-1252").decode(b), encoding: "windows-1252" };
  }
}

/** A note for text that was not UTF-8 (code `import.utf16` / `import.latin1`), or null. */
export function encodingProblem(encoding: Decoded["encoding"] | undefined): Problem<object> | null {
  switch (encoding) {
    case "utf-16le":
      return M.problem("utf16", { endian: "little" });
    case "utf-16be":
      return M.problem("utf16", { endian: "big" });
    case "windows-1252":
      return M.problem("latin1", {});
    default:
      return null;
  }
}

/** The English of {@link encodingProblem}, or null. */
export function encodingNote(encoding: Decoded["encoding"] | undefined): string | null {
  const p = encodingProblem(encoding);
  return p ? M.en(p) : null;
}
