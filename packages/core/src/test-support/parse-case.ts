// The project's check tests and a plug-in's use the one harness: `@mcp-eval/core/testing`.
export { parseCase } from '../testing/parse-case.js';
export type { ParsedCase } from '../testing/parse-case.js';
