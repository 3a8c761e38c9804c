/** Edits of the GPU SKUs and their sweeps (the Benchmarks sheet). */
import { catalogPriceFor, priceMissingIn } from "../../../engine/catalog/price-default";
import type { SkuDef, Sweep, SweepPoint } from "../../../engine/base/types";
import { gpuCatalog } from "../catalog";
import { getAtPath, inlineSweep, skusFromSweeps } from "../plan-edit";
import type { EditContext } from "./context";

/** SKU and sweep-point edits of the workbook. */
export interface SkuEdits {
  /** Add one SKU per imported sweep; returns their indexes. */
  addSweeps(sweeps: Sweep[]): number[];
  replaceSweep(skuIndex: number, sweep: Sweep): void;
  removeSku(index: number): void;
  /**
   * Pick the GPU of a SKU (one undo step). A SKU without a price takes the catalogue's indicative
   * price for that GPU, recorded as `priceDefault` so it stays flagged (docs/trust.md); a price
   * still at the previous GPU's default follows the new GPU. Returns true when a default was filled.
   */
  setGpu(index: number, gpu: string): boolean;
  addPoint(sweepPath: string): void;
  removePoints(sweepPath: string, rows: number[]): void;
  /** Write a block of point values (rows beyond the end are added). */
  setPointBlock(sweepPath: string, row: number, fields: string[], block: string[][]): void;
}

type PointsRef = { points?: SweepPoint[] } | undefined;

export function skuEdits(ctx: EditContext): SkuEdits {
  const { mutate } = ctx;
  return {
    addSweeps(sweeps) {
      const start = ctx.plan.skus.length;
      mutate((p) => {
        p.skus.push(
          ...skusFromSweeps(
            sweeps,
            gpuCatalog(),
            p.skus.map((x) => x.name),
          ),
        );
      });
      return sweeps.map((_, i) => start + i);
    },
    replaceSweep(skuIndex, sweep) {
      mutate((p) => {
        const s: SkuDef | undefined = p.skus[skuIndex];
        if (!s) return;
        s.sweep = inlineSweep(sweep);
        delete s.sweeps;
      });
    },
    setGpu(index, gpu) {
      let filled = false;
      mutate((p) => {
        const s: SkuDef | undefined = p.skus[index];
        if (!s) return;
        if (gpu) s.gpu = gpu;
        else delete s.gpu;
        const stillDefault =
          s.priceDefault !== undefined && s.pricePerGpuHour === s.priceDefault.usdPerGpuHour;
        if (!priceMissingIn(s) && !stillDefault) return;
        const d = catalogPriceFor(gpuCatalog(), gpu, p.currency);
        if (d) {
          s.pricePerGpuHour = d.usdPerGpuHour;
          s.priceDefault = d;
          filled = true;
        } else if (stillDefault) {
          s.pricePerGpuHour = "";
          delete s.priceDefault;
        }
      });
      return filled;
    },
    removeSku(index) {
      mutate((p) => void p.skus.splice(index, 1));
    },
    addPoint(sweepPath) {
      mutate((p) => {
        const ref = getAtPath(p, sweepPath) as PointsRef;
        if (!ref) return;
        const pts = (ref.points ??= []);
        const last = pts[pts.length - 1];
        pts.push({
          concurrency: last?.concurrency != null ? last.concurrency * 2 : 1,
          requestRate: null,
        });
      });
    },
    removePoints(sweepPath, rows) {
      mutate((p) => {
        const ref = getAtPath(p, sweepPath) as PointsRef;
        if (!ref?.points) return;
        ref.points = ref.points.filter((_, i) => !rows.includes(i));
      });
    },
    setPointBlock(sweepPath, row, fields, block) {
      ctx.group(() => {
        mutate((p) => {
          const ref = getAtPath(p, sweepPath) as PointsRef;
          if (!ref) return;
          const pts = (ref.points ??= []);
          while (pts.length < row + block.length)
            pts.push({ concurrency: null, requestRate: null });
        });
        block.forEach((cells, r) =>
          cells.forEach((text, c) => {
            const field = fields[c];
            if (field) ctx.setNumber(`${sweepPath}.points[${row + r}].${field}`, text, false);
          }),
        );
      });
    },
  };
}
