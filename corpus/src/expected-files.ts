import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { ExpectedFile } from './expectation.js';

const path = (server: string): string => fileURLToPath(new URL(`../expected/${server}.json`, import.meta.url));

export function readExpected(server: string): ExpectedFile {
  return JSON.parse(readFileSync(path(server), 'utf8')) as ExpectedFile;
}

export function writeExpected(file: ExpectedFile): void {
  writeFileSync(path(file.server), `${JSON.stringify(file, null, 2)}\n`);
}
