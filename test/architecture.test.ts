/**
 * One direction of dependencies: engine ← import ← (report, share, cli) ← ui state ← components.
 * The engine is pure TypeScript (no DOM, Solid, Chart.js, PapaParse, Node built-ins); importers,
 * reports and share modules never reach the UI; only src/cli and scripts use Node built-ins.
 */
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { CROSS_CUTTING, NO_OWN_TEST } from "./test-layout";

const SRC = join(__dirname, "../src");

function files(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(ts|tsx)$/.test(e)) out.push(p);
  }
  return out;
}

/** Module specifiers a file imports (static and dynamic). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [
    ...text.matchAll(
      /(?:^|\n)\s*(?:import|export)[^"'`;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g,
    ),
  ].map((m) => m[1] ?? m[2]!);
}

function layerOf(spec: string, from: string): string | null {
  if (!spec.startsWith(".")) return null;
  const rel = relative(SRC, join(from, "..", spec)).split("/")[0]!;
  return rel;
}

/** The catalogues in models/ are data of no layer: the app and the CLI (default prices) read them. */
const CATALOGUE_DATA = /^(\.\.\/)+models\/[a-z]+\.json$/;

const RULES: Record<string, { layers: string[]; packages: RegExp; data?: RegExp }> = {
  engine: { layers: ["engine"], packages: /^mathjs(\/number)?$/ },
  import: { layers: ["engine", "import"], packages: /^papaparse$/ },
  report: { layers: ["engine", "import", "report"], packages: /^exceljs$/ },
  share: { layers: ["engine", "share"], packages: /^$/ },
  cli: {
    layers: ["engine", "import", "report", "share", "cli"],
    // highs: the optimiser's MILP solver, loaded lazily by `capplan optimize` (docs/optimize.md).
    packages: /^(node:|highs$)/,
    data: CATALOGUE_DATA,
  },
};

describe("dependency direction", () => {
  for (const [layer, rule] of Object.entries(RULES)) {
    it(`src/${layer} imports only ${rule.layers.join(", ")} and its allowed packages`, () => {
      const bad: string[] = [];
      for (const f of files(join(SRC, layer))) {
        for (const spec of importsOf(f)) {
          const l = layerOf(spec, f);
          const ok =
            l === null
              ? rule.packages.test(spec)
              : rule.layers.includes(l) || (rule.data?.test(spec) ?? false);
          if (!ok) bad.push(`${relative(SRC, f)} imports ${spec}`);
        }
      }
      expect(bad).toEqual([]);
    });
  }

  it("the engine never touches the DOM", () => {
    const bad = files(join(SRC, "engine")).filter((f) =>
      /\b(document|window|localStorage|HTMLElement)\b\s*[.[]/.test(readFileSync(f, "utf8")),
    );
    expect(bad.map((f) => relative(SRC, f))).toEqual([]);
  });
});

/** The file a relative specifier names (`./x` → x.ts, x.tsx or x/index.ts), or null. */
function resolveSpec(from: string, spec: string): string | null {
  const base = join(dirname(from), spec);
  for (const c of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    base.replace(/\.js$/, ".ts"),
    join(base, "index.ts"),
  ]) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  return null;
}

/**
 * Every import circle among `files` (type-only imports included: a circle of types still ties
 * the modules' meaning together), each as its strongly connected component (Tarjan).
 */
function importCircles(all: string[]): string[][] {
  const known = new Set(all);
  const graph = new Map(
    all.map((f) => [
      f,
      importsOf(f)
        .filter((s) => s.startsWith("."))
        .map((s) => resolveSpec(f, s))
        .filter((x): x is string => x !== null && known.has(x)),
    ]),
  );
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || graph.get(v)!.includes(v))
        circles.push(scc.map((f) => relative(SRC, f)).sort());
    }
  };
  for (const f of graph.keys()) if (!index.has(f)) visit(f);
  return circles;
}

