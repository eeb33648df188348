import type { HttpTarget, ProtocolChoice, StdioTarget } from '@mcp-eval/protocol';

import type { CatalogBudget } from '../catalog/catalog-budget.js';
import type { Gate, SourceLocation } from '../record.js';
import type { Budget } from './budget-schema.js';

/** Where a `${env:NAME}` reference was written, so expansion errors can point at it. */
export interface EnvReference {
  readonly name: string;
  /**
   * Path of the string holding the reference inside the typed `Manifest`, e.g.
   * `['server', 'headers', 'Authorization']` or `['cases', 2, 'params', 'arguments', 'id']`.
   */
  readonly path: readonly (string | number)[];
  /** Position of the `${` in the manifest. */
  readonly location: SourceLocation;
}

interface ServerCommon {
  readonly protocol: ProtocolChoice;
  /** Per-request limit, milliseconds. */
  readonly timeoutMs: number;
  /** From `max_catalog_bytes` / `max_catalog_tools`, when either is written (the other defaulted). */
  readonly catalogBudget?: CatalogBudget;
}

/** The manifest's stdio server: protocol's `StdioTarget`, with `args` and `env` always present. */
export interface StdioServerSpec extends StdioTarget, ServerCommon {
  readonly args: readonly string[];
  /** Extra variables for the server process, as written (the launcher decides what else it inherits). */
  readonly env: Readonly<Record<string, string>>;
  /** As written; `resolveServerCwd` makes it absolute against the manifest's directory. */
  readonly cwd?: string;
  /** `server.pass_env`: names of the evaluator's own variables passed through unchanged (values never stored). */
  readonly passEnv?: readonly string[];
}

/** The manifest's HTTP server: protocol's `HttpTarget`, with `headers` always present. */
export interface HttpServerSpec extends HttpTarget, ServerCommon {
  readonly headers: Readonly<Record<string, string>>;
}

export type ServerSpec = StdioServerSpec | HttpServerSpec;

/** The kinds of check a manifest case can name. */
export type CaseKind = 'dimension' | 'probe';

export interface CaseSpec {
  readonly id: string;
  readonly kind: CaseKind;
  /** The check id named by `dimension:` or `probe:`. */
  readonly check: string;
  /**
   * The case's keys other than `id`, `dimension`/`probe`, `gate` and `budget`, as written
   * (snake_case), with the defaults of the check's parameter schema applied. Validated against
   * that schema.
   */
  readonly params: Readonly<Record<string, unknown>>;
  readonly gate?: Gate;
  /** Allowed growth over a baseline run, per measurement (only `run --baseline` reads it). */
  readonly budget?: Budget;
  /** Where the case's mapping starts (its first key). */
  readonly location: SourceLocation;
}

/**
 * A validated manifest. String values under `server` and in case params may still hold
 * `${env:NAME}` references (and `$${` escapes) until `expandEnv` runs.
 */
export interface Manifest {
  readonly version: 1;
  /** The manifest path as given (relative paths stay relative). */
  readonly file: string;
  readonly server: ServerSpec;
  /** Declared only for a server that is safe to mutate. */
  readonly sandbox?: { readonly name: string };
  /** Run every case this many times (positive integer). */
  readonly repeat: number;
  readonly cases: readonly CaseSpec[];
  /** Every `${env:…}` reference parseManifest saw; optional so hand-built manifests stay short. */
  readonly envReferences?: readonly EnvReference[];
}
