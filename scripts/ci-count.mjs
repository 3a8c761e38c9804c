// Sum test results from Vitest's and Playwright's JSON reports and print "N passed, N failed".
// Usage: node scripts/ci-count.mjs vitest.json playwright.json typecheckFailed buildFailed [lintFailed package-check.json bundleFailed]
// package-check.json is the {"passed": N, "failed": N} written by scripts/check-package.mjs.
// bundleFailed: the bundle budget check (scripts/check-bundle.mjs), one check: "0" passed, "1"
// failed, anything else (not run: the build failed, and counts already) not counted.
import { existsSync, readFileSync } from "node:fs";

const [vitestFile, pwFile, typecheckFailed, buildFailed, lintFailed, packageFile, bundleFailed] =
  process.argv.slice(2);
let passed = 0,
  failed = 0,
  skipped = 0;

if (existsSync(vitestFile)) {
  const r = JSON.parse(readFileSync(vitestFile, "utf8"));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // A test file that failed to load counts as a failure even with no failed test in it.
  for (const f of r.testResults ?? [])
    if (f.status === "failed" && (f.assertionResults ?? []).length === 0) failed++;
} else {
  failed++; // vitest did not produce a report at all
}

if (pwFile && existsSync(pwFile)) {
  const r = JSON.parse(readFileSync(pwFile, "utf8"));
  const s = r.stats ?? {};
  passed += s.expected ?? 0;
  failed += (s.unexpected ?? 0) + (s.flaky ? 0 : 0);
  skipped += s.skipped ?? 0;
  passed += s.flaky ?? 0;
  if ((r.errors ?? []).length) failed += r.errors.length;
} else if (existsSync("test/e2e") && buildFailed !== "1") {
  failed++; // the browser suite exists but did not report
}
if (packageFile !== undefined) {
  if (existsSync(packageFile)) {
    const r = JSON.parse(readFileSync(packageFile, "utf8"));
    passed += r.passed ?? 0;
    failed += r.failed ?? 0;
  } else {
    failed++; // the package check did not report
  }
}
if (typecheckFailed === "1") failed++;
if (lintFailed === "1") failed++;
if (buildFailed === "1") failed++;
if (bundleFailed === "0") passed++;
if (bundleFailed === "1") failed++;

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed ? 1 : 0);