/**
 * The engine's concept folders, lowest first (docs/architecture.md, "The engine's folders"). A
 * folder imports only itself and the folders before it, so the story reads bottom-up: shared
 * shapes → formulas → one sweep's curve → catalogue → demand → the capacity and cost chain →
 * money and allocation → the plan that ties them together.
 */
const ENGINE_FOLDERS = [
  "base",
  "formula",
  "curve",
  "catalog",
  "demand",
  "chain",
  "finops",
  "plan",
  "whatif",
  "fleet",
] as const;

describe("engine folders", () => {
  const ENGINE = join(SRC, "engine");
  it("every engine file sits in one of the concept folders", () => {
    const loose = files(ENGINE)
      .map((f) => relative(ENGINE, f))
      .filter((f) => !ENGINE_FOLDERS.includes(f.split("/")[0] as never) || !f.includes("/"));
    expect(loose).toEqual([]);
  });
  for (const [i, folder] of ENGINE_FOLDERS.entries()) {
    const allowed = ENGINE_FOLDERS.slice(0, i + 1);
    it(`engine/${folder} imports only ${allowed.join(", ")}`, () => {
      const bad: string[] = [];
      const dir = join(ENGINE, folder);
      if (!existsSync(dir)) return;
      for (const f of files(dir)) {
        for (const spec of importsOf(f)) {
          if (!spec.startsWith(".")) continue;
          const target = relative(ENGINE, join(f, "..", spec)).split("/")[0]!;
          if (!allowed.includes(target as never)) bad.push(`${relative(SRC, f)} imports ${spec}`);
        }
      }
      expect(bad).toEqual([]);
    });
  }
});

