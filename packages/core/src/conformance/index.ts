import type { CheckDefinition } from '../check.js';
import { cacheFields } from './cache-fields.js';
import { discoverVersions } from './discover-versions.js';
import { headerMismatchError } from './header-mismatch-error.js';
import { httpSessionLifecycle } from './http-session-lifecycle.js';
import { httpStandardHeaders } from './http-standard-headers.js';
import { legacyInitialize } from './legacy-initialize.js';
import { missingCapabilityError } from './missing-capability-error.js';
import { missingResourceError } from './missing-resource-error.js';
import { resultType } from './result-type.js';
import { stableOrdering } from './stable-ordering.js';
import { toolSchemas } from './tool-schemas.js';
import { unknownToolError } from './unknown-tool-error.js';
import { unsupportedVersionError } from './unsupported-version-error.js';

/**
 * Every conformance assertion, in report order: the 2026-07-28 assertions first (discover, ordering,
 * cache fields, resultType, schemas, the renumbered errors, the HTTP headers), then the legacy
 * equivalents. Each decides for itself whether it applies (era, transport, declared capabilities)
 * and skips with a reason when it does not. The key is the check id and the module's file name.
 */
export const conformanceChecks: readonly CheckDefinition[] = [
  discoverVersions,
  stableOrdering,
  cacheFields,
  resultType,
  toolSchemas,
  headerMismatchError,
  missingCapabilityError,
  unsupportedVersionError,
  missingResourceError,
  unknownToolError,
  httpStandardHeaders,
  legacyInitialize,
  httpSessionLifecycle,
];

export function findConformanceCheck(id: string): CheckDefinition | undefined {
  return conformanceChecks.find((c) => c.id === id);
}
