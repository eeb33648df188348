/** What cac gives for a flag: text or a number (cac reads numeric text as one), `true` when bare, an array when repeated. */
export type FlagInput = string | number | boolean | readonly (string | number | boolean)[];

/** `--max-drop <fraction>` → `max-drop`, `--no-cache` → `cache`, as cac names the value. */
type Bare<N extends string> = N extends `${infer H} ${string}`
  ? Bare<H>
  : N extends `--no-${infer R}`
    ? R
    : N extends `--${infer R}`
      ? R
      : N;
type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
export type FlagKey<N extends string> = Camel<Bare<N>>;

/**
 * One flag of one command, as data: the cac chain, the command's option type and the docs table
 * (flags-docs.test.ts) all come from it.
 */
export interface FlagDef<K extends string = string, V = unknown> {
  /** As the help and docs/cli.md spell it: `--repeat <n>`, `--no-cache`. */
  readonly name: string;
  /** The key cac gives the value under, and the command reads it by. */
  readonly key: K;
  /** `boolean` for a bare flag, `value` for `<x>`, `list` for a repeatable value. */
  readonly type: 'boolean' | 'value' | 'list';
  readonly help: string;
  /** From what cac gave (undefined when absent) to what the command reads; a bad value throws a UsageError. */
  readonly parse: (given: FlagInput | undefined, flag: string) => V;
  /** The default a negated flag gets from cac (`true`) is dropped: unset, the command decides (`--no-color`). */
  readonly unsetByDefault?: true;
}

/** The flag's spelling without its value: `--max-drop <fraction>` → `--max-drop`. */
export function flagSpelling(name: string): string {
  return name.split(' ')[0] ?? name;
}

function keyOf<N extends string>(name: N): FlagKey<N> {
  const bare = flagSpelling(name).replace(/^--(no-)?/, '');
  return bare.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase()) as FlagKey<N>;
}

/** A flag definition; its key and type follow from its name. */
export function flag<const N extends string, V>(
  name: N,
  help: string,
  parse: (given: FlagInput | undefined, flag: string) => V,
  options: { readonly repeatable?: true; readonly unsetByDefault?: true } = {},
): FlagDef<FlagKey<N>, V> {
  const type = options.repeatable === true ? 'list' : name.includes('<') ? 'value' : 'boolean';
  return { name, key: keyOf(name), type, help, parse, ...(options.unsetByDefault === true ? { unsetByDefault: true } : {}) };
}

type ValueOf<F> = F extends FlagDef<string, infer V> ? V : never;
type Flatten<T> = { readonly [K in keyof T]: T[K] };

/**
 * A command's options, derived from its flag list: a value that may be absent is an optional
 * property (absent when not given), as `exactOptionalPropertyTypes` wants.
 */
export type FlagValues<D extends readonly FlagDef[]> = Flatten<
  { readonly [F in D[number] as undefined extends ValueOf<F> ? never : F['key']]: ValueOf<F> } & {
    readonly [F in D[number] as undefined extends ValueOf<F> ? F['key'] : never]?: Exclude<ValueOf<F>, undefined>;
  }
>;
