// The published package, tried as a new user would: `npm pack`, install the tarball into an empty
// folder, and run the installed `capplan` from there (help, the help's own example, an example
// plan, `init` + `plan`, `import` of a shipped fixture). Used by .ci/run.
// Usage: node scripts/check-package.mjs [result.json]   (writes {"passed": N, "failed": N})
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const resultFile = process.argv[2];
const work = mkdtempSync(join(tmpdir(), "capplan-pack-"));
let passed = 0;
let failed = 0;

function check(name, ok, detail = "") {
  if (ok) passed++;
  else failed++;
  console.log(
    `${ok ? "ok  " : "FAIL"} ${name}${!ok && detail ? `\n     ${String(detail).trim().split("\n").slice(0, 12).join("\n     ")}` : ""}`,
  );
  return ok;
}

/** Run a command in the install folder; never throws. */
function sh(cmd, args, cwd) {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: "utf8",
    timeout: 180_000,
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
  return {
    code: r.status,
    out: r.stdout ?? "",
    err: `${r.stderr ?? ""}${r.error ? String(r.error) : ""}`,
  };
}

try {
  // 1. Pack (prepack builds dist-cli/ with esbuild).
  const json = execFileSync("npm", ["pack", "--json", "--pack-destination", work], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const info = JSON.parse(json)[0];
  const tarball = join(work, info.filename);
  const files = info.files.map((f) => f.path);
  check(
    `npm pack: ${info.filename}, ${files.length} files, ${(info.size / 1024).toFixed(0)} KiB`,
    files.includes("dist-cli/capplan.mjs") && files.includes("bin/capplan.mjs"),
    files.join(" "),
  );
  check(
    "the package holds no sources or tests",
    !files.some((f) => /^(src|test)\//.test(f)),
    files.filter((f) => /^(src|test)\//.test(f)).join(" "),
  );
  check(
    "the package has a LICENSE and says which",
    files.includes("LICENSE") &&
      typeof JSON.parse(readFileSync(join(root, "package.json"), "utf8")).license === "string",
  );

  // 2. Install the tarball into an empty folder.
  const app = join(work, "app");
  execFileSync("mkdir", ["-p", app]);
  const inst = sh("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", tarball], app);
  if (!check("npm install <tarball> in an empty folder", inst.code === 0, inst.err))
    throw new Error("install failed");
  const installed = readdirSync(join(app, "node_modules")).filter((n) => !n.startsWith("."));
  check(
    `installing pulls no other package (node_modules: ${installed.join(", ")})`,
    installed.length === 1 && installed[0] === "capplan",
    installed.join(" "),
  );

  const capplan = (...args) => sh("npx", ["--no-install", "capplan", ...args], app);

  // 3. Help, and the example it prints, run from the install folder.
  const help = capplan("--help");
  check(
    "npx capplan --help exits 0 with the usage",
    help.code === 0 && /usage/.test(help.out),
    help.err || help.out,
  );
  const example = /^example:\s+capplan (.+)$/m.exec(help.out)?.[1];
  if (check("the help shows an example", !!example, help.out)) {
    // An example may chain two commands with && (e.g. init, then plan).
    let ok = true;
    let detail = "";
    for (const part of example.split("&&").map((s) => s.trim().replace(/^capplan\s+/, ""))) {
      const r = capplan(...part.split(/\s+/));
      if (r.code !== 0) {
        ok = false;
        detail = `capplan ${part}: exit ${r.code}\n${r.err}`;
        break;
      }
    }
    check(`the help's example works outside the repository: capplan ${example}`, ok, detail);
  }
  const version = capplan("--version");
  check(
    `npx capplan --version: ${version.out.trim()}`,
    version.code === 0 && /^capplan \d+\.\d+\.\d+/.test(version.out),
    version.err,
  );

  // 4. The example plans shipped in the package.
  for (const name of ["seed", "multi-sku"]) {
    const r = capplan("plan", `node_modules/capplan/models/examples/${name}.json`);
    check(
      `capplan plan node_modules/capplan/models/examples/${name}.json`,
      r.code === 0 && /Recommended/.test(r.out),
      `exit ${r.code}\n${r.err}`,
    );
  }

  // The workbook export: exceljs is bundled into a chunk of the package, nothing is installed for it.
  const xl = capplan(
    "plan",
    "node_modules/capplan/models/examples/seed.json",
    "--xlsx",
    "-o",
    "seed.xlsx",
  );
  let zip = "";
  try {
    zip = readFileSync(join(app, "seed.xlsx")).subarray(0, 2).toString("latin1");
  } catch {
    /* not written: reported below */
  }
  check(
    "capplan plan …/seed.json --xlsx -o seed.xlsx writes a workbook",
    xl.code === 0 && zip === "PK",
    `exit ${xl.code}\n${xl.err}`,
  );

  // 5. init writes a self-contained plan that plans.
  const init = capplan("init", "demo");
  if (check("capplan init demo", init.code === 0, `exit ${init.code}\n${init.err}`)) {
    const r = capplan("plan", "demo/plan.json", "--json");
    let json = null;
    try {
      json = JSON.parse(r.out);
    } catch {}
    check(
      "capplan plan demo/plan.json --json",
      r.code === 0 && json && Array.isArray(json.skus) && json.skus.length > 1,
      `exit ${r.code}\n${r.err}`,
    );
  }

  // 6. import of a fixture shipped in the package.
  const imp = capplan(
    "import",
    "node_modules/capplan/fixtures/vllm/concurrency-sweep-h100/",
    "--json",
  );
  let sweeps = [];
  try {
    sweeps = JSON.parse(imp.out).sweeps ?? [];
  } catch {}
  check(
    "capplan import node_modules/capplan/fixtures/vllm/concurrency-sweep-h100/ --json: one sweep of 4 points",
    imp.code === 0 && sweeps.length === 1 && sweeps[0].points.length === 4,
    `exit ${imp.code}\n${imp.err}`,
  );
  const bad = capplan("plan", "no-such-plan.json");
  check(
    "a missing plan exits 2 with one line and no stack trace",
    bad.code === 2 && !/\n\s+at /.test(bad.err),
    bad.err,
  );
} catch (e) {
  check("package check ran to the end", false, e instanceof Error ? e.message : String(e));
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(`package: ${passed} passed, ${failed} failed`);
if (resultFile) writeFileSync(resultFile, JSON.stringify({ passed, failed }) + "\n");
process.exit(failed ? 1 : 0);
