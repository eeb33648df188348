import type { HttpTarget, StdioTarget } from '@mcp-eval/protocol';

import type { CatalogBudget } from '../catalog/catalog-budget.js';
import type { Gate, SourceLocation } from '../record.js';
import type { Budget } from './budget-schema.js';
import type { CASE_KINDS, ManifestDocument } from './manifest-schema.js';
import type { GoldenDocument, HostPromptId, ModelColumnDocument } from './model-schema.js';

/**
 * The parsed manifest. Every field's type comes from the manifest's schema (`ManifestDocument`,
 * `Static` of the TypeBox schema in `manifest-schema.ts`); only the names change (camelCase) and
 * defaulted fields become present, so a shape is written once, in the schema.
 */
type ServerDocument = ManifestDocument['server'];
type StdioDocument = NonNullable<ServerDocument['stdio']>;
type HttpDocument = NonNullable<ServerDocument['http']>;

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
  readonly protocol: NonNullable<ServerDocument['protocol']>;
  /** Per-request limit, milliseconds. */
  readonly timeoutMs: NonNullable<ServerDocument['timeout_ms']>;
  /** From `max_catalog_bytes` / `max_catalog_tools`, when either is written (the other defaulted). */
  readonly catalogBudget?: CatalogBudget;
}

/** The manifest's stdio server: protocol's `StdioTarget`, with `args` and `env` always present. */
export interface StdioServerSpec extends StdioTarget, ServerCommon {
  readonly args: Readonly<NonNullable<StdioDocument['args']>>;
  /** Extra variables for the server process, as written (the launcher decides what else it inherits). */
  readonly env: Readonly<NonNullable<StdioDocument['env']>>;
  /** As written; `resolveServerCwd` makes it absolute against the manifest's directory. */
  readonly cwd?: NonNullable<StdioDocument['cwd']>;
  /** `server.pass_env`: names of the evaluator's own variables passed through unchanged (values never stored). */
  readonly passEnv?: Readonly<NonNullable<ServerDocument['pass_env']>>;
}

/** The manifest's HTTP server: protocol's `HttpTarget`, with `headers` always present. */
export interface HttpServerSpec extends HttpTarget, ServerCommon {
  readonly headers: Readonly<NonNullable<HttpDocument['headers']>>;
}

export type ServerSpec = StdioServerSpec | HttpServerSpec;

/** The kinds of check a manifest case can name. */
export type CaseKind = (typeof CASE_KINDS)[number];

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
  readonly version: ManifestDocument['version'];
  /** The manifest path as given (relative paths stay relative). */
  readonly file: string;
  readonly server: ServerSpec;
  /** Declared only for a server that is safe to mutate. */
  readonly sandbox?: Readonly<NonNullable<ManifestDocument['sandbox']>>;
  /** Run every case this many times (positive integer). */
  readonly repeat: NonNullable<ManifestDocument['repeat']>;
  readonly cases: readonly CaseSpec[];
  /** The model matrix (`models:`); absent when not written (behavior cases then run on `lexical`). */
  readonly models?: readonly ModelColumnSpec[];
  /** `golden:` with its defaults applied; present whenever `models:` or a behavior case is. */
  readonly golden?: GoldenSpec;
  /** `drift:`: which catalog changes `--baseline` fails the run on; absent when not written (`breaking`). */
  readonly drift?: { readonly failOn: 'breaking' | 'any' | 'none' };
  /** `judge:`: the column that judges, and its votes (default applied). */
  readonly judge?: JudgeSpec;
  /** `generator:`: the column that writes requests. */
  readonly generator?: GeneratorSpec;
  /** Every `${env:…}` reference parseManifest saw; optional so hand-built manifests stay short. */
  readonly envReferences?: readonly EnvReference[];
}

/** One matrix column as written, with `model_defaults` (then the layer's defaults, docs/model-layer.md) applied. */
export interface ModelColumnSpec {
  readonly id: string;
  readonly provider: ModelColumnDocument['provider'];
  readonly model?: string;
  /** As written: a literal or a `${env:NAME}` reference, resolved by the CLI (unset = no key). */
  readonly apiKey?: string;
  readonly baseUrl?: string;
  /** `max_response_bytes`; undefined: `DEFAULT_MAX_RESPONSE_BYTES`. */
  readonly maxResponseBytes?: number;
  readonly temperature: number;
  readonly maxOutputTokens: number;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly concurrency: number;
  readonly location: SourceLocation;
}

export interface JudgeSpec {
  readonly model: string;
  readonly votes: number;
  readonly location: SourceLocation;
}

export interface GeneratorSpec {
  readonly model: string;
  readonly location: SourceLocation;
}

export interface GoldenSpec {
  readonly trials: number;
  readonly hostPrompt: HostPromptId;
  readonly maxRequests: number;
  readonly maxInputTokens: number;
  readonly failOnInconclusive: boolean;
  /** `golden.score_threshold`: each column's model score is gated; absent, advisory. */
  readonly scoreThreshold?: number;
}

export type { GoldenDocument };
