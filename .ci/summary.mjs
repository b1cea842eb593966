// Sums the JSON reports of the test runs into one closing line: "tests: N passed, N failed", after each run's
// wall time and its slowest files, so the tail of a CI log says where the suite's time went.
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '..', 'test-results');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
  if (!file.endsWith('.json')) continue;
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const files = (report.testResults ?? []).filter((r) => r.endTime && r.startTime);
  if (!files.length) continue;
  const end = Math.max(...files.map((r) => r.endTime));
  const slowest = files
    .map((r) => ({ name: path.relative(path.resolve(import.meta.dirname, '..'), r.name), s: (r.endTime - r.startTime) / 1000 }))
    .sort((a, b) => b.s - a.s)
    .slice(0, 8);
  console.log(`${file}: ${files.length} files in ${((end - report.startTime) / 1000).toFixed(0)} s; slowest:`);
  for (const f of slowest) console.log(`  ${f.s.toFixed(1).padStart(7)} s  ${f.name}`);
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
