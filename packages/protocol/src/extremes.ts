/**
 * The largest of `values`, or `empty` when there are none. A loop, not `Math.max(...values)`: a
 * spread passes every element as a call argument and overflows the stack on data-sized arrays.
 */
export function maxOf(values: Iterable<number>, empty = -Infinity): number {
  let max: number | undefined;
  for (const value of values) if (max === undefined || value > max || Number.isNaN(value)) max = value;
  return max ?? empty;
}

/** The smallest of `values`, or `empty` when there are none (a loop, as `maxOf`). */
export function minOf(values: Iterable<number>, empty = Infinity): number {
  let min: number | undefined;
  for (const value of values) if (min === undefined || value < min || Number.isNaN(value)) min = value;
  return min ?? empty;
}

/** Appends every element of `items` to `target` (a loop, not `target.push(...items)`); returns `target`. */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
