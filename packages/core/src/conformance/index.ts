import type { CheckDefinition } from '../check.js';
import { batchRefused } from './batch-refused.js';
import { cacheFields } from './cache-fields.js';
import { cancellationIgnored } from './cancellation-ignored.js';
import { contentEncoding } from './content-encoding.js';
import { declaredCapabilities } from './declared-capabilities.js';
import { discoverVersions } from './discover-versions.js';
import { envelopeRequired } from './envelope-required.js';
import { headerDeclarations } from './header-declarations.js';
import { headerMismatchError } from './header-mismatch-error.js';
import { httpGetStream } from './http-get-stream.js';
import { httpPostAnswers } from './http-post-answers.js';
import { httpSessionLifecycle } from './http-session-lifecycle.js';
import { httpStandardHeaders } from './http-standard-headers.js';
import { initializeRefusal } from './initialize-refusal.js';
import { initializedFirst } from './initialized-first.js';
import { inputRequiredRounds } from './input-required-rounds.js';
import { invalidCursor } from './invalid-cursor.js';
import { legacyInitialize } from './legacy-initialize.js';
import { legacyProtocolHeader } from './legacy-protocol-header.js';
import { legacyUtilities } from './legacy-utilities.js';
import { logLevelValidation } from './log-level-validation.js';
import { messageShape } from './message-shape.js';
import { metaKeys } from './meta-keys.js';
import { missingCapabilityError } from './missing-capability-error.js';
import { listedResourcesReadable } from './listed-resources-readable.js';
import { listenCancellation } from './listen-cancellation.js';
import { listsPerConnection } from './lists-per-connection.js';
import { missingPromptError } from './missing-prompt-error.js';
import { missingResourceError } from './missing-resource-error.js';
import { originValidation } from './origin-validation.js';
import { paramHeaderIntegers } from './param-header-integers.js';
import { paramHeaders } from './param-headers.js';
import { postOnly } from './post-only.js';
import { progressNotifications } from './progress-notifications.js';
import { removedMethods } from './removed-methods.js';
import { resourceUriValidation } from './resource-uri-validation.js';
import { resultType } from './result-type.js';
import { serverInfoMeta } from './server-info-meta.js';
import { serverInitiated } from './server-initiated.js';
import { sseFraming } from './sse-framing.js';
import { sseStreams } from './sse-streams.js';
import { stableOrdering } from './stable-ordering.js';
import { stdioFraming } from './stdio-framing.js';
import { structuredContent } from './structured-content.js';
import { structuredText } from './structured-text.js';
import { subscriptionsListen } from './subscriptions-listen.js';
import { toolNames } from './tool-names.js';
import { toolSchemas } from './tool-schemas.js';
import { unknownMethodError } from './unknown-method-error.js';
import { unknownToolError } from './unknown-tool-error.js';
import { unsupportedVersionError } from './unsupported-version-error.js';

/**
 * Every conformance assertion, in report order, which is also the order the engine starts them:
 * the ones that start a slow piece of work or wait on the server come first, so it overlaps the
 * rest (message-shape starts the wire assertions' one workload on a fresh connection, the
 * subscription window, the second connection of lists-per-connection; the other wire assertions,
 * which only read that workload, come last), then the 2026-07-28 assertions (ordering, cache
 * fields, resultType, schemas, the renumbered errors, the HTTP headers), then the legacy
 * equivalents. Each decides for itself whether it applies (era, transport, declared capabilities)
 * and skips with a reason when it does not. Keyed by check id: the key is the assertion's `id`,
 * its module's file name and its docs page (`docs/conformance/<id>.md`); `index.test.ts` holds
 * each entry to that. Adding an assertion is its module, its test, its docs page and one line here.
 */
export const CONFORMANCE_CHECKS = {
  'discover-versions': discoverVersions,
  'message-shape': messageShape,
  'subscriptions-listen': subscriptionsListen,
  'lists-per-connection': listsPerConnection,
  'listen-cancellation': listenCancellation,
  'stable-ordering': stableOrdering,
  'cache-fields': cacheFields,
  'result-type': resultType,
  'server-info-meta': serverInfoMeta,
  'tool-schemas': toolSchemas,
  'tool-names': toolNames,
  'structured-content': structuredContent,
  'structured-text': structuredText,
  'content-encoding': contentEncoding,
  'header-mismatch-error': headerMismatchError,
  'missing-capability-error': missingCapabilityError,
  'input-required-rounds': inputRequiredRounds,
  'unsupported-version-error': unsupportedVersionError,
  'log-level-validation': logLevelValidation,
  'initialize-refusal': initializeRefusal,
  'envelope-required': envelopeRequired,
  'missing-resource-error': missingResourceError,
  'missing-prompt-error': missingPromptError,
  'invalid-cursor': invalidCursor,
  'listed-resources-readable': listedResourcesReadable,
  'resource-uri-validation': resourceUriValidation,
  'unknown-tool-error': unknownToolError,
  'unknown-method-error': unknownMethodError,
  'removed-methods': removedMethods,
  'http-standard-headers': httpStandardHeaders,
  'param-headers': paramHeaders,
  'header-declarations': headerDeclarations,
  'param-header-integers': paramHeaderIntegers,
  'batch-refused': batchRefused,
  'post-only': postOnly,
  'origin-validation': originValidation,
  'http-post-answers': httpPostAnswers,
  'declared-capabilities': declaredCapabilities,
  'legacy-initialize': legacyInitialize,
  'http-session-lifecycle': httpSessionLifecycle,
  'http-get-stream': httpGetStream,
  'legacy-protocol-header': legacyProtocolHeader,
  'legacy-utilities': legacyUtilities,
  'meta-keys': metaKeys,
  'stdio-framing': stdioFraming,
  'server-initiated': serverInitiated,
  'progress-notifications': progressNotifications,
  'sse-streams': sseStreams,
  'sse-framing': sseFraming,
  'cancellation-ignored': cancellationIgnored,
  'initialized-first': initializedFirst,
} as const satisfies Readonly<Record<string, CheckDefinition>>;

/** The id of a conformance assertion. */
export type ConformanceCheckId = keyof typeof CONFORMANCE_CHECKS;

/** The same assertions as a list, in report order. */
export const conformanceChecks: readonly CheckDefinition[] = Object.values(CONFORMANCE_CHECKS);

export function findConformanceCheck(id: string): CheckDefinition | undefined {
  return Object.hasOwn(CONFORMANCE_CHECKS, id) ? CONFORMANCE_CHECKS[id as ConformanceCheckId] : undefined;
}
