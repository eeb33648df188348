import type { ValidateFunction } from 'ajv';

/** One validator generated at build time, with the fingerprint of the schema it came from. */
export interface PrecompiledValidator {
  readonly fingerprint: string;
  readonly validate: ValidateFunction;
}

/** Build-time validators by key (`structure`, `case:<check id>`). */
export type PrecompiledValidators = Readonly<Record<string, PrecompiledValidator>>;
