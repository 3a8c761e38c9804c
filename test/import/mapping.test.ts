import { describe, expect, it } from "vitest";
import type { Field } from "../../src/import/aliases";
import { importFiles, importNotes } from "../../src/import/index";
import { ambiguousColumns, applyColumnChoice } from "../../src/ui/state/column-map";

// The paste of issue "column mapping imports something else than it shows".
const PASTE =
  "users,throughput,latency p99,first token p50\n8,300,900,40\n16,900,1000,50\n32,2100,1500,90\n";

/** The paste with the throughput column (1) mapped to `field`, or ignored (null). */
const choose = (field: Field | null) => applyColumnChoice(PASTE, new Map([[1, field]]));

describe("column-mapping step, data side", () => {
  it("throughput left as '(ignore this column)' is not imported at all", () => {
    const amb = ambiguousColumns("pasted.csv", PASTE);
    expect(amb.map((a) => a.column)).toEqual(["throughput"]);
    const r = importFiles([{ name: "pasted.csv", text: choose(null) }]);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const pts = r.sweeps[0]!.points;
    expect(pts.map((p) => p.concurrency)).toEqual([8, 16, 32]);
    for (const p of pts) expect([p.rps, p.outputTokensPerSec]).toEqual([undefined, undefined]);
    expect(pts[2]!.e2eMs).toEqual({ p99: 1500 });
  });

  it("throughput mapped to output tokens/s is that and nothing else", () => {
    const amb = ambiguousColumns("pasted.csv", PASTE);
    const tok = amb[0]!.candidates.find(
      (c) => c.field.kind === "value" && c.field.key === "outputTokensPerSec",
    )!;
    const r = importFiles([{ name: "pasted.csv", text: choose(tok.field) }]);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const points = r.sweeps[0]!.points;
    expect(points.map((p) => p.outputTokensPerSec)).toEqual([300, 900, 2100]);
    expect(points.map((p) => p.rps)).toEqual([undefined, undefined, undefined]);
  });

  it("every note of the import is listed once", () => {
    const r = importFiles([{ name: "pasted.csv", text: choose(null) }]);
    if (!r.ok) throw new Error("import failed");
    const notes = importNotes(r);
    expect(notes.length).toBeGreaterThan(0);
    // each note's message appears in exactly one entry
    for (const w of r.sweeps[0]!.warnings)
      expect(
        notes.filter((n) => n.text.endsWith(w)),
        w,
      ).toHaveLength(1);
    expect(new Set(notes.map((n) => n.text)).size).toBe(notes.length);
    // the old listing (file issues + sweep notes) showed every note twice
    expect(r.warnings.length + r.sweeps[0]!.warnings.length).toBe(2 * notes.length);
  });
});
