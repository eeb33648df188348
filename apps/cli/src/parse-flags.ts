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
