// Sums the vitest JSON results every package wrote and prints "N passed, N failed".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

let passed = 0;
let failed = 0;
for (const group of ['packages', 'apps', 'fixtures']) {
  if (!existsSync(group)) continue;
  for (const name of readdirSync(group)) {
    const file = join(group, name, '.vitest-results', 'results.json');
    if (!existsSync(file)) continue;
    const results = JSON.parse(readFileSync(file, 'utf8'));
    passed += results.numPassedTests ?? 0;
    failed += (results.numFailedTests ?? 0) + (results.numRuntimeErrorTestSuites ?? 0);
  }
}
console.log(`${passed} passed, ${failed} failed`);