describe("no import circles", () => {
  it("no module of src/ imports itself through others", () => {
    expect(importCircles(files(SRC))).toEqual([]);
  });

  it("the check finds a circle (plan.ts ↔ plan-tenants.ts as it was)", () => {
    const dir = mkdtempSync(join(tmpdir(), "capplan-circle-"));
    try {
      writeFileSync(join(dir, "a.ts"), 'import type { B } from "./b";\nexport type A = B;\n');
      writeFileSync(
        join(dir, "b.ts"),
        'import { c } from "./c";\nexport type B = number;\nexport const b = c;\n',
      );
      writeFileSync(join(dir, "c.ts"), 'import type { A } from "./a";\nexport const c: A = 1;\n');
      writeFileSync(join(dir, "d.ts"), 'import { b } from "./b";\nexport const d = b;\n');
      const found = importCircles(["a", "b", "c", "d"].map((n) => join(dir, `${n}.ts`)));
      expect(found).toEqual([["a.ts", "b.ts", "c.ts"].map((n) => relative(SRC, join(dir, n)))]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("no tool noise in the source", () => {
  it("src/ holds no Stryker comment: equivalent mutants are listed in test/mutation/equivalent.json", () => {
    const marked = files(SRC).filter((f) =>
      /Stryker (disable|restore)/.test(readFileSync(f, "utf8")),
    );
    expect(marked.map((f) => relative(SRC, f))).toEqual([]);
  });
});

/**
 * The calendar constants (hours per day and month, seconds per hour and day) are numbers a planner
 * checks; they live in src/engine/base/units.ts and nowhere else. Scanned as TypeScript tokens, so
 * comments and message text may still say "730 hours" while code must name the constant. Hours of
 * the day are caught where 24 is used as an hour count: multiplied, divided, taken modulo or as a
 * day's length of entries.
 */
/** The source with comments and string/template text blanked (newlines kept, so lines still count). */
function codeOnly(text: string): string {
  let out = "";
  // Each entry is the brace depth at which a template literal's `${` opened.
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  const blank = (from: number, to: number) => text.slice(from, to).replace(/[^\n]/g, " ");
  const templateText = (from: number): number => {
    // From just after a backtick or a `}` closing `${`: to the closing backtick or the next `${`.
    let j = from;
    while (j < text.length && text[j] !== "`" && !(text[j] === "$" && text[j + 1] === "{"))
      j += text[j] === "\\" ? 2 : 1;
    return j;
  };
  while (i < text.length) {
    const c = text[i]!;
    const d = text[i + 1];
    if (c === "/" && d === "/") {
      const j = text.indexOf("\n", i);
      const end = j < 0 ? text.length : j;
      out += blank(i, end);
      i = end;
    } else if (c === "/" && d === "*") {
      const end = text.indexOf("*/", i + 2) + 2;
      out += blank(i, end);
      i = end;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === "\\" ? 2 : 1;
      out += blank(i, j + 1);
      i = j + 1;
    } else if (c === "`" || (c === "}" && templates.at(-1) === depth)) {
      if (c === "}") templates.pop();
      const j = templateText(i + 1);
      out += blank(i, j);
      if (text[j] === "`") {
        out += " ";
        i = j + 1;
      } else {
        templates.push(depth);
        out += "  ";
        i = j + 2;
      }
    } else {
      if (c === "{") depth++;
      else if (c === "}") depth--;
      out += c;
      i++;
    }
  }
  return out;
}

/** Calendar numbers written as code literals: `file:line: literal`. */
function calendarLiterals(file: string, text: string): string[] {
  const code = codeOnly(text);
  const out: string[] = [];
  const literal = /(?<![\w.])(730|3_?600|86_?400(?:_?000)?|24)(?![\w.])/g;
  for (const m of code.matchAll(literal)) {
    const before = code.slice(0, m.index).trimEnd();
    const after = code.slice(m.index + m[0].length).trimStart();
    // 24 counts only as an hour count in arithmetic: multiplied, divided, or taken modulo.
    if (m[1] === "24" && !/[*/%]$/.test(before) && !/^[*/]/.test(after)) continue;
    const line = code.slice(0, m.index).split("\n").length;
    out.push(`${file}:${line}: ${m[1]}`);
  }
  return out;
}

describe("calendar constants in one place", () => {
  it("730, 3600, 86400 and hour arithmetic with 24 appear as literals only in engine/base/units.ts", () => {
    const found = files(SRC)
      .filter((f) => !f.endsWith(join("engine", "base", "units.ts")))
      .flatMap((f) => calendarLiterals(relative(SRC, f), readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });

  it("the scan catches a literal in code and ignores one in a comment or a string", () => {
    const src =
      'const a = x * 730; // 3600\nconst b = "86400";\nconst h = s % 24;\nconst t = `${a / 3600}`;\n';
    expect(calendarLiterals("t.ts", src)).toEqual(["t.ts:1: 730", "t.ts:3: 24", "t.ts:4: 3600"]);
  });
});

/** Source files of src/ of every kind a reader opens: code and styles. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|tsx|css)$/.test(e)) out.push(p);
  }
  return out;
}

describe("files a reader can hold", () => {
  // One concept per file needs no more than 500 lines here (docs/architecture.md, "Size").
  // Functions are held to 120 lines by Biome's noExcessiveLinesPerFunction (biome.json), where
  // a `biome-ignore` comment must say why.
  it("no file in src/ is over 500 lines", () => {
    const long = sourceFiles(SRC)
      .map((f) => [relative(SRC, f), readFileSync(f, "utf8").split("\n").length - 1] as const)
      .filter(([, n]) => n > 500);
    expect(long).toEqual([]);
  });
});

/** Paths the docs use as examples of a pattern, not as files. */
const EXAMPLE_PATHS = new Set(["test/x.test.ts", "test/a/b/c.test.ts"]);

describe("docs point at tests that exist", () => {
  // A moved test file leaves the docs naming a path a reader cannot open; examples of a pattern
  // in a how-to are the exception.
  it("every test file named in README, CONTRIBUTING and docs/ exists", () => {
    const root = join(SRC, "..");
    const docs = [
      join(root, "README.md"),
      join(root, "CONTRIBUTING.md"),
      ...readdirSync(join(root, "docs"))
        .filter((f) => f.endsWith(".md"))
        .map((f) => join(root, "docs", f)),
    ];
    const missing: string[] = [];
    for (const d of docs) {
      const text = readFileSync(d, "utf8");
      for (const m of text.matchAll(/test\/[A-Za-z0-9_./-]+\.(?:test|spec)\.tsx?/g))
        if (!EXAMPLE_PATHS.has(m[0]) && !existsSync(join(root, m[0])))
          missing.push(`${relative(root, d)}: ${m[0]}`);
    }
    expect(missing).toEqual([]);
  });
});

describe("tests a newcomer finds by name", () => {
  const ROOT = join(__dirname, "..");
  const TEST = __dirname;
  const mirrorOf = (mod: string) =>
    [".test.ts", ".test.tsx"]
      .map((ext) => join(TEST, mod.replace(/\.tsx?$/, ext)))
      .filter((p) => existsSync(p));
  const modules = files(SRC)
    .filter((f) => !f.endsWith(".d.ts"))
    .map((f) => relative(SRC, f))
    .sort();
  const testFiles = files(TEST)
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => relative(TEST, f))
    .sort();

  it("every src module has exactly one mirror test file, or a written reason in test/test-layout.ts", () => {
    const bad: string[] = [];
    for (const mod of modules) {
      const mirrors = mirrorOf(mod);
      const listed = NO_OWN_TEST[mod];
      if (mirrors.length > 1) bad.push(`${mod}: two test files (${mirrors.join(", ")})`);
      if (mirrors.length === 1 && listed) bad.push(`${mod}: has a test file but is listed`);
      if (mirrors.length === 0 && !listed)
        bad.push(`${mod}: no test/${mod.replace(/\.tsx?$/, ".test.ts")}`);
    }
    for (const mod of Object.keys(NO_OWN_TEST))
      if (!modules.includes(mod)) bad.push(`${mod}: listed but no such module`);
    expect(bad).toEqual([]);
  });

  it("a module listed as types-only compiles to no JavaScript; entries and views name a test that exists", async () => {
    const { transformSync } = await import("esbuild");
    const bad: string[] = [];
    for (const [mod, why] of Object.entries(NO_OWN_TEST)) {
      if (why.kind === "types") {
        const code = transformSync(readFileSync(join(SRC, mod), "utf8"), {
          loader: mod.endsWith(".tsx") ? "tsx" : "ts",
          jsx: "preserve",
        }).code.trim();
        if (code !== "") bad.push(`${mod}: listed as types but has code`);
      } else if (why.kind !== "gap" && !existsSync(join(TEST, why.by)))
        bad.push(`${mod}: ${why.by} does not exist`);
    }
    expect(bad).toEqual([]);
  });

  it("a test file mirrors a module of src/ or scripts/, or says why it spans modules", () => {
    const bad: string[] = [];
    for (const t of testFiles) {
      const stem = t.replace(/\.test\.tsx?$/, "");
      const mirrors =
        existsSync(join(SRC, `${stem}.ts`)) ||
        existsSync(join(SRC, `${stem}.tsx`)) ||
        (stem.startsWith("scripts/") && existsSync(join(ROOT, `${stem}.mjs`)));
      if (mirrors && CROSS_CUTTING[t])
        bad.push(`${t}: mirrors a module but is listed as cross-cutting`);
      if (!mirrors && !CROSS_CUTTING[t])
        bad.push(`${t}: mirrors no module and is not in CROSS_CUTTING`);
    }
    for (const t of Object.keys(CROSS_CUTTING))
      if (!testFiles.includes(t)) bad.push(`${t}: listed but no such test file`);
    expect(bad).toEqual([]);
  });

  it("no module is left without its test file or a written reason", () => {
    const gaps = Object.entries(NO_OWN_TEST).filter(([, w]) => w.kind === "gap");
    const unsorted = Object.entries(CROSS_CUTTING).filter(([, why]) => why.trim() === "");
    expect([...gaps, ...unsorted].map(([k]) => k)).toEqual([]);
  });
});
