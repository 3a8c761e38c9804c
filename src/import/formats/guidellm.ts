import type { FormatImporter } from "../types";

/** Importers of this family (filled in by the format's implementation). */
export const guidellmImporters: FormatImporter[] = [];
