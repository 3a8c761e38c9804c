/** The seed plus an imported vLLM sweep of an H100 (4 load levels) as its second SKU. */
import type { Workbook } from "../../../../src/ui/state/workbook";
import { fixtureSweeps } from "../../render-workbook";

export const addH100Sweep = (wb: Workbook): number =>
  wb.addSweeps(fixtureSweeps("vllm/concurrency-sweep-h100"))[0]!;
