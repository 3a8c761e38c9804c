import { describe, expect, it } from "vitest";
import { FORMATS } from "../../../src/import/index";
import { run } from "../helpers";

describe("capplan formats", () => {
  it("lists every importer of the registry with its id, title and versions", async () => {
    const r = await run("formats");
    expect([r.code, r.err]).toEqual([0, ""]);
    const lines = r.out.split("\n");
    expect(lines[0]).toMatch(/^ID\s+FORMAT\s+VERSIONS CHECKED$/);
    expect(FORMATS.length).toBeGreaterThan(0);
    for (const f of FORMATS) {
      const line = lines.find((l) => l.startsWith(f.id + " "));
      expect(line, f.id).toBeDefined();
      for (const text of [f.title, f.versions]) expect(line).toContain(text);
    }
    expect(r.out).toContain(`${FORMATS.length} formats, recognised by content`);
  });

  it("prints the same list as JSON", async () => {
    const r = await run("formats", "--json");
    const j = JSON.parse(r.out) as { formats: { id: string }[] };
    expect(j.formats.map((f) => f.id)).toEqual(FORMATS.map((f) => f.id));
  });

  it("takes no arguments", async () => {
    const r = await run("formats", "extra");
    expect([r.code, r.out]).toEqual([2, ""]);
  });
});
