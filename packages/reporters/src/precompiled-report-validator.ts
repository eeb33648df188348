import type { PrecompiledValidators } from '@mcp-eval/core/record';

/**
 * The saved report's validator generated at build time (ajv standalone code), or none. From
 * source (vitest, typecheck) there is none and ajv compiles at run time; the build replaces this
 * module's dist/ file with the generated one (scripts/write-report-validator.mjs), so the CLI
 * bundle and the packed package skip the compile. report-validator.test.ts proves both agree.
 */
export const precompiledReportValidators: PrecompiledValidators | undefined = undefined;
