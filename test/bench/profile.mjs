/**
 * Summarise a V8 CPU profile (`node --cpu-prof`): the functions with the most self time and the
 * most inclusive time, as rows { ms, pct, fn } (fn = "name file:line").
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Top `limit` functions by self and by inclusive time of the newest profile in `dir`. */
export function summarizeProfile(dir, limit = 10) {
  const file = readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .sort()
    .pop();
  return summarizeCpuProfile(JSON.parse(readFileSync(join(dir, file), "utf8")), limit);
}

/** Top `limit` functions by self and by inclusive time of a V8 CPU profile object (node or CDP). */
export function summarizeCpuProfile(p, limit = 10) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const time = new Map();
  p.samples.forEach((s, i) => time.set(s, (time.get(s) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const label = (n) =>
    `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber + 1}`;
  const self = new Map();
  const incl = new Map();
  for (const n of p.nodes) {
    const t = time.get(n.id) ?? 0;
    if (!t) continue;
    self.set(label(n), (self.get(label(n)) ?? 0) + t);
    const seen = new Set();
    for (let id = n.id; id != null; id = parent.get(id)) {
      const k = label(byId.get(id));
      if (seen.has(k)) continue;
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + t);
    }
  }
  const idle = (k) => /^\((root|program|idle)\)/.test(k) || /^\(anonymous\) :0$/.test(k);
  const total = [...time.values()].reduce((a, b) => a + b, 0);
  const busy = [...self].filter(([k]) => !idle(k)).reduce((a, [, v]) => a + v, 0);
  const rows = (m) =>
    [...m]
      .filter(([k]) => !idle(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([fn, us]) => ({ ms: us / 1000, pct: (100 * us) / total, fn }));
  return { totalMs: total / 1000, busyMs: busy / 1000, self: rows(self), inclusive: rows(incl) };
}
