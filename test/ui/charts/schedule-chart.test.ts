import { describe, expect, it } from "vitest";
import {
  intervalLabel,
  scheduleChart,
  type ScheduleChartWords,
} from "../../../src/ui/charts/schedule-chart";

const words: ScheduleChartWords = {
  title: "t",
  demand: "demand",
  replicas: "replicas",
  staticFleet: "static",
  reserved: "reserved",
  rpsAxis: "rps",
  replicasAxis: "r",
  days: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
};

describe("schedule chart", () => {
  it("labels hours of a day, hours of a week, and other intervals from the start", () => {
    expect(intervalLabel(7, 3600, 24, words.days)).toBe("07");
    expect(intervalLabel(31, 3600, 168, words.days)).toBe("Tue 07");
    expect(intervalLabel(3, 900, 96, words.days)).toBe("00:45");
    expect(intervalLabel(2, 5400, 16, words.days)).toBe("+3:00");
  });

  it("draws demand on the rate axis, scheduled replicas and the static and reserved fleets on the replica axis", () => {
    // The worked example of docs/schedules.md: rates 50, 25, 5, 0; scheduled 15, 8, 2, 15; static 15; 8 reserved.
    const rates = { intervalSec: 3600, demandRps: [50, 25, 5, 0], replicas: [15, 8, 2, 15] };
    const c = scheduleChart({ ...rates, staticReplicas: 15, reservedReplicas: 8 }, words, String);
    const ds = c.data.datasets;
    expect(c.data.labels).toEqual(["00", "01", "02", "03"]);
    expect(ds.map((d) => [d.label, d.yAxisID, d.data])).toEqual([
      ["demand", "y", [50, 25, 5, 0]],
      ["replicas", "y1", [15, 8, 2, 15]],
      ["static", "y1", [15, 15, 15, 15]],
      ["reserved", "y1", [8, 8, 8, 8]],
    ]);
  });

  it("no reserved line without a reserved price or when nothing is worth reserving", () => {
    const base = { intervalSec: 3600, demandRps: [1, 2], replicas: [1, 2], staticReplicas: 2 };
    const lines = (reservedReplicas: number | null) =>
      scheduleChart({ ...base, reservedReplicas }, words, String).data.datasets;
    expect([lines(null).length, lines(0).length]).toEqual([3, 3]);
  });
});
