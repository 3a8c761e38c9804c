import { screen } from "@solidjs/testing-library";
import { describe, expect, it } from "vitest";
import type { FleetSeriesRow } from "../../../../src/engine/fleet/fleet-series";
import { SeriesTable } from "../../../../src/ui/components/fleet/SeriesTable";
import { renderInWorkbook } from "../../render-workbook";

const row = (replicas: number, p99: number, hold: boolean | null): FleetSeriesRow =>
  ({
    replicas,
    ttftMs: { p50: p99 / 2, p99 },
    e2eMs: { p50: 900, p99: 2000 },
    queuedShare: 0.125,
    utilization: 0.8,
    slosHold: hold,
  }) as FleetSeriesRow;

describe("SeriesTable", () => {
  it.each([
    ["en", ["no", "yes"], "fewest meeting the SLOs"],
    ["zh", ["否", "是"], "满足 SLO 的最少副本"],
  ] as const)(
    "a row per replica count, the SLO verdict and marks (%s)",
    (lang, verdicts, sloMark) => {
      const rows = [row(3, 1500, false), row(4, 600, true)];
      renderInWorkbook(() => <SeriesTable rows={rows} simulated={4} formula={3} forSlo={4} />, {
        lang,
      });
      const cells = (n: number) =>
        [...screen.getByTestId(`fleet-row-${n}`).children].map((c) => c.textContent);
      // Replicas, TTFT P50 and P99, E2E P50 and P99, queued, utilisation, SLOs hold.
      const three = ["3", "750", "1,500", "900", "2,000", "12.5 %", "80 %"];
      expect(cells(3).slice(0, 8)).toEqual([...three, verdicts[0]]);
      expect(cells(4)[7]).toBe(verdicts[1]);
      expect(cells(4)[8]).toContain(sloMark);
      expect(screen.getByTestId("fleet-row-4").classList.contains("rec")).toBe(true);
    },
  );
});
