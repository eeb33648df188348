import { UsageError } from './cli-error.js';

/** A flag that must be a positive integer, or undefined when not given. */
export function positiveInt(value: unknown, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'number' ? value : Number(String(value));
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} must be a positive integer`);
  return n;
}

/** A flag that must be a number in [min, max], or undefined when not given. */
export function numberInRange(value: unknown, flag: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'number' ? value : Number(String(value));
  if (typeof value === 'boolean' || (typeof value === 'string' && value.trim() === '') || !Number.isFinite(n) || n < min || n > max) {
    throw new UsageError(`${flag} must be a number from ${min} to ${max}`);
  }
  return n;
}

/** A share from 0 to 1, e.g. `--max-drop 0.02`. */
export function fraction(value: unknown, flag: string): number | undefined {
  return numberInRange(value, flag, 0, 1);
}

/** cac gives a repeatable flag as a string, an array, or a stray `true` for a bare flag. */
export function stringList(value: unknown, flag: string): string[] {
  if (value === undefined) return [];
  const values = Array.isArray(value) ? value : [value];
  return values.map((v) => {
    if (typeof v !== 'string' || v === '' || v === 'true') throw new UsageError(`${flag} needs a value`);
    return v;
  });
}

/** The last value of a flag that takes one (given twice, the later wins), or undefined when not given. */
export function lastString(value: unknown, flag: string): string | undefined {
  return stringList(value, flag).at(-1);
}

/** A bare flag: set only when given bare (`--strict`), as every command has read it. */
export function isSet(value: unknown): boolean {
  return value === true;
}

/** What cac gave, unchanged: for a flag whose reader parses it (reporters, targets, tracing, reviewed files). */
export function given<T>(value: T): T {
  return value;
}

/** A negated flag (`--no-color`): `false` when given, `true` from cac's default, else undefined. */
export function negatable(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}
