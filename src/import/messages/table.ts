/** Messages of generic CSV/JSON tables and per-request records (src/import/formats/generic-*.ts, per-request.ts, llm-load-test.ts, nv-*.ts, aiperf.ts, genai-perf.ts, markdown-report.ts). */
import type { Catalogue } from "../../engine/problems";

/** The catalogues of this family (registered through ./index.ts). */
export const tableCatalogues: readonly Catalogue[] = [];
