import type { PrecompiledValidators } from '../validators/precompiled-validator.js';

/**
 * The manifest's validators generated at build time (ajv standalone code), or none. From source
 * (vitest, typecheck) there are none and ajv compiles at run time; the build replaces this
 * module's dist/ file with the generated one (scripts/write-manifest-validators.mjs), so the
 * CLI bundle and the packed package skip the compile. manifest-validators.test.ts proves both agree.
 */
export const precompiledManifestValidators: PrecompiledValidators | undefined = undefined;
