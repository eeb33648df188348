/**
 * `@mcp-eval/core/testing`: the harness the project's own check tests use, for a plug-in author
 * to test a check the same way. It brings no transport: pass a `Connector` (from
 * `@mcp-eval/transports`' `createConnector`, or one written in memory).
 */
export { CHECK_CASE_TIMEOUT_MS, evaluateCheckCase } from './evaluate-check-case.js';
export type { CheckCaseOptions } from './evaluate-check-case.js';
export { parseCase } from './parse-case.js';
export type { ParsedCase } from './parse-case.js';
export { documentsLabel } from './documents-label.js';
export { CLEAN_TOOLS } from './clean-catalog.js';
