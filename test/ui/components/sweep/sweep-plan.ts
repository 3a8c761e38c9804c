/** The seed plus an imported vLLM sweep of an H100 (4 load levels) as its second SKU, priced. */
import type { Workbook } from "../../../../src/ui/state/workbook";
import { fixtureSweeps } from "../../render-workbook";

export function addH100Sweep(wb: Workbook, price = "3"): number {
  const i = wb.addSweeps(fixtureSweeps("vllm/concurrency-sweep-h100"))[0]!;
  if (price) wb.setNumber(`skus[${i}].pricePerGpuHour`, price, true);
  return i;
}
