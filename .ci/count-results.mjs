// Sums the vitest JSON results every package wrote and prints "N passed, N failed".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

let passed = 0;
let failed = 0;
// Each workspace package's folder: the grouped ones, and the real-server corpus at the root.
const folders = ['packages', 'apps', 'fixtures'].flatMap((group) =>
  existsSync(group) ? readdirSync(group).map((name) => join(group, name)) : [],
);
for (const folder of [...folders, 'corpus']) {
  const file = join(folder, '.vitest-results', 'results.json');
  if (!existsSync(file)) continue;
  const results = JSON.parse(readFileSync(file, 'utf8'));
  passed += results.numPassedTests ?? 0;
  failed += (results.numFailedTests ?? 0) + (results.numRuntimeErrorTestSuites ?? 0);
}
console.log(`${passed} passed, ${failed} failed`);
