/**
 * Which files of a folder are offered to the importers (docs/import.md "Folders"): one rule for the
 * CLI's folder walk and the app's dropped folders. Everything else is read and recognised by
 * content; a file no importer recognises is skipped with a note naming it.
 */

/** File names that are never benchmark output: notes, licences, provenance sidecars. */
const NOTE_NAMES = /^(readme|license|licence|notice|changelog|contributing|authors)(\.[^/]*)?$/i;
/** Extensions of files that are never benchmark output (images, documents, code, archives, logs). */
const OTHER_EXT =
  /\.(png|jpe?g|gif|svg|webp|ico|bmp|pdf|html?|py|pyc|sh|ipynb|zip|gz|tgz|bz2|xz|7z|tar|parquet|arrow|log)$/i;

/**
 * Why a file found in a folder is not offered to the importers, or null when it is. `path` is
 * relative to the folder (`/` separated); hidden files and folders, `node_modules`, README and
 * licence files, `*.source.txt` provenance notes and files with the extensions above are left out.
 * Markdown is offered (the benchmark report table is a format), README.md is not.
 */
export function folderSkipReason(path: string): string | null {
  const parts = path.split(/[\\/]/);
  const base = parts[parts.length - 1] ?? path;
  if (parts.some((p) => p.startsWith(".") && p !== "." && p !== "..")) return "hidden";
  if (parts.includes("node_modules")) return "node_modules";
  if (base.endsWith(".source.txt")) return "provenance note";
  if (NOTE_NAMES.test(base)) return "notes or licence";
  if (OTHER_EXT.test(base)) return "not a benchmark output by its extension";
  return null;
}

/** True when a file found in a folder is offered to the importers ({@link folderSkipReason}). */
export function importableInFolder(path: string): boolean {
  return folderSkipReason(path) === null;
}
