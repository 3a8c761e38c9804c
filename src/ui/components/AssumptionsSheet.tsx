/**
 * The Assumptions sheet: named cells (value or `=formula`), workloads, SLOs, elasticity and
 * redundancy, currency, and the derived cells of every SKU explained with the numbers plugged in.
 * Errors stay in the cell that causes them; everything else keeps computing. The cards and their
 * grids are in `./assumptions/`.
 */
import type { JSX } from "solid-js";
import { DerivedCells } from "./assumptions/DerivedCells";
import { FactorsCard } from "./assumptions/FactorsCard";
import { NamedCellsCard, SloCard, WorkloadsCard } from "./assumptions/InputCards";

/** The Assumptions sheet. */
export function AssumptionsSheet(): JSX.Element {
  return (
    <div class="assume" data-testid="sheet-assumptions">
      <div class="assume-grid">
        <NamedCellsCard />
        <FactorsCard />
      </div>
      <WorkloadsCard />
      <SloCard />
      <DerivedCells />
    </div>
  );
}
