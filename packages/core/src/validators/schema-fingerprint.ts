import { createHash } from 'node:crypto';

import type { JsonSchema } from '../check.js';

/**
 * What a precompiled validator was generated from: a run-time schema with another fingerprint
 * (a check given to parseManifest that is not the registry's, a stale build) is compiled instead.
 */
export function schemaFingerprint(schema: JsonSchema): string {
  return createHash('sha256').update(JSON.stringify(schema)).digest('hex');
}
